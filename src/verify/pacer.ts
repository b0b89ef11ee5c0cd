// Keeps a client to a deployment's rate limits: before each request it waits until every throttle class
// the operation is checked against (contract/rate-limits.ts, the same table the mock throttles by) has room
// in its window, counting as the real service counts (the same sliding windows); after a 429 no
// request leaves until its Retry-After has passed, however long that is. Without a budget it only does
// the latter. The budget: `real`, `off`, or scaled classes (`burst=10/min,...`), as `--rate` reads it.
import { parseRateLimits, SlidingWindows, throttleScopes, type RateTable } from '../contract/rate-limits.ts'

/** Sent a little after a window frees: the server counts a request when it arrives, after the client sent it. */
const MARGIN_MS = 250

export interface PacerOptions {
  /** The budget to keep to (null: none; only Retry-After is kept). */
  rates: RateTable | null
  now: () => number
  sleep: (ms: number) => Promise<void>
  /** Told before each wait longer than a second (for progress lines). */
  onWait?: (ms: number, reason: string) => void
}

export class Pacer {
  readonly #windows = new SlidingWindows()
  #blockedUntil = 0
  /** The latest instant slept until. */
  #slept = -Infinity
  /** Time spent waiting, in total. */
  waitedMs = 0

  constructor(private readonly o: PacerOptions) {}

  /** The clock, but never before an instant already slept until (a sleep that returns early, or a test's that does not move the clock, must not make it wait again). */
  #now(): number {
    return Math.max(this.o.now(), this.#slept)
  }

  get rates(): RateTable | null {
    return this.o.rates
  }

  /** How long until a request of this operation may leave, and which limit holds it. */
  #waitFor(operationId: string | null, now: number): [number, string] {
    let wait: [number, string] = [this.#blockedUntil - now, 'Retry-After']
    const rates = this.o.rates
    if (!rates) return wait
    for (const scope of throttleScopes(operationId)) {
      const rate = rates[scope]
      if (!rate) continue
      const history = this.#windows.current(scope, rate, now)
      if (history.length < rate.requests) continue
      const frees = history[history.length - rate.requests]! + rate.seconds * 1000 + MARGIN_MS - now
      if (frees > wait[0]) wait = [frees, scope]
    }
    return wait
  }

  /** Waits until the operation's classes have room, then counts the request in them. */
  async acquire(operationId: string | null): Promise<void> {
    for (;;) {
      const now = this.#now()
      const [ms, reason] = this.#waitFor(operationId, now)
      if (ms <= 0) break
      if (ms >= 1000) this.o.onWait?.(ms, reason)
      this.waitedMs += ms
      this.#slept = Math.max(this.#slept, now + ms)
      await this.o.sleep(ms)
    }
    const now = this.#now()
    if (this.o.rates)
      for (const scope of throttleScopes(operationId)) if (this.o.rates[scope]) this.#windows.record(scope, now)
  }

  /** A 429 said to wait this long: nobody sends before then. */
  throttled(waitMs: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.#now() + waitMs)
  }

  /** About how long `requests` more requests of this operation take under the budget (0 without one). */
  estimateMs(requests: number, operationId: string | null): number {
    const now = this.#now()
    let estimate = Math.max(0, this.#blockedUntil - now)
    const rates = this.o.rates
    if (!rates || requests <= 0) return estimate
    for (const scope of throttleScopes(operationId)) {
      const rate = rates[scope]
      if (!rate) continue
      const room = rate.requests - this.#windows.current(scope, rate, now).length
      if (requests > room) estimate = Math.max(estimate, ((requests - room) / rate.requests) * rate.seconds * 1000)
    }
    return estimate
  }
}

const LOOPBACK = /^(localhost|127(?:\.\d+){3}|\[::1\])$/i

/**
 * The budget a client keeps to: as given (`--rate`), else the real one for a deployment reached over the
 * network at a host that is not loopback, else none (the mock on this machine, or an app in-process).
 */
export function budgetFor(
  rate: string | RateTable | null | undefined,
  baseUrl: string,
  inProcess: boolean,
): RateTable | null {
  if (rate === null) return null
  if (typeof rate === 'object') return rate
  if (rate !== undefined) return parseRateLimits(rate)
  if (inProcess) return null
  return LOOPBACK.test(new URL(baseUrl).hostname) ? null : parseRateLimits('real')
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null without a usable one. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isFinite(at) ? Math.max(0, at - now) : null
}

/** `45 s`, `3 min 20 s`, `2 h 5 min`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`
  const min = Math.floor((s % 3600) / 60)
  return `${Math.floor(s / 3600)} h${min ? ` ${min} min` : ''}`
}

/** `waiting 3 min for the rate limit (the clickhouse_burst budget)`. */
export const waitText = (ms: number, reason: string) =>
  `waiting ${formatDuration(ms)} for the rate limit (${reason === 'Retry-After' ? 'a 429 said so' : `the ${reason} budget`})`
