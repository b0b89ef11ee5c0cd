// The real service's rate limits for the operations this mock serves: its throttle classes, their rates,
// whose requests each one counts together, and which classes each operation is checked against. One
// table, read by the mock's throttle (core/drf/throttling.ts) and by the clients that pace themselves to it
// (verify's HTTP client, so `verify` and `record`), with the sliding windows both count in. It sits with
// the contract because both sides share it, as they share the contract: the kit imports nothing of the core.
//
// Sources (PostHog/posthog, current code): posthog/rate_limit.py (the classes and rates; the personal-key
// throttles count per key, by the key's hash, whatever the project; the AI throttles are DRF
// UserRateThrottles, counted per user); posthog/settings/web.py (DEFAULT_THROTTLE_CLASSES: Burst and
// Sustained for every view that names none); posthog/api/person.py (PersonViewSet.get_throttles: with a
// personal key, destroy/bulk_delete/delete_events/delete_recordings take PersonsDelete{Burst,Sustained},
// every other action ClickHouseBurst only); posthog/session_recordings/session_recording_playlist_api.py
// and session_recording_api.py (the ClickHouse pair; the recordings list adds the Listing pair, whose
// rates follow the organization's plan: free 12/minute and 60/hour, paid 60 and 300, enterprise 100 and
// 400); ee/api/max_tools.py (AIBurst, AISustained); posthog/api/user.py (UserViewSet: only
// UserAuthenticationThrottle, which never throttles a GET).

/** Whose requests a class counts together: the personal API key's, or its user's (every key of one user). */
export type ThrottleIdent = 'key' | 'user'

export interface ThrottleClass {
  /** The real service's class name. */
  name: string
  /** Its scope: what a bucket is named after (`throttle_<scope>_<ident>` there). */
  scope: string
  /** The real rate, as written there. */
  rate: string
  /** `burst` (the short window) or `sustained` (the long one): what `burst=` / `sustained=` set. */
  kind: 'burst' | 'sustained'
  ident: ThrottleIdent
}

export const THROTTLE_CLASSES: readonly ThrottleClass[] = [
  { name: 'BurstRateThrottle', scope: 'burst', rate: '480/minute', kind: 'burst', ident: 'key' },
  { name: 'SustainedRateThrottle', scope: 'sustained', rate: '4800/hour', kind: 'sustained', ident: 'key' },
  { name: 'ClickHouseBurstRateThrottle', scope: 'clickhouse_burst', rate: '240/minute', kind: 'burst', ident: 'key' },
  {
    name: 'ClickHouseSustainedRateThrottle',
    scope: 'clickhouse_sustained',
    rate: '1200/hour',
    kind: 'sustained',
    ident: 'key',
  },
  {
    name: 'PersonsDeleteBurstThrottle',
    scope: 'persons_delete_burst',
    rate: '480/minute',
    kind: 'burst',
    ident: 'key',
  },
  {
    name: 'PersonsDeleteSustainedThrottle',
    scope: 'persons_delete_sustained',
    rate: '4800/hour',
    kind: 'sustained',
    ident: 'key',
  },
  // The free plan's listing rates (the real default tier); a paid plan's are set with --rate-limits.
  { name: 'ListingBurstRateThrottle', scope: 'listing_burst', rate: '12/minute', kind: 'burst', ident: 'key' },
  {
    name: 'ListingSustainedRateThrottle',
    scope: 'listing_sustained',
    rate: '60/hour',
    kind: 'sustained',
    ident: 'key',
  },
  { name: 'AIBurstRateThrottle', scope: 'ai_burst', rate: '10/minute', kind: 'burst', ident: 'user' },
  { name: 'AISustainedRateThrottle', scope: 'ai_sustained', rate: '100/day', kind: 'sustained', ident: 'user' },
]

const DEFAULT_PAIR = ['burst', 'sustained'] as const
const CLICKHOUSE_PAIR = ['clickhouse_burst', 'clickhouse_sustained'] as const

/** The scopes a request to this operation is checked against, in the real view's order. */
export function throttleScopes(operationId: string | null): readonly string[] {
  if (operationId === null) return DEFAULT_PAIR
  if (operationId.startsWith('mock_')) return []
  if (operationId === 'users_me_retrieve') return []
  if (operationId === 'max_tools_create_and_query_insight') return ['ai_burst', 'ai_sustained']
  if (operationId === 'persons_destroy' || operationId === 'persons_delete_events_create')
    return ['persons_delete_burst', 'persons_delete_sustained']
  if (operationId.startsWith('persons_')) return ['clickhouse_burst']
  if (operationId === 'session_recordings_list') return [...CLICKHOUSE_PAIR, 'listing_burst', 'listing_sustained']
  if (operationId.startsWith('session_recording')) return CLICKHOUSE_PAIR
  return DEFAULT_PAIR
}

/** A rate as DRF reads one: so many requests per window of so many seconds. */
export interface Rate {
  requests: number
  seconds: number
}

/** Every class's rate by scope; a scope not in it is not throttled. */
export type RateTable = Readonly<Record<string, Rate>>

const PERIODS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 }

/** `N/period`, the period read by its first letter as DRF does (`10/min`, `50/hour`, `100/day`, `5/s`). */
export function parseRate(text: string): Rate {
  const m = /^\s*(\d+)\s*\/\s*([a-z]+)\s*$/i.exec(text)
  const seconds = m ? PERIODS[m[2]![0]!.toLowerCase()] : undefined
  if (!m || seconds === undefined || Number(m[1]) < 1) {
    throw new RangeError(`"${text}" is not a rate: give requests per second, minute, hour or day, e.g. 240/minute`)
  }
  return { requests: Number(m[1]), seconds }
}

export const formatRate = (rate: Rate): string =>
  `${rate.requests}/${{ 1: 'second', 60: 'minute', 3600: 'hour', 86400: 'day' }[rate.seconds] ?? `${rate.seconds}s`}`

export const REAL_RATES: RateTable = Object.freeze(
  Object.fromEntries(THROTTLE_CLASSES.map((c) => [c.scope, parseRate(c.rate)])),
)

/**
 * Reads a budget: `real` (the real rates), `off` (null: nothing throttled), or the real rates with some
 * replaced, as a comma list of `NAME=RATE`: NAME a class's scope (`clickhouse_burst`) or name
 * (`ClickHouseBurstRateThrottle`), or `burst` / `sustained` for every class of that kind; a class named
 * on its own wins over its kind (`burst=10/min,sustained=50/hour,ai_sustained=5/day`).
 */
export function parseRateLimits(spec: string): RateTable | null {
  const text = spec.trim()
  if (text === 'off') return null
  if (text === 'real') return REAL_RATES
  const byKind: Partial<Record<ThrottleClass['kind'], Rate>> = {}
  const byScope: Record<string, Rate> = {}
  for (const part of text.split(',')) {
    const eq = part.indexOf('=')
    const name = part.slice(0, eq).trim()
    if (eq < 0 || name === '') throw new RangeError(`"${part.trim()}" is not NAME=RATE (or give "real" or "off")`)
    const rate = parseRate(part.slice(eq + 1))
    if (name === 'burst' || name === 'sustained') {
      byKind[name] = rate
      continue
    }
    const cls = THROTTLE_CLASSES.find((c) => c.scope === name || c.name === name)
    if (!cls)
      throw new RangeError(
        `"${name}" is not a throttle class; use burst, sustained or one of ${THROTTLE_CLASSES.map((c) => c.scope).join(', ')}`,
      )
    byScope[cls.scope] = rate
  }
  return Object.freeze(
    Object.fromEntries(
      THROTTLE_CLASSES.map((c) => [c.scope, byScope[c.scope] ?? byKind[c.kind] ?? REAL_RATES[c.scope]!]),
    ),
  )
}

export const throttleClass = (scope: string): ThrottleClass | undefined =>
  THROTTLE_CLASSES.find((c) => c.scope === scope)

/**
 * Sliding windows by bucket name: the instants (epoch ms) of the requests each one let through, oldest
 * first. In whole milliseconds rather than DRF's float seconds, so that waiting exactly the time a wait
 * named frees the slot, with no rounding in between.
 */
export class SlidingWindows {
  readonly #history = new Map<string, number[]>()

  /** The bucket's instants still inside the window at `now`. */
  current(bucket: string, rate: Rate, now: number): number[] {
    const history = this.#history.get(bucket)
    if (!history) return []
    let expired = 0
    while (expired < history.length && history[expired]! <= now - rate.seconds * 1000) expired++
    if (expired > 0) history.splice(0, expired)
    if (history.length === 0) this.#history.delete(bucket)
    return history
  }

  /** Whether the bucket has room at `now`. */
  allows(bucket: string, rate: Rate, now: number): boolean {
    return this.current(bucket, rate, now).length < rate.requests
  }

  record(bucket: string, now: number): void {
    const history = this.#history.get(bucket)
    if (history) history.push(now)
    else this.#history.set(bucket, [now])
  }

  /** DRF's wait(), in seconds: the time until the oldest request leaves the window, shared by the requests still allowed (null past the rate). */
  wait(bucket: string, rate: Rate, now: number): number | null {
    const history = this.current(bucket, rate, now)
    const remaining = (history.length > 0 ? rate.seconds * 1000 - (now - history[0]!) : rate.seconds * 1000) / 1000
    const available = rate.requests - history.length + 1
    return available <= 0 ? null : remaining / available
  }

  buckets(): IterableIterator<[string, number[]]> {
    return this.#history.entries()
  }

  clear(): void {
    this.#history.clear()
  }
}
