// The rate limits in force and their buckets under /_mock/rate-limits (see core/drf/throttling.ts).
import type { HandlerMap } from './context.ts'
import { empty, json } from '../core/http.ts'
import { formatRate, REAL_RATES, THROTTLE_CLASSES } from '../contract/rate-limits.ts'
import { iso } from '../core/datetime.ts'

export const rateLimitHandlers: HandlerMap = {
  mock_rate_limits_retrieve(ctx) {
    const throttle = ctx.services.throttle
    if (!throttle) return json(200, { enabled: false, classes: [], buckets: [] })
    const classes = THROTTLE_CLASSES.map((c) => ({
      class: c.name,
      scope: c.scope,
      kind: c.kind,
      ident: c.ident,
      rate: formatRate(throttle.rates[c.scope]!),
      real_rate: formatRate(REAL_RATES[c.scope]!),
    }))
    const buckets = throttle.buckets().map((b) => ({ ...b, frees_at: iso(b.frees_at!) }))
    return json(200, { enabled: true, classes, buckets })
  },

  mock_rate_limits_clear(ctx) {
    ctx.services.throttle?.clear()
    return empty(204)
  },
}
