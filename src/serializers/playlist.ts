// Session recording playlist as the API shows it (seed 2.2), with recordings_counts in the real
// service's structure: the collection's item count (null when empty) and how many of its recordings
// the requesting user has watched; the saved-filters block is the real service's cache, which the
// mock never fills, so it stays all-null.
import type { components } from '../contract/types.gen.ts'
import type { PlaylistRecord, UserRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { iso } from '../core/datetime.ts'
import { toUser } from './user.ts'

type Playlist = components['schemas']['SessionRecordingPlaylist']

/** The saved-filters block: the real service's cache, never filled by the mock. */
const NO_SAVED_FILTERS = Object.freeze({
  count: null,
  has_more: null,
  watched_count: null,
  increased: null,
  last_refreshed_at: null,
})

function recordingsCounts(store: Store, playlist: PlaylistRecord, viewer: UserRecord) {
  // An item counts as watched when the project has its recording and the viewer watched it.
  const count = store.playlistItems.countOf(playlist.id)
  const watched = store.playlistItems.countAmong(
    playlist.id,
    store.recordings.viewedBy(playlist.project_id, viewer.email),
  )
  return { saved_filters: NO_SAVED_FILTERS, collection: { count: count > 0 ? count : null, watched_count: watched } }
}

const userOf = (store: Store, id: number | null) => (id == null ? undefined : store.user(id))

/** @param viewer the requesting user: `watched_count` is theirs. */
export function toPlaylist(store: Store, playlist: PlaylistRecord, viewer: UserRecord): Playlist {
  const createdBy = userOf(store, playlist.created_by_id)
  const lastModifiedBy = userOf(store, playlist.last_modified_by_id)
  return {
    id: playlist.id,
    short_id: playlist.short_id,
    name: playlist.name,
    derived_name: playlist.derived_name,
    description: playlist.description,
    pinned: playlist.pinned,
    created_at: iso(playlist.created_at),
    created_by: createdBy ? toUser(createdBy) : null,
    deleted: playlist.deleted,
    filters: playlist.filters,
    last_modified_at: iso(playlist.last_modified_at),
    last_modified_by: lastModifiedBy ? toUser(lastModifiedBy) : null,
    recordings_counts: recordingsCounts(store, playlist, viewer),
    type: playlist.type,
    is_synthetic: false,
  }
}

/**
 * A synthetic playlist as the real list shows it: a collection with no creator, instants or filters,
 * `is_synthetic` true, its counts the collection's (`has_more` false, nothing to compare with a refresh).
 */
export function toSyntheticPlaylist(
  playlist: { id: number; short_id: string; name: string; description: string },
  counts: { count: number; watched: number },
): Playlist {
  return {
    id: playlist.id,
    short_id: playlist.short_id,
    name: playlist.name,
    derived_name: null,
    description: playlist.description,
    pinned: false,
    created_at: null,
    created_by: null,
    deleted: false,
    filters: {},
    last_modified_at: null,
    last_modified_by: null,
    recordings_counts: {
      saved_filters: NO_SAVED_FILTERS,
      collection: {
        count: counts.count,
        has_more: false,
        watched_count: counts.watched,
        increased: null,
        last_refreshed_at: null,
      },
    },
    type: 'collection',
    is_synthetic: true,
  }
}
