// A person's properties timeline, derived from its events' person_properties (person-on-events), as the
// real service's PropertiesTimeline does it: events in the date range, oldest first; a point at the first
// event and at every event where the values of the crucial keys differ from the event before; each point
// counts the events up to the next point.
//
// Crucial keys come from the request, as in the real service (person property filters, in `properties`
// or in the `events` entities, and a person `breakdown`). With none, no change is relevant: one point at
// the first event, counting every event in the range. The range is the legacy QueryDateRange's
// (query-date-range.ts: without dates, the start of the day a week back to the end of today). A person
// with no events in the range has no points. The effective dates are printed as Python's isoformat in
// the project's zone (`+00:00`), the points' timestamps as DRF prints datetimes (`Z`), as the real
// service does.
import { isoformatIn } from '../core/datetime.ts'
import { iso } from '../core/datetime.ts'
import type { components } from '../contract/types.gen.ts'
import type { EventRecord } from '../store/models.ts'
import { addIntervals, startOf } from './insight-dates.ts'
import { legacyDateRange, type DateRangeContext } from './query-date-range.ts'
import { isPersonFilter, type PropertyFilterInput } from './property-filters.ts'

export interface TimelineRequest {
  date_from?: string
  date_to?: string
  properties?: PropertyFilterInput[]
  events?: Array<{ id?: string | null; properties?: PropertyFilterInput[] }>
  breakdown?: string
  breakdown_type?: string
  interval?: string
}

type PropertiesTimeline = components['schemas']['PropertiesTimeline']
type TimelinePoint = PropertiesTimeline['points'][number]

/** One microsecond in milliseconds: a range ends one microsecond before the next one starts (23:59:59.999999). */
const MICROSECOND = 0.001

/** offset_time_series_date_by_interval: the end of the interval `from` starts (UTC days, weeks, months). */
function intervalEnd(from: number, interval: string | undefined): number {
  const unit = interval === 'hour' || interval === 'month' ? interval : 'day'
  return addIntervals(startOf(from, unit), interval === 'week' ? 'week' : unit, 1) - MICROSECOND
}

/** Keys named by the request (person property filters and a person breakdown), sorted. */
function requestedKeys(req: TimelineRequest): string[] {
  const keys = new Set<string>()
  const filters = [...(req.properties ?? []), ...(req.events ?? []).flatMap((e) => e.properties ?? [])]
  for (const filter of filters) if (isPersonFilter(filter)) keys.add(filter.key)
  if (req.breakdown && (req.breakdown_type === undefined || req.breakdown_type === 'person')) keys.add(req.breakdown)
  return [...keys].sort()
}

/**
 * The range the timeline covers (epoch ms, both ends included): the legacy QueryDateRange of its filter
 * (query-date-range.ts), `all` reaching back to the person's first event.
 */
function timelineRange(req: TimelineRequest, ctx: DateRangeContext): { from: number; to: number } {
  const dateFrom = req.date_from || undefined // empty means none, as the web app sends it
  const dateTo = req.date_to || undefined
  const range = legacyDateRange(dateFrom, dateTo, { ...ctx, interval: req.interval === 'hour' ? 'hour' : 'day' })
  // A single data point's range (date_from == date_to) is widened by one interval, as the real service does.
  if (dateFrom !== undefined && dateFrom === dateTo) range.to = intervalEnd(range.from, req.interval)
  return range
}

/** A value whose JSON text differs from another plain value's exactly when the values differ. */
const plain = (v: unknown): boolean =>
  typeof v === 'string' || typeof v === 'boolean' || v === null || (typeof v === 'number' && Number.isFinite(v))

/** Whether two events' person properties agree on `keys` as their JSON texts would (a missing value is null). */
function sameValues(a: Record<string, unknown>, b: Record<string, unknown>, keys: readonly string[]): boolean {
  for (const key of keys) {
    const x = a[key] ?? null
    const y = b[key] ?? null
    if (plain(x) && plain(y)) {
      if (x === y) continue
      return false
    }
    // Anything else (objects, numbers JSON writes as null) by its text as an item of a list.
    if (JSON.stringify([x]) !== JSON.stringify([y])) return false
  }
  return true
}

/** The points of the events in range (`inRange`: oldest first, between the range's ends), and the crucial keys. */
function timelinePoints(
  inRange: readonly EventRecord[],
  req: TimelineRequest,
): { points: TimelinePoint[]; keys: string[] } {
  const eventNames = new Set((req.events ?? []).map((e) => e.id))
  const allEvents = eventNames.size === 0 || eventNames.has(null) || eventNames.has(undefined)
  const keys = requestedKeys(req)
  const points: TimelinePoint[] = []
  let previous: EventRecord | undefined
  for (const event of inRange) {
    if (!allEvents && !eventNames.has(event.event)) continue
    // A new point at the first event and where a crucial key's value differs from the event before.
    if (previous === undefined || !sameValues(previous.person_properties, event.person_properties, keys)) {
      points.push({
        timestamp: iso(event.timestamp),
        properties: { ...event.person_properties },
        relevant_event_count: 0,
      })
    }
    previous = event
    points[points.length - 1]!.relevant_event_count++
  }
  return { points, keys }
}

/** Where the events of a range start and end in `byTime` (oldest first): `byTime.slice(start, end)` is the range's. */
function rangeIndices(byTime: readonly EventRecord[], from: number, to: number): { start: number; end: number } {
  let start = 0
  while (start < byTime.length && !(byTime[start]!.timestamp >= from)) start++
  let end = start
  while (end < byTime.length && byTime[end]!.timestamp <= to) end++
  return { start, end }
}

/** The timeline of a person's events; `ctx.earliest` is the project's first event (date_from=all). */
export function propertiesTimeline(
  personEvents: readonly EventRecord[],
  req: TimelineRequest,
  ctx: DateRangeContext,
): PropertiesTimeline {
  const { timeZone } = ctx
  const byTime = [...personEvents].sort((a, b) => a.timestamp - b.timestamp)
  const { from, to } = timelineRange(req, ctx)
  const { start, end } = rangeIndices(byTime, from, to)
  const { points, keys } = timelinePoints(byTime.slice(start, end), req)
  return {
    points,
    crucial_property_keys: keys,
    effective_date_from: isoformatIn(from, timeZone),
    effective_date_to: isoformatIn(to, timeZone),
  }
}
