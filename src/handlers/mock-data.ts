// The mock's data as stored, for the dashboard and anyone inspecting a running mock: projects, and per
// project its persons, playlists (soft-deleted ones too) with their items, and session recordings,
// paged and searchable. Control API reads (x-observer): no key, not journaled, never slowed or failed
// by faults, so looking at the data neither shows up among the requests under test nor changes them.
// Each record is rendered by the API's own serializers, so what is shown is what the API answers.
import type { HandlerContext, HandlerMap } from './context.ts'
import { notFound } from '../core/drf/exceptions.ts'
import { json } from '../core/http.ts'
import { offsetPage } from '../core/drf/pagination.ts'
import { andThen } from '../core/slices.ts'
import { listPlaylists, playlistItems } from '../domain/playlists.ts'
import { findPersons } from '../domain/person-query.ts'
import { toPerson } from '../serializers/person.ts'
import { toPlaylist } from '../serializers/playlist.ts'
import { toRecording } from '../serializers/recording.ts'
import { iso } from '../core/datetime.ts'
import type { PersonRecord, PlaylistRecord, RecordingRecord, UserRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { controlProject } from './lookup.ts'

export const DEFAULT_DATA_LIMIT = 50

function page(ctx: HandlerContext): { limit: number; offset: number } {
  return { limit: ctx.query.limit ?? DEFAULT_DATA_LIMIT, offset: ctx.query.offset ?? 0 }
}

/**
 * A playlist's watched counts are its creator's (the API gives the caller's); the first user's when it
 * has none (every dataset has one: its keys belong to a user).
 */
function viewerOf(store: Store, playlist: PlaylistRecord): UserRecord {
  return (playlist.created_by_id == null ? undefined : store.user(playlist.created_by_id)) ?? store.users.all()[0]!
}

/** Whether a recording's id, distinct id or start URL holds `term` (lower-case). */
function recordingMatches(r: RecordingRecord, term: string): boolean {
  return (
    r.id.toLowerCase().includes(term) ||
    r.distinct_id.toLowerCase().includes(term) ||
    (r.start_url ?? '').toLowerCase().includes(term)
  )
}

/** Recordings as the profile shows them (the embedded person's distinct_ids a string, or an array). */
const recordingShape = (ctx: HandlerContext) => (ctx.profile === 'observed' ? 'array' : 'string')

export const mockDataHandlers: HandlerMap = {
  mock_projects_list(ctx) {
    return json(200, { results: ctx.services.store.projectList().map((p) => ({ id: p.id, name: p.name })) })
  },

  mock_persons_list(ctx) {
    const { store } = ctx.services
    const { limit, offset } = page(ctx)
    const found = findPersons(store, controlProject(ctx), { search: ctx.query.search })
    const answer = (persons: readonly PersonRecord[]) =>
      json(200, offsetPage(ctx.url, persons, limit, offset, toPerson))
    return andThen(found, answer)
  },

  mock_playlists_list(ctx) {
    const { store } = ctx.services
    const { limit, offset } = page(ctx)
    const playlists = listPlaylists(store, controlProject(ctx), { search: ctx.query.search, includeDeleted: true })
    return json(
      200,
      offsetPage(ctx.url, playlists, limit, offset, (p) => toPlaylist(store, p, viewerOf(store, p))),
    )
  },

  mock_playlist_items_list(ctx) {
    const { store, clock } = ctx.services
    const projectId = controlProject(ctx)
    const { limit, offset } = page(ctx)
    const playlist = store.playlists.byShortId(projectId, ctx.params.short_id!)
    if (!playlist) throw notFound('Playlist not found.')
    const now = clock.now()
    const shape = recordingShape(ctx)
    return json(
      200,
      offsetPage(ctx.url, playlistItems(store, playlist), limit, offset, (item) => {
        const recording = store.recordings.get(projectId, item.recording_id)
        return {
          recording_id: item.recording_id,
          added_at: iso(item.created_at),
          recording: recording ? toRecording(recording, store.persons, now, shape) : null,
        }
      }),
    )
  },

  mock_session_recordings_list(ctx) {
    const { store, clock } = ctx.services
    const projectId = controlProject(ctx)
    const { limit, offset } = page(ctx)
    const term = ctx.query.search?.trim().toLowerCase()
    const all = store.recordings.list(projectId)
    const recordings = term ? all.filter((r) => recordingMatches(r, term)) : all
    const now = clock.now()
    const shape = recordingShape(ctx)
    return json(
      200,
      offsetPage(ctx.url, recordings, limit, offset, (r) => toRecording(r, store.persons, now, shape)),
    )
  },
}
