// Records of a model that grows with writes (playlists, their items, scheduled tasks, insights), by id
// in the order added. Records are frozen: a change stores the next version in the previous one's place,
// so whoever holds a record holds one version, and caches can tell versions apart by identity.
//
// These were @msw/data collections. Measured here, each @msw/data create cost 8-11 µs (its Zod check,
// sanitizing copy and async hooks) and each delete or lookup scanned every record, so a PATCH of a
// playlist, adding a recording to a playlist or queueing a task cost more than the rest of the request,
// and more with every record added. Records made here are typed by the code that makes them; what
// comes from outside (a state file, a recorded scenario) is checked against the model's schema on the way in.
//
// By id in a DenseMap (an array while the ids come from the counters, in order): in a Map every
// create probed and grew a table of every record so far.
import { DenseMap } from './dense-map.ts'

/** Field values a record must have (equal), or tests of them. */
export type Criteria<T> = { [K in keyof T]?: T[K] | ((value: T[K]) => boolean) }
/** What `q.where(criteria)` makes: a test of a record. */
export interface Query<T> {
  test(record: T): boolean
}
export interface QueryBuilder<T> {
  where(criteria: Criteria<T>): Query<T>
}

function builder<T>(): QueryBuilder<T> {
  return {
    where: (criteria) => {
      const entries = Object.entries(criteria) as Array<[keyof T, unknown]>
      return {
        test: (record) =>
          entries.every(([key, expected]) =>
            typeof expected === 'function'
              ? (expected as (v: unknown) => boolean)(record[key])
              : record[key] === expected,
          ),
      }
    },
  }
}

export class RecordTable<T extends { id: number }> {
  #byId = new DenseMap<T>()

  /** (Subclasses with indexes of their own add their records after their fields exist: `insertAll`.) */
  constructor(records: Iterable<T> = []) {
    this.insertAll(records)
  }

  insertAll(records: Iterable<T>): this {
    for (const record of records) this.insert(record)
    return this
  }

  get size(): number {
    return this.#byId.size
  }

  /** How many records there are (as @msw/data's `count()`). */
  count(): number {
    return this.#byId.size
  }

  get(id: number): T | undefined {
    return this.#byId.get(id)
  }

  /** Every record, in the order added (a new array). */
  all(): T[] {
    return [...this.#byId.values()]
  }

  values(): IterableIterator<T> {
    return this.#byId.values()
  }

  /**
   * The first record (in the order added) the query accepts, in @msw/data's form, which the collections
   * these tables replaced had: `findFirst((q) => q.where({ short_id: 'abc' }))`; a field's criterion is
   * its value or a test of it.
   */
  findFirst(query: (q: QueryBuilder<T>) => Query<T>): T | undefined {
    const { test } = query(builder<T>())
    for (const record of this.#byId.values()) if (test(record)) return record
    return undefined
  }

  /** Every record the query accepts, in the order added (see `findFirst`). */
  findMany(query: (q: QueryBuilder<T>) => Query<T>): T[] {
    const { test } = query(builder<T>())
    return this.all().filter((record) => test(record))
  }

  /** Adds a record (frozen here); its id must be new. */
  insert(record: T): T {
    if (this.#byId.has(record.id)) throw new Error(`record ${record.id} is already in the table`)
    const frozen = Object.isFrozen(record) ? record : Object.freeze(record)
    this.#byId.set(frozen.id, frozen)
    this.added(frozen)
    return frozen
  }

  /** Stores the next version of a record in its place (same id). */
  replace(next: T): T {
    const prev = this.#byId.get(next.id)
    if (!prev) throw new Error(`no record ${next.id} to replace`)
    const frozen = Object.isFrozen(next) ? next : Object.freeze(next)
    this.#byId.set(frozen.id, frozen)
    this.replaced(prev, frozen)
    return frozen
  }

  /** Removes the record with this one's id; false when there was none. */
  remove(record: T): boolean {
    const current = this.#byId.get(record.id)
    if (!current) return false
    this.#byId.delete(record.id)
    this.removed(current)
    return true
  }

  /** For the indexes of a subclass: a record came in. */
  protected added(_record: T): void {}
  /** For the indexes of a subclass: a record went (or was replaced by a next version). */
  protected removed(_record: T): void {}
  /** For the indexes of a subclass: `next` took `prev`'s place (by default, `prev` went and `next` came). */
  protected replaced(prev: T, next: T): void {
    this.removed(prev)
    this.added(next)
  }
}
