// Session recording playlists (seed 4.3) and the recordings in them.
import type { Handler, HandlerContext, HandlerMap } from './context.ts'
import { notFound, validationError } from '../core/drf/exceptions.ts'
import { empty, json } from '../core/http.ts'
import { drfLimitOffset, drfPage } from '../core/drf/pagination.ts'
import {
  addRecording,
  addRecordings,
  bulkRecordingIds,
  createPlaylist,
  listPlaylists,
  playlistRecordings,
  removeRecording,
  removeRecordings,
  updatePlaylist,
  withSynthetic,
  type PlaylistListFilters,
} from '../domain/playlists.ts'
import { relativeDateParse } from '../domain/relative-date.ts'
import { SYNTHETIC_PLAYLISTS, syntheticCounts, type SyntheticPlaylist } from '../domain/synthetic-playlists.ts'
import { toPlaylist, toSyntheticPlaylist } from '../serializers/playlist.ts'
import { toRecording } from '../serializers/recording.ts'
import type { PlaylistRecord } from '../store/models.ts'

const DEFAULT_PLAYLISTS_LIMIT = 100
const MAX_PLAYLISTS_LIMIT = 500
/** A collection's recordings come back one page of this size, `has_next` telling whether more exist. */
const PLAYLIST_RECORDINGS_PAGE = 50
/** A recordings list as the real service answers it, stamped with its version (4). */
export const recordingsList = (results: unknown[], hasNext: boolean) => ({ results, has_next: hasNext, version: 4 })

/**
 * The playlist in the path, in the path's project. Soft-deleted playlists are 404 except to PATCH,
 * which can bring them back (the real service lifts its `deleted=False` filter for updates only).
 */
function findPlaylist(ctx: HandlerContext, { includeDeleted = false } = {}): PlaylistRecord {
  const projectId = ctx.project!.id
  const shortId = ctx.params.short_id!
  const playlist = ctx.services.store.playlists.byShortId(projectId, shortId)
  if (!playlist || (playlist.deleted && !includeDeleted)) throw notFound()
  return playlist
}

/** The synthetic playlist a short_id names, where the profile lists them (observed), or undefined. */
function syntheticOf(ctx: HandlerContext, note: string): SyntheticPlaylist | undefined {
  const shortId = ctx.params.short_id!
  return shortId.startsWith('synthetic-') && ctx.observed(note)
    ? SYNTHETIC_PLAYLISTS.find((p) => p.short_id === shortId)
    : undefined
}

/** Renders a playlist for the key's user: a stored one by the serializer, a synthetic one with its counts. */
function renderer(ctx: HandlerContext) {
  const { store, clock } = ctx.services
  const viewer = ctx.principal!.user
  const now = clock.now()
  return (p: PlaylistRecord | SyntheticPlaylist) =>
    'project_id' in p
      ? toPlaylist(store, p, viewer)
      : toSyntheticPlaylist(p, syntheticCounts(store, ctx.project!.id, p, viewer.email, now))
}

/** PATCH and PUT (the serializer's update): soft-deleted playlists too, synthetic ones refused where listed. */
function updateOf(syntheticNote: string): Handler {
  return (ctx) => {
    const { store, clock } = ctx.services
    if (syntheticOf(ctx, syntheticNote)) throw validationError('Cannot update synthetic playlists')
    const found = findPlaylist(ctx, { includeDeleted: true })
    return json(200, renderer(ctx)(updatePlaylist(store, found, ctx.body ?? {}, ctx.principal!.user, clock.now())))
  }
}

export const playlistHandlers: HandlerMap = {
  session_recording_playlists_list(ctx) {
    const { store } = ctx.services
    const viewer = ctx.principal!.user
    const { limit, offset } = drfLimitOffset(ctx.query, DEFAULT_PLAYLISTS_LIMIT, MAX_PLAYLISTS_LIMIT)
    // (Without a query there is nothing to look up: the URL's parameter list is made only when read.)
    const q = ctx.url.search === '' ? undefined : ctx.url.searchParams
    const now = ctx.services.clock.now()
    // date_from and date_to through relative_date_parse, exact (no rounding), in the project's zone.
    const timeZone = ctx.project!.timezone
    const instant = (name: 'date_from' | 'date_to') =>
      ctx.query[name] === undefined ? undefined : relativeDateParse(String(ctx.query[name]), { now, timeZone })
    const filters: PlaylistListFilters = {
      createdBy: ctx.query.created_by,
      // The seed filters by short_id; the real service's list ignores it.
      shortId: ctx.observed('playlists-short-id-filter') ? undefined : ctx.query.short_id,
      search: ctx.query.search,
      user: q?.has('user') ? viewer.id : undefined,
      pinned: q?.has('pinned') ?? false,
      type: ctx.query.type,
      order: ctx.query.order,
      modifiedAfter: instant('date_from'),
      modifiedBefore: instant('date_to'),
      recordingId: ctx.query.session_recording_id,
      collectionType: ctx.query.collection_type,
    }
    const playlists = listPlaylists(store, ctx.project!.id, filters)
    const listed = ctx.observed('playlists-synthetic') ? withSynthetic(playlists, filters) : playlists
    return json(200, drfPage(ctx.url, listed, limit, offset, renderer(ctx)))
  },

  session_recording_playlists_create(ctx) {
    const { store, clock } = ctx.services
    const playlist = createPlaylist(store, ctx.project!.id, ctx.body ?? {}, ctx.principal!.user, clock.now())
    return json(201, renderer(ctx)(playlist))
  },

  session_recording_playlists_retrieve(ctx) {
    return json(200, renderer(ctx)(syntheticOf(ctx, 'playlist-retrieve-synthetic') ?? findPlaylist(ctx)))
  },

  session_recording_playlists_partial_update: updateOf('playlist-patch-synthetic'),
  // PUT: the ModelViewSet's update, the same serializer not partial (core/drf/fields.ts reads the method).
  session_recording_playlists_update: updateOf('playlist-put-synthetic'),

  /** Hard delete is refused without looking the playlist up: 405 with no body, nothing changes. */
  session_recording_playlists_destroy() {
    return empty(405)
  },

  session_recording_playlists_recordings_list(ctx) {
    const { store, clock } = ctx.services
    const now = clock.now()
    const recordings = playlistRecordings(store, findPlaylist(ctx), now)
    const shape = ctx.observed('playlist-recordings-person') ? 'array' : 'string'
    // viewed and viewers for the key's user, as in the recordings list (the same query runner there).
    const viewer = ctx.principal!.user.email
    const page = recordings
      .slice(0, PLAYLIST_RECORDINGS_PAGE)
      .map((r) => toRecording(r, store.persons, now, shape, { viewer }))
    return json(200, recordingsList(page, recordings.length > page.length))
  },

  session_recording_playlists_recordings_create(ctx) {
    const { store, clock } = ctx.services
    addRecording(store, findPlaylist(ctx), ctx.params.session_recording_id!, clock.now())
    return json(200, { success: true })
  },

  session_recording_playlists_recordings_bulk_add(ctx) {
    // get_object() first, then the body, as bulk_add_recordings reads them.
    const playlist = findPlaylist(ctx)
    const ids = bulkRecordingIds(ctx.body)
    const added = addRecordings(ctx.services.store, playlist, ids, ctx.services.clock.now())
    return json(200, { success: true, added_count: added, total_requested: ids.length })
  },

  session_recording_playlists_recordings_bulk_delete(ctx) {
    const playlist = findPlaylist(ctx)
    const ids = bulkRecordingIds(ctx.body)
    const deleted = removeRecordings(ctx.services.store, playlist, ids)
    return json(200, { success: true, deleted_count: deleted, total_requested: ids.length })
  },

  /** The view is stored for the real service's usage reports, which no endpoint here reads: the mock keeps none. */
  session_recording_playlists_playlist_viewed_create(ctx) {
    if (!syntheticOf(ctx, 'playlist-viewed-synthetic')) findPlaylist(ctx)
    return json(200, { success: true })
  },

  session_recording_playlists_recordings_destroy(ctx) {
    const { store } = ctx.services
    if (!removeRecording(store, findPlaylist(ctx), ctx.params.session_recording_id!)) throw notFound()
    return ctx.observed('playlist-remove-status') ? json(200, { success: true }) : empty(204)
  },
}
