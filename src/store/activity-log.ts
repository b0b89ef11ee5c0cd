// The activity log: append-only, one entry per logged write, so it grows like the event log. Kept in
// order of appending (seq) and indexed by (project, scope, item), each item's entries in the order
// the API shows them reversed (oldest first), so an item's history is read without a scan.
import type { ActivityRecord } from './models.ts'

/** The order the API lists an item's entries in: newest created_at first, then the later seq. */
const newestFirst = (a: ActivityRecord, b: ActivityRecord) => b.created_at - a.created_at || b.seq - a.seq

export class ActivityLog {
  #all: ActivityRecord[] = []
  /** project -> `scope\0item_id` -> entries, oldest first (the reverse of `newestFirst`). */
  #byItem = new Map<number, Map<string, ActivityRecord[]>>()

  constructor(records: Iterable<ActivityRecord> = []) {
    for (const record of records) this.append(record)
  }

  get size(): number {
    return this.#all.length
  }

  /** Adds an entry (frozen: entries never change). */
  append(record: ActivityRecord): ActivityRecord {
    const entry = Object.isFrozen(record) ? record : Object.freeze(record)
    this.#all.push(entry)
    let forProject = this.#byItem.get(entry.project_id)
    if (!forProject) this.#byItem.set(entry.project_id, (forProject = new Map()))
    const key = `${entry.scope}\u0000${entry.item_id}`
    let list = forProject.get(key)
    if (!list) forProject.set(key, (list = []))
    // Almost always the newest (the clock rarely goes back): a push; otherwise into its place.
    let at = list.length
    while (at > 0 && newestFirst(list[at - 1]!, entry) < 0) at--
    list.splice(at, 0, entry)
    return entry
  }

  /** The item's entries, newest first (a new array). */
  entries(projectId: number, scope: string, itemId: string): ActivityRecord[] {
    const list = this.#byItem.get(projectId)?.get(`${scope}\u0000${itemId}`)
    return list ? list.slice().reverse() : []
  }

  /** The project's entries of one scope (every item), newest first (a new array). */
  scopeEntries(projectId: number, scope: string): ActivityRecord[] {
    return this.#all.filter((e) => e.project_id === projectId && e.scope === scope).sort(newestFirst)
  }

  /** Every entry in the order appended. Do not mutate. */
  toArray(): readonly ActivityRecord[] {
    return this.#all
  }
}
