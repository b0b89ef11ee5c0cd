// Session recordings: adding one to the store (the control API, POST /_mock/projects/:id/session_recordings,
// and the test helper's recording factory both come here, so defaults live in one place), the list view's
// session_recording_id (session_recording_api.py list_recordings_from_query) over the list's query
// (session-recording-list.ts), and marking viewed and deleting.
import type { RecordingRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { newPerson } from './new-person.ts'
import type { RecordingsQuery } from './recordings-query.ts'
import { listRecordings } from './session-recording-list.ts'

/**
 * The recording's fields, each optional: distinct_id defaults to a new person's (made as ingestion makes
 * one, with no further events), start_time to the instant that makes the recording end at `now`.
 */
export type RecordingInput = Partial<Omit<RecordingRecord, 'project_id' | 'storage' | 'snapshot_source'>>

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
  const recordings = listRecordings(store, projectId, query, now, { viewer })
  const id = query.session_recording_id
  if (!id) return { recordings }
  // It matches when the same filters, date window included, hold for it alone (an explicit session_ids
  // set is itself a filter; hide_viewed_recordings is not).
  const matches =
    query.session_ids != null && !query.session_ids.includes(id)
      ? []
      : listRecordings(store, projectId, { ...query, session_ids: [id] }, now, { viewer, datesForIds: true })
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

/** Stores the recording with these viewers (a big dataset's recording is read through getters: its plain record is toJSON's). */
function withViewers(store: Store, recording: RecordingRecord, viewers: readonly string[]): void {
  const plain = (recording as RecordingRecord & { toJSON?: () => RecordingRecord }).toJSON?.() ?? recording
  store.recordings.upsert(Object.freeze({ ...plain, viewers: Object.freeze(viewers) }))
}

/** Marks the recording viewed by the user (by e-mail); viewing it again changes nothing. */
export function markViewed(store: Store, recording: RecordingRecord, email: string): void {
  if (!recording.viewers.includes(email)) withViewers(store, recording, [...recording.viewers, email])
}

/** Takes the user's view of the recording back (bulk_not_viewed); false when they had not viewed it. */
export function markNotViewed(store: Store, recording: RecordingRecord, email: string): boolean {
  if (!recording.viewers.includes(email)) return false
  withViewers(
    store,
    recording,
    recording.viewers.filter((v) => v !== email),
  )
  return true
}
