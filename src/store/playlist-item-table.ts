// The recordings in collection playlists: each playlist's items in the order added, and which
// recording ids it holds (adding one checks it; every playlist answer counts them). Each playlist's
// items carry a stamp that changes whenever they do, so what is made from them can be kept until then.
import type { PlaylistItemRecord } from './models.ts'
import { RecordTable } from './record-table.ts'
import { nextStamp } from './stamp.ts'

interface Items {
  /** by item id, in the order added (a Map: removing is O(1) at any size) */
  list: Map<number, PlaylistItemRecord>
  /** recording id -> its items (one, unless a scenario holds the same recording twice), first added first */
  byRecording: Map<string, PlaylistItemRecord[]>
  stamp: number
}

export class PlaylistItemTable extends RecordTable<PlaylistItemRecord> {
  #byPlaylist = new Map<number, Items>()
  /** The stamp of a playlist without items (any change gives it one of its own). */
  #emptyStamp = nextStamp()

  constructor(records: Iterable<PlaylistItemRecord> = []) {
    super()
    this.insertAll(records)
  }

  /** The playlist's items in the order added (a new array). */
  of(playlistId: number): PlaylistItemRecord[] {
    const items = this.#byPlaylist.get(playlistId)
    return items ? [...items.list.values()] : []
  }

  /** How many items the playlist has. */
  countOf(playlistId: number): number {
    return this.#byPlaylist.get(playlistId)?.list.size ?? 0
  }

  /**
   * How many of the playlist's items hold a recording in `recordingIds` (an item per recording: one
   * held twice counts twice). Walks the smaller of the two, so a big playlist costs no more than the set.
   */
  countAmong(playlistId: number, recordingIds: ReadonlySet<string>): number {
    const items = this.#byPlaylist.get(playlistId)
    if (!items || recordingIds.size === 0) return 0
    let n = 0
    if (recordingIds.size < items.byRecording.size) {
      for (const id of recordingIds) n += items.byRecording.get(id)?.length ?? 0
    } else {
      // forEach: a for-of over the entries made an [id, items] array per item, on every playlist answer.
      items.byRecording.forEach((same, id) => {
        if (recordingIds.has(id)) n += same.length
      })
    }
    return n
  }

  find(playlistId: number, recordingId: string): PlaylistItemRecord | undefined {
    return this.#byPlaylist.get(playlistId)?.byRecording.get(recordingId)?.[0]
  }

  /** Changes whenever the playlist's items do (unique across tables, so across resets too). */
  stamp(playlistId: number): number {
    return this.#byPlaylist.get(playlistId)?.stamp ?? this.#emptyStamp
  }

  protected override added(item: PlaylistItemRecord): void {
    let items = this.#byPlaylist.get(item.playlist_id)
    if (!items) this.#byPlaylist.set(item.playlist_id, (items = { list: new Map(), byRecording: new Map(), stamp: 0 }))
    items.list.set(item.id, item)
    const same = items.byRecording.get(item.recording_id)
    if (same) same.push(item)
    else items.byRecording.set(item.recording_id, [item])
    items.stamp = nextStamp()
  }

  protected override removed(item: PlaylistItemRecord): void {
    const items = this.#byPlaylist.get(item.playlist_id)
    if (!items) return
    items.list.delete(item.id)
    const same = items.byRecording.get(item.recording_id)
    if (same) {
      const rest = same.filter((i) => i !== item)
      if (rest.length) items.byRecording.set(item.recording_id, rest)
      else items.byRecording.delete(item.recording_id)
    }
    items.stamp = nextStamp()
  }
}
