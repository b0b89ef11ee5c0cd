// Adding a session recording to the store: the control API (POST /_mock/projects/:id/session_recordings)
// and the test helper's recording factory both come here, so defaults live in one place.
import type { RecordingRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'

export interface RecordingInput {
  id?: string
  distinct_id: string
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
}

/** Stores the recording (replacing one with the same id in the project) and returns it. */
export function createRecording(store: Store, projectId: number, input: RecordingInput, now: number): RecordingRecord {
  const active = input.active_seconds ?? 60
  const inactive = input.inactive_seconds ?? 0
  const recording: RecordingRecord = Object.freeze({
    id: input.id ?? store.random.uuid(),
    project_id: projectId,
    distinct_id: input.distinct_id,
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
  })
  store.recordings.upsert(recording)
  return recording
}
