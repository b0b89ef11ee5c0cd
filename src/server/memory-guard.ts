// The heap ceiling: a long run of writes (every write keeps events and activity entries) must not grow
// the process until V8 gives up and the process dies ("heap out of memory"). Once the live heap passes
// the ceiling, writes that add data are refused with 507 until data is deleted, the store is reset, or
// the server restarts with a higher ceiling; reads, deletes and resets go on. The ceiling sits well
// under V8's own limit, leaving room for the answers being built (at most --max-answer each).
import { getHeapStatistics } from 'node:v8'
import { ApiError } from '../core/drf/exceptions.ts'
import { collectGarbage } from './heap.ts'

/** Default ceiling: 1 GiB, or half of V8's heap limit when that is smaller. */
export function defaultHeapCeiling(): number {
  return Math.min(1024 * 1024 * 1024, Math.floor(getHeapStatistics().heap_size_limit / 2))
}

/** How often the heap is looked at (a look costs microseconds; writes come thousands a second). */
const LOOK_EVERY_MS = 50
/** A heap over the ceiling may be mostly garbage: a full collection first, at most this often. */
const COLLECT_EVERY_MS = 5_000

export class MemoryGuard {
  #lookedAt = -Infinity
  #over = false
  #collectedAt = -Infinity

  constructor(readonly ceilingBytes: number = defaultHeapCeiling()) {}

  /** Whether the live heap is over the ceiling (looked at every 50 ms; a full collection decides). */
  over(): boolean {
    const now = performance.now()
    if (now - this.#lookedAt < LOOK_EVERY_MS) return this.#over
    this.#lookedAt = now
    if (getHeapStatistics().used_heap_size <= this.ceilingBytes) return (this.#over = false)
    if (now - this.#collectedAt >= COLLECT_EVERY_MS) {
      this.#collectedAt = now
      collectGarbage()
      return (this.#over = getHeapStatistics().used_heap_size > this.ceilingBytes)
    }
    return (this.#over = true)
  }

  /** The refusal of a write while over the ceiling. */
  refusal(): ApiError {
    const mib = Math.round(this.ceilingBytes / 1024 / 1024)
    return new ApiError(
      507,
      'server_error',
      'insufficient_storage',
      `The mock holds as much data as its heap ceiling (${mib} MiB) allows: writes that add data are refused until data is deleted, ` +
        'the store is reset (POST /_mock/reset), or the server restarts with a higher --heap-ceiling.',
    )
  }
}

/** Writes that add data (refused over the ceiling); deletes and resets free memory and go on. */
export function addsData(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'DELETE') return false
  return !/^\/_mock\/(reset|journal|faults|clock)\/?$/.test(path)
}
