// A Map keyed by small non-negative integers, held in an array while the keys allow it.
//
// The tables that grow with writes key their records by ids from counters (playlists, their items,
// activity entries by item id), so the keys come dense and in increasing order. In a Map, every create
// looked up a key not seen before in a table of every record so far (after the create benchmark
// ~200,000): a probe of its hash buckets, mostly one cache miss, then an insert and, as it grows, a
// rehash of them all. In an array a new key is an append at its end and a lookup is an index.
//
// It behaves as a Map<number, V> in everything, the order of iteration included (the order keys came
// in): the array is used only while every new key is greater than every key held (an append) and not
// too far beyond the end; the first key that is not (a key below the end, a negative or fractional
// one, a far one from a state file) moves everything into a Map, for good. Made `unordered` (for an
// index nobody iterates), a new key below the end fills its hole instead, and values come in key order.

/** How far past the end a new key may land and still be kept in the array (the gap becomes holes). */
const MAX_GAP = 64

export class DenseMap<V> {
  /** Values by key while the keys are dense (undefined: no value); null once in `#map`. */
  #dense: Array<V | undefined> | null = []
  #map: Map<number, V> | null = null
  #size = 0
  readonly #ordered: boolean

  constructor({ unordered = false }: { unordered?: boolean } = {}) {
    this.#ordered = !unordered
  }

  get size(): number {
    return this.#map === null ? this.#size : this.#map.size
  }

  get(key: number): V | undefined {
    const dense = this.#dense
    if (dense === null) return this.#map!.get(key)
    // A key that is not an index of the array reads as undefined there, as a missing one does.
    return dense[key]
  }

  has(key: number): boolean {
    return this.get(key) !== undefined || (this.#map !== null && this.#map.has(key))
  }

  set(key: number, value: V): this {
    const dense = this.#dense
    if (dense !== null) {
      if (value !== undefined && Number.isInteger(key) && key >= 0) {
        if (key < dense.length && (dense[key] !== undefined || !this.#ordered)) {
          if (dense[key] === undefined) this.#size++
          dense[key] = value // a key held keeps its place in the order
          return this
        }
        if (key >= dense.length && key <= dense.length + MAX_GAP) {
          while (dense.length < key) dense.push(undefined)
          dense.push(value)
          this.#size++
          return this
        }
      }
      this.#toMap()
    }
    this.#map!.set(key, value)
    return this
  }

  delete(key: number): boolean {
    const dense = this.#dense
    if (dense === null) return this.#map!.delete(key)
    if (dense[key] === undefined) return false
    dense[key] = undefined
    this.#size--
    // Trailing holes go, so a key at the end again is an append (as a Map puts a key set again last).
    while (dense.length > 0 && dense[dense.length - 1] === undefined) dense.pop()
    return true
  }

  /** The values in the order their keys came in (a Map's order; key order when made `unordered`). */
  *values(): IterableIterator<V> {
    const dense = this.#dense
    if (dense === null) {
      yield* this.#map!.values()
      return
    }
    for (let i = 0; i < dense.length; i++) {
      const value = dense[i]
      if (value !== undefined) yield value
    }
  }

  #toMap(): void {
    const map = new Map<number, V>()
    const dense = this.#dense!
    for (let i = 0; i < dense.length; i++) if (dense[i] !== undefined) map.set(i, dense[i]!)
    this.#map = map
    this.#dense = null
  }
}
