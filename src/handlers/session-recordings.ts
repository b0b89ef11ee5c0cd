// Session recordings: the list (seed 4.4) and one recording (retrieve, update, delete: the player's
// requests, where the seed is silent and the real view decides). The list's query is read as the real
// service reads it (its RecordingsQuery model: unknown parameters and wrong values are a 400), newest
// start_time first by default, the last three days unless date_from says otherwise. The seed's envelope
// {count, next, previous, results}, or the real {results, has_next, version} (observed profile).
// `viewed` and `viewers` are the key's user's: their own view, and the other users'.
import type { HandlerContext, HandlerMap } from './context.ts'
import { notFound, validationError } from '../core/drf/exceptions.ts'
import { empty, json } from '../core/http.ts'
import { offsetPageOf } from '../core/drf/pagination.ts'
import { bulkRecordingIds } from '../domain/playlists.ts'
import { markNotViewed, markViewed, pageWithSelected, recordingsWithSelected } from '../domain/recording.ts'
import { parseRecordingsQuery } from '../domain/recordings-query.ts'
import { listRecordings } from '../domain/session-recording-list.ts'
import { parseRecordingUpdate } from '../domain/recording-update.ts'
import { recordingsList } from './playlists.ts'
import { toRecording } from '../serializers/recording.ts'
import type { RecordingRecord } from '../store/models.ts'

const DEFAULT_RECORDINGS_LIMIT = 50
/** MAX_RECORDINGS_PER_BULK_DELETE (recording-api's batch). */
const MAX_BULK_DELETE = 100
/** bulk_delete's date_from without one: the team's session_recording_retention_period (its default, 30d). */
const RETENTION_DATE_FROM = '-30d'

/** The recording in the path, in the path's project; 404 in the real view's words when there is none. */
function findRecording(ctx: HandlerContext): RecordingRecord {
  const recording = ctx.services.store.recordings.get(ctx.project!.id, ctx.params.id!)
  if (!recording) throw notFound('Recording not found')
  return recording
}

/** PATCH and PUT: the real view's update, which both reach. */
function updateRecording(ctx: HandlerContext) {
  const recording = findRecording(ctx)
  const update = parseRecordingUpdate(ctx.body)
  if (update.viewed !== undefined) markViewed(ctx.services.store, recording, ctx.principal!.user.email)
  return json(200, { success: true })
}

export const sessionRecordingHandlers: HandlerMap = {
  session_recordings_list(ctx) {
    const { store, clock } = ctx.services
    const query = parseRecordingsQuery(ctx.url.searchParams)
    // The real list reads 0 (or less) as its default page size and a negative offset as 0.
    const limit = query.limit !== undefined && query.limit > 0 ? query.limit : DEFAULT_RECORDINGS_LIMIT
    const offset = Math.max(0, query.offset ?? 0)
    const now = clock.now()
    const viewer = ctx.principal!.user.email
    const { recordings, first } = recordingsWithSelected(store, ctx.project!.id, query, now, viewer)
    const shape = ctx.observed('recordings-list-envelope') ? 'array' : 'string'
    const page = pageWithSelected(recordings.slice(offset, offset + limit), first).map((r) =>
      toRecording(r, store.persons, now, shape, { viewer, matchesFilters: r !== first?.recording || first.matches }),
    )
    if (shape === 'array') return json(200, recordingsList(page, recordings.length > offset + limit))
    return json(200, offsetPageOf(ctx.url, recordings.length, limit, offset, page))
  },

  session_recordings_retrieve(ctx) {
    const { store, clock } = ctx.services
    const shape = ctx.observed('recording-retrieve-shape') ? 'array' : 'string'
    return json(
      200,
      toRecording(findRecording(ctx), store.persons, clock.now(), shape, { viewer: ctx.principal!.user.email }),
    )
  },

  session_recordings_partial_update: updateRecording,
  session_recordings_update: updateRecording,

  /** Views of recordings the project does not have are not kept (the real service keeps them for later). */
  session_recordings_bulk_viewed(ctx) {
    const ids = bulkRecordingIds(ctx.body)
    const { store } = ctx.services
    for (const id of ids) {
      const recording = store.recordings.get(ctx.project!.id, id)
      if (recording) markViewed(store, recording, ctx.principal!.user.email)
    }
    // bulk_create(ignore_conflicts=True) returns every row it was given: the count asked for.
    return json(200, { success: true, viewed_count: ids.length, total_requested: ids.length })
  },

  session_recordings_bulk_not_viewed(ctx) {
    const ids = bulkRecordingIds(ctx.body)
    const { store } = ctx.services
    const email = ctx.principal!.user.email
    const removed = ids.filter((id) => {
      const recording = store.recordings.get(ctx.project!.id, id)
      return recording !== undefined && markNotViewed(store, recording, email)
    }).length
    return json(200, { success: true, not_viewed_count: removed, total_requested: ids.length })
  },

  /** get_or_build: a recording the project does not have is built empty (not viewed, no viewers), not a 404. */
  session_recordings_viewed_retrieve(ctx) {
    const viewers = ctx.services.store.recordings.get(ctx.project!.id, ctx.params.id!)?.viewers ?? []
    const email = ctx.principal!.user.email
    return json(200, { viewed: viewers.includes(email), other_viewers: viewers.filter((v) => v !== email).length })
  },

  /** The ids the recordings query finds from date_from on are deleted, as destroy deletes one; the rest skipped. */
  session_recordings_bulk_delete(ctx) {
    const ids = bulkRecordingIds(ctx.body, MAX_BULK_DELETE)
    const dateFrom = ctx.body.date_from || RETENTION_DATE_FROM
    // (RecordingsQuery types date_from as text: anything else fails its validation, a 500 there.)
    if (typeof dateFrom !== 'string') throw validationError('Input should be a valid string', 'date_from')
    const { store, clock } = ctx.services
    const query = { session_ids: ids, date_from: dateFrom, date_to: null }
    const found = listRecordings(store, ctx.project!.id, query, clock.now(), { datesForIds: true })
    for (const r of [...found]) store.recordings.remove(ctx.project!.id, r.id)
    return json(200, { success: true, deleted_count: found.length, total_requested: ids.length, failed_ids: [] })
  },

  /** The real view asks its recording service to delete without looking the recording up: 204 either way. */
  session_recordings_destroy(ctx) {
    ctx.services.store.recordings.remove(ctx.project!.id, ctx.params.id!)
    return empty(204)
  },
}
