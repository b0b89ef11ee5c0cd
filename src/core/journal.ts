// A bounded request journal (a long run must not grow without end), oldest first.
//
// Entries are kept as the request left them (the time in epoch ms, the raw query string) and shaped
// when read: every request writes one, few are ever read, and formatting the time and parsing the
// query on the way in was a measurable part of a write's cost.
import { iso } from './datetime.ts'

export interface JournalEntry {
  id: number
  at: string
  method: string
  path: string
  query: Record<string, string | string[]>
  operation_id: string | null
  status: number
  request_body?: unknown
  duration_ms: number
}

/** What `record` takes: the entry with the time as epoch ms and the query as the URL's `search`. */
export interface JournalRecord extends Omit<JournalEntry, 'id' | 'at' | 'query'> {
  at_ms: number
  search: string
}

interface Stored extends JournalRecord {
  id: number
}

function shape(e: Stored): JournalEntry {
  return {
    id: e.id,
    at: iso(e.at_ms),
    method: e.method,
    path: e.path,
    query: Object.fromEntries(new URLSearchParams(e.search)),
    operation_id: e.operation_id,
    status: e.status,
    request_body: e.request_body,
    duration_ms: e.duration_ms,
  }
}

export class Journal {
  #entries: Stored[] = []
  #nextId = 1
  #dropped = 0

  constructor(readonly capacity = 1000) {}

  /** Keeps `entry` itself (numbered in place, not copied): pass a fresh object. */
  record(entry: JournalRecord): void {
    if (this.capacity <= 0) return
    const stored = entry as Stored
    stored.id = this.#nextId++
    this.#entries.push(stored)
    if (this.#entries.length > this.capacity) {
      this.#entries.shift()
      this.#dropped++
    }
  }

  entries(filter?: { operationId?: string; method?: string }): JournalEntry[] {
    const out: JournalEntry[] = []
    for (const e of this.#entries) {
      if ((!filter?.operationId || e.operation_id === filter.operationId) && (!filter?.method || e.method === filter.method)) out.push(shape(e))
    }
    return out
  }

  /** The newest entry, if any. */
  latest(): JournalEntry | undefined {
    const last = this.#entries.at(-1)
    return last && shape(last)
  }

  get dropped(): number {
    return this.#dropped
  }

  clear(): void {
    this.#entries = []
    this.#dropped = 0
  }
}
