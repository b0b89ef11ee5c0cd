// Session recordings: the list (seed 4.4) and one recording (retrieve, update, delete: the player's
// requests, where the seed is silent and the real view decides). The list's query is read as the real
// service reads it (its RecordingsQuery model: unknown parameters and wrong values are a 400), newest
// start_time first by default, the last three days unless date_from says otherwise. The seed's envelope
// {count, next, previous, results}, or the real {results, has_next, version} (observed profile).
// `viewed` and `viewers` are the key's user's: their own view, and the other users'.
import type { HandlerContext, HandlerMap } from './context.ts'
import { notFound } from '../core/errors.ts'
import { empty, json } from '../core/http.ts'
import { offsetPageOf } from '../core/pagination.ts'
import { deleteRecording, markViewed, pageWithSelected, recordingsWithSelected } from '../domain/recording.ts'
import { parseRecordingsQuery } from '../domain/recordings-query.ts'
import { parseRecordingUpdate } from '../domain/recording-update.ts'
import { RECORDINGS_LIST_VERSION } from './playlists.ts'
import { toRecording } from '../serializers/recording.ts'
import type { RecordingRecord } from '../store/models.ts'

export const DEFAULT_RECORDINGS_LIMIT = 50

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
    if (shape === 'array') {
      return json(200, {
        results: page,
        has_next: recordings.length > offset + limit,
        version: RECORDINGS_LIST_VERSION,
      })
    }
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

  /** The real view asks its recording service to delete without looking the recording up: 204 either way. */
  session_recordings_destroy(ctx) {
    deleteRecording(ctx.services.store, ctx.project!.id, ctx.params.id!)
    return empty(204)
  },
}
