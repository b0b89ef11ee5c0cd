// Keeps a client to a deployment's rate limits: before each request it reserves the request's place in
// every throttle class the operation is checked against (contract/rate-limits.ts, the same table the mock
// throttles by), then waits until the place is due. A class's requests leave in the order they were
// reserved, and one leaves only when fewer than the class's rate may still be counted in the window it
// would be counted in: a request counts from the moment it is reserved until a window after its answer
// came (the service counts it at some instant between the two), so requests in flight together each take
// a place of their own. After a 429 no request leaves until its Retry-After has passed, however long that
// is. Without a budget it only does the latter. The budget: `real`, `off`, or scaled classes
// (`burst=10/min,...`), as `--rate` reads it.
import { parseRateLimits, SlidingWindows, throttleScopes, type Rate, type RateTable } from '../contract/rate-limits.ts'

/** Sent a little after a window frees: clocks and timers are not exact. */
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
  /** Each class's answered requests, by the instant their answer came, oldest first. */
  readonly #answered = new SlidingWindows()
  /** Each class's requests reserved and not answered yet, and the latest instant one of them was reserved for. */
  readonly #open = new Map<string, { count: number; last: number }>()
  /** Told when an answer comes (a class whose whole rate is in flight waits for one). */
  #waiting: Array<() => void> = []
  #blockedUntil = 0
  /** The latest instant a wait has ended at. */
  #awoke = -Infinity

  constructor(private readonly o: PacerOptions) {}

  /** The clock, but never before an instant a wait has ended at (a sleep that returns early, or a test's that does not move the clock, must not make it wait again). */
  #now(): number {
    return Math.max(this.o.now(), this.#awoke)
  }

  #classes(operationId: string | null): Array<{ scope: string; rate: Rate; open: { count: number; last: number } }> {
    const rates = this.o.rates
    if (!rates) return []
    return throttleScopes(operationId).flatMap((scope) => {
      const rate = rates[scope]
      if (!rate) return []
      let open = this.#open.get(scope)
      if (!open) this.#open.set(scope, (open = { count: 0, last: -Infinity }))
      return [{ scope, rate, open }]
    })
  }

  /** The first instant from `now` a request of this operation may leave, and the limit that sets it (null: wait for an answer). */
  #slot(operationId: string | null, now: number): [number, string] | null {
    let slot: [number, string] = [Math.max(now, this.#blockedUntil), 'Retry-After']
    for (const { scope, rate, open } of this.#classes(operationId)) {
      const room = rate.requests - open.count
      if (room <= 0) return null
      const answered = this.#answered.current(scope, rate, now)
      const frees =
        answered.length < room ? -Infinity : answered[answered.length - room]! + rate.seconds * 1000 + MARGIN_MS
      const at = Math.max(frees, open.last)
      if (at > slot[0]) slot = [at, scope]
    }
    return slot
  }

  /** Reserves the request's place in the operation's classes and waits until it is due; call the function it resolves to when the answer has come (or none will). */
  async acquire(operationId: string | null): Promise<() => void> {
    for (;;) {
      const now = this.#now()
      const slot = this.#slot(operationId, now)
      if (!slot) {
        await new Promise<void>((resolve) => this.#waiting.push(resolve))
        continue
      }
      const [at, reason] = slot
      const classes = this.#classes(operationId)
      for (const { open } of classes) {
        open.count++
        open.last = Math.max(open.last, at)
      }
      const answered = () => {
        const done = this.#now()
        for (const { scope, open } of classes) {
          open.count--
          this.#answered.record(scope, done)
        }
        for (const wake of this.#waiting.splice(0)) wake()
      }
      if (at > now) {
        const ms = at - now
        if (ms >= 1000) this.o.onWait?.(ms, reason)
        await this.o.sleep(ms)
        this.#awoke = Math.max(this.#awoke, at)
        // A 429 that came meanwhile holds this request too: it reserves again (the place it leaves stays
        // counted, erring on the side of the budget).
        if (this.#blockedUntil > at) {
          answered()
          continue
        }
      }
      return answered
    }
  }

  /** A 429 said to wait this long: nobody sends before then. */
  throttled(waitMs: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.#now() + waitMs)
  }

  /** About how long `requests` more requests of this operation take under the budget (0 without one). */
  estimateMs(requests: number, operationId: string | null): number {
    const now = this.#now()
    let estimate = Math.max(0, this.#blockedUntil - now)
    if (requests <= 0) return estimate
    for (const { scope, rate, open } of this.#classes(operationId)) {
      const room = rate.requests - open.count - this.#answered.current(scope, rate, now).length
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
  if (typeof rate === 'object') return rate // a table, or null: none
  if (rate !== undefined) return parseRateLimits(rate)
  return inProcess || LOOPBACK.test(new URL(baseUrl).hostname) ? null : parseRateLimits('real')
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null without a usable one. */
export function retryAfterMs(header: string | null, now: number): number | null {
  const text = header?.trim()
  if (!text) return null
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
