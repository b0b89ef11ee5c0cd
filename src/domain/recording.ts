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

/** The real RecordingsQuery's date_from when a list names none. */
export const DEFAULT_RECORDINGS_DATE_FROM = '-3d'

/**
 * The project's recordings matching the query's filters the mock applies, in its order (default
 * start_time, descending; ties by id). `viewer` is the key's user's e-mail (hide_viewed_recordings
 * current-user). Without filters and in the default order this is the table's own list, not a copy.
 */
export function listRecordings(
  store: Store,
  projectId: number,
  query: RecordingsQuery,
  now: number,
  viewer: string | null = null,
  { datesForIds = false } = {},
): readonly RecordingRecord[] {
  const all = store.recordings.list(projectId)
  const order = query.order ?? 'start_time'
  const ascending = query.order_direction === 'ASC'
  const sessionIds = query.session_ids == null ? undefined : new Set(query.session_ids)
  // Recordings asked for by id are shown whatever the date window (unless `datesForIds`), and never hidden as viewed.
  const undated = sessionIds !== undefined && !datesForIds
  const dateFrom = undated ? null : query.date_from === undefined ? DEFAULT_RECORDINGS_DATE_FROM : query.date_from
  const dateTo = undated ? null : query.date_to
  const hidden = sessionIds ? null : hiddenAsViewed(store, projectId, query.hide_viewed_recordings, viewer)
  // An empty person_uuid (the frontend's "no person") does not filter.
  const personUuid = query.person_uuid || null
  const from = dateFrom == null ? undefined : parseDateParam(dateFrom, 'from', now, 'date_from')
  const to = dateTo == null ? undefined : parseDateParam(dateTo, 'to', now, 'date_to')
  const person = personUuid == null ? undefined : store.persons.getByUuid(personUuid.toLowerCase())
  const distinctIds = query.distinct_ids == null ? undefined : new Set(query.distinct_ids)
  // The table is newest start_time first: the date window is one run of it, found by halving, so a
  // three-day window over 175,000 recordings reads the window's recordings, not all of them.
  const start = to === undefined ? 0 : firstAtOrBefore(all, to)
  const end = from === undefined ? all.length : firstBefore(all, from)
  // (A window holding every recording is the table's own list, not a copy of it.)
  const windowed = start === 0 && end === all.length ? all : all.slice(start, end)
  const others = personUuid != null || distinctIds !== undefined || sessionIds !== undefined || hidden !== null
  if (!others && order === 'start_time' && !ascending) return windowed
  const out = windowed.filter(
    (r) =>
      (personUuid == null ||
        (person !== undefined && person.project_id === projectId && person.distinct_ids.includes(r.distinct_id))) &&
      (distinctIds === undefined || distinctIds.has(r.distinct_id)) &&
      (sessionIds === undefined || sessionIds.has(r.id)) &&
      (hidden === null || !hidden(r)),
  )
  if (order === 'start_time' && !ascending) return out
  const sign = ascending ? 1 : -1
  return out.sort(
    (a, b) =>
      sign * (orderValue(a, order, now) - orderValue(b, order, now)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

/** In a list newest start_time first, the index of the first recording that started at or before `instant`. */
const firstAtOrBefore = (list: readonly RecordingRecord[], instant: number) =>
  firstWhere(list, (r) => r.start_time <= instant)
/** In a list newest start_time first, the index of the first recording that started before `instant`. */
const firstBefore = (list: readonly RecordingRecord[], instant: number) =>
  firstWhere(list, (r) => r.start_time < instant)

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

/** A page of a recordings list, and the recording session_recording_id put first when it was not in the filters. */
export interface RecordingsPage {
  /** The list's recordings (all of them: the handler pages them). */
  recordings: readonly RecordingRecord[]
  /**
   * session_recording_id's recording, shown first on every page: `matches` when the list holds it (it
   * then also stays where it is, and the page drops that second copy), otherwise added though it does
   * not match the filters. Undefined when not asked for, or the project has no such recording.
   */
  first?: { recording: RecordingRecord; matches: boolean }
}

/** The list with session_recording_id's recording found, as the real list_recordings_from_query does. */
export function recordingsWithSelected(
  store: Store,
  projectId: number,
  query: RecordingsQuery,
  now: number,
  viewer: string | null,
): RecordingsPage {
  const recordings = listRecordings(store, projectId, query, now, viewer)
  const id = query.session_recording_id
  if (!id) return { recordings }
  // It matches when the same filters, date window included, hold for it alone (an explicit session_ids
  // set is itself a filter; hide_viewed_recordings is not).
  const matches =
    query.session_ids != null && !query.session_ids.includes(id)
      ? []
      : listRecordings(store, projectId, { ...query, session_ids: [id] }, now, viewer, { datesForIds: true })
  const selected = matches[0] ?? store.recordings.get(projectId, id)
  return selected ? { recordings, first: { recording: selected, matches: matches.length > 0 } } : { recordings }
}

/** The page's recordings, session_recording_id's first (and not again). */
export function pageWithSelected(
  page: readonly RecordingRecord[],
  first: RecordingsPage['first'],
): readonly RecordingRecord[] {
  if (!first) return page
  return [first.recording, ...page.filter((r) => r !== first.recording)]
}

/** Marks the recording viewed by the user (by e-mail); viewing it again changes nothing. */
export function markViewed(store: Store, recording: RecordingRecord, email: string): void {
  if (recording.viewers.includes(email)) return
  // A big dataset's recording is read through getters: its plain record is toJSON's.
  const plain = (recording as RecordingRecord & { toJSON?: () => RecordingRecord }).toJSON?.() ?? recording
  store.recordings.upsert(Object.freeze({ ...plain, viewers: Object.freeze([...recording.viewers, email]) }))
}

/** Deletes the recording for good (its playlist items stay, showing nothing, as the real ones do). */
export function deleteRecording(store: Store, projectId: number, id: string): void {
  store.recordings.remove(projectId, id)
}
