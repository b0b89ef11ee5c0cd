// Session recording as the API shows it (seed 2.4, with the fields the real service adds): values that
// hang together, `ongoing` and `recording_ttl` by the clock, `viewed` and `viewers` by who asks.
import type { components } from '../contract/types.gen.ts'
import { BoundedCache } from '../core/bounded-cache.ts'
import { serializeOnce } from '../core/json.ts'
import type { PersonRecord, RecordingRecord } from '../store/models.ts'
import type { PersonTable } from '../store/person-table.ts'
import { toEmbeddedPerson, type DistinctIdsShape } from './person.ts'
import { RENDER_CACHE_SIZE } from './render-cache.ts'
import { iso } from './time.ts'

type SessionRecording = components['schemas']['SessionRecording']

/** A recording whose last activity is this recent (by the mock's clock) is still ongoing. */
export const ONGOING_WINDOW_MS = 5 * 60_000
/** Retention when a recording names none: the real service's default. */
export const DEFAULT_RETENTION_DAYS = 30
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

/** A recording as last rendered, with what it was rendered from besides the (immutable) record. */
interface Rendered {
  person: PersonRecord | null
  /** The person table's stamp when `person` was found: while it is the same, so is what the lookup finds. */
  personsStamp: number
  ttl: number
  ongoing: boolean
  /** null: no user; the viewer's e-mail when they viewed it; '': a user who did not (the same answer for all of them). */
  viewer: string | null
  matchesFilters: boolean
  value: SessionRecording
}

// A recording's answer is made once per version of what it shows: the record (immutable: a change
// replaces it), the embedded person (likewise: a write to the person replaces its record, a merge or a
// deletion changes which record its distinct id finds), the two values the clock moves
// (`recording_ttl` by the day, `ongoing` for recordings that just ended), and the viewer when they are
// among its viewers. While those are the same, the rendered value is reused, and with it its JSON text
// and its validation (serializeOnce). Bounded, per shape of the embedded person's distinct_ids.
const rendered: Record<DistinctIdsShape, BoundedCache<RecordingRecord, Rendered>> = {
  string: new BoundedCache(RENDER_CACHE_SIZE),
  array: new BoundedCache(RENDER_CACHE_SIZE),
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
  // Whole UTC days between now and the expiry (ClickHouse's dateDiff('day', ...)).
  const ttl = Math.floor(recordingExpiry(r) / DAY) - Math.floor(now / DAY)
  const end = recordingEnd(r)
  const ongoing = r.ongoing ?? (end <= now && now - end < ONGOING_WINDOW_MS)
  // What the answer depends on: no user (every viewer shown), a user who viewed it (by e-mail), or one who did not ('').
  const viewer = view.viewer == null ? null : r.viewers.includes(view.viewer) ? view.viewer : ''
  const matchesFilters = view.matchesFilters ?? true
  const cache = rendered[distinctIds]
  const hit = cache.get(r)
  const same = (h: Rendered) =>
    h.ttl === ttl && h.ongoing === ongoing && h.viewer === viewer && h.matchesFilters === matchesFilters
  const personsStamp = persons.stamp
  // No person changed since: the lookup would find the same one (a page of recordings did 50 lookups).
  if (hit !== undefined && hit.personsStamp === personsStamp && same(hit)) return hit.value
  const person = persons.getByDistinctId(r.project_id, r.distinct_id) ?? null
  if (hit !== undefined && hit.person === person && same(hit)) {
    hit.personsStamp = personsStamp
    return hit.value
  }
  const value = serializeOnce(render(r, person, distinctIds, { ttl, ongoing, viewer, matchesFilters }))
  cache.set(r, { person, personsStamp, ttl, ongoing, viewer, matchesFilters, value })
  return value
}

/** The fields in the real serializer's order (the seed's `storage` after the person). */
function render(
  r: RecordingRecord,
  person: PersonRecord | null,
  shape: DistinctIdsShape,
  {
    ttl,
    ongoing,
    viewer,
    matchesFilters,
  }: { ttl: number; ongoing: boolean; viewer: string | null; matchesFilters: boolean },
): SessionRecording {
  return {
    id: r.id,
    distinct_id: r.distinct_id,
    viewed: viewer === null ? r.viewers.length > 0 : viewer !== '',
    viewers: viewer ? r.viewers.filter((email) => email !== viewer) : [...r.viewers],
    recording_duration: r.active_seconds + r.inactive_seconds,
    active_seconds: r.active_seconds,
    inactive_seconds: r.inactive_seconds,
    start_time: iso(r.start_time),
    end_time: iso(recordingEnd(r)),
    click_count: r.click_count,
    keypress_count: r.keypress_count,
    mouse_activity_count: r.mouse_activity_count,
    console_log_count: r.console_log_count,
    console_warn_count: r.console_warn_count,
    console_error_count: r.console_error_count,
    start_url: r.start_url,
    person: person ? toEmbeddedPerson(person, r.distinct_id, shape) : null,
    ...(shape === 'string' ? { storage: r.storage } : {}),
    retention_period_days: r.retention_period_days ?? DEFAULT_RETENTION_DAYS,
    expiry_time: iso(recordingExpiry(r)),
    recording_ttl: ttl,
    snapshot_source: r.snapshot_source,
    snapshot_library: null,
    ongoing,
    activity_score: activityScore(r),
    // The mock makes no AI summaries and links no issues.
    has_summary: false,
    summary_outcome: null,
    external_references: [],
    matches_filters: matchesFilters,
  }
}
