// A substring index: for each run of three characters (a trigram), the ids whose text holds it. A
// substring of three characters or more is in a text only if every one of its trigrams is, so the ids
// under its rarest trigram are a superset of the texts that hold it, and those also under its second
// rarest a smaller one (at 100,000 persons, a five-letter term from an email: ~120 ids where the rarest
// alone names ~350, for ~73 that hold it): the caller checks each against the text itself. Kept on
// write by adding a text's trigrams again when its text changes; ids under a trigram their text no
// longer holds are harmless (the check drops them), so nothing is ever removed.
//
// Postings are Int32Arrays (4 bytes an id, where a JS array of small integers takes 8), keyed by the
// trigram packed into a number when its characters are below U+0800 (nearly always), else by the
// trigram itself. An index made of many texts at once (`building`: the first search of a table) counts
// each trigram's ids first and gives every trigram its exact room in one buffer; the postings a later
// text adds to grow by doubling. (Grown by doubling from the start, the index at 100,000 persons left
// ~40 MB of resident memory behind it, half of it freed copies and slack.)

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

/** Calls `each` with the key of every trigram of `text` that holds no separator, in order (repeats included). */
function forEachTrigram(text: string, each: (key: number | string) => void): void {
  for (let at = 0; at + 3 <= text.length; at++) {
    if (text.charCodeAt(at) === SEPARATOR_CODE || text.charCodeAt(at + 1) === SEPARATOR_CODE || text.charCodeAt(at + 2) === SEPARATOR_CODE) continue
    each(keyOf(text, at))
  }
}

export class TrigramIndex {
  #postings = new Map<number | string, Postings>()
  // One mark per id for intersecting and deduplicating postings without a Set: an id is under the
  // second rarest trigram when its mark is #generation, taken when it is #generation + 1. Each lookup
  // moves #generation on by 2, so no mark of an earlier lookup means anything.
  #marks = new Int32Array(1024)
  #generation = 0

  /**
   * The index of `texts[k]` for each `ids[k]`, as adding them one by one in that order would make it, each
   * trigram's postings at their exact size in one buffer (counted in a first pass over the texts). Made a
   * slice at a time: each call works until `deadline` (a `performance.now()` reading; Infinity: all at
   * once) and answers the index once it is made. `ids` and `texts` must not change meanwhile.
   */
  static building(ids: ArrayLike<number>, texts: readonly string[]): (deadline: number) => TrigramIndex | undefined {
    const index = new TrigramIndex()
    const postings = index.#postings
    let highest = -1
    // Counted: a trigram's ids, each text once (`length` counts them here, `last` is the text counted last).
    const counts = new Map<number | string, { length: number; last: number }>()
    let k = 0
    let filling = false
    let id = 0
    const count = (key: number | string): void => {
      const counted = counts.get(key)
      if (!counted) counts.set(key, { length: 1, last: k })
      else if (counted.last !== k) {
        counted.last = k
        counted.length++
      }
    }
    const fill = (key: number | string): void => {
      const to = postings.get(key)!
      // (Within one text each trigram is posted once: a second time, its last id is this one.)
      if (to.length === 0 || to.ids[to.length - 1] !== id) to.ids[to.length++] = id
    }
    return (deadline) => {
      for (;;) {
        // (The clock read every 256 texts: ~0.1 ms of work.)
        const end = Math.min(texts.length, k + 256)
        if (!filling) {
          for (; k < end; k++) {
            if (ids[k]! > highest) highest = ids[k]!
            forEachTrigram(texts[k]!, count)
          }
          if (k === texts.length) {
            let total = 0
            for (const counted of counts.values()) total += counted.length
            const buffer = new Int32Array(total)
            let offset = 0
            for (const [key, counted] of counts) {
              postings.set(key, { ids: buffer.subarray(offset, offset + counted.length), length: 0 })
              offset += counted.length
            }
            counts.clear()
            filling = true
            k = 0
          }
        } else {
          for (; k < end; k++) {
            id = ids[k]!
            forEachTrigram(texts[k]!, fill)
          }
          if (k === texts.length) {
            index.#marks = new Int32Array(Math.max(1024, highest + 1))
            return index
          }
        }
        if (performance.now() >= deadline) return undefined
      }
    }
  }

  /** Notes that `id`'s text holds `text` (a text of fields joined by U+0001, which no query holds). */
  add(id: number, text: string): void {
    if (id >= this.#marks.length) {
      const grown = new Int32Array(Math.max(id + 1, this.#marks.length * 2))
      grown.set(this.#marks)
      this.#marks = grown
    }
    forEachTrigram(text, (key) => {
      let postings = this.#postings.get(key)
      if (!postings) this.#postings.set(key, (postings = { ids: new Int32Array(2), length: 0 }))
      // Within one text each trigram is posted once: a second time, its last id is this one. (An id
      // posted by an earlier text and last again is there already, which is all the check needs.)
      else if (postings.ids[postings.length - 1] === id) return
      else if (postings.length === postings.ids.length) {
        const grown = new Int32Array(postings.ids.length * 2)
        grown.set(postings.ids)
        postings.ids = grown
      }
      postings.ids[postings.length++] = id
    })
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
