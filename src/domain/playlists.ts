// Session recording playlists: the real service's rules for create and update, the activity entries
// it writes, and the recordings a collection holds. Handlers find, call and serialize; the rules live here.
import { validationError } from '../core/drf/exceptions.ts'
import type { PlaylistItemRecord, PlaylistRecord, RecordingRecord, UserRecord } from '../store/models.ts'
import { ALPHANUMERIC } from '../core/random.ts'
import type { Store } from '../store/store.ts'
import { change, recordActivity, type Change } from './activity.ts'
import { recordingsDateRange } from './query-date-range.ts'
import { SYNTHETIC_PLAYLISTS, type SyntheticPlaylist } from './synthetic-playlists.ts'

/** Fields whose presence in an update bumps last_modified_at/_by (the real MATERIAL_PLAYLIST_FIELDS). */
const MATERIAL_FIELDS = ['name', 'description', 'filters'] as const
/** Fields an update writes and the activity log compares, in the model's order. */
const WRITABLE_FIELDS = ['name', 'derived_name', 'description', 'pinned', 'deleted', 'filters'] as const

/**
 * The serializer's validated data (core/drf/fields.ts, the contract's x-drf entries): only the fields
 * given; `filters` any JSON (a JSONField), stored as given.
 */
export type PlaylistInput = Partial<Pick<PlaylistRecord, (typeof WRITABLE_FIELDS)[number] | 'type'>> & {
  _create_in_folder?: string
}

/**
 * `len(validated_data.get("filters", {})) > 0` as create() and update() ask it: an object's keys, a
 * list's items, a text's characters; len() of a number or a boolean raises (a 500 there, a 400 here).
 */
function hasFilters(filters: unknown): boolean {
  if (filters === undefined) return false
  if (typeof filters === 'string' || Array.isArray(filters)) return [...filters].length > 0
  if (typeof filters === 'object' && filters !== null) return Object.keys(filters).length > 0
  throw validationError(`object of type '${typeof filters === 'number' ? 'int' : 'bool'}' has no len()`, 'filters')
}

/** The filters of a playlist created without any: one frozen object for all (its JSON text is then written once, see serializers/playlist.ts). */
const NO_FILTERS: Record<string, unknown> = Object.freeze({})

/** A short id of 8 alphanumerics from the seeded generator, unique in the project. */
function newShortId(store: Store, projectId: number): string {
  for (;;) {
    const shortId = store.random.string(8, ALPHANUMERIC)
    if (!store.playlists.byShortId(projectId, shortId)) return shortId
  }
}

const displayName = (p: PlaylistRecord) => p.name || p.derived_name || null
const SCOPE = 'SessionRecordingPlaylist'

export function createPlaylist(
  store: Store,
  projectId: number,
  input: PlaylistInput,
  user: UserRecord,
  now: number,
): PlaylistRecord {
  const type = input.type
  if (!type) throw validationError('Must provide a valid playlist type: either filters or collection')
  if (type === 'collection' && hasFilters(input.filters))
    throw validationError('You cannot create a collection with filters')
  if (type === 'filters' && !hasFilters(input.filters)) {
    throw validationError('You must provide a valid filters when creating a saved filter')
  }
  const filters = input.filters ?? NO_FILTERS
  const playlist = store.playlists.insert({
    id: store.counters.playlist++,
    short_id: newShortId(store, projectId),
    project_id: projectId,
    name: input.name ?? null,
    derived_name: input.derived_name ?? null,
    description: input.description ?? '',
    pinned: input.pinned ?? false,
    deleted: input.deleted ?? false,
    filters,
    type,
    created_at: now,
    created_by_id: user.id,
    last_modified_at: now,
    last_modified_by_id: user.id,
    create_in_folder: input._create_in_folder ?? '',
  })
  logPlaylistActivity(store, playlist, 'created', user, now, null)
  return playlist
}

/** Equal as JSON (the filters object is compared by content; the other fields are primitives). */
const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b))

/** The real service's changes_between: created (null before), deleted (null after) or changed. */
function changesBetween(before: PlaylistRecord, after: PlaylistRecord): Change[] {
  const changes: Change[] = []
  for (const field of WRITABLE_FIELDS) {
    const left = before[field]
    const right = after[field]
    if (left == null && right != null) changes.push(change(SCOPE, 'created', { field, after: right }))
    else if (right == null && left != null) changes.push(change(SCOPE, 'deleted', { field, before: left }))
    else if (!same(left, right)) changes.push(change(SCOPE, 'changed', { field, before: left, after: right }))
  }
  return changes
}

/**
 * PATCH: `type` is ignored; a collection cannot gain filters; a filters playlist must resend non-empty
 * filters with every update (even `{"deleted": true}`), as in the real service.
 */
export function updatePlaylist(
  store: Store,
  playlist: PlaylistRecord,
  input: PlaylistInput,
  user: UserRecord,
  now: number,
): PlaylistRecord {
  if (playlist.type === 'collection' && hasFilters(input.filters))
    throw validationError('You cannot update a collection to add filters')
  if (playlist.type === 'filters' && !hasFilters(input.filters)) {
    throw validationError('You cannot remove all filters when updating a saved filter')
  }
  const material = MATERIAL_FIELDS.some((field) => field in input)
  const next: PlaylistRecord = { ...playlist }
  for (const field of WRITABLE_FIELDS) {
    if (input[field] !== undefined) (next as Record<string, unknown>)[field] = input[field]
  }
  if (material) {
    next.last_modified_at = now
    next.last_modified_by_id = user.id
  }
  const changes = changesBetween(playlist, next)
  if (
    changes.length === 0 &&
    next.last_modified_at === playlist.last_modified_at &&
    next.last_modified_by_id === playlist.last_modified_by_id
  ) {
    return playlist // nothing to write: the stored record is already this
  }
  const updated = store.playlists.replace(next)
  if (changes.length > 0) logPlaylistActivity(store, updated, 'updated', user, now, changes)
  return updated
}

/** Written only when the playlist has a name or a derived name, as the real service does. */
function logPlaylistActivity(
  store: Store,
  playlist: PlaylistRecord,
  activity: 'created' | 'updated',
  user: UserRecord,
  now: number,
  changes: Change[] | null,
) {
  const name = displayName(playlist)
  if (!name) return
  const by = { projectId: playlist.project_id, userId: user.id, now }
  recordActivity(store, by, SCOPE, playlist.id, activity, { name, short_id: playlist.short_id, changes })
}

export interface PlaylistListFilters {
  /** Created by this user id. */
  createdBy?: number
  shortId?: string
  /** Case-insensitive substring of the name or the derived name. */
  search?: string
  /** Created by this user id (the real service's `user` parameter: the requesting user). */
  user?: number
  /** Pinned ones only (the real service reads any value of `pinned` so). */
  pinned?: boolean
  /** collection or filters; anything else does not filter. */
  type?: string
  /** last_modified_at, created_at or name, `-` for descending; anything else is the default. */
  order?: string
  /** Soft-deleted ones too (what the store holds, as the control API shows it; the API never lists them). */
  includeDeleted?: boolean
  /** Last modified after this instant (the real date_from, compared with gt). */
  modifiedAfter?: number
  /** Last modified before this instant (date_to, lt). */
  modifiedBefore?: number
  /** Holding this recording (by id). */
  recordingId?: string
  /** synthetic: none of the stored ones; custom: only those (synthetic playlists are merged in by `withSynthetic`). */
  collectionType?: string
}

const ORDER_FIELDS = new Set(['last_modified_at', 'created_at', 'name'])
const DEFAULT_PLAYLIST_ORDER = '-last_modified_at'

/** The name a playlist sorts by: case-insensitive, an empty name falling through to the derived name. */
const sortName = (p: Pick<PlaylistRecord, 'name'> & Partial<Pick<PlaylistRecord, 'derived_name'>>) =>
  (p.name || p.derived_name || '').toLowerCase()

/** A project's live playlists, filtered and ordered as the real service's list does (ties by id). */
export function listPlaylists(store: Store, projectId: number, filters: PlaylistListFilters = {}): PlaylistRecord[] {
  const search = filters.search?.toLowerCase()
  const type = filters.type === 'collection' || filters.type === 'filters' ? filters.type : undefined
  if (filters.collectionType === 'synthetic') return []
  const holding =
    filters.recordingId === undefined
      ? undefined
      : (p: PlaylistRecord) => store.playlistItems.find(p.id, filters.recordingId!) !== undefined
  const found = [...store.playlists.ofProject(projectId)].filter(
    (p) =>
      (filters.includeDeleted || !p.deleted) &&
      (filters.modifiedAfter === undefined || p.last_modified_at > filters.modifiedAfter) &&
      (filters.modifiedBefore === undefined || p.last_modified_at < filters.modifiedBefore) &&
      (holding === undefined || holding(p)) &&
      (filters.createdBy === undefined || p.created_by_id === filters.createdBy) &&
      (filters.user === undefined || p.created_by_id === filters.user) &&
      (filters.shortId === undefined || p.short_id === filters.shortId) &&
      (!filters.pinned || p.pinned) &&
      (type === undefined || p.type === type) &&
      (search === undefined ||
        (p.name ?? '').toLowerCase().includes(search) ||
        (p.derived_name ?? '').toLowerCase().includes(search)),
  )
  return found.sort(playlistOrder(filters.order))
}

/** What a list sorts by; a synthetic playlist's missing instants sort as the latest (Python's datetime.max). */
type Sortable = Pick<PlaylistRecord, 'id' | 'name'> &
  Partial<Pick<PlaylistRecord, 'derived_name' | 'created_at' | 'last_modified_at'>>

/** The list's comparison for `order` (ties by id; synthetic playlists keep their registry order among themselves). */
function playlistOrder(requested: string | undefined): (a: Sortable, b: Sortable) => number {
  const order = requested && ORDER_FIELDS.has(requested.replace(/^-/, '')) ? requested : DEFAULT_PLAYLIST_ORDER
  const descending = order.startsWith('-')
  const field = order.replace(/^-/, '') as 'name' | 'created_at' | 'last_modified_at'
  const compare = (a: Sortable, b: Sortable): number => {
    if (field === 'name') return sortName(a) < sortName(b) ? -1 : sortName(a) > sortName(b) ? 1 : 0
    const x = a[field] ?? Infinity
    const y = b[field] ?? Infinity
    return x === y ? 0 : x < y ? -1 : 1
  }
  return (a, b) => (descending ? -compare(a, b) : compare(a, b)) || (a.id < 0 && b.id < 0 ? 0 : a.id - b.id)
}

/**
 * The stored playlists of a list with the synthetic ones merged in, as the real list does: in the list's
 * order (by default first, their instants being none; in registry order among themselves), found by
 * `search` in the name or the description, left out by created_by, user, pinned, type=filters and
 * collection_type=custom; date_from, date_to and session_recording_id do not apply to them.
 */
export function withSynthetic(
  stored: readonly PlaylistRecord[],
  filters: PlaylistListFilters,
): Array<PlaylistRecord | SyntheticPlaylist> {
  const excluded =
    filters.createdBy !== undefined ||
    filters.user !== undefined ||
    filters.pinned ||
    filters.type === 'filters' ||
    filters.collectionType === 'custom'
  if (excluded) return [...stored]
  const search = filters.search?.toLowerCase()
  const synthetic = SYNTHETIC_PLAYLISTS.filter(
    (p) =>
      search === undefined || p.name.toLowerCase().includes(search) || p.description.toLowerCase().includes(search),
  )
  return [...synthetic, ...stored].sort(playlistOrder(filters.order))
}

/** The playlist's items, most recently added first (ties: the later item first). */
export function playlistItems(store: Store, playlist: PlaylistRecord): PlaylistItemRecord[] {
  return store.playlistItems.of(playlist.id).sort((a, b) => b.created_at - a.created_at || b.id - a.id)
}

/** A collection's recordings are asked for with this date_from (the real `recordings` action's query). */
const COLLECTION_DATE_FROM = '-1y'

/**
 * The recordings behind a playlist's items, in item order, from the real query's date_from "-1y" on. An
 * item whose recording the project does not have (added by id before its data arrived, as the real
 * service allows) is skipped until it does.
 */
export function playlistRecordings(store: Store, playlist: PlaylistRecord, now: number): RecordingRecord[] {
  const timeZone = store.project(playlist.project_id)?.timezone ?? 'UTC'
  const { from } = recordingsDateRange(COLLECTION_DATE_FROM, null, { now, timeZone })
  const out: RecordingRecord[] = []
  for (const item of playlistItems(store, playlist)) {
    const recording = store.recordings.get(playlist.project_id, item.recording_id)
    if (recording && recording.start_time >= from) out.push(recording)
  }
  return out
}

/** Adds a recording to a collection; adding it again changes nothing. Whether it was added. */
export function addRecording(store: Store, playlist: PlaylistRecord, recordingId: string, now: number): boolean {
  if (playlist.type === 'filters') throw validationError("Cannot add recordings to a playlist that is type 'filters'.")
  if (store.playlistItems.find(playlist.id, recordingId)) return false
  store.playlistItems.insert({
    id: store.counters.playlistItem++,
    playlist_id: playlist.id,
    recording_id: recordingId,
    created_at: now,
  })
  return true
}

/** Removes a recording from a playlist; false when it was not there. */
export function removeRecording(store: Store, playlist: PlaylistRecord, recordingId: string): boolean {
  const item = store.playlistItems.find(playlist.id, recordingId)
  return item !== undefined && store.playlistItems.remove(item)
}

/** MAX_RECORDINGS_PER_BULK_ACTION (the playlists' and the recordings' bulk actions). */
const MAX_BULK_RECORDINGS = 20

/** `session_recording_ids` as the bulk actions read it from request.data: a non-empty list of at most `max`. */
export function bulkRecordingIds(body: unknown, max = MAX_BULK_RECORDINGS): string[] {
  const ids = (body as { session_recording_ids?: unknown } | undefined)?.session_recording_ids ?? []
  if (!Array.isArray(ids) || ids.length === 0)
    throw validationError('session_recording_ids must be provided as a non-empty array')
  if (ids.length > max) throw validationError(`Cannot process more than ${max} recordings at once`)
  return ids.map(String)
}

/** bulk_add_recordings: the ids a collection did not hold yet are added; how many. */
export const addRecordings = (store: Store, playlist: PlaylistRecord, ids: readonly string[], now: number): number =>
  ids.filter((id) => addRecording(store, playlist, id, now)).length

/** bulk_delete_recordings: the ids the playlist held are removed; how many. */
export const removeRecordings = (store: Store, playlist: PlaylistRecord, ids: readonly string[]): number =>
  ids.filter((id) => removeRecording(store, playlist, id)).length
