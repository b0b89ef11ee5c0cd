// A bounded request journal (a long run must not grow without end), oldest first.

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

export class Journal {
  #entries: JournalEntry[] = []
  #nextId = 1
  #dropped = 0

  constructor(readonly capacity = 1000) {}

  record(entry: Omit<JournalEntry, 'id'>): void {
    if (this.capacity <= 0) return
    this.#entries.push({ id: this.#nextId++, ...entry })
    if (this.#entries.length > this.capacity) {
      this.#entries.shift()
      this.#dropped++
    }
  }

  entries(filter?: { operationId?: string; method?: string }): JournalEntry[] {
    return this.#entries.filter(
      (e) => (!filter?.operationId || e.operation_id === filter.operationId) && (!filter?.method || e.method === filter.method),
    )
  }

  get dropped(): number {
    return this.#dropped
  }

  clear(): void {
    this.#entries = []
    this.#dropped = 0
  }
}
