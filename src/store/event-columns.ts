// Events stored column by column: a typed array of timestamps, and integer references into shared
// tables for project ids, names, distinct ids, person uuids and property objects (the seed already
// shares frozen property objects between events). A million events cost a few bytes each instead of a
// JS object each. Immutable once built; EventRecord objects are materialized on demand.
import type { EventRecord } from './models.ts'

type Properties = Readonly<Record<string, unknown>>

/** Interns values (strings by value, objects by identity) into a table of distinct ones. */
class Interner<T> {
  readonly values: T[] = []
  readonly #index = new Map<T, number>()

  ref(value: T): number {
    let i = this.#index.get(value)
    if (i === undefined) {
      i = this.values.push(value) - 1
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

function groupBy(keys: Uint32Array, keyCount: number): Grouping {
  const start = new Uint32Array(keyCount + 1)
  for (let i = 0; i < keys.length; i++) start[keys[i]! + 1]!++
  for (let k = 0; k < keyCount; k++) start[k + 1]! += start[k]!
  const fill = start.slice(0, keyCount)
  const order = new Uint32Array(keys.length)
  for (let i = 0; i < keys.length; i++) order[fill[keys[i]!]!++] = i
  return { start, order }
}

interface EventColumnParts {
  timestamps: Float64Array
  /** References into projectTable (project ids are any safe integer; few distinct ones). */
  projects: Uint32Array
  names: Uint32Array
  distinctIds: Uint32Array
  persons: Uint32Array
  properties: Uint32Array
  personProperties: Uint32Array
  projectTable: readonly number[]
  nameTable: readonly string[]
  distinctIdTable: readonly string[]
  personTable: readonly string[]
  propertiesPool: readonly Properties[]
}

export class EventColumns {
  readonly length: number
  readonly #timestamps: Float64Array
  readonly #projects: Uint32Array
  readonly #names: Uint32Array
  readonly #distinctIds: Uint32Array
  readonly #persons: Uint32Array
  readonly #properties: Uint32Array
  readonly #personProperties: Uint32Array
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

  /** The event at position i, as a frozen record (a new object each call). */
  at(i: number): EventRecord {
    return Object.freeze({
      project_id: this.#projectTable[this.#projects[i]!]!,
      event: this.#nameTable[this.#names[i]!]!,
      distinct_id: this.#distinctIdTable[this.#distinctIds[i]!]!,
      person_uuid: this.#personTable[this.#persons[i]!]!,
      timestamp: this.#timestamps[i]!,
      properties: this.#propertiesPool[this.#properties[i]!]!,
      person_properties: this.#propertiesPool[this.#personProperties[i]!]!,
    })
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
    const pick = <A extends Float64Array | Uint32Array>(column: A): A => {
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

/** Appends events one by one (growing its columns), then builds the immutable EventColumns. */
export class EventColumnsBuilder {
  #length = 0
  #timestamps = new Float64Array(1024)
  #projects = new Uint32Array(1024)
  #names = new Uint32Array(1024)
  #distinctIds = new Uint32Array(1024)
  #persons = new Uint32Array(1024)
  #properties = new Uint32Array(1024)
  #personProperties = new Uint32Array(1024)
  readonly #projectTable = new Interner<number>()
  readonly #nameTable = new Interner<string>()
  readonly #distinctIdTable = new Interner<string>()
  readonly #personTable = new Interner<string>()
  readonly #propertiesPool = new Interner<Properties>()

  #grow(): void {
    const size = this.#timestamps.length * 2
    const grown = <A extends Float64Array | Uint32Array>(column: A): A => {
      const out = new (column.constructor as new (n: number) => A)(size)
      out.set(column)
      return out
    }
    this.#timestamps = grown(this.#timestamps)
    this.#projects = grown(this.#projects)
    this.#names = grown(this.#names)
    this.#distinctIds = grown(this.#distinctIds)
    this.#persons = grown(this.#persons)
    this.#properties = grown(this.#properties)
    this.#personProperties = grown(this.#personProperties)
  }

  push(event: EventRecord): void {
    if (this.#length === this.#timestamps.length) this.#grow()
    const i = this.#length++
    this.#timestamps[i] = event.timestamp
    this.#projects[i] = this.#projectTable.ref(event.project_id)
    this.#names[i] = this.#nameTable.ref(event.event)
    this.#distinctIds[i] = this.#distinctIdTable.ref(event.distinct_id)
    this.#persons[i] = this.#personTable.ref(event.person_uuid)
    this.#properties[i] = this.#propertiesPool.ref(event.properties)
    this.#personProperties[i] = this.#propertiesPool.ref(event.person_properties)
  }

  build(): EventColumns {
    const n = this.#length
    // Copies trimmed to the length, so the spare capacity is freed with the builder.
    return EventColumns.fromParts({
      timestamps: this.#timestamps.slice(0, n),
      projects: this.#projects.slice(0, n),
      names: this.#names.slice(0, n),
      distinctIds: this.#distinctIds.slice(0, n),
      persons: this.#persons.slice(0, n),
      properties: this.#properties.slice(0, n),
      personProperties: this.#personProperties.slice(0, n),
      projectTable: this.#projectTable.values,
      nameTable: this.#nameTable.values,
      distinctIdTable: this.#distinctIdTable.values,
      personTable: this.#personTable.values,
      propertiesPool: this.#propertiesPool.values,
    })
  }
}
