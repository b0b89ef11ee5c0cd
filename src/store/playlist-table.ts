// Session recording playlists, by id and by their short id in the project (every playlist request
// finds its playlist by short id), and each project's playlists.
import type { PlaylistRecord } from './models.ts'
import { RecordTable } from './record-table.ts'

export class PlaylistTable extends RecordTable<PlaylistRecord> {
  /** project id -> short id -> playlist */
  #byShortId = new Map<number, Map<string, PlaylistRecord>>()

  constructor(records: Iterable<PlaylistRecord> = []) {
    super()
    this.insertAll(records)
  }

  byShortId(projectId: number, shortId: string): PlaylistRecord | undefined {
    return this.#byShortId.get(projectId)?.get(shortId)
  }

  /** The project's playlists (deleted ones too), in no particular order. */
  ofProject(projectId: number): IterableIterator<PlaylistRecord> | [] {
    return this.#byShortId.get(projectId)?.values() ?? []
  }

  protected override added(playlist: PlaylistRecord): void {
    let forProject = this.#byShortId.get(playlist.project_id)
    if (!forProject) this.#byShortId.set(playlist.project_id, (forProject = new Map()))
    forProject.set(playlist.short_id, playlist)
  }

  /** A new version under the same project and short id takes the old one's entry (no delete and re-insert in a map of every playlist of the project). */
  protected override replaced(prev: PlaylistRecord, next: PlaylistRecord): void {
    const forProject = this.#byShortId.get(next.project_id)
    if (
      prev.project_id === next.project_id &&
      prev.short_id === next.short_id &&
      forProject?.get(prev.short_id) === prev
    )
      forProject.set(next.short_id, next)
    else super.replaced(prev, next)
  }

  protected override removed(playlist: PlaylistRecord): void {
    const forProject = this.#byShortId.get(playlist.project_id)
    if (forProject?.get(playlist.short_id) === playlist) forProject.delete(playlist.short_id)
  }
}
