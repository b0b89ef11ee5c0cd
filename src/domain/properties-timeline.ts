// A person's properties timeline, derived from its events' person_properties (person-on-events), as the
// real service's PropertiesTimeline does it: events in the date range, oldest first; a point at the first
// event and at every event where the values of the crucial keys differ from the event before; each point
// counts the events up to the next point.
//
// Crucial keys come from the request, as in the real service (person property filters, in `properties`
// or in the `events` entities, and a person `breakdown`). With none, no change is relevant: one point at
// the first event, counting every event in the range. Without dates the range is the person's whole
// history: from its first event (or its creation, when earlier) to now. A person with no events in the
// range has no points. The effective dates are printed as Python's isoformat (`+00:00`), the points'
// timestamps as DRF prints datetimes (`Z`), as the real service does.
import { validationError } from '../core/errors.ts'
import { iso, isoOffset } from '../serializers/time.ts'
import type { EventRecord, PersonRecord } from '../store/models.ts'
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

export interface TimelinePoint {
  timestamp: string
  properties: Record<string, unknown>
  relevant_event_count: number
}

export interface PropertiesTimeline {
  points: TimelinePoint[]
  crucial_property_keys: string[]
  effective_date_from: string
  effective_date_to: string
}

const HOUR = 3_600_000
/** One microsecond in milliseconds: a range ends one microsecond before the next one starts (23:59:59.999999). */
const MICROSECOND = 0.001
const DAY = 24 * HOUR
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const RELATIVE = /^-(\d+)([hdwmy])$/

function startOfUtcDay(ms: number): number {
  const d = new Date(ms)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
}

function minusUnits(now: number, n: number, unit: string): number {
  const d = new Date(now)
  switch (unit) {
    case 'h':
      return now - n * HOUR
    case 'd':
      return now - n * DAY
    case 'w':
      return now - n * 7 * DAY
    case 'm':
      return Date.UTC(
        d.getUTCFullYear(),
        d.getUTCMonth() - n,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
        d.getUTCMilliseconds(),
      )
    default:
      return Date.UTC(
        d.getUTCFullYear() - n,
        d.getUTCMonth(),
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
        d.getUTCMilliseconds(),
      )
  }
}

/**
 * A date parameter as the real service reads it: a date (the whole UTC day), a date-time, or a relative
 * date (-24h, -7d, -2w, -1m, -1y; whole days from the start, or to the end, of the day). A bad value is a 400.
 */
export function parseDateParam(value: string, edge: 'from' | 'to', now: number, name: string): number {
  const text = value.trim()
  const rel = RELATIVE.exec(text)
  if (rel) {
    const at = minusUnits(now, Number(rel[1]), rel[2]!)
    if (rel[2] === 'h') return at
    return edge === 'from' ? startOfUtcDay(at) : startOfUtcDay(at) + DAY - MICROSECOND
  }
  if (DATE_ONLY.test(text)) {
    const start = Date.parse(`${text}T00:00:00Z`)
    if (Number.isFinite(start)) return edge === 'from' ? start : start + DAY - MICROSECOND
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`)
    if (Number.isFinite(ms)) return ms
  }
  throw validationError(`"${value}" is not a date, a date-time or a relative date such as -7d.`, name)
}

function intervalEnd(from: number, interval: string | undefined): number {
  switch (interval) {
    case 'hour':
      return from + HOUR - MICROSECOND
    case 'week':
      return startOfUtcDay(from) + 7 * DAY - MICROSECOND
    case 'month': {
      const d = new Date(from)
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - MICROSECOND
    }
    default:
      return startOfUtcDay(from) + DAY - MICROSECOND
  }
}

/** Keys named by the request (person property filters and a person breakdown), sorted. */
export function requestedKeys(req: TimelineRequest): string[] {
  const keys = new Set<string>()
  const filters = [...(req.properties ?? []), ...(req.events ?? []).flatMap((e) => e.properties ?? [])]
  for (const filter of filters) if (isPersonFilter(filter)) keys.add(filter.key)
  if (req.breakdown && (req.breakdown_type === undefined || req.breakdown_type === 'person')) keys.add(req.breakdown)
  return [...keys].sort()
}

/** The events oldest first (a new array). */
export function byTimestamp(events: readonly EventRecord[]): EventRecord[] {
  return [...events].sort((a, b) => a.timestamp - b.timestamp)
}

/** The range the timeline covers (epoch ms, both ends included); a bad date is a 400. `byTime`: the person's events, oldest first. */
export function timelineRange(
  person: PersonRecord,
  byTime: readonly EventRecord[],
  now: number,
  req: TimelineRequest,
): { from: number; to: number } {
  const dateFrom = req.date_from?.trim() || undefined // empty means the default, as the web app sends it
  const dateTo = req.date_to?.trim() || undefined
  let from =
    dateFrom === undefined || dateFrom === 'all' ? undefined : parseDateParam(dateFrom, 'from', now, 'date_from')
  let to = dateTo === undefined ? undefined : parseDateParam(dateTo, 'to', now, 'date_to')
  // A single data point's range (date_from == date_to) is widened by one interval, as the real service does.
  if (from !== undefined && to !== undefined && dateFrom === dateTo) to = intervalEnd(from, req.interval)
  from ??= Math.min(person.created_at, byTime[0]?.timestamp ?? Infinity)
  to ??= Math.max(now, byTime[byTime.length - 1]?.timestamp ?? -Infinity)
  return { from, to }
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
export function timelinePoints(
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
export function rangeIndices(byTime: readonly EventRecord[], from: number, to: number): { start: number; end: number } {
  let start = 0
  while (start < byTime.length && !(byTime[start]!.timestamp >= from)) start++
  let end = start
  while (end < byTime.length && byTime[end]!.timestamp <= to) end++
  return { start, end }
}

export function propertiesTimeline(
  person: PersonRecord,
  personEvents: readonly EventRecord[],
  now: number,
  req: TimelineRequest = {},
): PropertiesTimeline {
  const byTime = byTimestamp(personEvents)
  const { from, to } = timelineRange(person, byTime, now, req)
  const { start, end } = rangeIndices(byTime, from, to)
  const { points, keys } = timelinePoints(byTime.slice(start, end), req)
  return { points, crucial_property_keys: keys, effective_date_from: isoOffset(from), effective_date_to: isoOffset(to) }
}
