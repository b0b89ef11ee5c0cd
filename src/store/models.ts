// What the store holds. Instants are epoch milliseconds; the API layer renders them as ISO 8601.
// Records are treated as immutable: a change replaces the record, so a reset can share the seed's objects.
import * as z from 'zod'

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  created_at: z.number(),
})
export type OrganizationRecord = z.infer<typeof organizationSchema>

export const userSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  distinct_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_email_verified: z.boolean(),
  role_at_organization: z.string().nullable(),
  hedgehog_config: z.record(z.string(), z.unknown()).nullable(),
  organization_id: z.string(),
})
export type UserRecord = z.infer<typeof userSchema>

export const projectSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  organization_id: z.string(),
  name: z.string(),
  api_token: z.string(),
  timezone: z.string(),
  created_at: z.number(),
})
export type ProjectRecord = z.infer<typeof projectSchema>

export const apiKeySchema = z.object({
  id: z.string(),
  value: z.string(),
  label: z.string(),
  user_id: z.number().int(),
  /** [] or null: a legacy key, allowed everything */
  scopes: z.array(z.string()).nullable(),
  scoped_teams: z.array(z.number().int()),
  scoped_organizations: z.array(z.string()),
  created_at: z.number(),
})
export type ApiKeyRecord = z.infer<typeof apiKeySchema>

export const playlistSchema = z.object({
  id: z.number().int(),
  short_id: z.string(),
  project_id: z.number().int(),
  name: z.string().nullable(),
  derived_name: z.string().nullable(),
  description: z.string(),
  pinned: z.boolean(),
  deleted: z.boolean(),
  /** Any JSON, as the real JSONField stores it (an object, a list, a text, ...). */
  filters: z.unknown(),
  type: z.enum(['collection', 'filters']).nullable(),
  created_at: z.number(),
  created_by_id: z.number().int().nullable(),
  last_modified_at: z.number(),
  last_modified_by_id: z.number().int().nullable(),
  /** `_create_in_folder` as given on create (write-only in the real service; echoed here, seed 2.2). */
  create_in_folder: z.string().optional(),
})
export type PlaylistRecord = z.infer<typeof playlistSchema>

export const playlistItemSchema = z.object({
  id: z.number().int(),
  playlist_id: z.number().int(),
  recording_id: z.string(),
  created_at: z.number(),
})
export type PlaylistItemRecord = z.infer<typeof playlistItemSchema>

/** Not a collection: the activity log is a table of its own (ActivityLog in tables.ts); this types its entries and checks them when a snapshot is read. */
export const activitySchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  project_id: z.number().int(),
  scope: z.string(),
  item_id: z.string(),
  activity: z.string(),
  user_id: z.number().int().nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.number(),
})
export type ActivityRecord = z.infer<typeof activitySchema>

export const taskSchema = z.object({
  id: z.number().int(),
  kind: z.literal('delete_person_events'),
  project_id: z.number().int(),
  target: z.object({
    person_uuid: z.string(),
    person_id: z.number().int(),
    distinct_ids: z.array(z.string()),
  }),
  created_at: z.number(),
  scheduled_for: z.number(),
  state: z.enum(['queued', 'done']),
  ran_at: z.number().nullable(),
  result: z.object({ deleted_events: z.number().int() }).nullable(),
})
export type TaskRecord = z.infer<typeof taskSchema>

export const insightSchema = z.object({
  id: z.number().int(),
  short_id: z.string(),
  project_id: z.number().int(),
  query: z.string(),
  insight_type: z.enum(['trends', 'funnel', 'retention', 'sql']),
  created_by_id: z.number().int(),
  created_at: z.number(),
})
export type InsightRecord = z.infer<typeof insightSchema>

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
