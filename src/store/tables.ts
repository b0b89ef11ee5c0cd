// The store's tables besides the persons' (person-table.ts): each model's Table (table.ts), what it is
// found by and kept in order of, and the questions the handlers ask of it by name.
import type {
  ActivityRecord,
  InsightRecord,
  PlaylistItemRecord,
  PlaylistRecord,
  RecordingRecord,
  TaskRecord,
} from './models.ts'
import { nextStamp } from './stamp.ts'
import { Table, type TableSpec } from './table.ts'

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id
const byRecordingId = (a: RecordingRecord, b: RecordingRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const newestRecordingFirst = (a: RecordingRecord, b: RecordingRecord) =>
  b.start_time - a.start_time || byRecordingId(a, b)

/** Ids of recordings one user has watched: what a playlist's watched count and hide_viewed_recordings read. */
export interface Viewed extends Iterable<string> {
  readonly size: number
  has(id: string): boolean
}

/** What session recordings are found by (project, id) and kept in order of: each project's newest start_time first (ties by id). */
export const RECORDINGS: TableSpec<RecordingRecord> = {
  indexes: { key: { keys: (r) => r.id, scope: (r) => r.project_id, unique: true } },
  groups: {
    project: { of: (r) => r.project_id, order: newestRecordingFirst, rank: (r) => r.start_time },
    // (project, viewer email): made at the first question about a viewer (a playlist's answer).
    viewer: {
      of: (r) => r.viewers.map((email) => `${r.project_id}\u0000${email}`),
      order: newestRecordingFirst,
      lazy: true,
    },
  },
}

export class RecordingTable {
  readonly #table: Table<RecordingRecord>

  constructor(records: readonly RecordingRecord[] = []) {
    this.#table = new Table(RECORDINGS, records)
  }

  get size(): number {
    return this.#table.size
  }

  /** Changes whenever a recording is added, replaced or removed (see stamp.ts). */
  get stamp(): number {
    return this.#table.stamp
  }

  get(projectId: number, id: string): RecordingRecord | undefined {
    return this.#table.lookup('key', id, projectId)
  }

  /** The project's recordings, newest first. Do not mutate. */
  list(projectId: number): readonly RecordingRecord[] {
    return this.#table.group('project', projectId)
  }

  /** The ids of the project's recordings the user (by email) has watched. */
  viewedBy(projectId: number, email: string): Viewed {
    const watched = this.#table.group('viewer', `${projectId}\u0000${email}`)
    return {
      size: watched.length,
      has: (id) => this.get(projectId, id)?.viewers.includes(email) ?? false,
      *[Symbol.iterator]() {
        for (const r of watched) yield r.id
      },
    }
  }

  /** Every recording (a new array). */
  toArray(): RecordingRecord[] {
    return this.#table.all()
  }

  /** Adds the recording, or replaces the one with its id in its project. */
  upsert(recording: RecordingRecord): void {
    if (this.get(recording.project_id, recording.id)) this.#table.replace(recording)
    else this.#table.insert(recording)
  }

  /** Removes the project's recording with this id; the removed one, or undefined when there was none. */
  remove(projectId: number, id: string): RecordingRecord | undefined {
    const removed = this.get(projectId, id)
    if (removed) this.#table.remove(removed)
    return removed
  }
}

/** Session recording playlists, by id and by short id in their project (every playlist request finds its playlist so). */
export class PlaylistTable extends Table<PlaylistRecord> {
  constructor(records: readonly PlaylistRecord[] = []) {
    super(
      {
        id: (p) => p.id,
        indexes: { shortId: { keys: (p) => p.short_id, scope: (p) => p.project_id, unique: true } },
        groups: { project: { of: (p) => p.project_id, order: byId } },
      },
      records,
    )
  }

  byShortId(projectId: number, shortId: string): PlaylistRecord | undefined {
    return this.lookup('shortId', shortId, projectId)
  }

  /** The project's playlists (deleted ones too), by id. */
  ofProject(projectId: number): readonly PlaylistRecord[] {
    return this.group('project', projectId)
  }
}

/** The recordings in collection playlists: each playlist's items in the order added, found by recording id. */
export class PlaylistItemTable {
  readonly #table: Table<PlaylistItemRecord>
  /** A stamp for each playlist whose items changed (see `stamp`). */
  readonly #stamps = new Map<number, number>()
  readonly #unchanged = nextStamp()

  constructor(records: readonly PlaylistItemRecord[] = []) {
    this.#table = new Table<PlaylistItemRecord>(
      {
        id: (i) => i.id,
        indexes: { recording: { keys: (i) => i.recording_id, scope: (i) => i.playlist_id } },
        groups: { playlist: { of: (i) => i.playlist_id, order: byId } },
      },
      records,
    )
  }

  get size(): number {
    return this.#table.size
  }

  all(): PlaylistItemRecord[] {
    return this.#table.all()
  }

  findMany(...query: Parameters<Table<PlaylistItemRecord>['findMany']>): PlaylistItemRecord[] {
    return this.#table.findMany(...query)
  }

  insert(item: PlaylistItemRecord): PlaylistItemRecord {
    this.#stamps.set(item.playlist_id, nextStamp())
    return this.#table.insert(item)
  }

  remove(item: PlaylistItemRecord): boolean {
    this.#stamps.set(item.playlist_id, nextStamp())
    return this.#table.remove(item)
  }

  /** The playlist's items in the order added (a new array). */
  of(playlistId: number): PlaylistItemRecord[] {
    return [...this.#table.group('playlist', playlistId)]
  }

  countOf(playlistId: number): number {
    return this.#table.group('playlist', playlistId).length
  }

  /** How many of the playlist's items hold a recording in `recordingIds`, walking the smaller of the two. */
  countAmong(playlistId: number, recordingIds: Viewed): number {
    const items = this.#table.group('playlist', playlistId)
    if (items.length <= recordingIds.size) return items.filter((i) => recordingIds.has(i.recording_id)).length
    let n = 0
    for (const id of recordingIds) n += this.#table.lookupAll('recording', id, playlistId).length
    return n
  }

  /** The playlist's first item holding the recording. */
  find(playlistId: number, recordingId: string): PlaylistItemRecord | undefined {
    return this.#table.lookupAll('recording', recordingId, playlistId).sort(byId)[0]
  }

  /** Changes whenever the playlist's items do (unique across tables, so across resets too). */
  stamp(playlistId: number): number {
    return this.#stamps.get(playlistId) ?? this.#unchanged
  }
}

/**
 * Scheduled tasks, with the pending one of each target found at once. The real service keeps at most one
 * pending deletion for a person (AsyncDeletion's "unique pending deletion" constraint on deletion_type
 * and key, the person's uuid, while delete_verified_at is null), so asking again while one waits adds nothing.
 */
export class TaskTable extends Table<TaskRecord> {
  constructor(records: readonly TaskRecord[] = []) {
    const queued = (t: TaskRecord) => (t.state === 'queued' ? t.target.person_uuid : undefined)
    super({ id: (t) => t.id, indexes: { queued: { keys: queued } } }, records)
  }

  /** The earliest instant a queued task is due (Infinity when none waits): the store's `nextTaskDueAt`. */
  earliestQueued(): number {
    let next = Infinity
    for (const task of this.values()) if (task.state === 'queued') next = Math.min(next, task.scheduled_for)
    return next
  }

  /** The queued task of this kind for this person (the first, should a state file hold more), if one waits. */
  pending(kind: TaskRecord['kind'], personUuid: string): TaskRecord | undefined {
    return this.lookupAll('queued', personUuid)
      .filter((t) => t.kind === kind)
      .sort(byId)[0]
  }
}

export class InsightTable extends Table<InsightRecord> {
  constructor(records: readonly InsightRecord[] = []) {
    super({ id: (i) => i.id }, records)
  }
}

/** Entries newest first, read from a list kept oldest first without copying it: what a page needs. */
export interface NewestFirst {
  readonly length: number
  /** Entries `start` to `end` (exclusive) of the newest-first order, as a new array. */
  slice(start: number, end: number): ActivityRecord[]
}

/** The order the lists are kept in: the reverse of the API's (newest created_at first, then the later seq). */
const oldestFirst = (a: ActivityRecord, b: ActivityRecord) => a.created_at - b.created_at || a.seq - b.seq

/** The activity log: one entry per logged write, by seq, each item's and each scope's kept in order. */
export class ActivityLog extends Table<ActivityRecord> {
  constructor(records: readonly ActivityRecord[] = []) {
    super(
      {
        id: (a) => a.seq,
        groups: {
          item: { of: (a) => `${a.project_id}\u0000${a.scope}\u0000${a.item_id}`, order: oldestFirst },
          scope: { of: (a) => `${a.project_id}\u0000${a.scope}`, order: oldestFirst },
        },
      },
      records,
    )
  }

  /** Adds an entry (frozen: entries never change). */
  append(record: ActivityRecord): ActivityRecord {
    return this.insert(record)
  }

  /** The item's entries, newest first (a view: nothing copied). */
  entries(projectId: number, scope: string, itemId: string): NewestFirst {
    return newestFirstOf(this.group('item', `${projectId}\u0000${scope}\u0000${itemId}`))
  }

  /** The project's entries of one scope (every item), newest first (a view: nothing copied). */
  scopeEntries(projectId: number, scope: string): NewestFirst {
    return newestFirstOf(this.group('scope', `${projectId}\u0000${scope}`))
  }

  /** Every entry, by seq. */
  toArray(): ActivityRecord[] {
    return this.all()
  }
}

function newestFirstOf(kept: readonly ActivityRecord[]): NewestFirst {
  // As the list was when the view was made (entries appended later, at its end, do not show).
  const length = kept.length
  return {
    length,
    slice: (start, end) => {
      const out: ActivityRecord[] = []
      for (let i = Math.max(0, start); i < Math.min(length, end); i++) out.push(kept[length - 1 - i]!)
      return out
    },
  }
}
