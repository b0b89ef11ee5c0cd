// The activity log: append-only, one entry per logged write, so it grows like the event log. Kept in
// order of appending (seq) and indexed by (project, scope, item) and by (project, scope), each list in
// the order the API shows it reversed (oldest first), so a page of an item's history, or of a scope's,
// is read without a scan or a copy.
import { DenseMap } from './dense-map.ts'
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
  // As the list was when the view was made (entries appended later, at its end, do not show).
  const length = kept.length
  return {
    length,
    slice(start, end) {
      const out: ActivityRecord[] = []
      for (let i = Math.max(0, start); i < Math.min(length, end); i++) out.push(kept[length - 1 - i]!)
      return out
    },
  }
}

/**
 * The item id as a number when it is one written as `String(id)` does (digits, no leading zero, below
 * 10^9), else -1. Items are records with ids from counters (playlists, persons, insights), so their
 * lists are kept by that number in a DenseMap: an array while the ids are dense. Every create logs an
 * item never seen before, and in a Map of every item so far its new key was a probe and an insert,
 * mostly a cache miss, in a table that grows and rehashes with every create.
 */
function itemIndex(itemId: string): number {
  const length = itemId.length
  if (length === 0 || length > 9 || (length > 1 && itemId.charCodeAt(0) === 48)) return -1
  let n = 0
  for (let i = 0; i < length; i++) {
    const digit = itemId.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return -1
    n = n * 10 + digit
  }
  return n
}

/** One scope's lists by item: numeric ids by their number, any other id by its text. */
class ItemLists {
  byNumber = new DenseMap<ActivityRecord[]>({ unordered: true })
  byText = new Map<string, ActivityRecord[]>()

  get(itemId: string): ActivityRecord[] | undefined {
    const n = itemIndex(itemId)
    return n >= 0 ? this.byNumber.get(n) : this.byText.get(itemId)
  }

  set(itemId: string, list: ActivityRecord[]): void {
    const n = itemIndex(itemId)
    if (n >= 0) this.byNumber.set(n, list)
    else this.byText.set(itemId, list)
  }
}

export class ActivityLog {
  #all: ActivityRecord[] = []
  /** project -> scope -> item_id -> entries, oldest first (nested maps: no key string built per entry; items by number, see ItemLists). */
  #byItem = new Map<number, Map<string, ItemLists>>()
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
    const forScope = mapOf(this.#byItem, entry.project_id)
    let items = forScope.get(entry.scope)
    if (!items) forScope.set(entry.scope, (items = new ItemLists()))
    const list = items.get(entry.item_id)
    // A new item's list made holding its entry (an empty array's first push reserves room for 17).
    if (list === undefined) items.set(entry.item_id, [entry])
    else insertSorted(list, entry, oldestFirst)
    insertSorted(listOf(this.#byScope, entry.project_id, entry.scope), entry, oldestFirst)
    return entry
  }

  /** The item's entries, newest first (a view: nothing copied). */
  entries(projectId: number, scope: string, itemId: string): NewestFirst {
    return newestFirstOf(this.#byItem.get(projectId)?.get(scope)?.get(itemId))
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

function mapOf<K, V>(index: Map<K, Map<string, V>>, key: K): Map<string, V> {
  let map = index.get(key)
  if (!map) index.set(key, (map = new Map()))
  return map
}

function listOf<K>(index: Map<K, Map<string, ActivityRecord[]>>, key: K, inner: string): ActivityRecord[] {
  const forKey = mapOf(index, key)
  let list = forKey.get(inner)
  if (!list) forKey.set(inner, (list = []))
  return list
}
