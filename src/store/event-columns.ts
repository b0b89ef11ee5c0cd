// Events stored column by column: a typed array of timestamps, and integer references into shared
// tables for project ids, names, distinct ids, person uuids and property objects (the seed already
// shares frozen property objects between events). A million events cost a few bytes each instead of a
// JS object each. Immutable once built; EventRecord objects are materialized on demand.
import { columnMemory } from './column-memory.ts'
import type { EventRecord } from './models.ts'

type Properties = Readonly<Record<string, unknown>>

/**
 * Added to a ref in the properties column: the event's properties are `{ $set: <the properties object at
 * the ref> }`, made when the event is read. An \`$identify\` event's, in a big generated dataset: as an
 * object of its own for each identified person, ~33 MB at a million persons, and a million more objects
 * for the start-up's collector to copy.
 */
export const SET_OF = 0x80000000

/** Interns values (strings by value, objects by identity) into a table of distinct ones. */
export class Interner<T> {
  readonly #values: T[]
  #count = 0
  readonly #index = new Map<T, number>()

  /** `capacity`: room made at once for that many values (a table grown a value at a time copies itself as it grows). */
  constructor(capacity = 0) {
    this.#values = capacity > 0 ? new Array(capacity) : []
  }

  /** The values, first to last (the room not used let go when read). */
  get values(): T[] {
    if (this.#values.length !== this.#count) this.#values.length = this.#count
    return this.#values
  }

  /** Appends a value the caller knows is not in the table yet, unindexed (`ref` will not find it): no map entry for a value only its maker refers to. */
  add(value: T): number {
    this.#values[this.#count] = value
    return this.#count++
  }

  ref(value: T): number {
    let i = this.#index.get(value)
    if (i === undefined) {
      i = this.add(value)
      this.#index.set(value, i)
    }
    return i
  }
}

/** Positions grouped by a key (counting sort): the positions of key k are order[start[k]..start[k+1]). */
interface Grouping {
  start: Uint32Array
  order: Uint32Array
}

function groupBy(keys: Refs, keyCount: number): Grouping {
  const start = new Uint32Array(keyCount + 1)
  for (let i = 0; i < keys.length; i++) start[keys[i]! + 1]!++
  for (let k = 0; k < keyCount; k++) start[k + 1]! += start[k]!
  const fill = start.slice(0, keyCount)
  const order = new Uint32Array(keys.length)
  for (let i = 0; i < keys.length; i++) order[fill[keys[i]!]!++] = i
  return { start, order }
}

type Refs = Uint8Array | Uint16Array | Uint32Array

interface EventColumnParts {
  timestamps: Float64Array
  /** References into projectTable (project ids are any safe integer; few distinct ones). */
  projects: Refs
  names: Refs
  distinctIds: Refs
  persons: Refs
  properties: Refs
  personProperties: Refs
  projectTable: readonly number[]
  nameTable: readonly string[]
  distinctIdTable: readonly string[]
  personTable: readonly string[]
  propertiesPool: readonly Properties[]
}

export class EventColumns {
  readonly length: number
  readonly #timestamps: Float64Array
  readonly #projects: Refs
  readonly #names: Refs
  readonly #distinctIds: Refs
  readonly #persons: Refs
  readonly #properties: Refs
  readonly #personProperties: Refs
  readonly #projectTable: readonly number[]
  readonly #nameTable: readonly string[]
  readonly #distinctIdTable: readonly string[]
  readonly #personTable: readonly string[]
  readonly #propertiesPool: readonly Properties[]
  #byPerson: { index: Map<string, number>; groups: Grouping } | undefined
  #projectIds: number[] | undefined

  private constructor(columns: EventColumnParts) {
    this.length = columns.timestamps.length
    this.#timestamps = columns.timestamps
    this.#projects = columns.projects
    this.#names = columns.names
    this.#distinctIds = columns.distinctIds
    this.#persons = columns.persons
    this.#properties = columns.properties
    this.#personProperties = columns.personProperties
    this.#projectTable = columns.projectTable
    this.#nameTable = columns.nameTable
    this.#distinctIdTable = columns.distinctIdTable
    this.#personTable = columns.personTable
    this.#propertiesPool = columns.propertiesPool
  }

  /** Columns holding these events, in this order. */
  static from(events: Iterable<EventRecord>): EventColumns {
    const builder = new EventColumnsBuilder()
    for (const event of events) builder.push(event)
    return builder.build()
  }

  /** @internal used by the builder */
  static fromParts(parts: EventColumnParts): EventColumns {
    return new EventColumns(parts)
  }

  /**
   * The event at position i, as a new record each call. Not frozen: it is a copy (the columns cannot be
   * changed through it), and freezing a million of them made an insight query over a 100k-person project
   * ~40% slower. Its property objects are the shared frozen ones.
   */
  at(i: number): EventRecord {
    return {
      project_id: this.#projectTable[this.#projects[i]!]!,
      event: this.#nameTable[this.#names[i]!]!,
      distinct_id: this.#distinctIdTable[this.#distinctIds[i]!]!,
      person_uuid: this.#personTable[this.#persons[i]!]!,
      timestamp: this.#timestamps[i]!,
      properties: this.#propertiesAt(i),
      person_properties: this.#propertiesPool[this.#personProperties[i]!]!,
    }
  }

  #propertiesAt(i: number): Properties {
    const ref = this.#properties[i]!
    return ref < SET_OF ? this.#propertiesPool[ref]! : Object.freeze({ $set: this.#propertiesPool[ref - SET_OF]! })
  }

  projectAt(i: number): number {
    return this.#projectTable[this.#projects[i]!]!
  }

  /** Distinct project ids in order of first appearance. */
  projectIds(): readonly number[] {
    if (!this.#projectIds) {
      const seen = new Set<number>()
      for (let i = 0; i < this.length; i++) seen.add(this.#projects[i]!)
      this.#projectIds = [...seen].map((k) => this.#projectTable[k]!)
    }
    return this.#projectIds
  }

  /** Positions of the person's events, in stored order (the index is built once, on first use). */
  positionsOf(personUuid: string): Uint32Array {
    if (!this.#byPerson) {
      const index = new Map<string, number>()
      this.#personTable.forEach((uuid, k) => index.set(uuid, k))
      this.#byPerson = { index, groups: groupBy(this.#persons, this.#personTable.length) }
    }
    const k = this.#byPerson.index.get(personUuid)
    if (k === undefined) return new Uint32Array(0)
    const { start, order } = this.#byPerson.groups
    return order.subarray(start[k]!, start[k + 1]!)
  }

  /** The events whose project passes `keep`, sharing this one's tables. */
  filterProjects(keep: (projectId: number) => boolean): EventColumns {
    const positions: number[] = []
    for (let i = 0; i < this.length; i++) if (keep(this.projectAt(i))) positions.push(i)
    const pick = <A extends Float64Array | Refs>(column: A): A => {
      const out = new (column.constructor as new (n: number) => A)(positions.length)
      positions.forEach((p, j) => (out[j] = column[p]!))
      return out
    }
    return new EventColumns({
      timestamps: pick(this.#timestamps),
      projects: pick(this.#projects),
      names: pick(this.#names),
      distinctIds: pick(this.#distinctIds),
      persons: pick(this.#persons),
      properties: pick(this.#properties),
      personProperties: pick(this.#personProperties),
      projectTable: this.#projectTable,
      nameTable: this.#nameTable,
      distinctIdTable: this.#distinctIdTable,
      personTable: this.#personTable,
      propertiesPool: this.#propertiesPool,
    })
  }

  *[Symbol.iterator](): IterableIterator<EventRecord> {
    for (let i = 0; i < this.length; i++) yield this.at(i)
  }
}

/** `values` copied into column memory. */
function copyInColumnMemory(values: Float64Array): Float64Array {
  const copy = new Float64Array(columnMemory(values.byteLength))
  copy.set(values)
  return copy
}

/** Bytes a ref into a table of `size` values takes. */
const refBytes = (size: number): 1 | 2 | 4 => (size <= 0x100 ? 1 : size <= 0x10000 ? 2 : 4)

/** The narrowest unsigned array holding references into a table of `size` entries (in column memory, for the plan's writer). */
function refsFor(size: number, length: number, inColumnMemory = false): Refs {
  const bytes = refBytes(size)
  const memory = inColumnMemory ? columnMemory(bytes * length) : new ArrayBuffer(bytes * length)
  return bytes === 1 ? new Uint8Array(memory) : bytes === 2 ? new Uint16Array(memory) : new Uint32Array(memory)
}

/**
 * Appends events one by one into plain arrays, then builds the immutable EventColumns in one copy at
 * their exact length and narrowest widths. The build arrays live on the JavaScript heap, not in typed
 * arrays: typed arrays' memory comes from malloc, and ~40 MB of build arrays freed between the
 * long-lived columns stayed in the process as malloc's free holes (100k persons: RSS 287 -> 251 MB,
 * malloc's heap 46 -> 8 MB), where the garbage collector gives its pages back, spare capacity included.
 */
export class EventColumnsBuilder {
  #timestamps: number[] = []
  /** project, name, distinct id, person, properties, person properties */
  #refs: number[][] = [[], [], [], [], [], []]
  readonly #projectTable = new Interner<number>()
  readonly #nameTable = new Interner<string>()
  readonly #distinctIdTable = new Interner<string>()
  readonly #personTable = new Interner<string>()
  readonly #propertiesPool = new Interner<Properties>()

  push(event: EventRecord): void {
    const refs = this.#refs
    this.#timestamps.push(event.timestamp)
    refs[0]!.push(this.#projectTable.ref(event.project_id))
    refs[1]!.push(this.#nameTable.ref(event.event))
    refs[2]!.push(this.#distinctIdTable.ref(event.distinct_id))
    refs[3]!.push(this.#personTable.ref(event.person_uuid))
    refs[4]!.push(this.#propertiesPool.ref(event.properties))
    refs[5]!.push(this.#propertiesPool.ref(event.person_properties))
  }

  build(): EventColumns {
    const n = this.#timestamps.length
    const tables = [
      this.#projectTable,
      this.#nameTable,
      this.#distinctIdTable,
      this.#personTable,
      this.#propertiesPool,
      this.#propertiesPool,
    ]
    const timestamps = new Float64Array(this.#timestamps)
    const refs = tables.map((table, k) => {
      const column = refsFor(table.values.length, n)
      column.set(this.#refs[k]!)
      return column
    })
    this.#timestamps = []
    this.#refs = [[], [], [], [], [], []]
    return EventColumns.fromParts({
      timestamps,
      projects: refs[0]!,
      names: refs[1]!,
      distinctIds: refs[2]!,
      persons: refs[3]!,
      properties: refs[4]!,
      personProperties: refs[5]!,
      projectTable: this.#projectTable.values,
      nameTable: this.#nameTable.values,
      distinctIdTable: this.#distinctIdTable.values,
      personTable: this.#personTable.values,
      propertiesPool: this.#propertiesPool.values,
    })
  }
}

/** The columns of events written by an EventRowsWriter, without the tables their references point into. */
export interface EventRows {
  timestamps: Float64Array
  /** project, name, distinct id, person, properties, person properties */
  refs: [Refs, Refs, Refs, Refs, Refs, Refs]
}

/** The tables an EventRows' references point into (the values of each, by reference). */
export interface EventTables {
  projects: readonly number[]
  names: readonly string[]
  distinctIds: readonly string[]
  persons: readonly string[]
  properties: readonly Properties[]
}

/** An EventRows' references and their tables, as one EventColumns. */
export function eventColumnsOf(rows: EventRows, tables: EventTables): EventColumns {
  const sizes = [
    tables.projects.length,
    tables.names.length,
    tables.distinctIds.length,
    tables.persons.length,
    tables.properties.length,
    tables.properties.length,
  ]
  rows.refs.forEach((column, k) => {
    if (column.BYTES_PER_ELEMENT < refBytes(sizes[k]!))
      throw new RangeError(`event column ${k} is narrower than its table of ${sizes[k]} values`)
  })
  return EventColumns.fromParts({
    timestamps: rows.timestamps,
    projects: rows.refs[0],
    names: rows.refs[1],
    distinctIds: rows.refs[2],
    persons: rows.refs[3],
    properties: rows.refs[4],
    personProperties: rows.refs[5],
    projectTable: tables.projects,
    nameTable: tables.names,
    distinctIdTable: tables.distinctIds,
    personTable: tables.persons,
    propertiesPool: tables.properties,
  })
}

/**
 * Writes events straight into typed arrays of a length known in advance, as references into tables kept
 * by the caller: the generator of big datasets (src/seed/bulk-plan.ts), where a million persons' events
 * through the builder above cost a map lookup per value and ~8 bytes per value in build arrays (~700 MB
 * at 12 million events). Only numbers: the generator writes them on a thread of its own, while the
 * thread that keeps the tables makes the values (eventColumnsOf puts the two together).
 */
export class EventRowsWriter {
  #length = 0
  readonly #timestamps: Float64Array
  /**
   * project, name, distinct id, person, properties, person properties: each as narrow as the refs
   * written so far need, widened (copied) when a wider one comes. Made 32-bit up front, the columns
   * of a dataset's few projects and event names were copied into bytes at the end, and the two 4-byte
   * build columns (~100 MB at 12 million events) were the start-up's peak.
   */
  readonly #refs: Refs[]
  /** The largest ref each of #refs can hold. */
  readonly #max: number[]

  /**
   * `capacity` events; `bounds`, when known, the most values each table will have (project, name,
   * distinct id, person, properties): a column is made as wide as its bound needs at once. Widened as the
   * refs grew, a million persons' four big columns were made three times each (bytes, then 16, then 32
   * bits): ~140 MB of copies left as malloc's free holes.
   */
  constructor(
    readonly capacity: number,
    bounds?: readonly [number, number, number, number, number],
  ) {
    // (In column memory: see column-memory.ts.)
    this.#timestamps = new Float64Array(columnMemory(8 * capacity))
    const sizes = bounds ? [...bounds, bounds[4]] : [0, 0, 0, 0, 0, 0]
    this.#refs = sizes.map((size) => refsFor(size, capacity, true))
    this.#max = this.#refs.map((column) => 2 ** (8 * column.BYTES_PER_ELEMENT) - 1)
  }

  write(
    project: number,
    name: number,
    distinctId: number,
    person: number,
    properties: number,
    personProperties: number,
    timestamp: number,
  ): void {
    const i = this.#length++
    if (i >= this.capacity) throw new Error(`more than ${this.capacity} events`)
    const max = this.#max
    if (project > max[0]!) this.#widen(0, project)
    if (name > max[1]!) this.#widen(1, name)
    if (distinctId > max[2]!) this.#widen(2, distinctId)
    if (person > max[3]!) this.#widen(3, person)
    if (properties > max[4]!) this.#widen(4, properties)
    if (personProperties > max[5]!) this.#widen(5, personProperties)
    const refs = this.#refs
    this.#timestamps[i] = timestamp
    refs[0]![i] = project
    refs[1]![i] = name
    refs[2]![i] = distinctId
    refs[3]![i] = person
    refs[4]![i] = properties
    refs[5]![i] = personProperties
  }

  /** Column `k` copied into the narrowest kind that holds `ref` (a table of ref + 1 values). */
  #widen(k: number, ref: number): void {
    const wider = refsFor(ref + 1, this.capacity, true)
    wider.set(this.#refs[k]!.subarray(0, this.#length))
    this.#refs[k] = wider
    this.#max[k] = 2 ** (8 * wider.BYTES_PER_ELEMENT) - 1
  }

  /**
   * The columns, for tables of these sizes (project, name, distinct id, person, properties), each at its
   * narrowest width (a full column written at that width is kept as it is).
   */
  finish(sizes: readonly [number, number, number, number, number]): EventRows {
    const n = this.#length
    const tableSizes = [...sizes, sizes[4]]
    const refs = this.#refs.map((column, k) => {
      const written = column.subarray(0, n)
      let size = tableSizes[k]!
      // A ref past its table is one with SET_OF added: a column holding one keeps the width it has.
      if (written.BYTES_PER_ELEMENT > refBytes(size) && written.some((ref) => ref >= size))
        size = 2 ** (8 * written.BYTES_PER_ELEMENT)
      // Full and as narrow as its table needs: the column as written.
      if (n === this.capacity && written.BYTES_PER_ELEMENT === refBytes(size)) return written
      const narrow = refsFor(size, n, true)
      narrow.set(written)
      return narrow
    })
    return {
      timestamps: n === this.capacity ? this.#timestamps : copyInColumnMemory(this.#timestamps.subarray(0, n)),
      refs: refs as EventRows['refs'],
    }
  }
}
