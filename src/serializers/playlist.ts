// Session recording playlist as the API shows it (seed 2.2), with recordings_counts in the real
// service's structure: the collection's item count (null when empty) and how many of its recordings
// the requesting user has watched; the saved-filters block is the real service's cache, which the
// mock never fills, so it stays all-null.
import type { components } from '../contract/types.gen.ts'
import type { PlaylistRecord, UserRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { BoundedCache } from '../core/bounded-cache.ts'
import { serializeOnce } from '../core/json.ts'
import { RENDER_CACHE_SIZE } from './render-cache.ts'
import { iso } from './time.ts'
import { toUserOnce } from './user.ts'

type Playlist = components['schemas']['SessionRecordingPlaylist']

export interface RecordingsCounts {
  saved_filters: { count: number | null; has_more: boolean | null; watched_count: number | null; increased: boolean | null; last_refreshed_at: string | null }
  collection: { count: number | null; watched_count: number | null }
}

/** The saved-filters block: the real service's cache, never filled by the mock (the same frozen object in every answer). */
const NO_SAVED_FILTERS: RecordingsCounts['saved_filters'] = Object.freeze({ count: null, has_more: null, watched_count: null, increased: null, last_refreshed_at: null })

export function recordingsCounts(store: Store, playlist: PlaylistRecord, viewer: UserRecord): RecordingsCounts {
  // An item counts as watched when the project has its recording and the viewer watched it.
  const count = store.playlistItems.countOf(playlist.id)
  const watched = store.playlistItems.countAmong(playlist.id, store.recordings.viewedBy(playlist.project_id, viewer.email))
  return Object.freeze({
    saved_filters: NO_SAVED_FILTERS,
    collection: Object.freeze({ count: count > 0 ? count : null, watched_count: watched }),
  })
}

const userOf = (store: Store, id: number | null) => (id == null ? undefined : store.user(id))

/** A playlist as last rendered, with what it was rendered from. */
interface Rendered {
  /** The version rendered (a change stores a new record). */
  record: PlaylistRecord
  viewer: UserRecord
  itemsStamp: number
  recordingsStamp: number
  createdBy: UserRecord | undefined
  lastModifiedBy: UserRecord | undefined
  value: Playlist
}

// A playlist's answer is made once per version of what it shows: the record (a change replaces it), its
// items and the recordings behind them (their stamps), the users it names, and the viewer (whose
// watched count it shows). While those are the same the rendered value, its JSON text and its
// validation are reused (serializeOnce). Kept by playlist id, one version each: a PATCH's new version
// takes the place of the previous one's answer at once, so the answers of replaced versions die young
// instead of aging through the cache into the old generation (a PATCH rendered a new one every time). Bounded.
const rendered = new BoundedCache<number, Rendered>(RENDER_CACHE_SIZE)

/** @param viewer the requesting user: `watched_count` is theirs. */
export function toPlaylist(store: Store, playlist: PlaylistRecord, viewer: UserRecord): Playlist {
  const itemsStamp = store.playlistItems.stamp(playlist.id)
  const recordingsStamp = store.recordings.stamp
  const createdBy = userOf(store, playlist.created_by_id)
  const lastModifiedBy = userOf(store, playlist.last_modified_by_id)
  const hit = rendered.get(playlist.id)
  if (
    hit !== undefined &&
    hit.record === playlist &&
    hit.viewer === viewer &&
    hit.itemsStamp === itemsStamp &&
    hit.recordingsStamp === recordingsStamp &&
    hit.createdBy === createdBy &&
    hit.lastModifiedBy === lastModifiedBy
  ) {
    return hit.value
  }
  // Its parts are frozen as they are built (users and counts), so serializeOnce walks little.
  const value = serializeOnce(renderPlaylist(store, playlist, viewer, createdBy, lastModifiedBy))
  rendered.set(playlist.id, { record: playlist, viewer, itemsStamp, recordingsStamp, createdBy, lastModifiedBy, value })
  return value
}

function renderPlaylist(store: Store, playlist: PlaylistRecord, viewer: UserRecord, createdBy: UserRecord | undefined, lastModifiedBy: UserRecord | undefined): Playlist {
  return {
    id: playlist.id,
    short_id: playlist.short_id,
    name: playlist.name,
    derived_name: playlist.derived_name,
    description: playlist.description,
    pinned: playlist.pinned,
    created_at: iso(playlist.created_at),
    created_by: createdBy ? toUserOnce(createdBy) : null,
    deleted: playlist.deleted,
    filters: playlist.filters as Playlist['filters'],
    last_modified_at: iso(playlist.last_modified_at),
    last_modified_by: lastModifiedBy ? toUserOnce(lastModifiedBy) : null,
    recordings_counts: recordingsCounts(store, playlist, viewer) as unknown as Playlist['recordings_counts'],
    type: playlist.type,
    is_synthetic: false,
  }
}
