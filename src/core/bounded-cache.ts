// A cache that cannot outgrow its capacity: values made from immutable records (rendered persons and
// recordings, and through them their JSON text and validation marks, which are weakly keyed by the
// rendered values) stay while they are in use and go when they are not. Unbounded, a long read of
// every page of a big project would hold a rendered copy of every person.
//
// Two generations instead of a strict LRU, so a hit costs one or two lookups and no reordering: new
// and recently used entries go to the young map; when it is full it becomes the old map and the old
// one is dropped. At most 2 x capacity entries are held; anything used within the last `capacity`
// insertions is kept.

export class BoundedCache<K, V> {
  #young = new Map<K, V>()
  #old = new Map<K, V>()

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`capacity must be at least 1, not ${capacity}`)
  }

  get size(): number {
    return this.#young.size + this.#old.size
  }

  get(key: K): V | undefined {
    const young = this.#young.get(key)
    if (young !== undefined) return young
    const old = this.#old.get(key)
    if (old !== undefined) {
      this.#old.delete(key)
      this.set(key, old)
    }
    return old
  }

  set(key: K, value: V): void {
    this.#young.set(key, value)
    if (this.#young.size >= this.capacity) {
      this.#old = this.#young
      this.#young = new Map()
    }
  }

  /** Drops `key`'s entry (a value that can never be asked for again need not wait to age out). */
  delete(key: K): void {
    this.#young.delete(key)
    // (Both: a key set again while its old value waited in the old map is in both.)
    this.#old.delete(key)
  }

  /** The cached value for key, made (and cached) on a miss. */
  getOrMake(key: K, make: (key: K) => V): V {
    let value = this.get(key)
    if (value === undefined) this.set(key, (value = make(key)))
    return value
  }
}
