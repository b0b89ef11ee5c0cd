// Session recording playlist as the API shows it (seed 2.2), with recordings_counts in the real
// service's structure: the collection's item count (null when empty) and how many of its recordings
// the requesting user has watched; the saved-filters block is the real service's cache, which the
// mock never fills, so it stays all-null.
import type { components } from '../contract/types.gen.ts'
import type { PlaylistRecord, UserRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { BoundedCache } from '../core/bounded-cache.ts'
import { freezeDeep, jsonString, serializeOnce, serializeOnceWith, utf8Extra, type JsonText } from '../core/json.ts'
import { RENDER_CACHE_SIZE } from './render-cache.ts'
import { iso } from './time.ts'
import { toUserOnce, userJson } from './user.ts'

type Playlist = components['schemas']['SessionRecordingPlaylist']

export interface RecordingsCounts {
  saved_filters: {
    count: number | null
    has_more: boolean | null
    watched_count: number | null
    increased: boolean | null
    last_refreshed_at: string | null
  }
  collection: { count: number | null; watched_count: number | null }
}

/** The saved-filters block: the real service's cache, never filled by the mock (the same frozen object in every answer). */
const NO_SAVED_FILTERS: RecordingsCounts['saved_filters'] = Object.freeze({
  count: null,
  has_more: null,
  watched_count: null,
  increased: null,
  last_refreshed_at: null,
})
const NO_SAVED_FILTERS_JSON = JSON.stringify(NO_SAVED_FILTERS)

export function recordingsCounts(store: Store, playlist: PlaylistRecord, viewer: UserRecord): RecordingsCounts {
  // An item counts as watched when the project has its recording and the viewer watched it.
  const count = store.playlistItems.countOf(playlist.id)
  const watched = store.playlistItems.countAmong(
    playlist.id,
    store.recordings.viewedBy(playlist.project_id, viewer.email),
  )
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

/**
 * @param viewer the requesting user: `watched_count` is theirs.
 * @param keep whether the answer is kept for the next request (false for a playlist just created: kept,
 * each create's answer outlived the young generation in the cache and died in the old one, where
 * collecting it costs most; a later read renders it once and keeps that).
 */
export function toPlaylist(store: Store, playlist: PlaylistRecord, viewer: UserRecord, keep = true): Playlist {
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
  // Frozen as it is built (the users, the counts, the filters: see playlistJson), so marking it walks nothing.
  const value = renderPlaylist(store, playlist, viewer, createdBy, lastModifiedBy)
  serializeOnceWith(value, playlistJson(value, createdBy, lastModifiedBy))
  if (keep)
    rendered.set(playlist.id, {
      record: playlist,
      viewer,
      itemsStamp,
      recordingsStamp,
      createdBy,
      lastModifiedBy,
      value,
    })
  return value
}

function renderPlaylist(
  store: Store,
  playlist: PlaylistRecord,
  viewer: UserRecord,
  createdBy: UserRecord | undefined,
  lastModifiedBy: UserRecord | undefined,
): Playlist {
  freezeDeep(playlist.filters)
  return Object.freeze({
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
  })
}

/** JSON texts of filters objects (deep-frozen when rendered: one per playlist version that set them; kept while the object lives). */
const filtersTexts = new WeakMap<object, JsonText>()

function filtersJson(filters: object): JsonText {
  let json = filtersTexts.get(filters)
  if (json === undefined) {
    const text = JSON.stringify(filters)
    filtersTexts.set(filters, (json = { text, bytes: text.length + utf8Extra(text) }))
  }
  return json
}

/** JSON text of a string or null field; undefined for anything else. */
const nullableString = (value: unknown): string | undefined =>
  value === null ? 'null' : typeof value === 'string' ? jsonString(value) : undefined

/**
 * `utf8Extra(text)` of a field's JSON text, counted on the field's own string when the text is that
 * string between quotes (the same characters; a surrogate pair JSON.stringify keeps as it is, a lone
 * one it escapes, which changes the length): the quoted text is a new cons string, and scanning it
 * flattened it first, a copy of each field of every answer (~80 against ~30 ns a field).
 */
const fieldExtra = (value: unknown, text: string): number =>
  typeof value === 'string' && text.length === value.length + 2 ? utf8Extra(value) : utf8Extra(text)

/**
 * `JSON.stringify(value)` of a rendered playlist, written from kept pieces: the users' texts (once per
 * user record), the filters' (once per filters object), the constant saved-filters block; a write
 * renders a new playlist every time, and this is a fraction of JSON.stringify of the whole and of a
 * scan of it for non-ASCII. Undefined when a field holds what the pieces do not cover (the caller
 * then leaves the text to JSON.stringify); tests compare the two.
 */
function playlistJson(
  value: Playlist,
  createdBy: UserRecord | undefined,
  lastModifiedBy: UserRecord | undefined,
): JsonText | undefined {
  const shortId = nullableString(value.short_id)
  const name = nullableString(value.name)
  const derivedName = nullableString(value.derived_name)
  const description = nullableString(value.description)
  const type = nullableString(value.type)
  const { collection } = value.recordings_counts as unknown as RecordingsCounts
  if (
    shortId === undefined ||
    name === undefined ||
    derivedName === undefined ||
    description === undefined ||
    type === undefined ||
    typeof value.filters !== 'object' ||
    value.filters === null ||
    !Number.isSafeInteger(value.id) ||
    typeof value.pinned !== 'boolean' ||
    typeof value.deleted !== 'boolean' ||
    !(collection.count === null || Number.isSafeInteger(collection.count)) ||
    !Number.isSafeInteger(collection.watched_count)
  ) {
    return undefined
  }
  const filters = filtersJson(value.filters)
  const created = createdBy ? userJson(createdBy) : null
  const modified = lastModifiedBy ? userJson(lastModifiedBy) : null
  // The instants are iso() texts: digits and -:.TZ, nothing to escape.
  const text =
    `{"id":${value.id},"short_id":${shortId},"name":${name},"derived_name":${derivedName},"description":${description},` +
    `"pinned":${value.pinned},"created_at":"${value.created_at}","created_by":${created ? created.text : 'null'},"deleted":${value.deleted},` +
    `"filters":${filters.text},"last_modified_at":"${value.last_modified_at}","last_modified_by":${modified ? modified.text : 'null'},` +
    `"recordings_counts":{"saved_filters":${NO_SAVED_FILTERS_JSON},"collection":{"count":${collection.count},"watched_count":${collection.watched_count}}},` +
    `"type":${type},"is_synthetic":false}`
  const extra =
    fieldExtra(value.short_id, shortId) +
    fieldExtra(value.name, name) +
    fieldExtra(value.derived_name, derivedName) +
    fieldExtra(value.description, description) +
    fieldExtra(value.type, type) +
    (filters.bytes - filters.text.length) +
    (created ? created.bytes - created.text.length : 0) +
    (modified ? modified.bytes - modified.text.length : 0)
  return { text, bytes: text.length + extra }
}

/**
 * A synthetic playlist as the real list shows it: a collection with no creator, instants or filters,
 * `is_synthetic` true, its counts the collection's (`has_more` false, nothing to compare with a refresh).
 */
export function toSyntheticPlaylist(
  playlist: { id: number; short_id: string; name: string; description: string },
  counts: { count: number; watched: number },
): Playlist {
  const value: Playlist = {
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
    } as unknown as Playlist['recordings_counts'],
    type: 'collection',
    is_synthetic: true,
  }
  freezeDeep(value)
  return serializeOnce(value)
}
