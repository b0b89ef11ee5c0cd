// Date ranges from `date_from` / `date_to`, as PostHog's three QueryDateRange classes turn them into
// instants, all through the one parser (relative-date.ts):
// - posthog/hogql_queries/utils/query_date_range.py QueryDateRange (the insight queries): date_from is
//   parsed rounded (to the hour for an hour delta, else the day; exact by the minute), "all" is the first
//   event, none is the start of the day seven days back; date_to is parsed exact, none is now, and then
//   (unless explicitDate) moved to the end of its day, or of its hour for a relative date by the hour;
// - posthog/session_recordings/queries/sub_queries/base_query.py SessionRecordingsQueryDateRange (the
//   recordings list, explicitDate): a relative date (leading - or +) as above, a date without a time
//   component (no T, space or colon) from the start to the end of its day, anything else exact;
// - posthog/queries/query_date_range.py QueryDateRange (the properties timeline's legacy filter): dates
//   parsed exact, then date_from to the start of its day and date_to to the end of its day unless the
//   interval is hourly (or the text has an h), where a relative date_to ends its hour.
import { endOfIn, parseRelativeDate, relativeDateParse, truncateIn } from './relative-date.ts'

export type RangeInterval = 'minute' | 'hour' | 'day' | 'week' | 'month'

export interface DateRangeContext {
  now: number
  timeZone: string
  interval?: RangeInterval
  /** The first event's instant, for date_from "all" (asked for only then). */
  earliest?: () => number
}

/** posthog/utils.py DEFAULT_DATE_FROM_DAYS. */
const DEFAULT_DATE_FROM_DAYS = 7
const DAY = 86_400_000

/** The start of the day DEFAULT_DATE_FROM_DAYS back: every QueryDateRange's date_from when none is given. */
const defaultDateFrom = (ctx: DateRangeContext) =>
  truncateIn(relativeDateParse(`-${DEFAULT_DATE_FROM_DAYS}d`, ctx), ctx.timeZone, 'day')

/** HogQL QueryDateRange.date_from(). */
export function hogqlDateFrom(dateFrom: string | null | undefined, ctx: DateRangeContext): number {
  if (dateFrom === 'all') return ctx.earliest?.() ?? defaultDateFrom(ctx)
  if (typeof dateFrom !== 'string') return defaultDateFrom(ctx)
  return relativeDateParse(dateFrom, { ...ctx, alwaysTruncate: ctx.interval !== 'minute' })
}

/** HogQL QueryDateRange.date_to() (`explicit`: the DateRange's explicitDate). */
export function hogqlDateTo(dateTo: string | null | undefined, ctx: DateRangeContext, explicit = false): number {
  const parsed = dateTo ? parseRelativeDate(dateTo, ctx) : { at: ctx.now, delta: null }
  if (explicit) return parsed.at
  const interval = ctx.interval ?? 'day'
  const relative = !dateTo || parsed.delta !== null
  if (interval !== 'hour' && interval !== 'minute') return endOfIn(parsed.at, ctx.timeZone, 'day')
  return relative ? endOfIn(parsed.at, ctx.timeZone, interval) : parsed.at
}

const isRelative = (text: string) => text.startsWith('-') || text.startsWith('+')
const hasTime = (text: string) => /[T :]/.test(text)

/** SessionRecordingsQueryDateRange: the recordings list's window, both ends included. */
export function recordingsDateRange(
  dateFrom: string | null | undefined,
  dateTo: string | null | undefined,
  ctx: DateRangeContext,
): { from: number; to: number } {
  const from =
    dateFrom && !isRelative(dateFrom) && !hasTime(dateFrom)
      ? truncateIn(relativeDateParse(dateFrom, ctx), ctx.timeZone, 'day')
      : hogqlDateFrom(dateFrom, ctx)
  const to =
    dateTo && !isRelative(dateTo) && !hasTime(dateTo)
      ? endOfIn(relativeDateParse(dateTo, ctx), ctx.timeZone, 'day')
      : hogqlDateTo(dateTo, ctx, true)
  return { from, to }
}

/** The legacy QueryDateRange's date_from_param and date_to_param (use_explicit_dates off). */
export function legacyDateRange(
  dateFrom: string | undefined,
  dateTo: string | undefined,
  ctx: DateRangeContext,
): { from: number; to: number } {
  const hourly = (text: string | undefined) => ctx.interval === 'hour' || (text !== undefined && text.includes('h'))
  let from: number
  if (dateFrom === 'all') from = ctx.earliest?.() ?? ctx.now - DEFAULT_DATE_FROM_DAYS * DAY
  else from = dateFrom === undefined ? defaultDateFrom(ctx) : relativeDateParse(dateFrom, ctx)
  if (!hourly(dateFrom) || (ctx.interval === 'hour' && dateFrom?.includes('d')))
    from = truncateIn(from, ctx.timeZone, 'day')
  const parsed = dateTo === undefined ? { at: ctx.now, delta: null, position: null } : parseRelativeDate(dateTo, ctx)
  let to = parsed.at
  if (!hourly(dateTo)) to = endOfIn(to, ctx.timeZone, 'day')
  else if ((dateTo === undefined || parsed.delta !== null) && !parsed.position) to = endOfIn(to, ctx.timeZone, 'hour')
  return { from, to }
}
