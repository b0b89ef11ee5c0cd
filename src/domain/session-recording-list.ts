// The recordings list's query, as posthog/session_recordings/queries/session_recording_list_from_query.py
// (SessionRecordingListFromQuery) runs it over a RecordingsQuery (recordings-query.ts):
// - the window: SessionRecordingsQueryDateRange (query-date-range.ts) on the start time, both ends
//   included; date_from "-3d" when the query names none (the model's default);
// - distinct_ids, when not empty, replaces person_uuid (the person's distinct ids); session_ids, even
//   empty, keeps those ids only;
// - having_predicates: recording property filters over the query's columns (duration, the counts,
//   active/inactive seconds, activity_score, recording_ttl, ...), all of them;
// - ORDER BY the order column in order_direction (default start_time, DESC), then session_id the same way;
// - activity_score and recording_ttl as the query computes them (serializers/recording.ts).
// The other filters (events, properties, console_log_filters, ...) are accepted and not applied.
import { validationError } from '../core/drf/exceptions.ts'
import { activityScore, recordingEnd, recordingTtl } from '../serializers/recording.ts'
import type { RecordingRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { compilePropertyFilters, type PropertyFilterInput } from './property-filters.ts'
import { recordingsDateRange } from './query-date-range.ts'
import type { RecordingOrder, RecordingsQuery } from './recordings-query.ts'

/** The real RecordingsQuery's date_from when a list names none. */
export const DEFAULT_RECORDINGS_DATE_FROM = '-3d'

/** The query's columns a having predicate or an order can name. */
export function recordingColumns(r: RecordingRecord, now: number): Record<string, unknown> {
  return {
    session_id: r.id,
    distinct_id: r.distinct_id,
    start_time: r.start_time,
    end_time: recordingEnd(r),
    duration: r.active_seconds + r.inactive_seconds,
    recording_duration: r.active_seconds + r.inactive_seconds,
    first_url: r.start_url,
    click_count: r.click_count,
    keypress_count: r.keypress_count,
    mouse_activity_count: r.mouse_activity_count,
    active_seconds: r.active_seconds,
    inactive_seconds: r.inactive_seconds,
    console_log_count: r.console_log_count,
    console_warn_count: r.console_warn_count,
    console_error_count: r.console_error_count,
    retention_period_days: r.retention_period_days ?? null,
    recording_ttl: recordingTtl(r, now),
    activity_score: activityScore(r),
    snapshot_source: r.snapshot_source,
  }
}

/** having_predicates as one predicate (null for none); a filter on no column of the query is a 400. */
function havingPredicate(filters: readonly PropertyFilterInput[] | null | undefined, now: number) {
  if (!filters?.length) return null
  const known = recordingColumns({} as RecordingRecord, now)
  for (const f of filters)
    if (!(f.key in known))
      throw validationError(`"${f.key}" is not a column of the recordings query.`, 'having_predicates')
  const predicate = compilePropertyFilters(filters, 'recording')!
  return (r: RecordingRecord) => predicate(recordingColumns(r, now))
}

/** The value a recording sorts by for `order`. */
function orderValue(r: RecordingRecord, order: RecordingOrder, now: number): number {
  if (order === 'start_time') return r.start_time
  return (recordingColumns(r, now)[order] as number | null) ?? -Infinity
}

const byId = (a: RecordingRecord, b: RecordingRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The table's newest-first list (ties by id ascending) as ORDER BY start_time DESC, session_id DESC: ties reversed. */
function descendingTies(list: readonly RecordingRecord[]): readonly RecordingRecord[] {
  let i = 1
  while (i < list.length && list[i]!.start_time !== list[i - 1]!.start_time) i++
  if (i >= list.length) return list
  const out = [...list]
  for (let start = 0; start < out.length;) {
    let end = start + 1
    while (end < out.length && out[end]!.start_time === out[start]!.start_time) end++
    if (end - start > 1) out.splice(start, end - start, ...out.slice(start, end).reverse())
    start = end
  }
  return out
}

export interface ListOptions {
  /** The key's user's e-mail (hide_viewed_recordings current-user). */
  viewer?: string | null
  /** Keep the date window for recordings asked for by id (the view lifts it otherwise). */
  datesForIds?: boolean
}

/**
 * The project's recordings the query selects, in its order. Without filters and in the default order
 * this is the table's own list, not a copy.
 */
export function listRecordings(
  store: Store,
  projectId: number,
  query: RecordingsQuery,
  now: number,
  { viewer = null, datesForIds = false }: ListOptions = {},
): readonly RecordingRecord[] {
  const all = store.recordings.list(projectId)
  const sessionIds = Array.isArray(query.session_ids) ? new Set(query.session_ids) : undefined
  // Recordings asked for by id are shown whatever the date window (the view's bypass), unless `datesForIds`.
  const undated = sessionIds !== undefined && !datesForIds
  const timeZone = store.project(projectId)?.timezone ?? 'UTC'
  const dateFrom = query.date_from === undefined ? DEFAULT_RECORDINGS_DATE_FROM : query.date_from
  const { from, to } = recordingsDateRange(dateFrom, query.date_to, { now, timeZone })
  // The table is newest start_time first: the date window is one run of it, found by halving.
  const start = undated ? 0 : firstWhere(all, (r) => r.start_time <= to)
  const end = undated ? all.length : firstWhere(all, (r) => r.start_time < from)
  const windowed = start === 0 && end === all.length ? all : all.slice(start, end)
  const keep = filterOf(store, projectId, query, now, viewer, sessionIds)
  const out = keep ? windowed.filter(keep) : windowed
  const order = query.order ?? 'start_time'
  const sign = query.order_direction === 'ASC' ? 1 : -1
  if (order === 'start_time' && sign === -1) return descendingTies(out)
  return [...out].sort((a, b) => sign * (orderValue(a, order, now) - orderValue(b, order, now) || byId(a, b)))
}

/** The query's filters besides the window as one predicate, or null when none applies. */
function filterOf(
  store: Store,
  projectId: number,
  query: RecordingsQuery,
  now: number,
  viewer: string | null,
  sessionIds: Set<string> | undefined,
): ((r: RecordingRecord) => boolean) | null {
  const hidden = sessionIds ? null : hiddenAsViewed(store, projectId, query.hide_viewed_recordings, viewer)
  const having = havingPredicate(query.having_predicates, now)
  // distinct_ids, when it names any, replaces person_uuid; an empty person_uuid does not filter.
  let distinctIds: ReadonlySet<string> | undefined
  if (query.distinct_ids?.length) distinctIds = new Set(query.distinct_ids)
  else if (query.person_uuid) {
    const person = store.persons.getByUuid(query.person_uuid.toLowerCase())
    distinctIds = new Set(person?.project_id === projectId ? person.distinct_ids : [])
  }
  if (!distinctIds && !sessionIds && !hidden && !having) return null
  return (r) =>
    (distinctIds === undefined || distinctIds.has(r.distinct_id)) &&
    (sessionIds === undefined || sessionIds.has(r.id)) &&
    (hidden === null || !hidden(r)) &&
    (having === null || having(r))
}

/** The first index where `holds` does (it holds from there to the end), found by halving. */
function firstWhere(list: readonly RecordingRecord[], holds: (r: RecordingRecord) => boolean): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (holds(list[mid]!)) high = mid
    else low = mid + 1
  }
  return low
}

/** Which recordings hide_viewed_recordings leaves out: the viewer's viewed ones, or any viewed one; null for none. */
function hiddenAsViewed(
  store: Store,
  projectId: number,
  mode: RecordingsQuery['hide_viewed_recordings'],
  viewer: string | null,
): ((r: RecordingRecord) => boolean) | null {
  if (mode === 'any-user') return (r) => r.viewers.length > 0
  if (mode === 'current-user' && viewer !== null) {
    const viewed = store.recordings.viewedBy(projectId, viewer)
    return viewed.size === 0 ? null : (r) => viewed.has(r.id)
  }
  return null
}
