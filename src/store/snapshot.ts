// The whole store as plain data, and back: every @msw/data collection (found on the store), the tables
// written among the collections so that state files keep one shape (playlists, their items, tasks,
// insights), the persons, events, recordings and activity log, the id counters and the
// seeded generator's position. The clock and the request journal are not store state.
//
// Two uses: the fuzz suite compares a snapshot taken before a rejected write with one taken after (it
// must be equal), and `serve --state FILE` writes it to disk and restores it at the next start.
import { Collection } from '@msw/data'
import { freezeDeep, type Dataset } from './dataset.ts'
import { EventLog, type EventSequence } from './event-log.ts'
import {
  activitySchema,
  insightSchema,
  playlistItemSchema,
  playlistSchema,
  taskSchema,
  type ActivityRecord,
  type EventRecord,
  type Infer,
  type PersonRecord,
  type RecordingRecord,
} from './models.ts'
import { PersonTable } from './person-table.ts'
import { ActivityLog, InsightTable, PlaylistItemTable, PlaylistTable, RecordingTable, TaskTable } from './tables.ts'
import type { Counters, Store } from './store.ts'

export interface StoreSnapshot {
  /** The seed and scenario the store was last reset to (what `POST /_mock/reset` with no body returns to). */
  seed: number
  fixtures: string
  anchor: number
  /** Collection name -> records, in the collection's order (plain JSON copies). */
  collections: Record<string, Record<string, unknown>[]>
  /** The big tables' records (frozen; shared with the store, never copied). */
  persons: PersonRecord[]
  /** The events as they were when the snapshot was taken (made as iterated: see EventLog.frozen). */
  events: EventSequence
  recordings: RecordingRecord[]
  /** The activity log in the order appended (frozen; shared with the store). */
  activity: ActivityRecord[]
  counters: Counters
  /** SeededRandom position. */
  random: number
}

/** A snapshot that cannot be restored (damaged, or from an incompatible version). */
export class SnapshotFormatError extends Error {}

/** The tables written among the collections (by the store's field name), with the schema their records are checked against when read. */
const RECORD_TABLES = {
  playlists: playlistSchema,
  playlistItems: playlistItemSchema,
  tasks: taskSchema,
  insights: insightSchema,
} as const
type RecordTableName = keyof typeof RECORD_TABLES

/** The store's @msw/data collections, by field name. */
export function storeCollections(store: Store): Array<[string, Collection<any>]> {
  return Object.entries(store).filter((entry): entry is [string, Collection<any>] => entry[1] instanceof Collection)
}

/** A deep copy of JSON-like data (collection records hold nothing else); undefined members are dropped, as JSON would. */
function plain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(plain) as T
  const out: Record<string, unknown> = {}
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key]
    if (v !== undefined) out[key] = plain(v)
  }
  return out as T
}

export function snapshotStore(store: Store): StoreSnapshot {
  const collections: StoreSnapshot['collections'] = {}
  for (const [name, collection] of storeCollections(store)) collections[name] = collection.all().map(plain)
  for (const name of Object.keys(RECORD_TABLES) as RecordTableName[])
    collections[name] = (store[name].all() as object[]).map(plain) as Record<string, unknown>[]
  return {
    seed: store.dataset.seed,
    fixtures: store.dataset.fixtures,
    anchor: store.dataset.anchor,
    collections,
    persons: store.persons.all(),
    events: store.events.frozen(),
    recordings: store.recordings.toArray(),
    activity: store.activity.toArray(),
    counters: { ...store.counters },
    random: store.random.state,
  }
}

/**
 * The first place two snapshots differ (a JSON-pointer-like path), or null when they are equal.
 * Records shared by reference are equal without a look inside, so comparing two snapshots of an
 * unchanged store costs one pass over the references.
 */
export function snapshotDifference(a: StoreSnapshot, b: StoreSnapshot): string | null {
  return difference({ ...a, events: [...a.events] }, { ...b, events: [...b.events] }, '')
}

function difference(a: unknown, b: unknown, path: string): string | null {
  if (a === b) return null
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return Number.isNaN(a) && Number.isNaN(b) ? null : path || '/'
  }
  if (Array.isArray(a) !== Array.isArray(b)) return path || '/'
  if (Array.isArray(a)) {
    const bs = b as unknown[]
    if (a.length !== bs.length) return `${path}/length (${a.length} vs ${bs.length})`
    for (let i = 0; i < a.length; i++) {
      if (a[i] === bs[i]) continue // the common case: the same frozen record
      const d = difference(a[i], bs[i], `${path}/${i}`)
      if (d) return d
    }
    return null
  }
  // A record read through getters (recording-columns.ts) has no own fields: compared as it is written.
  const ao = asWritten(a as Record<string, unknown>)
  const bo = asWritten(b as Record<string, unknown>)
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)])
  for (const key of keys) {
    const d = difference(ao[key], bo[key], `${path}/${key}`)
    if (d) return d
  }
  return null
}

const asWritten = (o: Record<string, unknown>): Record<string, unknown> =>
  typeof o.toJSON === 'function' ? (o.toJSON as () => Record<string, unknown>)() : o

/**
 * The snapshot as JSON-ready data. Events share their properties and person-properties objects in the
 * store (a generated dataset's page views share a few thousand; a person's properties change once per
 * write), so each is written once, in a pool, and referred to by index.
 */
export function encodeSnapshot(snapshot: StoreSnapshot): Record<string, unknown> {
  const pools: EventPools = { properties: [], personProperties: [] }
  const events = [...pooledEvents(snapshot.events, pools)]
  return { ...snapshot, events, event_properties: pools.properties, person_properties: pools.personProperties }
}

/** What `pooledEvents` fills: the objects the events refer to, by index. */
export interface EventPools {
  properties: unknown[]
  personProperties: unknown[]
}

/**
 * The events as `encodeSnapshot` writes them, one at a time (a big store is written in slices): each
 * event's properties and person-properties objects are replaced by their indexes in `pools`, which fill
 * as the events are read. (Written inline, as version 3 files have them, a big dataset's properties
 * would be much more to write, and read back as an object per event, none of them shared.)
 */
export function* pooledEvents(
  events: Iterable<EventRecord>,
  pools: EventPools,
): Generator<Record<string, unknown>, void, undefined> {
  const properties = new Map<unknown, number>()
  const personProperties = new Map<unknown, number>()
  const indexIn = (index: Map<unknown, number>, pool: unknown[], value: unknown) => {
    let i = index.get(value)
    if (i === undefined) {
      i = pool.push(value) - 1
      index.set(value, i)
    }
    return i
  }
  for (const event of events) {
    yield {
      ...event,
      properties: indexIn(properties, pools.properties, event.properties),
      person_properties: indexIn(personProperties, pools.personProperties, event.person_properties),
    }
  }
}

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new SnapshotFormatError(what)
}

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Reads what `encodeSnapshot` wrote, checking the shape it relies on (a damaged file is refused, not half-loaded). */
export function decodeSnapshot(data: unknown): StoreSnapshot {
  check(isObject(data), 'the store is not an object')
  const d = data as Record<string, any>
  check(
    Number.isSafeInteger(d.seed) && typeof d.fixtures === 'string' && Number.isFinite(d.anchor),
    'seed, fixtures or anchor is missing',
  )
  check(
    isObject(d.collections) && Object.values(d.collections).every((c) => Array.isArray(c) && c.every(isObject)),
    'collections are damaged',
  )
  check(isObject(d.counters) && Object.values(d.counters).every((n) => Number.isSafeInteger(n)), 'counters are damaged')
  check(Number.isSafeInteger(d.random), 'the random state is damaged')
  check(
    Array.isArray(d.persons) &&
      Array.isArray(d.events) &&
      Array.isArray(d.recordings) &&
      Array.isArray(d.activity) &&
      Array.isArray(d.person_properties),
    'a table is missing',
  )
  /** A pool of the objects events refer to by index: each an object, frozen. */
  const objectPool = (list: unknown[], what: string) =>
    list.map((p) => {
      check(isObject(p), `${what} are damaged`)
      return freezeDeep(p)
    })
  const pool = objectPool(d.person_properties, 'person properties')
  // Version 4 pools the events' properties too; earlier files have them inline.
  check(d.event_properties === undefined || Array.isArray(d.event_properties), 'event properties are damaged')
  const propertiesPool = objectPool(d.event_properties ?? [], 'event properties')
  const personIds = new Set<number>()
  const persons = (d.persons as unknown[]).map((p) => {
    check(
      isObject(p) &&
        Number.isSafeInteger(p.id) &&
        p.id >= 0 &&
        typeof p.uuid === 'string' &&
        Number.isSafeInteger(p.project_id) &&
        Array.isArray(p.distinct_ids) &&
        isObject(p.properties) &&
        Number.isFinite(p.created_at),
      'a person is damaged',
    )
    check(!personIds.has(p.id), `two persons have the id ${p.id}`)
    personIds.add(p.id)
    // Files from before the merge flag was stored: more than one distinct id means a merge made it.
    if (typeof p.is_identified !== 'boolean') p.is_identified = (p.distinct_ids as unknown[]).length > 1
    return freezeDeep(p as unknown as PersonRecord)
  })
  const events = (d.events as unknown[]).map((e) => {
    const pooled = isObject(e) && Number.isSafeInteger(e.properties)
    check(
      isObject(e) &&
        Number.isSafeInteger(e.project_id) &&
        typeof e.event === 'string' &&
        typeof e.person_uuid === 'string' &&
        Number.isFinite(e.timestamp) &&
        (pooled ? propertiesPool[e.properties] !== undefined : isObject(e.properties)) &&
        Number.isSafeInteger(e.person_properties) &&
        pool[e.person_properties] !== undefined,
      'an event is damaged',
    )
    return Object.freeze({
      ...e,
      properties: pooled ? propertiesPool[e.properties] : freezeDeep(e.properties),
      person_properties: pool[e.person_properties],
    }) as EventRecord
  })
  const recordings = (d.recordings as unknown[]).map((r) => {
    check(
      isObject(r) && typeof r.id === 'string' && Number.isSafeInteger(r.project_id) && Number.isFinite(r.start_time),
      'a recording is damaged',
    )
    return freezeDeep(r as unknown as RecordingRecord)
  })
  const activity = (d.activity as unknown[]).map((a) => {
    check(activitySchema.parse(a), 'an activity entry is damaged')
    return freezeDeep(a as ActivityRecord)
  })
  return {
    seed: d.seed,
    fixtures: d.fixtures,
    anchor: d.anchor,
    collections: d.collections,
    persons,
    events,
    recordings,
    activity,
    counters: d.counters as Counters,
    random: d.random,
  }
}

/**
 * Puts the store in the snapshot's state. `base` is the seeded dataset of the snapshot's seed and
 * scenario: it stays the store's dataset, so a later reset goes back to it.
 */
export async function restoreStore(store: Store, snapshot: StoreSnapshot, base: Dataset): Promise<void> {
  if (base.seed !== snapshot.seed || base.fixtures !== snapshot.fixtures || base.anchor !== snapshot.anchor) {
    throw new SnapshotFormatError(
      `the snapshot was taken from other seed data (seed ${snapshot.seed}, fixtures "${snapshot.fixtures}")`,
    )
  }
  const known = new Map(storeCollections(store))
  for (const name of Object.keys(snapshot.collections)) {
    if (!known.has(name) && !(name in RECORD_TABLES)) throw new SnapshotFormatError(`unknown collection "${name}"`)
  }
  for (const name of Object.keys(store.counters)) {
    if (!(name in snapshot.counters)) throw new SnapshotFormatError(`counter "${name}" is missing`)
  }
  // Fresh collections of the store's own kinds (the schemas validate every record on the way in).
  const fresh = new Map<string, Collection<any>>()
  for (const [name, collection] of known)
    fresh.set(name, new Collection({ schema: (collection as any).options.schema }))
  const tables: { [K in RecordTableName]: Array<Infer<(typeof RECORD_TABLES)[K]>> } = {
    playlists: [],
    playlistItems: [],
    tasks: [],
    insights: [],
  }
  for (const [name, records] of Object.entries(snapshot.collections)) {
    if (name in RECORD_TABLES) {
      const schema = RECORD_TABLES[name as RecordTableName]
      for (const record of records) {
        const parsed = schema.parse(record)
        if (!parsed)
          throw new SnapshotFormatError(
            `a record of "${name}" does not fit this version's model: ${JSON.stringify(record).slice(0, 200)}`,
          )
        ;(tables[name as RecordTableName] as object[]).push(freezeDeep(parsed))
      }
      continue
    }
    const target = fresh.get(name)!
    const schema = (target as any).options.schema
    for (const record of records) {
      // Checked here first: @msw/data would print the schema issues before it throws.
      const result = await schema['~standard'].validate(record)
      if (result.issues) {
        throw new SnapshotFormatError(
          `a record of "${name}" does not fit this version's model: ${JSON.stringify(record).slice(0, 200)}`,
        )
      }
      await target.create(plain(record))
    }
  }
  let made: Pick<Store, 'persons' | 'recordings' | 'activity' | 'playlists' | 'playlistItems' | 'tasks' | 'insights'>
  try {
    made = {
      persons: new PersonTable(snapshot.persons),
      recordings: new RecordingTable(snapshot.recordings),
      activity: new ActivityLog(snapshot.activity),
      playlists: new PlaylistTable(tables.playlists),
      playlistItems: new PlaylistItemTable(tables.playlistItems),
      tasks: new TaskTable(tables.tasks),
      insights: new InsightTable(tables.insights),
    }
  } catch (error) {
    throw new SnapshotFormatError((error as Error).message) // two records with one id
  }
  const events = new EventLog(snapshot.events)
  // Only now, with everything read, does the store change.
  await store.load(base)
  store.replaceDirectory(Object.fromEntries(fresh) as never)
  Object.assign(store, made)
  store.events = events
  store.counters = { ...snapshot.counters }
  store.random.state = snapshot.random
  store.nextTaskDueAt = store.tasks.earliestQueued()
}
