// Runs a generated insight query over a project's events, as the real service's query runners would:
// trends (count or unique persons per interval), ordered funnels (14-day conversion window),
// retention cohorts (recurring or first time) and the counts-by-event SQL. Pure: events and "now" in,
// results out, so the numbers follow the data.
import { iso } from '../core/datetime.ts'
import type { EventRecord } from '../store/models.ts'
import { addIntervals, isoDate, isoDateTime, startOf, type Interval } from './insight-dates.ts'
import { hogqlDateFrom } from './query-date-range.ts'
import { relativeDateParse } from './relative-date.ts'
import {
  SQL_ROW_LIMIT,
  type FunnelsQuery,
  type InsightPlan,
  type RetentionPeriod,
  type RetentionQuery,
  type SqlSpec,
  type TrendsQuery,
} from './insight-plan.ts'

export type InsightResult =
  | ReturnType<typeof runTrends>
  | ReturnType<typeof runFunnel>
  | ReturnType<typeof runRetention>
  | ReturnType<typeof runSql>

/** All a query takes from the clock: the instants it counts events between (to exclusive; aligned to its interval). */
export type InsightWindow = { from: number; to: number }

/** The earliest event's instant, or `now` when there is none earlier. */
export function earliestOf(events: Iterable<EventRecord>, now: number): number {
  let earliest = now
  for (const e of events) earliest = Math.min(earliest, e.timestamp)
  return earliest
}

/** Bucket starts from `from` (already aligned) up to `end` (the end of the one holding "now"). */
function bucketStarts(from: number, end: number, interval: Interval): number[] {
  const starts: number[] = []
  for (let t = from; t < end; t = addIntervals(t, interval, 1)) starts.push(t)
  return starts
}

/** Index of the bucket holding `ts` (starts ascending), or -1 outside them. */
function bucketOf(starts: readonly number[], end: number, ts: number): number {
  if (ts < starts[0]! || ts >= end) return -1
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1
    if (starts[mid]! <= ts) lo = mid
    else hi = mid - 1
  }
  return lo
}

function runTrends(query: TrendsQuery, events: Iterable<EventRecord>, window: InsightWindow) {
  const { interval } = query
  const starts = bucketStarts(window.from, window.to, interval)
  const end = window.to
  const bySeries = new Map<string, number[]>()
  query.series.forEach((node, i) => {
    const list = bySeries.get(node.event) ?? []
    list.push(i)
    bySeries.set(node.event, list)
  })
  const totals = query.series.map(() => starts.map(() => 0))
  const uniques = query.series.map(() => starts.map(() => new Set<string>()))
  for (const e of events) {
    const indices = bySeries.get(e.event)
    if (!indices) continue
    const bucket = bucketOf(starts, end, e.timestamp)
    if (bucket < 0) continue
    for (const i of indices) {
      totals[i]![bucket]!++
      uniques[i]![bucket]!.add(e.person_uuid)
    }
  }
  const label = (ms: number) => (interval === 'hour' ? isoDateTime(ms) : isoDate(ms))
  return {
    kind: 'TrendsQuery' as const,
    results: query.series.map((node, i) => {
      const math = node.math ?? 'total'
      const data = math === 'dau' ? uniques[i]!.map((s) => s.size) : totals[i]!
      return {
        label: node.event,
        action: { id: node.event, type: 'events', order: i, name: node.name, custom_name: null, math },
        count: data.reduce((a, b) => a + b, 0),
        data,
        days: starts.map(label),
      }
    }),
  }
}

function byPerson(events: Iterable<EventRecord>, keep: (e: EventRecord) => boolean): Map<string, EventRecord[]> {
  const out = new Map<string, EventRecord[]>()
  for (const e of events) {
    if (!keep(e)) continue
    let list = out.get(e.person_uuid)
    if (!list) out.set(e.person_uuid, (list = []))
    list.push(e)
  }
  for (const list of out.values()) list.sort((a, b) => a.timestamp - b.timestamp)
  return out
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null)

function median(xs: number[]): number | null {
  if (!xs.length) return null
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** The timestamps of the deepest ordered path through the steps, starting at any first-step event. */
function deepestPath(list: readonly EventRecord[], steps: readonly string[], windowMs: number): number[] {
  let best: number[] = []
  for (let i = 0; i < list.length && best.length < steps.length; i++) {
    if (list[i]!.event !== steps[0]) continue
    const path = [list[i]!.timestamp]
    for (let j = i + 1; j < list.length && path.length < steps.length; j++) {
      const e = list[j]!
      if (e.timestamp - path[0]! > windowMs) break
      if (e.event === steps[path.length]) path.push(e.timestamp)
    }
    if (path.length > best.length) best = path
  }
  return best
}

function runFunnel(query: FunnelsQuery, events: Iterable<EventRecord>, window: InsightWindow) {
  const steps = query.series.map((s) => s.event)
  const wanted = new Set(steps)
  const { from: dateFrom, to: dayEnd } = window
  const windowMs = query.funnelsFilter.funnelWindowInterval * 86_400_000
  const reached = steps.map(() => 0)
  const times: number[][] = steps.map(() => [])
  const persons = byPerson(events, (e) => wanted.has(e.event) && e.timestamp >= dateFrom && e.timestamp < dayEnd)
  for (const list of persons.values()) {
    const path = deepestPath(list, steps, windowMs)
    path.forEach((ts, k) => {
      reached[k]!++
      if (k > 0) times[k]!.push((ts - path[k - 1]!) / 1000)
    })
  }
  return {
    kind: 'FunnelsQuery' as const,
    dateFrom,
    dateTo: dayEnd - 1000,
    results: steps.map((event, k) => ({
      action_id: event,
      name: event,
      custom_name: null,
      order: k,
      type: 'events',
      count: reached[k]!,
      average_conversion_time: k === 0 ? null : mean(times[k]!),
      median_conversion_time: k === 0 ? null : median(times[k]!),
    })),
  }
}

const INTERVAL_OF: Record<RetentionPeriod, Interval> = { Hour: 'hour', Day: 'day', Week: 'week', Month: 'month' }

function runRetention(query: RetentionQuery, events: Iterable<EventRecord>, window: InsightWindow) {
  const { period, totalIntervals, retentionType, targetEntity, returningEntity } = query.retentionFilter
  const interval = INTERVAL_OF[period]
  const { from: current, to: end } = window
  const starts = Array.from({ length: totalIntervals }, (_, i) =>
    addIntervals(current, interval, -(totalIntervals - 1 - i)),
  )
  const cohorts = starts.map(() => new Set<string>())
  const returned = starts.map(() => new Set<string>())
  const firstTarget = new Map<string, number>()
  for (const e of events) {
    if (e.event === targetEntity.id) {
      if (retentionType === 'retention_first_time') {
        const seen = firstTarget.get(e.person_uuid)
        if (seen === undefined || e.timestamp < seen) firstTarget.set(e.person_uuid, e.timestamp)
      } else {
        const i = bucketOf(starts, end, e.timestamp)
        if (i >= 0) cohorts[i]!.add(e.person_uuid)
      }
    }
    if (e.event === returningEntity.id) {
      const i = bucketOf(starts, end, e.timestamp)
      if (i >= 0) returned[i]!.add(e.person_uuid)
    }
  }
  for (const [person, ts] of firstTarget) {
    const i = bucketOf(starts, end, ts)
    if (i >= 0) cohorts[i]!.add(person)
  }
  return {
    kind: 'RetentionQuery' as const,
    period,
    results: starts.map((start, i) => {
      const cohort = cohorts[i]!
      const values = [{ count: cohort.size }]
      for (let j = i + 1; j < totalIntervals; j++) {
        let count = 0
        for (const person of cohort) if (returned[j]!.has(person)) count++
        values.push({ count })
      }
      return { date: iso(start), label: `${period} ${i}`, values }
    }),
  }
}

function runSql(spec: SqlSpec, events: Iterable<EventRecord>, window: InsightWindow) {
  const { from } = window
  const only = spec.events.length ? new Set(spec.events) : null
  const counts = new Map<string, number>()
  const persons = new Map<string, Set<string>>()
  for (const e of events) {
    if (e.timestamp < from || (only && !only.has(e.event))) continue
    counts.set(e.event, (counts.get(e.event) ?? 0) + 1)
    let set = persons.get(e.event)
    if (!set) persons.set(e.event, (set = new Set()))
    set.add(e.person_uuid)
  }
  const value = (event: string) => (spec.unique ? persons.get(event)!.size : counts.get(event)!)
  const rows = [...counts.keys()]
    .sort((a, b) => value(b) - value(a) || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, SQL_ROW_LIMIT)
    .map((event) => [event, value(event)])
  return { kind: 'HogQLQuery' as const, columns: ['event', spec.unique ? 'persons' : 'count'], results: rows }
}

const sqlSpec = (plan: InsightPlan): SqlSpec => plan.sql ?? { dateFrom: 'all', events: [], unique: false }

/**
 * The window of the plan's query at `now`. `earliest` is the first event's instant, asked for only when
 * the query reaches back to "all".
 */
export function insightWindow(plan: InsightPlan, now: number, earliest: () => number): InsightWindow {
  const { query } = plan
  // QueryDateRange.date_from in UTC (the mock's insights count by UTC buckets).
  const dateFrom = (value: string, interval: Interval) =>
    hogqlDateFrom(value, { now, timeZone: 'UTC', interval, earliest: () => Math.min(earliest(), now) })
  switch (query.kind) {
    case 'TrendsQuery': {
      const { interval } = query
      const from = startOf(dateFrom(query.dateRange.date_from, interval), interval)
      let last = from
      while (addIntervals(last, interval, 1) <= now) last = addIntervals(last, interval, 1)
      return { from, to: addIntervals(last, interval, 1) }
    }
    case 'FunnelsQuery':
      return {
        from: startOf(dateFrom(query.dateRange.date_from, query.interval), 'day'),
        to: addIntervals(startOf(now, 'day'), 'day', 1),
      }
    case 'RetentionQuery': {
      const interval = INTERVAL_OF[query.retentionFilter.period]
      const current = startOf(now, interval)
      return { from: current, to: addIntervals(current, interval, 1) }
    }
    case 'HogQLQuery':
      return { from: sqlWindowStart(sqlSpec(plan).dateFrom, now), to: Infinity }
  }
}

const START_OF: Record<string, Interval | 'year'> = { dStart: 'day', wStart: 'week', mStart: 'month', yStart: 'year' }

/**
 * Where the SQL's condition starts (insight-plan.ts writes it): `now() - INTERVAL n UNIT` is now moved
 * back by calendar (relativedelta's arithmetic, as ClickHouse's), `toStartOf...(now())` the start of
 * the period (weeks from Sunday), no condition for "all".
 */
function sqlWindowStart(dateFrom: string, now: number): number {
  if (dateFrom === 'all') return -Infinity
  const period = START_OF[dateFrom]
  if (period === 'year') return Date.UTC(new Date(now).getUTCFullYear(), 0, 1)
  return period ? startOf(now, period) : relativeDateParse(dateFrom, { now })
}

/** Runs the plan's query over the events within its window (see insightWindow). */
export function runInsightQueryWithin(
  plan: InsightPlan,
  events: Iterable<EventRecord>,
  window: InsightWindow,
): InsightResult {
  const { query } = plan
  switch (query.kind) {
    case 'TrendsQuery':
      return runTrends(query, events, window)
    case 'FunnelsQuery':
      return runFunnel(query, events, window)
    case 'RetentionQuery':
      return runRetention(query, events, window)
    case 'HogQLQuery':
      return runSql(sqlSpec(plan), events, window)
  }
}

export function runInsightQuery(plan: InsightPlan, events: Iterable<EventRecord>, now: number): InsightResult {
  return runInsightQueryWithin(
    plan,
    events,
    insightWindow(plan, now, () => earliestOf(events, now)),
  )
}
