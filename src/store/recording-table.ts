// Session recordings, kept per project newest start_time first (ties by id), with an id index.
import { hashKey, HashIndex } from './hash-index.ts'
import type { RecordingRecord } from './models.ts'
import { sortByNumberThen } from './sort-by-number.ts'
import { insertSorted } from './sorted-list.ts'
import { nextStamp } from './stamp.ts'

const byId = (a: RecordingRecord, b: RecordingRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const newestFirst = (a: RecordingRecord, b: RecordingRecord) => b.start_time - a.start_time || byId(a, b)
const startTime = (r: RecordingRecord) => r.start_time

/** Recordings indexed at a time by a RecordingTable being filled (see `RecordingTable.filling`). */
const FILL_BATCH = 1024

/** What the reads of index slots ahead of their use answered, kept so no compiler drops the reads. */
let warmed = 0

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
   * An empty table for `recordings` recordings, filled by `add` as a generator makes them, in the order
   * the constructor would have been given them; `done` answers the table the constructor would have made.
   * `add` may be given the hash of the recording's id with its project (`hashKey(id, project_id)`), which a
   * generator can make without the id's text (recording-columns.ts `uuidHashFromWords`); at 1.75 million
   * recordings, the constructor's pass made each id's text from its words again to hash it.
   */
  static filling(recordings: number): RecordingTableFilling {
    const table = new RecordingTable()
    table.#byId = new HashIndex(recordings)
    // A batch at a time, the index slots their hashes start at read first in a loop of their own, where
    // the cache misses overlap (as in PersonTable.filling); a recording given without its hash is hashed then.
    const batch: RecordingRecord[] = []
    const hashes = new Int32Array(FILL_BATCH)
    const given = new Uint8Array(FILL_BATCH)
    const flush = () => {
      let touched = 0
      for (let k = 0; k < batch.length; k++) if (given[k]) touched ^= table.#byId.slotAt(hashes[k]!)
      warmed ^= touched
      for (let k = 0; k < batch.length; k++) table.#add(batch[k]!, given[k] ? hashes[k]! : undefined)
      batch.length = 0
    }
    return {
      add: (recording, hash) => {
        const k = batch.length
        given[k] = hash === undefined ? 0 : 1
        hashes[k] = hash ?? 0
        if (batch.push(recording) === FILL_BATCH) flush()
      },
      done: () => {
        flush()
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
    if (existing) for (const email of existing.viewers) this.#viewed.get(existing.project_id)?.get(email)?.delete(existing.id)
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
