// Session recordings, kept per project newest start_time first (ties by id), with an id index.
import { HashEntries, hashKey, HashIndex } from './hash-index.ts'
import type { RecordingRecord } from './models.ts'
import { sortByNumberThen } from './sort-by-number.ts'
import { insertSorted } from './sorted-list.ts'
import { ProjectListsFilling, type ProjectCount } from './project-lists.ts'
import { nextStamp } from './stamp.ts'

const byId = (a: RecordingRecord, b: RecordingRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const newestFirst = (a: RecordingRecord, b: RecordingRecord) => b.start_time - a.start_time || byId(a, b)
const startTime = (r: RecordingRecord) => r.start_time

/** A RecordingTable being filled one recording at a time (`RecordingTable.filling`). */
export interface RecordingTableFilling {
  /** `hash`: hashKey(recording.id, recording.project_id), when the caller has it. */
  add(recording: RecordingRecord, hash?: number): void
  done(): RecordingTable
}

export class RecordingTable {
  // Every recording in a slot of its own (a replace takes its predecessor's slot), found by
  // (project_id, id) through a hash index of slots (hash-index.ts): at 1.75 million recordings a map
  // per project held ~90 MB of heap and took ~3 s to fill.
  #slots: RecordingRecord[] = []
  #byId: HashIndex
  #ordered = new Map<number, RecordingRecord[]>()
  /**
   * project -> viewer email -> ids of the project's recordings that user has watched: made at the first
   * question about that user and project (a playlist's answer), then kept on every add and replace.
   * Nested maps: no key string built for every answer.
   */
  #viewed = new Map<number, Map<string, Set<string>>>()
  #stamp = nextStamp()

  /** Changes whenever a recording is added or replaced (see stamp.ts). */
  get stamp(): number {
    return this.#stamp
  }

  constructor(records: Iterable<RecordingRecord> = []) {
    this.#byId = new HashIndex(Array.isArray(records) ? records.length : 0)
    for (const r of records) this.#add(r)
    this.#sortLists()
  }

  /**
   * An empty table for `recordings` recordings (more only cost a copy), filled by `add` as a generator
   * makes them, in the order the constructor would have been given them; `done` answers the table the
   * constructor would have made. `add` may be given the hash of the recording's id with its project
   * (`hashKey(id, project_id)`), which a generator can make without the id's text (recording-columns.ts
   * `uuidHashFromWords`; at 1.75 million recordings, the constructor's pass made each id's text from its
   * words again to hash it). The id index is made by `done`, all at once in the order of its slots
   * (HashIndex.addAll: made recording by recording, each entry was a cache miss).
   */
  static filling(recordings: number, projects: readonly ProjectCount[] = []): RecordingTableFilling {
    const table = new RecordingTable()
    table.#byId = new HashIndex(recordings)
    const slots = (table.#slots = new Array<RecordingRecord>(recordings))
    const entries = new HashEntries(recordings)
    const lists = new ProjectListsFilling(table.#ordered, projects)
    return {
      add: (recording, hash) => {
        // The entry's number is the recording's slot.
        slots[entries.length] = recording
        entries.push(hash ?? hashKey(recording.id, recording.project_id), entries.length)
        lists.add(recording)
      },
      done: () => {
        slots.length = entries.length
        lists.done()
        let repeated = false
        table.#byId.addAll(entries.hashes, entries.values, entries.length, (held, slot) => {
          const a = slots[held]!
          const b = slots[slot]!
          const same = a.project_id === b.project_id && a.id === b.id
          if (same) repeated = true
          return same
        })
        // An id given twice (no generator does): the constructor's table, whose later recording takes the earlier one's slot.
        if (repeated) return new RecordingTable(slots)
        table.#sortLists()
        return table
      },
    }
  }

  #sortLists(): void {
    for (const list of this.#ordered.values()) sortByNumberThen(list, startTime, newestFirst)
  }

  get size(): number {
    return this.#slots.length
  }

  get(projectId: number, id: string): RecordingRecord | undefined {
    if (typeof id !== 'string') return undefined
    const slot = this.#slotOf(projectId, id)
    return slot < 0 ? undefined : this.#slots[slot]
  }

  /** The ids of the project's recordings the user (by email) has watched. */
  viewedBy(projectId: number, email: string): ReadonlySet<string> {
    let forProject = this.#viewed.get(projectId)
    if (!forProject) this.#viewed.set(projectId, (forProject = new Map()))
    let viewed = forProject.get(email)
    if (!viewed) {
      viewed = new Set()
      for (const r of this.list(projectId)) if (r.viewers.includes(email)) viewed.add(r.id)
      forProject.set(email, viewed)
    }
    return viewed
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
    if (existing)
      for (const email of existing.viewers) this.#viewed.get(existing.project_id)?.get(email)?.delete(existing.id)
    this.#add(recording)
    for (const email of recording.viewers) {
      const viewed = this.#viewed.get(recording.project_id)?.get(email)
      // (No set yet: it is made from the lists when first asked for.)
      if (viewed) viewed.add(recording.id)
    }
    const ordered = this.#ordered.get(recording.project_id)!
    ordered.pop()
    insertSorted(ordered, recording, newestFirst)
  }

  /** Removes the project's recording with this id; the removed one, or undefined when there was none. */
  remove(projectId: number, id: string): RecordingRecord | undefined {
    const slot = this.#slotOf(projectId, id)
    if (slot < 0) return undefined
    const removed = this.#slots[slot]!
    this.#stamp = nextStamp()
    this.#byId.delete(hashKey(id, projectId), slot)
    // The last slot's recording moves into the freed one, so the slots stay dense.
    const last = this.#slots.length - 1
    if (slot !== last) {
      const moved = this.#slots[last]!
      const hash = hashKey(moved.id, moved.project_id)
      this.#byId.delete(hash, last)
      this.#byId.add(hash, slot)
      this.#slots[slot] = moved
    }
    this.#slots.pop()
    const list = this.#ordered.get(projectId)!
    list.splice(list.indexOf(removed), 1)
    for (const email of removed.viewers) this.#viewed.get(projectId)?.get(email)?.delete(id)
    return removed
  }

  #slotOf(projectId: number, id: string): number {
    return this.#byId.find(hashKey(id, projectId), (slot) => {
      const r = this.#slots[slot]!
      return r.project_id === projectId && r.id === id
    })
  }

  /** `hash`: hashKey(r.id, r.project_id), when the caller has it. */
  #add(r: RecordingRecord, hash?: number): void {
    const projectId = r.project_id
    // Read once, and only when needed: a big dataset's recording makes its id's text on each read
    // (recording-columns.ts); given the hash, the text is wanted only if another recording has that hash.
    let id: string | undefined
    if (hash === undefined) hash = hashKey((id = r.id), projectId)
    const slot = this.#byId.find(hash, (slot) => {
      const held = this.#slots[slot]!
      return held.project_id === projectId && held.id === (id ??= r.id)
    })
    if (slot >= 0) this.#slots[slot] = r
    else this.#byId.add(hash, this.#slots.push(r) - 1)
    let list = this.#ordered.get(r.project_id)
    if (!list) this.#ordered.set(r.project_id, (list = []))
    list.push(r)
  }
}
