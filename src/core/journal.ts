// A bounded request journal (a long run must not grow without end), oldest first.
//
// Entries are kept as the request left them (the time in epoch ms, the raw query string) and shaped
// when read: every request writes one, few are ever read, and formatting the time and parsing the
// query on the way in was a measurable part of a write's cost. Secrets never leave it: query values
// and body fields named like keys, tokens or passwords (`personal_api_key` above all) read as REDACTED.
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

/** What a secret reads as in the journal. */
export const REDACTED = '[redacted]'

/** Names of fields and parameters whose values are secrets: keys, tokens, passwords, credentials. */
const SECRET_NAME = /^(authorization|credentials?|apikey)$|(^|[_-])(api[_-]?key|key|token|secret|password|passwd)$/i

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name)
}

/** A copy of `value` with the values of secret-named fields replaced by REDACTED (the value itself when nothing is). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 64) return value
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const item = redactSecrets(value[i], depth + 1)
      if (item !== value[i]) (out ??= [...value])[i] = item
    }
    return out ?? value
  }
  let out: Record<string, unknown> | undefined
  for (const [key, item] of Object.entries(value)) {
    const next = isSecretName(key) && item !== null && item !== undefined && item !== '' ? REDACTED : redactSecrets(item, depth + 1)
    if (next !== item) (out ??= { ...(value as Record<string, unknown>) })[key] = next
  }
  return out ?? value
}

function shape(e: Stored): JournalEntry {
  const query: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(e.search)) query[name] = isSecretName(name) && value !== '' ? REDACTED : value
  return {
    id: e.id,
    at: iso(e.at_ms),
    method: e.method,
    path: e.path,
    query,
    operation_id: e.operation_id,
    status: e.status,
    request_body: redactSecrets(e.request_body),
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
