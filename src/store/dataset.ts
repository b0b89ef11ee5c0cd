// The data a store starts from (and returns to on reset): plain, frozen records built from a seed, and
// the same as JSON text (encodeDataset, decodeDataset), the form the default data ships in prebuilt
// (src/seed/default-dataset.gen.ts), so that loading it runs no generator.
import { EventColumns } from './event-log.ts'
import type {
  ActivityRecord,
  ApiKeyRecord,
  OrganizationRecord,
  PersonRecord,
  PlaylistItemRecord,
  PlaylistRecord,
  ProjectRecord,
  RecordingRecord,
  UserRecord,
} from './models.ts'

export interface Dataset {
  /** The seed (or scenario) this data came from. */
  seed: number
  fixtures: string
  /** The instant the data is built around: recent activity is just before it. */
  anchor: number
  organizations: OrganizationRecord[]
  users: UserRecord[]
  projects: ProjectRecord[]
  apiKeys: ApiKeyRecord[]
  persons: PersonRecord[]
  /** Columnar and immutable: the live EventLog uses it as its base without copying. */
  events: EventColumns
  recordings: RecordingRecord[]
  playlists: PlaylistRecord[]
  playlistItems: PlaylistItemRecord[]
  activity: ActivityRecord[]
}

/** 2026-11-01T00:00:00Z: the default dataset's anchor and the in-process default "now". */
export const DEFAULT_ANCHOR = Date.UTC(2026, 10, 1)

/** A scenario name no loader knows (the message names the known ones). */
export class UnknownFixturesError extends Error {}

/** A file that is not a recorded scenario this version can load; the message says where and why. */
export class ScenarioFormatError extends Error {}

/**
 * A deep-frozen copy of `value` (already frozen values are kept, so shared objects stay shared).
 * Plain objects are rebuilt key by key on `{}`: objects made by spreads and then frozen each got a
 * hidden class (map and descriptor array) of their own, memory for every person; rebuilt ones share them.
 */
export function freezeDeep<T>(value: T): T {
  return frozen(value, true)
}

/** `value` deep-frozen where it is: JSON.parse's objects already share their hidden classes. */
function freezeParsed<T>(value: T): T {
  return frozen(value, false)
}

function frozen<T>(value: T, rebuild: boolean): T {
  if (!value || typeof value !== 'object' || Object.isFrozen(value)) return value
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = frozen(value[i], rebuild)
    return Object.freeze(value)
  }
  const record = value as Record<string, unknown>
  const out: Record<string, unknown> = rebuild ? {} : record
  for (const key of Object.keys(record)) out[key] = frozen(record[key], rebuild)
  return Object.freeze(out) as T
}

type Tables = EventColumns['tables']
type EventColumn = keyof EventColumns['columns']['of']

/**
 * The dataset as JSON text: the events as their tables and columns, a person's properties as their
 * position among the events' properties when they are one of them (so decoding shares them again).
 */
export function encodeDataset(dataset: Dataset): string {
  const { tables, columns } = dataset.events
  const refOf = new Map(tables.properties.values.map((p, i) => [p, i]))
  return JSON.stringify({
    ...dataset,
    persons: dataset.persons.map((p) => ({ ...p, properties: refOf.get(p.properties) ?? p.properties })),
    events: {
      tables: Object.fromEntries(Object.entries(tables).map(([name, t]) => [name, t.values])),
      columns: Object.fromEntries(Object.entries(columns.of).map(([name, c]) => [name, Array.from(c)])),
    },
  })
}

/** The dataset `encodeDataset` wrote, its records frozen as a generated one's are. */
export function decodeDataset(text: string): Dataset {
  const raw = JSON.parse(text) as Dataset & {
    events: { tables: { [K in keyof Tables]: Tables[K]['values'] }; columns: Record<EventColumn, number[]> }
  }
  const { tables, columns: c } = raw.events
  const events = new EventColumns(c.time.length)
  for (const name of Object.keys(tables) as Array<keyof Tables>)
    for (const value of tables[name]) (events.tables[name] as { add(v: unknown): number }).add(freezeParsed(value))
  for (let i = 0; i < c.time.length; i++)
    events.append(
      c.project[i]!,
      c.name[i]!,
      c.distinctId[i]!,
      c.person[i]!,
      c.properties[i]!,
      c.personProperties[i]!,
      c.time[i]!,
    )
  const pool = events.tables.properties.values
  for (const p of raw.persons) if (typeof p.properties === 'number') p.properties = pool[p.properties]!
  const list = <T>(records: T[]) => records.map(freezeParsed)
  return {
    ...raw,
    organizations: list(raw.organizations),
    users: list(raw.users),
    projects: list(raw.projects),
    apiKeys: list(raw.apiKeys),
    persons: list(raw.persons),
    events: events.done(),
    recordings: list(raw.recordings),
    playlists: list(raw.playlists),
    playlistItems: list(raw.playlistItems),
    activity: list(raw.activity),
  }
}
