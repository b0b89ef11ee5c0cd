// The events: a dataset's events in columns (columns.ts), immutable and shared by every store that loads
// the dataset (a reset reuses them), and the live log over them: the events appended since (capture,
// factories) and the base events deleted since. Records are made when read.
import { Columns, Interner, widthFor, type Width } from './columns.ts'
import { HashIndex, hashKey } from './hash-index.ts'
import type { EventRecord } from './models.ts'
import { nextStamp } from './stamp.ts'

type Properties = Readonly<Record<string, unknown>>
type EventColumn = 'time' | 'project' | 'name' | 'distinctId' | 'person' | 'properties' | 'personProperties'

/**
 * Added to a ref in the properties column: the event's properties are `{ $set: <the properties at the
 * ref> }`, made when read (a big generated dataset's `$identify` events would otherwise each hold an object of
 * their own).
 */
export const SET_OF = 0x80000000

/** The most values each table may hold, when known: the columns are made that wide at once. */
export type EventBounds = Partial<Record<'distinctIds' | 'persons' | 'properties', number>>

/** Events in columns, each value a position in one of `tables`. */
export class EventColumns {
  readonly tables = {
    projects: new Interner<number>(),
    names: new Interner<string>(),
    distinctIds: new Interner<string>(),
    persons: new Interner<string>(),
    properties: new Interner<Properties>(),
  }
  columns: Columns<EventColumn>
  #byPerson: { index: HashIndex; start: Uint32Array; order: Uint32Array } | undefined

  /** Room for `capacity` events (more only cost a copy); `bounds` set the widths of the big columns. */
  constructor(capacity = 0, bounds: EventBounds = {}) {
    const w = (max?: number): Width => (max === undefined ? 1 : widthFor(max))
    this.columns = new Columns(capacity, {
      time: 8,
      project: 1,
      name: 1,
      distinctId: w(bounds.distinctIds),
      person: w(bounds.persons),
      properties: bounds.properties === undefined ? 1 : 4,
      personProperties: w(bounds.properties),
    })
  }

  /** Columns holding these events, in this order. */
  static from(events: Iterable<EventRecord>): EventColumns {
    const columns = new EventColumns()
    for (const event of events) columns.push(event)
    return columns.done()
  }

  get length(): number {
    return this.columns.length
  }

  /** Appends an event given as positions in the tables. */
  append(
    project: number,
    name: number,
    distinctId: number,
    person: number,
    properties: number,
    personProperties: number,
    time: number,
  ): void {
    const c = this.columns
    const i = c.add()
    const limit = c.limit
    if (project > limit.project) c.widen('project', project)
    if (name > limit.name) c.widen('name', name)
    if (distinctId > limit.distinctId) c.widen('distinctId', distinctId)
    if (person > limit.person) c.widen('person', person)
    if (properties > limit.properties) c.widen('properties', properties)
    if (personProperties > limit.personProperties) c.widen('personProperties', personProperties)
    const of = c.of
    of.time[i] = time
    of.project[i] = project
    of.name[i] = name
    of.distinctId[i] = distinctId
    of.person[i] = person
    of.properties[i] = properties
    of.personProperties[i] = personProperties
  }

  /** Appends an event, its values found in (or added to) the tables. */
  push(event: EventRecord): void {
    const t = this.tables
    this.append(
      t.projects.ref(event.project_id),
      t.names.ref(event.event),
      t.distinctIds.ref(event.distinct_id),
      t.persons.ref(event.person_uuid),
      t.properties.ref(event.properties),
      t.properties.ref(event.person_properties),
      event.timestamp,
    )
  }

  /** Done appending: the columns cut to their length. */
  done(): this {
    this.columns.done()
    return this
  }

  /** The event at position i, as a new record (not frozen: a copy; its property objects are the shared frozen ones). */
  at(i: number): EventRecord {
    const c = this.columns.of
    const t = this.tables
    const ref = c.properties[i]!
    const pool = t.properties.values
    return {
      project_id: t.projects.values[c.project[i]!]!,
      event: t.names.values[c.name[i]!]!,
      distinct_id: t.distinctIds.values[c.distinctId[i]!]!,
      person_uuid: t.persons.values[c.person[i]!]!,
      timestamp: c.time[i]!,
      properties: ref < SET_OF ? pool[ref]! : Object.freeze({ $set: pool[ref - SET_OF]! }),
      person_properties: pool[c.personProperties[i]!]!,
    }
  }

  projectAt(i: number): number {
    return this.tables.projects.values[this.columns.of.project[i]!]!
  }

  /** Project ids in order of first appearance. */
  projectIds(): number[] {
    const seen = new Set<number>()
    for (let i = 0; i < this.length; i++) seen.add(this.projectAt(i))
    return [...seen]
  }

  /** Positions of the person's events, in stored order (grouped by person at the first call). */
  positionsOf(personUuid: string): Uint32Array {
    const persons = this.tables.persons.values
    if (!this.#byPerson) {
      const index = new HashIndex(persons.length)
      for (let k = 0; k < persons.length; k++) index.add(hashKey(persons[k]!), k)
      // A counting sort of the positions by person.
      const refs = this.columns.of.person
      const start = new Uint32Array(persons.length + 1)
      for (let i = 0; i < this.length; i++) start[refs[i]! + 1]!++
      for (let k = 0; k < persons.length; k++) start[k + 1]! += start[k]!
      const fill = start.slice(0, persons.length)
      const order = new Uint32Array(this.length)
      for (let i = 0; i < this.length; i++) order[fill[refs[i]!]!++] = i
      this.#byPerson = { index, start, order }
    }
    const { index, start, order } = this.#byPerson
    const k = index.find(hashKey(personUuid), (k) => persons[k] === personUuid)
    return k < 0 ? new Uint32Array(0) : order.subarray(start[k]!, start[k + 1]!)
  }

  /** The events whose project passes `keep`, sharing this one's tables. */
  filterProjects(keep: (projectId: number) => boolean): EventColumns {
    const out = new EventColumns(this.length)
    Object.assign(out.tables, this.tables)
    const from = this.columns.of
    for (let i = 0; i < this.length; i++) {
      if (!keep(this.projectAt(i))) continue
      const j = out.columns.add()
      for (const k in from) out.columns.set(k as EventColumn, j, from[k as EventColumn][i]!)
    }
    return out.done()
  }

  *[Symbol.iterator](): IterableIterator<EventRecord> {
    for (let i = 0; i < this.length; i++) yield this.at(i)
  }
}

/** Events in order, with their count: an array, or a log's frozen view (`EventLog.frozen`). */
export interface EventSequence extends Iterable<EventRecord> {
  readonly length: number
}

/** A project's events in the order stored: its base events not deleted, then those appended. */
function* projectEvents(
  base: EventColumns,
  projectId: number,
  deleted: ReadonlySet<number>,
  appended: readonly EventRecord[],
): Generator<EventRecord> {
  for (let i = 0; i < base.length; i++)
    if (base.projectAt(i) === projectId && !(deleted.size && deleted.has(i))) yield base.at(i)
  yield* appended
}

export class EventLog {
  readonly #base: EventColumns
  /** Base positions deleted since. */
  readonly #deleted = new Set<number>()
  #appendedByPerson = new Map<string, EventRecord[]>()
  #appendedByProject = new Map<number, EventRecord[]>()
  #size: number
  #stamp = nextStamp()

  constructor(records: EventColumns | Iterable<EventRecord> = []) {
    this.#base = records instanceof EventColumns ? records : EventColumns.from(records)
    this.#size = this.#base.length
  }

  get size(): number {
    return this.#size
  }

  /** Changes whenever an event is added or deleted (see stamp.ts). */
  get stamp(): number {
    return this.#stamp
  }

  add(event: EventRecord): void {
    listIn(this.#appendedByPerson, event.person_uuid).push(event)
    listIn(this.#appendedByProject, event.project_id).push(event)
    this.#size++
    this.#stamp = nextStamp()
  }

  #basePositionsOf(personUuid: string): number[] {
    return [...this.#base.positionsOf(personUuid)].filter((i) => !this.#deleted.has(i))
  }

  /** The person's events in the order they were stored (new records each call). */
  forPerson(personUuid: string): readonly EventRecord[] {
    const base = this.#basePositionsOf(personUuid).map((i) => this.#base.at(i))
    const appended = this.#appendedByPerson.get(personUuid)
    return appended ? base.concat(appended) : base
  }

  /** The project's events in the order stored, made one at a time; may be iterated again. */
  forProject(projectId: number): Iterable<EventRecord> {
    const base = this.#base
    const deleted = this.#deleted
    const appended = this.#appendedByProject.get(projectId) ?? []
    return { [Symbol.iterator]: () => projectEvents(base, projectId, deleted, appended) }
  }

  /** Every event, project by project (in order of first appearance), each project's in the order stored. */
  toArray(): EventRecord[] {
    return [...this.frozen()]
  }

  /**
   * Every event as `toArray` orders them, as they are now: later changes to the log do not show. It costs
   * a copy of what changed since the base; the records are made as it is iterated.
   */
  frozen(): EventSequence {
    const base = this.#base
    const deleted = new Set(this.#deleted)
    const projects = [...new Set([...base.projectIds(), ...this.#appendedByProject.keys()])]
    const appended = new Map([...this.#appendedByProject].map(([projectId, events]) => [projectId, events.slice()]))
    return {
      length: this.#size,
      *[Symbol.iterator]() {
        for (const projectId of projects) yield* projectEvents(base, projectId, deleted, appended.get(projectId) ?? [])
      },
    }
  }

  /** Deletes every event of the person; returns how many. */
  deleteForPerson(personUuid: string): number {
    const positions = this.#basePositionsOf(personUuid)
    for (const i of positions) this.#deleted.add(i)
    const appended = this.#appendedByPerson.get(personUuid) ?? []
    this.#appendedByPerson.delete(personUuid)
    if (appended.length) {
      const gone = new Set(appended)
      for (const [projectId, events] of this.#appendedByProject)
        this.#appendedByProject.set(
          projectId,
          events.filter((e) => !gone.has(e)),
        )
    }
    const count = positions.length + appended.length
    this.#size -= count
    if (count) this.#stamp = nextStamp()
    return count
  }
}

function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key)
  if (!list) map.set(key, (list = []))
  return list
}
