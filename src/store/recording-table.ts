// Session recordings, kept per project newest start_time first (ties by id), with an id index.
import type { RecordingRecord } from './models.ts'
import { insertSorted } from './sorted-list.ts'
import { nextStamp } from './stamp.ts'

const newestFirst = (a: RecordingRecord, b: RecordingRecord) =>
  b.start_time - a.start_time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const NONE: ReadonlySet<string> = new Set()

export class RecordingTable {
  // Keyed project first, then id: no composite key string per recording (~60 bytes each).
  #byId = new Map<number, Map<string, RecordingRecord>>()
  #size = 0
  #ordered = new Map<number, RecordingRecord[]>()
  /** `${projectId}\u0000${email}` -> ids of the project's recordings that user has watched (kept on every add and replace). */
  #viewed = new Map<string, Set<string>>()
  #stamp = nextStamp()

  /** Changes whenever a recording is added or replaced (see stamp.ts). */
  get stamp(): number {
    return this.#stamp
  }

  constructor(records: Iterable<RecordingRecord> = []) {
    for (const r of records) this.#add(r)
    for (const list of this.#ordered.values()) list.sort(newestFirst)
  }

  get size(): number {
    return this.#size
  }

  get(projectId: number, id: string): RecordingRecord | undefined {
    return this.#byId.get(projectId)?.get(id)
  }

  /** The ids of the project's recordings the user (by email) has watched. */
  viewedBy(projectId: number, email: string): ReadonlySet<string> {
    return this.#viewed.get(`${projectId}\u0000${email}`) ?? NONE
  }

  list(projectId: number): readonly RecordingRecord[] {
    return this.#ordered.get(projectId) ?? []
  }

  /** Every recording, project by project, each project's newest first. */
  toArray(): RecordingRecord[] {
    return ([] as RecordingRecord[]).concat(...this.#ordered.values())
  }

  /** Adds or replaces the recording with the same id in the project. */
  upsert(recording: RecordingRecord): void {
    this.#stamp = nextStamp()
    const existing = this.get(recording.project_id, recording.id)
    const list = this.#ordered.get(recording.project_id)
    if (existing && list) list.splice(list.indexOf(existing), 1)
    if (existing) for (const email of existing.viewers) this.#viewed.get(`${existing.project_id}\u0000${email}`)?.delete(existing.id)
    this.#add(recording)
    const ordered = this.#ordered.get(recording.project_id)!
    ordered.pop()
    insertSorted(ordered, recording, newestFirst)
  }

  #add(r: RecordingRecord): void {
    let ids = this.#byId.get(r.project_id)
    if (!ids) this.#byId.set(r.project_id, (ids = new Map()))
    if (!ids.has(r.id)) this.#size++
    ids.set(r.id, r)
    let list = this.#ordered.get(r.project_id)
    if (!list) this.#ordered.set(r.project_id, (list = []))
    list.push(r)
    for (const email of r.viewers) {
      const key = `${r.project_id}\u0000${email}`
      let viewed = this.#viewed.get(key)
      if (!viewed) this.#viewed.set(key, (viewed = new Set()))
      viewed.add(r.id)
    }
  }
}
