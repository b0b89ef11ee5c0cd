// A substring index: for each run of three characters (a trigram), the ids whose text holds it. A
// substring of three characters or more is in a text only if every one of its trigrams is, so the ids
// under its rarest trigram are a superset of the texts that hold it, and those also under its second
// rarest a smaller one, much closer to the texts that hold it: the caller checks each against the text
// itself. Kept on
// write by adding a text's trigrams again when its text changes; ids under a trigram their text no
// longer holds are harmless (the check drops them), so nothing is ever removed.
//
// Postings are kept as the gaps between ids, in bytes of seven bits each (the high bit: more follow).
// A trigram most texts hold has gaps of one byte, so the index takes a fraction of what 4 bytes an id
// would (docs/performance.md). An index made of many texts at once (`building`)
// counts each trigram's bytes in a first pass over the texts and gives it its exact room in one buffer,
// filled in id order in a second pass; what later texts add goes to a trigram's own growing tail of
// gaps, which may go down as well as up (zigzag-coded). A trigram of the characters a lower-cased ASCII
// text holds (nearly all) is found in a table by its characters' places (70 x 70 x 70 entries);
// others in a map by the trigram packed into a number when its characters are below U+0800, else by
// the trigram itself. (Looked up in a map, every trigram of every text twice, the lookups would be a
// large share of the time a big index takes to make.)

/** One trigram's postings: its run in the made index's buffer, then its tail. */
interface Postings {
  /** Ids posted (for picking the rarest trigrams). */
  count: number
  /** The id posted last (-1: none), so a text posts each trigram once. */
  last: number
  /** Its run of the buffer: gaps from `start` to `end`, room up to `limit`. */
  start: number
  end: number
  limit: number
  /** Gaps posted after the index was made (zigzag), from the tail's previous id (0 at first). */
  tail: Uint8Array | null
  tailLength: number
  tailPrevious: number
}

/** Trigrams made only of these never reach the index (see `indexed`). */
const SEPARATOR_CODE = 1

/** For each code below 128, its place among the characters of a lower-cased ASCII text (A-Z and controls: -1). */
const PLACES = new Int8Array(128).fill(-1)
let places = 0
for (let code = 0x20; code < 0x80; code++) if (code < 0x41 || code > 0x5a) PLACES[code] = places++
const TABLE_SIZE = places * places * places

/** The trigram's entry in the table when its three characters have places, else -1. */
function placeOf(text: string, at: number): number {
  const a = text.charCodeAt(at)
  const b = text.charCodeAt(at + 1)
  const c = text.charCodeAt(at + 2)
  if ((a | b | c) >= 0x80) return -1
  const pa = PLACES[a]!
  const pb = PLACES[b]!
  const pc = PLACES[c]!
  if ((pa | pb | pc) < 0) return -1
  return (pa * places + pb) * places + pc
}

/** The map key of a trigram without a place. */
function keyOf(text: string, at: number): number | string {
  const a = text.charCodeAt(at)
  const b = text.charCodeAt(at + 1)
  const c = text.charCodeAt(at + 2)
  if (a < 0x800 && b < 0x800 && c < 0x800) return (a * 0x800 + b) * 0x800 + c
  return text.slice(at, at + 3)
}

/** Calls `each` with the position of every trigram of `text` that holds no separator, in order (repeats included). */
function forEachTrigram(text: string, each: (at: number) => void): void {
  for (let at = 0; at + 3 <= text.length; at++) {
    if (
      text.charCodeAt(at) === SEPARATOR_CODE ||
      text.charCodeAt(at + 1) === SEPARATOR_CODE ||
      text.charCodeAt(at + 2) === SEPARATOR_CODE
    )
      continue
    each(at)
  }
}

/** Bytes a gap (a whole number below 2^32) takes. */
const gapBytes = (gap: number): number =>
  gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5

/** Writes `gap` (below 2^32) at `bytes[at]`; answers the position after it. */
function writeGap(bytes: Uint8Array, at: number, gap: number): number {
  while (gap >= 0x80) {
    bytes[at++] = (gap & 0x7f) | 0x80
    gap >>>= 7
  }
  bytes[at++] = gap
  return at
}

const newPostings = (): Postings => ({
  count: 0,
  last: -1,
  start: 0,
  end: 0,
  limit: 0,
  tail: null,
  tailLength: 0,
  tailPrevious: 0,
})

export class TrigramIndex {
  /** Every trigram's postings, in the order first seen. */
  #all: Postings[] = []
  /** By place (placeOf): 1 + the trigram's index in #all; 0 for none. */
  #byPlace = new Int32Array(TABLE_SIZE)
  #byKey = new Map<number | string, Postings>()
  #buffer = new Uint8Array(0)
  // One mark per id for intersecting and deduplicating postings without a Set: an id is under the
  // second rarest trigram when its mark is #generation, taken when it is #generation + 1. Each lookup
  // moves #generation on by 2, so no mark of an earlier lookup means anything.
  #marks = new Int32Array(1024)
  #generation = 0
  /** Room for a trigram's ids, decoded (see #decode). */
  #scratch: Int32Array = new Int32Array(1024)

  /** The postings of the trigram at `text[at]`, if any. */
  #find(text: string, at: number): Postings | undefined {
    const place = placeOf(text, at)
    if (place < 0) return this.#byKey.get(keyOf(text, at))
    const n = this.#byPlace[place]!
    return n === 0 ? undefined : this.#all[n - 1]
  }

  /** The postings of the trigram at `text[at]`, made (empty) if there are none. */
  #findOrMake(text: string, at: number): Postings {
    const found = this.#find(text, at)
    if (found) return found
    // A trigram not seen before (rare against the lookups): its place or key worked out again to file it.
    const to = newPostings()
    this.#all.push(to)
    const place = placeOf(text, at)
    if (place < 0) this.#byKey.set(keyOf(text, at), to)
    else this.#byPlace[place] = this.#all.length
    return to
  }

  /**
   * The index of the texts of ids 0 to `end` - 1 (`textOf`: undefined or '' for none), as adding them one
   * by one in id order would make it, each trigram's postings at their exact size in one buffer. Made a
   * slice at a time: each call works until `deadline` (a `performance.now()` reading; Infinity: all at
   * once) and answers the index once it is made. The texts are read twice (the trigrams counted, then
   * filled in); a text may change or go between calls (when it is undefined on the second reading it is
   * left out; when it differs, what does not fit is added after).
   */
  static building(
    end: number,
  ): (deadline: number, textOf: (id: number) => string | undefined) => TrigramIndex | undefined {
    const index = new TrigramIndex()
    let id = 0
    let text = ''
    let filling = false
    let buffer = index.#buffer
    // Ids whose second reading had a trigram without room (their text changed): added whole at the end.
    const late: number[] = []
    const count = (at: number): void => {
      const to = index.#findOrMake(text, at)
      if (to.last === id) return
      to.end += gapBytes(id - to.last)
      to.last = id
    }
    let spilled = false
    const fill = (at: number): void => {
      const to = index.#find(text, at)
      if (!to) return void (spilled = true)
      if (to.last === id) return
      const gap = id - to.last
      if (to.end + gapBytes(gap) > to.limit) return void (spilled = true)
      to.end = writeGap(buffer, to.end, gap)
      to.last = id
      to.count++
    }
    return (deadline, textOf) => {
      for (;;) {
        // (The clock read every 256 texts: often enough to keep to the slice, rarely enough to cost little.)
        const stop = Math.min(end, id + 256)
        for (; id < stop; id++) {
          text = textOf(id) ?? ''
          if (!text) continue
          if (!filling) forEachTrigram(text, count)
          else {
            spilled = false
            forEachTrigram(text, fill)
            if (spilled) late.push(id)
          }
        }
        if (id === end) {
          if (filling) break
          let offset = 0
          for (const to of index.#all) {
            const bytes = to.end
            to.start = to.end = offset
            to.limit = offset += bytes
            to.last = -1
          }
          buffer = index.#buffer = new Uint8Array(offset)
          filling = true
          id = 0
        }
        if (performance.now() >= deadline) return undefined
      }
      index.#marks = new Int32Array(Math.max(1024, end))
      for (const changed of late) {
        const text = textOf(changed)
        if (text) index.add(changed, text)
      }
      return index
    }
  }

  /** Notes that `id`'s text holds `text` (a text of fields joined by U+0001, which no query holds). */
  add(id: number, text: string): void {
    if (id >= this.#marks.length) {
      const grown = new Int32Array(Math.max(id + 1, this.#marks.length * 2))
      grown.set(this.#marks)
      this.#marks = grown
    }
    forEachTrigram(text, (at) => {
      const to = this.#findOrMake(text, at)
      // Within one text each trigram is posted once: a second time, its last id is this one. (An id
      // posted by an earlier text and last again is there already, which is all the check needs.)
      if (to.last === id) return
      const gap = id - to.tailPrevious
      // Zigzag: 0, -1, 1, -2 ... as 0, 1, 2, 3 ...
      const coded = gap >= 0 ? gap * 2 : -gap * 2 - 1
      if (!to.tail || to.tailLength + 5 > to.tail.length) {
        const grown = new Uint8Array(Math.max(8, (to.tail?.length ?? 0) * 2))
        if (to.tail) grown.set(to.tail)
        to.tail = grown
      }
      to.tailLength = writeGap(to.tail, to.tailLength, coded)
      to.tailPrevious = id
      to.last = id
      to.count++
    })
  }

  /** Every id posted under `to`, in the order they were posted, in `out` (grown as needed); answers how many, and the array. */
  #decode(to: Postings, out: Int32Array): [number, Int32Array] {
    if (out.length < to.count) out = new Int32Array(Math.max(to.count, out.length * 2))
    const buffer = this.#buffer
    let n = 0
    let id = -1
    for (let at = to.start, end = to.end; at < end;) {
      let byte = buffer[at++]!
      let gap = byte & 0x7f
      for (let scale = 0x80; byte & 0x80; scale *= 0x80) {
        byte = buffer[at++]!
        gap += (byte & 0x7f) * scale
      }
      out[n++] = id += gap
    }
    const tail = to.tail
    if (tail) {
      id = 0
      for (let at = 0, end = to.tailLength; at < end;) {
        let byte = tail[at++]!
        let coded = byte & 0x7f
        for (let scale = 0x80; byte & 0x80; scale *= 0x80) {
          byte = tail[at++]!
          coded += (byte & 0x7f) * scale
        }
        out[n++] = id += coded % 2 === 0 ? coded / 2 : -(coded + 1) / 2
      }
    }
    return [n, out]
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
      const postings = this.#find(term, at)
      if (!postings || postings.count === 0) return []
      if (postings === rarest || postings === second) continue
      if (!rarest || postings.count < rarest.count) {
        second = rarest
        rarest = postings
      } else if (!second || postings.count < second.count) second = postings
    }
    if (this.#generation >= 0x7ffffff0) {
      this.#marks.fill(0)
      this.#generation = 0
    }
    const under = (this.#generation += 2)
    const taken = under + 1
    const marks = this.#marks
    if (second) {
      const [n, ids] = this.#decode(second, this.#scratch)
      this.#scratch = ids
      for (let i = 0; i < n; i++) marks[ids[i]!] = under
    }
    const [n, ids] = this.#decode(rarest!, this.#scratch)
    this.#scratch = ids
    const out: number[] = []
    for (let i = 0; i < n; i++) {
      const id = ids[i]!
      const mark = marks[id]
      if (second ? mark !== under : mark === taken) continue
      marks[id] = taken
      out.push(id)
    }
    return out
  }
}
