// The activity log: append-only, one entry per logged write, so it grows like the event log. Kept in
// order of appending (seq) and indexed by (project, scope, item), each item's entries in the order
// the API shows them reversed (oldest first), so an item's history is read without a scan.
import type { ActivityRecord } from './models.ts'
import { insertSorted } from './sorted-list.ts'

/** The order the lists are kept in: the reverse of the API's (newest created_at first, then the later seq). */
const oldestFirst = (a: ActivityRecord, b: ActivityRecord) => a.created_at - b.created_at || a.seq - b.seq

/** Entries newest first, read from a list kept oldest first without copying it: what a page needs. */
export interface NewestFirst {
  readonly length: number
  /** Entries `start` to `end` (exclusive) of the newest-first order, as a new array. */
  slice(start: number, end: number): ActivityRecord[]
}

function newestFirstOf(list: readonly ActivityRecord[] | undefined): NewestFirst {
  const kept = list ?? []
  return {
    length: kept.length,
    slice(start, end) {
      const out: ActivityRecord[] = []
      const from = Math.max(0, start)
      const to = Math.min(kept.length, end)
      for (let i = from; i < to; i++) out.push(kept[kept.length - 1 - i]!)
      return out
    },
  }
}

export class ActivityLog {
  #all: ActivityRecord[] = []
  /** project -> `scope\0item_id` -> entries, oldest first. */
  #byItem = new Map<number, Map<string, ActivityRecord[]>>()
  /** project -> scope -> entries, oldest first. */
  #byScope = new Map<number, Map<string, ActivityRecord[]>>()

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
    // Almost always the newest (the clock rarely goes back): at the end; otherwise into its place.
    insertSorted(listOf(this.#byItem, entry.project_id, `${entry.scope}\u0000${entry.item_id}`), entry, oldestFirst)
    insertSorted(listOf(this.#byScope, entry.project_id, entry.scope), entry, oldestFirst)
    return entry
  }

  /** The item's entries, newest first (a view: nothing copied). */
  entries(projectId: number, scope: string, itemId: string): NewestFirst {
    return newestFirstOf(this.#byItem.get(projectId)?.get(`${scope}\u0000${itemId}`))
  }

  /** The project's entries of one scope (every item), newest first (a view: nothing copied). */
  scopeEntries(projectId: number, scope: string): NewestFirst {
    return newestFirstOf(this.#byScope.get(projectId)?.get(scope))
  }

  /** Every entry in the order appended. Do not mutate. */
  toArray(): readonly ActivityRecord[] {
    return this.#all
  }
}

function listOf(index: Map<number, Map<string, ActivityRecord[]>>, projectId: number, key: string): ActivityRecord[] {
  let forProject = index.get(projectId)
  if (!forProject) index.set(projectId, (forProject = new Map()))
  let list = forProject.get(key)
  if (!list) forProject.set(key, (list = []))
  return list
}
