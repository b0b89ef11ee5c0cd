// What the store holds. Instants are epoch milliseconds; the API layer renders them as ISO 8601.
// Records are treated as immutable: a change replaces the record, so a reset can share the seed's objects.
//
// The models that are checked when they come from outside (a state file; a recorded scenario's
// playlists) or that @msw/data holds are written as shapes, a check per field, each a Standard Schema
// (@msw/data's Collection takes any: it calls `schema['~standard'].validate` on each create and update),
// their record types inferred from them. Checking keeps a shape's fields and drops any other, as a
// Collection keeps what the schema returns.

type Check<T> = (value: unknown) => value is T
type Shape = Record<string, Check<unknown>>
type Fields<S extends Shape> = { [K in keyof S]: S[K] extends Check<infer T> ? T : never }
type Optional<S extends Shape> = { [K in keyof S]: undefined extends Fields<S>[K] ? K : never }[keyof S]
/** A shape's record: its optional fields (those whose check takes undefined) may be absent. */
type RecordOf<S extends Shape> = Omit<Fields<S>, Optional<S>> & Partial<Pick<Fields<S>, Optional<S>>>
/** The record type of a model. */
export type Infer<M> = M extends Model<infer T> ? T : never

export interface Model<T> {
  shape: Shape
  /** The record with the shape's fields only, or undefined when a field does not fit. */
  parse(value: unknown): T | undefined
  '~standard': {
    version: 1
    vendor: 'analytics-mock'
    validate(value: unknown): { value: T } | { issues: Array<{ message: string }> }
    types?: { input: T; output: T }
  }
}

const is =
  <T>(test: (value: unknown) => boolean): Check<T> =>
  (value): value is T =>
    test(value)
const string = is<string>((v) => typeof v === 'string')
const number = is<number>((v) => typeof v === 'number' && Number.isFinite(v))
const int = is<number>(Number.isSafeInteger)
const boolean = is<boolean>((v) => typeof v === 'boolean')
const anyJson = is<unknown>(() => true)
const json = is<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
const nullable = <T>(check: Check<T>) => is<T | null>((v) => v === null || check(v))
const optional = <T>(check: Check<T>) => is<T | undefined>((v) => v === undefined || check(v))
const arrayOf = <T>(check: Check<T>) => is<T[]>((v) => Array.isArray(v) && v.every(check))
const oneOf = <const T extends readonly string[]>(...values: T) => is<T[number]>((v) => values.includes(v as string))
const object = <S extends Shape>(shape: S) => {
  const { parse } = model(shape)
  return is<RecordOf<S>>((v) => parse(v) !== undefined)
}

function model<S extends Shape>(shape: S): Model<RecordOf<S>> {
  const parse = (value: unknown) => {
    if (!json(value)) return undefined
    const out: Record<string, unknown> = {}
    for (const key in shape) {
      if (!shape[key]!(value[key])) return undefined
      if (value[key] !== undefined) out[key] = value[key]
    }
    return out as RecordOf<S>
  }
  return {
    shape,
    parse,
    '~standard': {
      version: 1,
      vendor: 'analytics-mock',
      validate(value) {
        const record = parse(value)
        return record ? { value: record } : { issues: [{ message: 'does not fit the model' }] }
      },
    },
  }
}

export const organizationSchema = model({
  id: string,
  name: string,
  slug: string,
  created_at: number,
})
export type OrganizationRecord = Infer<typeof organizationSchema>

export const userSchema = model({
  id: int,
  uuid: string,
  distinct_id: string,
  first_name: string,
  last_name: string,
  email: string,
  is_email_verified: boolean,
  role_at_organization: nullable(string),
  hedgehog_config: nullable(json),
  organization_id: string,
})
export type UserRecord = Infer<typeof userSchema>

export const projectSchema = model({
  id: int,
  uuid: string,
  organization_id: string,
  name: string,
  api_token: string,
  timezone: string,
  created_at: number,
})
export type ProjectRecord = Infer<typeof projectSchema>

export const apiKeySchema = model({
  id: string,
  value: string,
  label: string,
  user_id: int,
  /** [] or null: a legacy key, allowed everything */
  scopes: nullable(arrayOf(string)),
  scoped_teams: arrayOf(int),
  scoped_organizations: arrayOf(string),
  created_at: number,
})
export type ApiKeyRecord = Infer<typeof apiKeySchema>

export const playlistSchema = model({
  id: int,
  short_id: string,
  project_id: int,
  name: nullable(string),
  derived_name: nullable(string),
  description: string,
  pinned: boolean,
  deleted: boolean,
  /** Any JSON, as the real JSONField stores it (an object, a list, a text, ...). */
  filters: anyJson,
  type: nullable(oneOf('collection', 'filters')),
  created_at: number,
  created_by_id: nullable(int),
  last_modified_at: number,
  last_modified_by_id: nullable(int),
  /** `_create_in_folder` as given on create (write-only in the real service; echoed here, seed 2.2). */
  create_in_folder: optional(string),
})
export type PlaylistRecord = Infer<typeof playlistSchema>

export const playlistItemSchema = model({
  id: int,
  playlist_id: int,
  recording_id: string,
  created_at: number,
})
export type PlaylistItemRecord = Infer<typeof playlistItemSchema>

/** Not a collection: the activity log is a table of its own (ActivityLog in tables.ts); this types its entries and checks them when a snapshot is read. */
export const activitySchema = model({
  id: string,
  seq: int,
  project_id: int,
  scope: string,
  item_id: string,
  activity: string,
  user_id: nullable(int),
  detail: json,
  created_at: number,
})
export type ActivityRecord = Infer<typeof activitySchema>

export const taskSchema = model({
  id: int,
  kind: oneOf('delete_person_events'),
  project_id: int,
  target: object({ person_uuid: string, person_id: int, distinct_ids: arrayOf(string) }),
  created_at: number,
  scheduled_for: number,
  state: oneOf('queued', 'done'),
  ran_at: nullable(number),
  result: nullable(object({ deleted_events: int })),
})
export type TaskRecord = Infer<typeof taskSchema>

export const insightSchema = model({
  id: int,
  short_id: string,
  project_id: int,
  query: string,
  insight_type: oneOf('trends', 'funnel', 'retention', 'sql'),
  created_by_id: int,
  created_at: number,
})
export type InsightRecord = Infer<typeof insightSchema>

// The three large tables live in indexed structures of their own (see store.ts for why).
export interface PersonRecord {
  id: number
  uuid: string
  project_id: number
  distinct_ids: readonly string[]
  properties: Readonly<Record<string, unknown>>
  created_at: number
  last_seen_at: number | null
  /**
   * The stored merge flag: set when an `$identify` (with `$anon_distinct_id`), `$create_alias` or
   * `$merge_dangerously` merged another distinct id into the person, as the real ingestion sets it
   * (plugin-server/src/worker/ingestion/persons/person-merge-service.ts); never unset.
   */
  is_identified: boolean
}

export interface EventRecord {
  project_id: number
  event: string
  distinct_id: string
  person_uuid: string
  timestamp: number
  properties: Readonly<Record<string, unknown>>
  /** The person's properties when the event happened (person-on-events), shared between events. */
  person_properties: Readonly<Record<string, unknown>>
}

export interface RecordingRecord {
  id: string
  project_id: number
  distinct_id: string
  start_time: number
  active_seconds: number
  inactive_seconds: number
  click_count: number
  keypress_count: number
  mouse_activity_count: number
  console_log_count: number
  console_warn_count: number
  console_error_count: number
  start_url: string | null
  viewers: readonly string[]
  storage: string
  snapshot_source: string
  activity_score: number
  /** Explicitly ongoing (capture says so); otherwise derived from the clock. */
  ongoing: boolean | null
  /** Days the recording is kept (the real service's default is 30 when a recording has none). */
  retention_period_days?: number | null
}
