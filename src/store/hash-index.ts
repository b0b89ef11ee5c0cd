// The index the tables find records through: string keys to numbers (rows), in a typed array (open
// addressing, linear probing). The key itself is not stored: an entry is the key's 32-bit hash and the
// number, and the caller tells whether the record behind a number has the key it looks for. An entry is
// 8 bytes outside the heap (16 once a number passes 2^31 - 1), where a Map's is several times that on the
// heap, and a big dataset's keys in Maps would take seconds to fill (docs/performance.md).

import { outsideHeap } from './columns.ts'

const EMPTY = -1
const DELETED = -2
const MAX_LOAD = 0.6

/**
 * A 32-bit hash of `text` mixed with `salt` (a project id, say): FNV-1a over pairs of UTF-16 codes (half
 * the steps of one a code), then murmur3's finalizer. Keys differing only in a second code of a pair
 * collide more often than others; the index tells keys apart by their records anyway.
 */
export function hashKey(text: string, salt = 0): number {
  let h = (0x811c9dc5 ^ Math.imul(salt | 0, 0x9e3779b1)) | 0
  const pairs = text.length & ~1
  for (let i = 0; i < pairs; i += 2)
    h = Math.imul(h ^ (text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16)), 0x01000193)
  if (pairs < text.length) h = Math.imul(h ^ text.charCodeAt(pairs), 0x01000193)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return h ^ (h >>> 16)
}

function capacityFor(entries: number): number {
  let capacity = 16
  while (capacity * MAX_LOAD < entries) capacity *= 2
  return capacity
}

export class HashIndex {
  /** Two numbers an entry, side by side (one cache miss): the hash at 2i; at 2i + 1 EMPTY, DELETED or the number. */
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
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const value = entries[2 * i + 1]!
      if (value === EMPTY) return -1
      if (value >= 0 && entries[2 * i] === hash && holds(value)) return value
    }
  }

  /** Every number under `hash` that `holds` accepts. */
  findAll(hash: number, holds: (value: number) => boolean): number[] {
    const out: number[] = []
    const entries = this.#entries
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const value = entries[2 * i + 1]!
      if (value === EMPTY) return out
      if (value >= 0 && entries[2 * i] === hash && holds(value)) out.push(value)
    }
  }

  /** Adds an entry (the caller knows no entry for this key should be replaced). */
  add(hash: number, value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${value} is not a non-negative integer`)
    if (value > 0x7fffffff && this.#entries instanceof Int32Array) {
      const wide = emptyEntries(Float64Array, this.#entries.length / 2)
      wide.set(this.#entries)
      this.#entries = wide
    }
    if (this.#used + 1 > (this.#mask + 1) * MAX_LOAD) this.#rebuild(1)
    const entries = this.#entries
    let i = hash & this.#mask
    while (entries[2 * i + 1]! >= 0) i = (i + 1) & this.#mask
    if (entries[2 * i + 1] === EMPTY) this.#used++
    entries[2 * i] = hash
    entries[2 * i + 1] = value
  }

  /** Points the key's entry (the first `holds` accepts) at `value`, or adds one: a Map's `set`. */
  set(hash: number, value: number, holds: (value: number) => boolean): void {
    const entries = this.#entries
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const held = entries[2 * i + 1]!
      if (held === EMPTY) break
      if (held >= 0 && entries[2 * i] === hash && holds(held)) return void (entries[2 * i + 1] = value)
    }
    this.add(hash, value)
  }

  /**
   * Adds `count` entries (`hashes[k]`, `values[k]`), as `set` (given `same`) or `add` (without) for each
   * in order would, but made in the order of the slots their probes start in: a table of tens of MB is
   * then written front to back, where entries made in their own order would each be a cache miss.
   * `same(held, value, hash)`: whether the number held is under the key of the entry being added.
   */
  addAll(
    hashes: Int32Array,
    values: Int32Array,
    count: number,
    same?: (held: number, value: number, hash: number) => boolean,
  ): void {
    if (this.#used + count > (this.#mask + 1) * MAX_LOAD) this.#rebuild(count)
    // A stable counting sort on the top 8 bits of the start slot.
    const mask = this.#mask
    const shift = Math.max(0, 31 - Math.clz32(mask + 1) - 8)
    const starts = new Int32Array(257)
    for (let k = 0; k < count; k++) starts[((hashes[k]! & mask) >>> shift) + 1]!++
    for (let b = 0; b < 256; b++) starts[b + 1]! += starts[b]!
    const sortedHashes = new Int32Array(count)
    const sortedValues = new Int32Array(count)
    for (let k = 0; k < count; k++) {
      const to = starts[(hashes[k]! & mask) >>> shift]!++
      sortedHashes[to] = hashes[k]!
      sortedValues[to] = values[k]!
    }
    let hash = 0
    let value = 0
    const holds = same && ((held: number) => same(held, value, hash))
    for (let j = 0; j < count; j++) {
      hash = sortedHashes[j]!
      value = sortedValues[j]!
      if (holds) this.set(hash, value, holds)
      else this.add(hash, value)
    }
  }

  /** Removes the entry with this hash and number; false when there is none. */
  delete(hash: number, value: number): boolean {
    const entries = this.#entries
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
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
function emptyEntries(Kind: typeof Int32Array | typeof Float64Array, capacity: number): Int32Array | Float64Array {
  const entries = new Kind(outsideHeap(capacity * 2 * Kind.BYTES_PER_ELEMENT))
  for (let i = 1; i < entries.length; i += 2) entries[i] = EMPTY
  return entries
}
