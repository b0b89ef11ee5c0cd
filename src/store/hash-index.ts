// An index from string keys to numbers (a person's id, a recording's slot) held in two typed arrays
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

/** FNV-1a's start, mixed with `salt`. */
const start = (salt: number): number => (0x811c9dc5 ^ Math.imul(salt | 0, 0x9e3779b1)) | 0

/** murmur3's finalizer. */
function finish(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return h ^ (h >>> 16)
}

/** A 32-bit hash (FNV-1a, then murmur3's finalizer) of `text`, mixed with `salt` (a project id, say). */
export function hashKey(text: string, salt = 0): number {
  let h = start(salt)
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return finish(h)
}

/** `hashKey` of the text whose UTF-16 codes are `codes` (the text itself need not be made). */
export function hashCodes(codes: ArrayLike<number>, salt = 0): number {
  let h = start(salt)
  for (let i = 0; i < codes.length; i++) h = Math.imul(h ^ codes[i]!, 0x01000193)
  return finish(h)
}

function capacityFor(entries: number): number {
  let capacity = 16
  while (capacity * MAX_LOAD < entries) capacity *= 2
  return capacity
}

export class HashIndex {
  #hashes: Int32Array
  /** EMPTY, DELETED or the number (any non-negative safe integer: 32-bit until one does not fit). */
  #values: Int32Array | Float64Array
  #mask: number
  /** Slots not EMPTY (entries and DELETED marks). */
  #used = 0

  /** `expected`: how many entries it will hold, so a table filled at once is made at its size. */
  constructor(expected = 0) {
    const capacity = capacityFor(expected)
    this.#hashes = new Int32Array(capacity)
    this.#values = new Int32Array(capacity).fill(EMPTY)
    this.#mask = capacity - 1
  }

  /** The first number under `hash` that `holds` accepts (it has the key), or -1. */
  find(hash: number, holds: (value: number) => boolean): number {
    const hashes = this.#hashes
    const values = this.#values
    const mask = this.#mask
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const value = values[i]!
      if (value === EMPTY) return -1
      if (value >= 0 && hashes[i] === hash && holds(value)) return value
    }
  }

  /** Every number under `hash` that `holds` accepts, appended to `out`. */
  findAll(hash: number, holds: (value: number) => boolean, out: number[]): number[] {
    const hashes = this.#hashes
    const values = this.#values
    const mask = this.#mask
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const value = values[i]!
      if (value === EMPTY) return out
      if (value >= 0 && hashes[i] === hash && holds(value)) out.push(value)
    }
  }

  /** Adds an entry (the caller knows no entry for this key should be replaced). */
  add(hash: number, value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${value} is not a non-negative integer`)
    if (value > 0x7fffffff && this.#values instanceof Int32Array) this.#values = Float64Array.from(this.#values)
    if ((this.#used + 1) > (this.#mask + 1) * MAX_LOAD) this.#rebuild()
    const values = this.#values
    const mask = this.#mask
    let i = hash & mask
    while (values[i]! >= 0) i = (i + 1) & mask
    if (values[i] === EMPTY) this.#used++
    this.#hashes[i] = hash
    values[i] = value
  }

  /** Points the key's entry (the first `holds` accepts) at `value`, or adds one: a Map's `set`. */
  set(hash: number, value: number, holds: (value: number) => boolean): void {
    const hashes = this.#hashes
    const values = this.#values
    const mask = this.#mask
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const held = values[i]!
      if (held === EMPTY) break
      if (held >= 0 && hashes[i] === hash && holds(held)) {
        values[i] = value
        return
      }
    }
    this.add(hash, value)
  }

  /** Removes the entry with this hash and number; false when there is none. */
  delete(hash: number, value: number): boolean {
    const hashes = this.#hashes
    const values = this.#values
    const mask = this.#mask
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const held = values[i]!
      if (held === EMPTY) return false
      if (held === value && hashes[i] === hash) {
        values[i] = DELETED
        return true
      }
    }
  }

  /** Entries again from scratch, DELETED marks dropped, at the size the entries need. */
  #rebuild(): void {
    const hashes = this.#hashes
    const values = this.#values
    let live = 0
    for (let i = 0; i < values.length; i++) if (values[i]! >= 0) live++
    const capacity = capacityFor(live + 1) * 2
    this.#hashes = new Int32Array(capacity)
    this.#values = new (values.constructor as typeof Int32Array | typeof Float64Array)(capacity).fill(EMPTY)
    this.#mask = capacity - 1
    this.#used = 0
    for (let i = 0; i < values.length; i++) if (values[i]! >= 0) this.add(hashes[i]!, values[i]!)
  }
}
