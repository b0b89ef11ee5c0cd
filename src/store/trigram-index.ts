// A substring index: for each run of three characters (a trigram), the ids whose text holds it. A
// substring of three characters or more is in a text only if every one of its trigrams is, so the ids
// under its rarest trigram are a superset of the texts that hold it, and those also under its second
// rarest a smaller one (at 100,000 persons, a five-letter term from an email: ~120 ids where the rarest
// alone names ~350, for ~73 that hold it): the caller checks each against the text itself. Kept on
// write by adding a text's trigrams again when its text changes; ids under a trigram their text no
// longer holds are harmless (the check drops them), so nothing is ever removed.
//
// Postings are Int32Array chunks grown by doubling (4 bytes an id, where a JS array of small integers
// takes 8), keyed by the trigram packed into a number when its characters are below U+0800 (nearly
// always), else by the trigram itself.

interface Postings {
  ids: Int32Array
  length: number
}

/** Trigrams made only of these never reach the index (see `indexed`). */
const SEPARATOR_CODE = 1

function keyOf(text: string, at: number): number | string {
  const a = text.charCodeAt(at)
  const b = text.charCodeAt(at + 1)
  const c = text.charCodeAt(at + 2)
  if (a < 0x800 && b < 0x800 && c < 0x800) return (a * 0x800 + b) * 0x800 + c
  return text.slice(at, at + 3)
}

export class TrigramIndex {
  #postings = new Map<number | string, Postings>()
  // One mark per id for intersecting and deduplicating postings without a Set: an id is under the
  // second rarest trigram when its mark is #generation, taken when it is #generation + 1. Each lookup
  // moves #generation on by 2, so no mark of an earlier lookup means anything.
  #marks = new Int32Array(1024)
  #generation = 0

  /** Notes that `id`'s text holds `text` (a text of fields joined by U+0001, which no query holds). */
  add(id: number, text: string): void {
    if (id >= this.#marks.length) {
      const grown = new Int32Array(Math.max(id + 1, this.#marks.length * 2))
      grown.set(this.#marks)
      this.#marks = grown
    }
    // Within one text each trigram is posted once.
    const seen = new Set<number | string>()
    for (let at = 0; at + 3 <= text.length; at++) {
      if (text.charCodeAt(at) === SEPARATOR_CODE || text.charCodeAt(at + 1) === SEPARATOR_CODE || text.charCodeAt(at + 2) === SEPARATOR_CODE) continue
      const key = keyOf(text, at)
      if (seen.has(key)) continue
      seen.add(key)
      let postings = this.#postings.get(key)
      if (!postings) this.#postings.set(key, (postings = { ids: new Int32Array(2), length: 0 }))
      else if (postings.length === postings.ids.length) {
        const grown = new Int32Array(postings.ids.length * 2)
        grown.set(postings.ids)
        postings.ids = grown
      }
      postings.ids[postings.length++] = id
    }
  }

  /**
   * The ids that may hold `term` (three characters or more): those under both of its two rarest
   * trigrams, each once, in the order of the rarest's postings; none when a trigram of it is in no text.
   * Undefined when the term is too short to look up.
   */
  candidates(term: string): number[] | undefined {
    if (term.length < 3) return undefined
    let rarest: Postings | undefined
    let second: Postings | undefined
    for (let at = 0; at + 3 <= term.length; at++) {
      const postings = this.#postings.get(keyOf(term, at))
      if (!postings) return []
      if (postings === rarest || postings === second) continue
      if (!rarest || postings.length < rarest.length) {
        second = rarest
        rarest = postings
      } else if (!second || postings.length < second.length) second = postings
    }
    if (this.#generation >= 0x7ffffff0) {
      this.#marks.fill(0)
      this.#generation = 0
    }
    const under = (this.#generation += 2)
    const taken = under + 1
    const marks = this.#marks
    if (second) for (let i = 0; i < second.length; i++) marks[second.ids[i]!] = under
    const out: number[] = []
    for (let i = 0; i < rarest!.length; i++) {
      const id = rarest!.ids[i]!
      const mark = marks[id]
      if (second ? mark !== under : mark === taken) continue
      marks[id] = taken
      out.push(id)
    }
    return out
  }
}
