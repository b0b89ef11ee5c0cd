// The answer memo: a read's whole answer (status, headers, body text), given again to the same request
// while nothing it was made of has changed. An answer is made of the state, the request (operation,
// URL, the key that asked, what it accepts) and the clock: so an entry is let go of at every change of
// state (every write's turn, a reset or restore, scheduled work: `clear`), at every setting of the clock,
// and once the clock passes what the answer read of it (clock.ts `observe`). Only answers the contract
// validated are kept, so a hit is neither made nor validated again.
//
// The one cache of answers. Bound: MAX_ENTRIES answers and MAX_BYTES of their text; an answer heavy
// enough to be written in pieces is not kept. Needed by every read row of `npm run bench` (Limit: the
// GETs, at 1k and 100k persons; In-process: the msw face against bare msw).
import type { Clock } from './clock.ts'
import { bodyText, isHeavy, type MockResponse } from './http.ts'

const MAX_ENTRIES = 256
const MAX_BYTES = 16 * 1024 * 1024

interface Entry {
  res: MockResponse
  /** The clock's reading from which on the answer may differ. */
  holds: number
  bytes: number
}

export class AnswerMemo {
  readonly #entries = new Map<string, Entry>()
  #bytes = 0
  #generation = 0

  constructor(readonly clock: Clock) {
    clock.onChange(() => this.clear())
  }

  /** Counts changes of state: an answer made before the latest is not kept (`set`). */
  get generation(): number {
    return this.#generation
  }

  /** Lets every answer go: the state (or the clock) changed. */
  clear(): void {
    this.#generation++
    this.#entries.clear()
    this.#bytes = 0
  }

  get(key: string): MockResponse | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (this.clock.now() < entry.holds) return entry.res
    this.#delete(key, entry)
    return undefined
  }

  /** Keeps `res` for `key`, made while the memo was at `generation`, holding until the clock reads `holds`. */
  set(key: string, res: MockResponse, generation: number, holds: number): void {
    if (generation !== this.#generation || res.pieces !== undefined || isHeavy(res.json)) return
    const bytes = key.length + bodyText(res).length
    if (bytes > MAX_BYTES) return
    const old = this.#entries.get(key)
    if (old) this.#delete(key, old)
    // The oldest go first (a Map keeps insertion order).
    for (const [k, e] of this.#entries) {
      if (this.#entries.size < MAX_ENTRIES && this.#bytes + bytes <= MAX_BYTES) break
      this.#delete(k, e)
    }
    this.#entries.set(key, { res, holds, bytes })
    this.#bytes += bytes
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key)
    this.#bytes -= entry.bytes
  }
}
