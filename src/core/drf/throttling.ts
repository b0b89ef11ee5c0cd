// Rate limits as the real service counts them (DRF's SimpleRateThrottle, posthog/rate_limit.py), on the
// mock's clock: each bucket (a class's scope and whose requests it counts) keeps the instants of the
// requests it let through within its window. A request is refused by a class whose bucket already holds
// its rate's worth; it is still counted by the classes that let it through (DRF checks them all). The
// refusal is DRF's Throttled: 429 `Request was throttled. Expected available in N seconds.` (N rounded
// up; "1 second" singular), with Retry-After N, in the error shape (drf-exceptions-hog). The wait is
// DRF's: the time until the bucket's oldest request leaves the window, the longest of the refusing classes'.
// Off unless asked for (`rateLimits`); the table of classes and the windows are contract/rate-limits.ts.
import { ApiError } from './exceptions.ts'
import {
  formatRate,
  SlidingWindows,
  throttleClass,
  throttleScopes,
  type RateTable,
} from '../../contract/rate-limits.ts'

/** Who sent a request, as the throttles tell callers apart. */
export interface ThrottleCaller {
  key: string
  user: string
}

export interface BucketState {
  scope: string
  class: string
  /** `key:<id>` or `user:<id>`. */
  ident: string
  rate: string
  /** Requests inside the window now. */
  count: number
  /** When the oldest of them leaves the window (epoch ms), or null when the bucket is empty. */
  frees_at: number | null
}

/** DRF's Throttled, rendered as the real service does. */
export function throttled(wait: number | null): ApiError {
  if (wait === null) return new ApiError(429, 'throttled_error', 'throttled', 'Request was throttled.')
  const seconds = Math.ceil(wait)
  const detail = `Request was throttled. Expected available in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`
  return new ApiError(
    429,
    'throttled_error',
    'throttled',
    detail,
    null,
    seconds ? { 'retry-after': String(seconds) } : {},
  )
}

export class Throttle {
  readonly #windows = new SlidingWindows()

  constructor(
    readonly rates: RateTable,
    private readonly now: () => number,
  ) {}

  /** Counts the request; the 429 to answer when a class refuses it, else null. */
  check(operationId: string, caller: ThrottleCaller): ApiError | null {
    const now = this.now()
    const waits: Array<number | null> = []
    for (const scope of throttleScopes(operationId)) {
      const rate = this.rates[scope]
      if (!rate) continue
      const ident = throttleClass(scope)!.ident
      const bucket = `${scope}\u0000${ident}:${caller[ident]}`
      if (this.#windows.allows(bucket, rate, now)) this.#windows.record(bucket, now)
      else waits.push(this.#windows.wait(bucket, rate, now))
    }
    if (waits.length === 0) return null
    const known = waits.filter((w): w is number => w !== null)
    return throttled(known.length ? Math.max(...known) : null)
  }

  /** The buckets that hold requests now. */
  buckets(): BucketState[] {
    const now = this.now()
    const states: BucketState[] = []
    for (const [bucket] of [...this.#windows.buckets()]) {
      const [scope, ident] = bucket.split('\u0000') as [string, string]
      const rate = this.rates[scope]!
      const history = this.#windows.current(bucket, rate, now)
      if (history.length === 0) continue
      const cls = throttleClass(scope)!
      states.push({
        scope,
        class: cls.name,
        ident,
        rate: formatRate(rate),
        count: history.length,
        frees_at: history[0]! + rate.seconds * 1000,
      })
    }
    return states.sort((a, b) => a.scope.localeCompare(b.scope) || a.ident.localeCompare(b.ident))
  }

  clear(): void {
    this.#windows.clear()
  }
}
