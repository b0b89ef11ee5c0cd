// An index from string keys to numbers (a person's id, a recording's slot) held in a typed array
// (open addressing, linear probing), for the big tables' exact lookups. The key itself is not stored:
// each entry holds the key's 32-bit hash and the number, and the caller tells whether the record behind
// a number has the key it looks for. A JavaScript Map keeps an entry object per key (~50 bytes with its
// share of the table) on the garbage-collected heap and grows by rehashing; at a million persons the
// person table's three maps (uuid, distinct id, email: 4.4 million keys) held ~180 MB of heap and took
// ~5 s to fill. Here an entry is 8 bytes outside the heap (12 once a number passes 2^31 - 1), and a
// table made at its final size is filled once.

const EMPTY = -1
const DELETED = -2
const MAX_LOAD = 0.6

/** FNV-1a's start, mixed with `salt` (hashKey is start, a step for each two UTF-16 codes, finish). */
export const start = (salt: number): number => (0x811c9dc5 ^ Math.imul(salt | 0, 0x9e3779b1)) | 0

/** murmur3's finalizer. */
export function finish(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return h ^ (h >>> 16)
}

/**
 * FNV-1a's step, taking two UTF-16 codes at once (`first | second << 16`; a last odd code alone), for
 * half the steps of one a code: the steps are a chain of multiplications, each waiting for the one
 * before, and at a million persons the start-up hashes ~6 million keys. (The second code reaches the low
 * bits only through `finish`, so keys differing in those codes alone collide more often than others, one
 * in 65,536: the index tells keys apart by their records anyway.) Also made without the text:
 * recording-columns.ts uuidHashFromWords.
 */
export const step = (h: number, codes: number): number => Math.imul(h ^ codes, 0x01000193)

/** A 32-bit hash (FNV-1a over pairs of codes, then murmur3's finalizer) of `text`, mixed with `salt` (a project id, say). */
export function hashKey(text: string, salt = 0): number {
  let h = start(salt)
  const pairs = text.length & ~1
  for (let i = 0; i < pairs; i += 2) h = step(h, text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16))
  if (pairs < text.length) h = step(h, text.charCodeAt(pairs))
  return finish(h)
}

/** Keys' hashes and the numbers they lead to, in the order given: entries for `HashIndex.addAll`. */
export class HashEntries {
  hashes: Int32Array
  values: Int32Array
  length = 0

  /** `expected`: how many entries it will hold (more only cost a copy). */
  constructor(expected: number) {
    this.hashes = new Int32Array(Math.max(expected, 16))
    this.values = new Int32Array(this.hashes.length)
  }

  push(hash: number, value: number): void {
    if (!(value >= 0 && value <= 0x7fffffff)) throw new Error(`${value} is not a number addAll takes`)
    if (this.length === this.hashes.length) {
      this.hashes = twice(this.hashes)
      this.values = twice(this.values)
    }
    this.hashes[this.length] = hash
    this.values[this.length++] = value
  }
}

/** A copy of `array` twice as long. */
function twice(array: Int32Array): Int32Array {
  const copy = new Int32Array(array.length * 2)
  copy.set(array)
  return copy
}

function capacityFor(entries: number): number {
  let capacity = 16
  while (capacity * MAX_LOAD < entries) capacity *= 2
  return capacity
}

export class HashIndex {
  /**
   * The entries, two numbers each: the key's hash at 2i, at 2i + 1 EMPTY, DELETED or the number (any
   * non-negative safe integer: 32-bit until one does not fit). Side by side, an entry is one cache miss
   * (in two arrays, a hash and its number were two: at a million persons, a fifth of filling the table).
   */
  #entries: Int32Array | Float64Array
  #mask: number
  /** Slots not EMPTY (entries and DELETED marks). */
  #used = 0

  /** `expected`: how many entries it will hold, so a table filled at once is made at its size. */
  constructor(expected = 0) {
    const capacity = capacityFor(expected)
    this.#entries = emptyEntries(Int32Array, capacity)
    this.#mask = capacity - 1
  }

  /** The first number under `hash` that `holds` accepts (it has the key), or -1. */
  find(hash: number, holds: (value: number) => boolean): number {
    const entries = this.#entries
    const mask = this.#mask
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const value = entries[2 * i + 1]!
      if (value === EMPTY) return -1
      if (value >= 0 && entries[2 * i] === hash && holds(value)) return value
    }
  }

  /** Every number under `hash` that `holds` accepts, appended to `out`. */
  findAll(hash: number, holds: (value: number) => boolean, out: number[]): number[] {
    const entries = this.#entries
    const mask = this.#mask
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const value = entries[2 * i + 1]!
      if (value === EMPTY) return out
      if (value >= 0 && entries[2 * i] === hash && holds(value)) out.push(value)
    }
  }

  /** Adds an entry (the caller knows no entry for this key should be replaced). */
  add(hash: number, value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${value} is not a non-negative integer`)
    if (value > 0x7fffffff && this.#entries instanceof Int32Array) this.#entries = Float64Array.from(this.#entries)
    if (this.#used + 1 > (this.#mask + 1) * MAX_LOAD) this.#rebuild(1)
    const entries = this.#entries
    const mask = this.#mask
    let i = hash & mask
    while (entries[2 * i + 1]! >= 0) i = (i + 1) & mask
    if (entries[2 * i + 1] === EMPTY) this.#used++
    entries[2 * i] = hash
    entries[2 * i + 1] = value
  }

  /** Points the key's entry (the first `holds` accepts) at `value`, or adds one: a Map's `set`. */
  set(hash: number, value: number, holds: (value: number) => boolean): void {
    const entries = this.#entries
    const mask = this.#mask
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const held = entries[2 * i + 1]!
      if (held === EMPTY) break
      if (held >= 0 && entries[2 * i] === hash && holds(held)) {
        entries[2 * i + 1] = value
        return
      }
    }
    this.add(hash, value)
  }

  /**
   * Adds `count` entries, `hashes[k]` and `values[k]` (numbers below 2^31), as calling `set` (with `same`)
   * or `add` (without) for each in order would: what finds one finds the other, and where two entries have
   * the same key the later one's number stays (`same(held, value, hash)`: the number held is under the key
   * of the entry being added, whose number is `value`). The entries are made in the order of the part of
   * the table their probes start in, so it is written front to back: made one after another in their own
   * order, at a million persons each entry was a cache and TLB miss into a table of 16-32 MB, most of the
   * time filling it took.
   */
  addAll(
    hashes: Int32Array,
    values: Int32Array,
    count: number,
    same?: (held: number, value: number, hash: number) => boolean,
  ): void {
    if (count === 0) return
    if (this.#used + count > (this.#mask + 1) * MAX_LOAD) this.#rebuild(count)
    // A stable counting sort on the top 8 bits of the start slot: a 256th of a table of 32 MB is 128 KB,
    // which the cache and the TLB hold while its entries are made; 256 runs to write are few enough for
    // the sort to make no misses of its own.
    const mask = this.#mask
    const shift = Math.max(0, 31 - Math.clz32(mask + 1) - 8)
    const starts = new Int32Array(257)
    for (let k = 0; k < count; k++) starts[((hashes[k]! & mask) >>> shift) + 1]!++
    for (let b = 0; b < 256; b++) starts[b + 1]! += starts[b]!
    const sortedHashes = new Int32Array(count)
    const sortedValues = new Int32Array(count)
    for (let k = 0; k < count; k++) {
      const hash = hashes[k]!
      const to = starts[(hash & mask) >>> shift]!++
      sortedHashes[to] = hash
      sortedValues[to] = values[k]!
    }
    let value = 0
    let hash = 0
    const holds = same && ((held: number) => same(held, value, hash))
    for (let k = 0; k < count; k++) {
      value = sortedValues[k]!
      hash = sortedHashes[k]!
      if (value < 0) throw new Error(`${value} is not a non-negative integer`)
      if (holds) this.set(hash, value, holds)
      else this.add(hash, value)
    }
  }

  /** Removes the entry with this hash and number; false when there is none. */
  delete(hash: number, value: number): boolean {
    const entries = this.#entries
    const mask = this.#mask
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const held = entries[2 * i + 1]!
      if (held === EMPTY) return false
      if (held === value && entries[2 * i] === hash) {
        entries[2 * i + 1] = DELETED
        return true
      }
    }
  }

  /** Entries again from scratch, DELETED marks dropped, at twice the size the entries and `more` need. */
  #rebuild(more: number): void {
    const entries = this.#entries
    let live = 0
    for (let i = 1; i < entries.length; i += 2) if (entries[i]! >= 0) live++
    const capacity = capacityFor(live + more) * 2
    this.#entries = emptyEntries(entries.constructor as typeof Int32Array | typeof Float64Array, capacity)
    this.#mask = capacity - 1
    this.#used = 0
    for (let i = 0; i < entries.length; i += 2) if (entries[i + 1]! >= 0) this.add(entries[i]!, entries[i + 1]!)
  }
}

/** `capacity` entries, every one EMPTY. */
function emptyEntries(kind: typeof Int32Array | typeof Float64Array, capacity: number): Int32Array | Float64Array {
  const entries = new kind(capacity * 2)
  for (let i = 1; i < entries.length; i += 2) entries[i] = EMPTY
  return entries
}
