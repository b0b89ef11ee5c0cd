// The store's table of records, for every model that writes add to or change: persons, recordings,
// playlists and their items, tasks, insights, the activity log. Records are frozen: a change stores the
// next version in the previous one's row, so whoever holds a record holds one version (and a cache can
// tell versions apart by identity). A table finds records by key through hash indexes (hash-index.ts)
// and keeps groups of them in a set order (a project's persons, newest first), so an exact lookup never
// scans and a page of a list is a slice. A table made of many records at once (a dataset's) fills each
// index in one pass and sorts each group once.
import { HashIndex, hashKey } from './hash-index.ts'
import { nextStamp } from './stamp.ts'

type GroupKey = string | number

export interface IndexSpec<T> {
  /** The keys a record is found by: a string, an array of them, or none (anything else). */
  keys(record: T): unknown
  /** Keys are equal only within one scope (a project id); default 0. */
  scope?(record: T): number
  /** A key leads to the last record given it, as a Map's `set` (default: to every record holding it). */
  unique?: boolean
}

export interface GroupSpec<T> {
  /** The group a record is in, or several. */
  of(record: T): GroupKey | readonly GroupKey[]
  /** The order within a group: total (only a record compares equal to itself). */
  order(a: T, b: T): number
  /** The number `order` sorts by first, highest first: a big group is sorted on it at once (sortByRank). */
  rank?(record: T): number
  /** Made at its first use, then kept (for a group few runs ask for). */
  lazy?: boolean
}

export interface TableSpec<T> {
  /**
   * The record's row: its id, for records with integer ids (counters). Without it, rows are numbered in
   * the order records are added, and the unique index named `key` finds a record's row.
   */
  id?(record: T): number
  indexes?: Record<string, IndexSpec<T>>
  groups?: Record<string, GroupSpec<T>>
}

/** Field values a record must have (equal), or tests of them: @msw/data's `where`, for tables that replaced its collections. */
export type Criteria<T> = { [K in keyof T]?: T[K] | ((value: T[K]) => boolean) }
type Query<T> = (q: { where(criteria: Criteria<T>): (record: T) => boolean }) => (record: T) => boolean

const NONE: readonly string[] = []
const keysOf = <T>(spec: IndexSpec<T>, record: T): readonly string[] => {
  const keys = spec.keys(record)
  return typeof keys === 'string' ? [keys] : Array.isArray(keys) ? keys : NONE
}
const groupsOf = <T>(spec: GroupSpec<T>, record: T): readonly GroupKey[] => {
  const of = spec.of(record)
  return Array.isArray(of) ? of : [of as GroupKey]
}
/** Calls `each` with the record's group key, or each of its keys (and the record). */
const eachGroup = <T>(spec: GroupSpec<T>, record: T, each: (key: GroupKey, record: T) => void): void => {
  const of = spec.of(record)
  if (Array.isArray(of)) for (const key of of as GroupKey[]) each(key, record)
  else each(of as GroupKey, record)
}
const freeze = <T>(record: T): T => (Object.isFrozen(record) ? record : Object.freeze(record))

interface Index<T> {
  spec: IndexSpec<T>
  index: HashIndex
}
interface Group<T> {
  spec: GroupSpec<T>
  /** Undefined until a lazy group is first asked for. */
  lists: Map<GroupKey, T[]> | undefined
}

/** How far past the end an id may be and its record still kept in the rows array (beyond: a Map). */
const MAX_GAP = 1 << 16

export class Table<T extends object> {
  /** Records by row: an array while rows are dense (as counters make them), a Map from the first that is not. */
  #rows: Array<T | undefined> | Map<number, T> = []
  #size = 0
  #next = 0
  #stamp = nextStamp()
  readonly #indexes: Record<string, Index<T>> = {}
  readonly #groups: Record<string, Group<T>> = {}

  constructor(
    readonly spec: TableSpec<T>,
    records: readonly T[] = [],
  ) {
    // Each group's lists made at their sizes (grown a record at a time, a list copies itself as it grows).
    // (Each group's callbacks made once, not once a record.)
    const groups = Object.values(spec.groups ?? {}).map((s) => {
      const lists = new Map<GroupKey, T[]>()
      const filled = new Map<GroupKey, number>()
      const place = (key: GroupKey, record: T) => {
        const at = filled.get(key)!
        lists.get(key)![at] = record
        filled.set(key, at + 1)
      }
      return { s, lists, filled, place }
    })
    for (const { s, lists, filled } of groups) {
      const count = (key: GroupKey) => void filled.set(key, (filled.get(key) ?? 0) + 1)
      if (!s.lazy) for (const record of records) eachGroup(s, record, count)
      for (const [key, n] of filled) {
        lists.set(key, new Array<T>(n))
        filled.set(key, 0)
      }
    }
    // Then one pass for every index and group, each record read once.
    const indexes = Object.values(spec.indexes ?? {}).map((s) => ({ s, entries: new Entries(records.length) }))
    this.#rows = new Array(records.length + 1)
    let highest = -1
    for (const record of records) {
      const row = this.#newRow(record)
      if (this.get(row) !== undefined) throw new Error(`record ${row} is already in the table`)
      this.#set(row, freeze(record))
      highest = Math.max(highest, row)
      for (const { s, entries } of indexes) {
        const keys = s.keys(record)
        const scope = s.scope ? s.scope(record) : 0
        if (typeof keys === 'string') entries.push(hashKey(keys, scope), row)
        else if (Array.isArray(keys)) for (const key of keys as string[]) entries.push(hashKey(key, scope), row)
      }
      for (const { s, place } of groups) if (!s.lazy) eachGroup(s, record, place)
    }
    this.#size = records.length
    if (Array.isArray(this.#rows)) this.#rows.length = highest + 1
    Object.entries(spec.indexes ?? {}).forEach(([name, s], i) => {
      this.#indexes[name] = { spec: s, index: this.#filled(s, indexes[i]!.entries, name === 'key' && !spec.id) }
    })
    Object.entries(spec.groups ?? {}).forEach(([name, s], i) => {
      const { lists } = groups[i]!
      for (const list of lists.values()) sortByRank(list, s)
      this.#groups[name] = { spec: s, lists: s.lazy ? undefined : lists }
    })
  }

  get size(): number {
    return this.#size
  }

  /** How many records there are (as @msw/data's `count()`). */
  count(): number {
    return this.#size
  }

  /** Changes whenever a record is added, replaced or removed (see stamp.ts). */
  get stamp(): number {
    return this.#stamp
  }

  /** The highest row held (0 when none): for id tables, the highest id. */
  get highestRow(): number {
    let highest = 0
    if (this.#rows instanceof Map) for (const row of this.#rows.keys()) highest = Math.max(highest, row)
    return this.#rows instanceof Map ? highest : Math.max(0, this.#rows.length - 1)
  }

  /** The record in this row: by id, in a table of integer ids. */
  get(row: number): T | undefined {
    const rows = this.#rows
    return rows instanceof Map ? rows.get(row) : typeof row === 'number' ? rows[row] : undefined
  }

  /** The record the index finds under `key` (within `scope`); the first of several. */
  lookup(index: string, key: string, scope = 0): T | undefined {
    if (typeof key !== 'string') return undefined
    const { spec, index: hashes } = this.#indexes[index]!
    const row = hashes.find(hashKey(key, scope), (row) => this.#has(spec, row, key, scope))
    return row < 0 ? undefined : this.get(row)
  }

  /** Every record the index finds under `key` (within `scope`). */
  lookupAll(index: string, key: string, scope = 0): T[] {
    if (typeof key !== 'string') return []
    const { spec, index: hashes } = this.#indexes[index]!
    return hashes.findAll(hashKey(key, scope), (row) => this.#has(spec, row, key, scope)).map((row) => this.get(row)!)
  }

  /** A group's records in its order. Do not mutate. */
  group(name: string, key: GroupKey): readonly T[] {
    const group = this.#groups[name]!
    group.lists ??= this.#grouped(group.spec)
    return group.lists.get(key) ?? NONE_LIST
  }

  *values(): IterableIterator<T> {
    for (const record of this.#rows.values()) if (record !== undefined) yield record
  }

  /** Every record, by row (a new array). */
  all(): T[] {
    return [...this.values()]
  }

  /** The first record `query` accepts, by row, as @msw/data's `findFirst((q) => q.where({ short_id: 'abc' }))`. */
  findFirst(query: Query<T>): T | undefined {
    const test = query(CRITERIA as never)
    for (const record of this.values()) if (test(record)) return record
    return undefined
  }

  /** Every record `query` accepts, by row (see `findFirst`). */
  findMany(query: Query<T>): T[] {
    return this.all().filter(query(CRITERIA as never))
  }

  /** Adds a record (frozen here); its key must be new. */
  insert(record: T): T {
    const next = freeze(record)
    const row = this.#newRow(next)
    if (this.get(row) !== undefined || (!this.spec.id && this.#rowOf(next) >= 0))
      throw new Error(`a record with the key of ${JSON.stringify(next).slice(0, 80)} is already in the table`)
    this.#changed(undefined, next, row)
    return next
  }

  /** Stores the next version of a record in its row (same key). */
  replace(record: T): T {
    const next = freeze(record)
    const row = this.#rowOf(next)
    const prev = row < 0 ? undefined : this.get(row)
    if (!prev) throw new Error(`no record to replace with ${JSON.stringify(next).slice(0, 80)}`)
    this.#changed(prev, next, row)
    return next
  }

  /** Removes the record with this one's key; false when there was none. */
  remove(record: T): boolean {
    const row = this.#rowOf(record)
    const prev = row < 0 ? undefined : this.get(row)
    if (!prev) return false
    this.#changed(prev, undefined, row)
    return true
  }

  /** For a subclass's own indexes: `prev` (undefined: none) became `next` (undefined: removed). */
  protected onChange(_prev: T | undefined, _next: T | undefined): void {}

  /** The row of the record with this one's key (-1: none). */
  #rowOf(record: T): number {
    if (this.spec.id) return this.spec.id(record)
    const { spec, index } = this.#indexes.key!
    const key = keysOf(spec, record)[0]!
    const scope = spec.scope?.(record) ?? 0
    return index.find(hashKey(key, scope), (row) => this.#has(spec, row, key, scope))
  }

  /** A new record's row: its id, or the next number. */
  #newRow(record: T): number {
    if (!this.spec.id) return this.#next++
    const id = this.spec.id(record)
    if (!Number.isSafeInteger(id) || id < 0) throw new Error(`record id ${id} is not a non-negative integer`)
    return id
  }

  #set(row: number, record: T | undefined): void {
    let rows = this.#rows
    if (Array.isArray(rows) && row > rows.length + MAX_GAP) rows = this.#rows = new Map([...this.#entries()])
    if (!(rows instanceof Map)) rows[row] = record
    else if (record === undefined) rows.delete(row)
    else rows.set(row, record)
  }

  #changed(prev: T | undefined, next: T | undefined, row: number): void {
    this.#stamp = nextStamp()
    // Most changes (a PATCH of a person's properties) keep every key: those indexes are not touched.
    const changed = Object.values(this.#indexes).filter(({ spec }) => !(prev && next && sameKeys(spec, prev, next)))
    // Entries are taken out while the row still holds the record they were made of.
    if (prev)
      for (const { spec, index } of changed)
        for (const key of keysOf(spec, prev)) this.#unindex(spec, index, prev, key, row)
    this.#set(row, next)
    this.#size += (next ? 1 : 0) - (prev ? 1 : 0)
    if (next)
      for (const { spec, index } of changed)
        for (const key of keysOf(spec, next)) this.#index(spec, index, next, key, row)
    for (const { spec, lists } of Object.values(this.#groups)) if (lists) regroup(spec, lists, prev, next)
    this.onChange(prev, next)
  }

  #index(spec: IndexSpec<T>, index: HashIndex, record: T, key: string, row: number): void {
    const scope = spec.scope?.(record) ?? 0
    if (spec.unique) index.set(hashKey(key, scope), row, (held) => this.#has(spec, held, key, scope))
    else index.add(hashKey(key, scope), row)
  }

  /** Takes out the record's entry for `key`; a unique key's only where it leads to this row. */
  #unindex(spec: IndexSpec<T>, index: HashIndex, record: T, key: string, row: number): void {
    const scope = spec.scope?.(record) ?? 0
    const hash = hashKey(key, scope)
    if (!spec.unique || index.find(hash, (held) => this.#has(spec, held, key, scope)) === row) index.delete(hash, row)
  }

  /** Whether the record in `row` has `key` within `scope`. */
  #has(spec: IndexSpec<T>, row: number, key: string, scope: number): boolean {
    const record = this.get(row)!
    return (spec.scope?.(record) ?? 0) === scope && keysOf(spec, record).includes(key)
  }

  /** An index of the entries, made at once (HashIndex.addAll). `key`: the index rows are found by (a key held twice is refused). */
  #filled(spec: IndexSpec<T>, entries: Entries, key: boolean): HashIndex {
    const index = new HashIndex(entries.n)
    if (entries.wide) {
      this.#forEach((row, record) => keysOf(spec, record).forEach((k) => this.#index(spec, index, record, k, row)))
      return index
    }
    const same = (held: number, row: number, hash: number): boolean => {
      const record = this.get(row)!
      const scope = spec.scope?.(record) ?? 0
      const shared = keysOf(spec, record).some((k) => hashKey(k, scope) === hash && this.#has(spec, held, k, scope))
      if (shared && key) throw new Error(`two records with the key of ${JSON.stringify(record).slice(0, 80)}`)
      return shared
    }
    index.addAll(entries.hashes, entries.rows, entries.n, spec.unique ? same : undefined)
    return index
  }

  /** A group's lists of every record, each sorted once. */
  #grouped(spec: GroupSpec<T>): Map<GroupKey, T[]> {
    const lists = new Map<GroupKey, T[]>()
    for (const record of this.values()) for (const key of groupsOf(spec, record)) listIn(lists, key).push(record)
    for (const list of lists.values()) sortByRank(list, spec)
    return lists
  }

  *#entries(): IterableIterator<[number, T]> {
    for (const [row, record] of this.#rows.entries()) if (record !== undefined) yield [row, record]
  }

  /** Calls `each` with every row and its record, in row order. */
  #forEach(each: (row: number, record: T) => void): void {
    const rows = this.#rows
    if (rows instanceof Map) for (const [row, record] of rows) each(row, record)
    else for (let row = 0; row < rows.length; row++) if (rows[row] !== undefined) each(row, rows[row]!)
  }
}

const NONE_LIST: readonly never[] = []

const CRITERIA = {
  where<T>(criteria: Criteria<T>): (record: T) => boolean {
    const entries = Object.entries(criteria) as Array<[keyof T, unknown]>
    return (record) =>
      entries.every(([key, expected]) =>
        typeof expected === 'function' ? (expected as (v: unknown) => boolean)(record[key]) : record[key] === expected,
      )
  },
}

function sameKeys<T>(spec: IndexSpec<T>, a: T, b: T): boolean {
  const x = keysOf(spec, a)
  const y = keysOf(spec, b)
  return (spec.scope?.(a) ?? 0) === (spec.scope?.(b) ?? 0) && x.length === y.length && x.every((key, i) => key === y[i])
}

/** Keys' hashes and the rows they lead to, for HashIndex.addAll. */
class Entries {
  hashes: Int32Array
  rows: Int32Array
  n = 0
  /** A row past 2^31 - 1, which addAll does not take. */
  wide = false

  constructor(expected: number) {
    this.hashes = grown(new Int32Array(0), Math.max(16, expected))
    this.rows = grown(new Int32Array(0), this.hashes.length)
  }

  push(hash: number, row: number): void {
    if (this.n === this.hashes.length) [this.hashes, this.rows] = [grown(this.hashes), grown(this.rows)]
    this.wide ||= row > 0x7fffffff
    this.hashes[this.n] = hash
    this.rows[this.n++] = row
  }
}

/** A copy of `array` with room for `length` (default: twice as many). */
function grown(array: Int32Array, length = array.length * 2): Int32Array {
  const out = new Int32Array(length)
  out.set(array)
  return out
}

function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key)
  if (!list) map.set(key, (list = []))
  return list
}

/** Moves a record between (or within) its groups' lists as it changes. */
function regroup<T>(spec: GroupSpec<T>, lists: Map<GroupKey, T[]>, prev: T | undefined, next: T | undefined): void {
  const before = prev ? groupsOf(spec, prev) : NONE
  const after = next ? groupsOf(spec, next) : NONE
  for (const key of before) {
    const list = lists.get(key)!
    const at = indexOfSorted(list, prev!, spec.order)
    // A change that keeps its place (every PATCH: what the order reads stays) takes it over.
    if (at >= 0 && after.includes(key) && spec.order(prev!, next!) === 0) list[at] = next!
    else if (at >= 0) list.splice(at, 1)
  }
  for (const key of after) {
    const list = listIn(lists, key)
    if (!(before.includes(key) && spec.order(prev!, next!) === 0)) insertSorted(list, next!, spec.order)
  }
}

/** Where `item` goes in `list` (sorted by `order`): before the first element that does not sort before it. */
function lowerBound<T>(list: readonly T[], item: T, order: (a: T, b: T) => number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (order(list[mid]!, item) < 0) lo = mid + 1
    else hi = mid
  }
  return lo
}

function insertSorted<T>(list: T[], item: T, order: (a: T, b: T) => number): void {
  // Nearly every insertion is of the newest record, which goes last: one comparison, no splice.
  if (list.length === 0 || order(list[list.length - 1]!, item) < 0) list.push(item)
  else list.splice(lowerBound(list, item, order), 0, item)
}

/** Where `item` itself is in `list` (sorted by `order`), by bisection; -1 when it is not there. */
function indexOfSorted<T>(list: readonly T[], item: T, order: (a: T, b: T) => number): number {
  let at = lowerBound(list, item, order)
  while (at < list.length && list[at] !== item && order(list[at]!, item) === 0) at++
  return list[at] === item ? at : list.indexOf(item)
}

/**
 * Sorts `list` as `list.sort(spec.order)` would, where the order is by `spec.rank` highest first, then by
 * what it likes: the engine's sort of one Float64Array (each entry the rank's place and the item's
 * position in one double), then runs of equal ranks by the comparison. On a big table a comparison sort
 * alone is slow: each comparison reads two records from memory far apart.
 */
function sortByRank<T>(list: T[], spec: GroupSpec<T>): void {
  const { order, rank } = spec
  const n = list.length
  let descents = 0
  for (let i = 1; i < n; i++) if (order(list[i - 1]!, list[i]!) > 0) descents++
  // Made (nearly) in reverse: persons are made oldest first.
  if (descents > n / 2) {
    list.reverse()
    descents = n - 1 - descents
  }
  if (descents === 0) return
  // Nearly in order: the engine's sort takes its runs as they are.
  if (!rank || n <= 4096 || descents < n / 64) return void list.sort(order)
  const ranks = new Float64Array(n)
  let min = Infinity
  let max = -Infinity
  let exact = true
  for (let i = 0; i < n; i++) {
    const k = (ranks[i] = rank(list[i]!))
    exact &&= Number.isSafeInteger(k)
    min = Math.min(min, k)
    max = Math.max(max, k)
  }
  // (max - rank) * n + i must stay an exact integer in a double.
  if (!exact || (max - min + 1) * n > Number.MAX_SAFE_INTEGER) return void list.sort(order)
  const keys = new Float64Array(n)
  for (let i = 0; i < n; i++) keys[i] = (max - ranks[i]!) * n + i
  keys.sort()
  // Each item's first position, in sorted order (one division each, the key's remainder).
  const from = new Uint32Array(n)
  for (let j = 0; j < n; j++) from[j] = keys[j]! % n
  const items = list.slice()
  for (let j = 0; j < n; j++) list[j] = items[from[j]!]!
  // Runs of equal ranks: in their first order (a stable sort's), then sorted by the comparison.
  for (let start = 0, end = 1; start < n; start = end++) {
    // (Equal ranks: equal keys less their positions, read in order, exact as the keys are.)
    while (end < n && keys[end]! - from[end]! === keys[start]! - from[start]!) end++
    if (end - start < 2) continue
    const run = list.slice(start, end).sort(order)
    for (let j = 0; j < run.length; j++) list[start + j] = run[j]!
  }
}
