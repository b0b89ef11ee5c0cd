// Session recording as the API shows it (seed 2.4, with the fields the real service adds): values that
// hang together, `ongoing` and `recording_ttl` by the clock, `viewed` and `viewers` by who asks.
import type { components } from '../contract/types.gen.ts'
import type { RecordingRecord } from '../store/models.ts'
import type { PersonTable } from '../store/person-table.ts'
import { toEmbeddedPerson, type DistinctIdsShape } from './person.ts'
import { iso } from '../core/datetime.ts'

type SessionRecording = components['schemas']['SessionRecording']

/** A recording whose last activity is this recent (by the mock's clock) is still ongoing. */
const ONGOING_WINDOW_MS = 5 * 60_000
/** Retention when a recording names none: the real service's default. */
const DEFAULT_RETENTION_DAYS = 30
const DAY = 86_400_000

export function recordingEnd(r: RecordingRecord): number {
  return r.start_time + (r.active_seconds + r.inactive_seconds) * 1000
}

/**
 * The activity score as the real recordings query computes it from the counts
 * (session_recording_list_from_query.py, BASE_QUERY): (active seconds + clicks + keypresses + console
 * errors) over (mouse activity + duration + console errors, logs and warnings), times 100, rounded to
 * two places as ClickHouse's round() does a float (half to even). Null where ClickHouse would divide by
 * zero (nan or inf, which JSON cannot carry).
 */
export function activityScore(r: RecordingRecord): number | null {
  const duration = r.active_seconds + r.inactive_seconds
  const intent = r.active_seconds + r.click_count + r.keypress_count + r.console_error_count
  const attention =
    r.mouse_activity_count + duration + r.console_error_count + r.console_log_count + r.console_warn_count
  const scaled = (intent / attention) * 100 * 100
  if (!Number.isFinite(scaled)) return null
  const floor = Math.floor(scaled)
  const diff = scaled - floor
  const even = diff === 0.5 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(scaled)
  return even / 100
}

/** The start of the recording's UTC day plus its retention, as the real service computes the expiry. */
export function recordingExpiry(r: RecordingRecord): number {
  return Math.floor(r.start_time / DAY) * DAY + (r.retention_period_days ?? DEFAULT_RETENTION_DAYS) * DAY
}

/** recording_ttl: whole UTC days from now to the expiry (ClickHouse's date_diff('DAY', now, expiry_time)). */
export const recordingTtl = (r: RecordingRecord, now: number) =>
  Math.floor(recordingExpiry(r) / DAY) - Math.floor(now / DAY)

/**
 * Who is looking, and how the recording came into the answer: `viewer` (the key's user's e-mail) makes
 * `viewed` that user's own view and `viewers` the others (without one, as the control API and the
 * dashboard show it: `viewed` by anyone, every viewer); `matchesFilters` is false only for the recording a list's session_recording_id
 * brought in though it does not match the list's filters.
 */
export interface RecordingView {
  viewer?: string | null
  matchesFilters?: boolean
}

/**
 * @param distinctIds the shape: 'string' is the seed's recording (2.4: `storage` among its fields, the
 * embedded person's `distinct_ids` the matching distinct id as a string); 'array' is the real
 * serializer's (no `storage`; the matching distinct id in an array).
 */
export function toRecording(
  r: RecordingRecord,
  persons: PersonTable,
  now: number,
  distinctIds: DistinctIdsShape = 'string',
  view: RecordingView = {},
): SessionRecording {
  const end = recordingEnd(r)
  // No user: every viewer shown; a user who viewed it: by e-mail; one who did not: ''.
  const viewer = view.viewer == null ? null : r.viewers.includes(view.viewer) ? view.viewer : ''
  const person = persons.getByDistinctId(r.project_id, r.distinct_id)
  // The fields in the real serializer's order (the seed's `storage` after the person).
  return {
    id: r.id,
    distinct_id: r.distinct_id,
    viewed: viewer === null ? r.viewers.length > 0 : viewer !== '',
    viewers: viewer ? r.viewers.filter((email) => email !== viewer) : [...r.viewers],
    recording_duration: r.active_seconds + r.inactive_seconds,
    active_seconds: r.active_seconds,
    inactive_seconds: r.inactive_seconds,
    start_time: iso(r.start_time),
    end_time: iso(end),
    click_count: r.click_count,
    keypress_count: r.keypress_count,
    mouse_activity_count: r.mouse_activity_count,
    console_log_count: r.console_log_count,
    console_warn_count: r.console_warn_count,
    console_error_count: r.console_error_count,
    start_url: r.start_url,
    person: person ? toEmbeddedPerson(person, r.distinct_id, distinctIds) : null,
    ...(distinctIds === 'string' ? { storage: r.storage } : {}),
    retention_period_days: r.retention_period_days ?? DEFAULT_RETENTION_DAYS,
    expiry_time: iso(recordingExpiry(r)),
    recording_ttl: recordingTtl(r, now),
    snapshot_source: r.snapshot_source,
    snapshot_library: null,
    ongoing: r.ongoing ?? (end <= now && now - end < ONGOING_WINDOW_MS),
    activity_score: activityScore(r),
    // The mock makes no AI summaries and links no issues.
    has_summary: false,
    summary_outcome: null,
    external_references: [],
    matches_filters: view.matchesFilters ?? true,
  }
}
