// Session recordings: adding one to the store (the control API, POST /_mock/projects/:id/session_recordings,
// and the test helper's recording factory both come here, so defaults live in one place) and listing a
// project's recordings with the filters of the real service's RecordingsQuery the mock applies.
import type { RecordingRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { newPerson } from './new-person.ts'
import { parseDateParam } from './properties-timeline.ts'
import type { RecordingOrder, RecordingsQuery } from './recordings-query.ts'
import { recordingExpiry } from '../serializers/recording.ts'

export interface RecordingInput {
  id?: string
  /** Default: a new person's (made as ingestion makes one, with no further events). */
  distinct_id?: string
  /** Epoch ms; default: so the recording ends at `now`. */
  start_time?: number
  active_seconds?: number
  inactive_seconds?: number
  click_count?: number
  keypress_count?: number
  mouse_activity_count?: number
  console_log_count?: number
  console_warn_count?: number
  console_error_count?: number
  start_url?: string | null
  viewers?: readonly string[]
  activity_score?: number
  ongoing?: boolean | null
  retention_period_days?: number | null
}

/** Stores the recording (replacing one with the same id in the project) and returns it. */
export function createRecording(store: Store, projectId: number, input: RecordingInput, now: number): RecordingRecord {
  const active = input.active_seconds ?? 60
  const inactive = input.inactive_seconds ?? 0
  const distinctId = input.distinct_id ?? newPerson(store, projectId, {}, now).distinct_ids[0]!
  const recording: RecordingRecord = Object.freeze({
    id: input.id ?? store.random.uuid(),
    project_id: projectId,
    distinct_id: distinctId,
    start_time: input.start_time ?? now - (active + inactive) * 1000,
    active_seconds: active,
    inactive_seconds: inactive,
    click_count: input.click_count ?? 0,
    keypress_count: input.keypress_count ?? 0,
    mouse_activity_count: input.mouse_activity_count ?? 0,
    console_log_count: input.console_log_count ?? 0,
    console_warn_count: input.console_warn_count ?? 0,
    console_error_count: input.console_error_count ?? 0,
    start_url: input.start_url ?? null,
    viewers: Object.freeze([...(input.viewers ?? [])]),
    storage: 'object_storage',
    snapshot_source: 'web',
    activity_score: input.activity_score ?? 0,
    ongoing: input.ongoing ?? null,
    ...(input.retention_period_days == null ? {} : { retention_period_days: input.retention_period_days }),
  })
  store.recordings.upsert(recording)
  return recording
}

/** The value a recording sorts by for a RecordingsQuery `order`. */
function orderValue(r: RecordingRecord, order: RecordingOrder, now: number): number {
  switch (order) {
    case 'duration':
    case 'recording_duration':
      return r.active_seconds + r.inactive_seconds
    case 'recording_ttl':
      return recordingExpiry(r) - now
    case 'start_time':
      return r.start_time
    default:
      return r[order]
  }
}

/**
 * The project's recordings matching the query's filters the mock applies, in its order (default
 * start_time, descending; ties by id). Without filters and in the default order this is the table's own
 * list, not a copy.
 */
export function listRecordings(store: Store, projectId: number, query: RecordingsQuery, now: number): readonly RecordingRecord[] {
  const all = store.recordings.list(projectId)
  const order = query.order ?? 'start_time'
  const ascending = query.order_direction === 'ASC'
  const filtered = query.date_from != null || query.date_to != null || query.person_uuid != null || query.distinct_ids != null || query.session_ids != null
  if (!filtered && order === 'start_time' && !ascending) return all
  const from = query.date_from == null ? undefined : parseDateParam(query.date_from, 'from', now, 'date_from')
  const to = query.date_to == null ? undefined : parseDateParam(query.date_to, 'to', now, 'date_to')
  const person = query.person_uuid == null ? undefined : store.persons.getByUuid(query.person_uuid.toLowerCase())
  const distinctIds = query.distinct_ids == null ? undefined : new Set(query.distinct_ids)
  const sessionIds = query.session_ids == null ? undefined : new Set(query.session_ids)
  const out = all.filter(
    (r) =>
      (from === undefined || r.start_time >= from) &&
      (to === undefined || r.start_time <= to) &&
      (query.person_uuid == null || (person !== undefined && person.project_id === projectId && person.distinct_ids.includes(r.distinct_id))) &&
      (distinctIds === undefined || distinctIds.has(r.distinct_id)) &&
      (sessionIds === undefined || sessionIds.has(r.id)),
  )
  if (order === 'start_time' && !ascending) return out
  const sign = ascending ? 1 : -1
  return out.sort((a, b) => sign * (orderValue(a, order, now) - orderValue(b, order, now)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}
