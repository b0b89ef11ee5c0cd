// Turns the insight tool's natural-language question into the query the real assistant would generate
// (a TrendsQuery, FunnelsQuery, RetentionQuery or HogQLQuery object) and a plan in the style of its
// planner. No model is involved: the rules are plain and deterministic, so a test can predict them.
//   - events: every event name of the project the question mentions ("pageviews" is $pageview,
//     "file uploaded" is `file uploaded`), in the order mentioned; $pageview when none is.
//   - time: "last N hours/days/weeks/months/years", "today", "this week/month/year", "all time";
//     the last 30 days otherwise (retention: 8 periods).
//   - interval: hourly/daily/weekly/monthly ("per week", "by month", ...); day otherwise (hour for
//     ranges counted in hours or "today").
//   - unique users ("users", "people", "persons", "visitors", "unique") count persons, else events.
import type { Interval } from './insight-dates.ts'
import { parseRelativeDate } from './relative-date.ts'

export type InsightType = 'trends' | 'funnel' | 'retention' | 'sql'
export type TrendsMath = 'total' | 'dau'
export type RetentionPeriod = 'Hour' | 'Day' | 'Week' | 'Month'

export interface EventsNode {
  kind: 'EventsNode'
  event: string
  name: string
  math?: TrendsMath
}

export interface TrendsQuery {
  kind: 'TrendsQuery'
  series: EventsNode[]
  dateRange: { date_from: string; date_to: string | null }
  interval: Interval
  trendsFilter: { display: 'ActionsLineGraph' }
  filterTestAccounts: boolean
}

export interface FunnelsQuery {
  kind: 'FunnelsQuery'
  series: EventsNode[]
  dateRange: { date_from: string; date_to: string | null }
  interval: Interval
  funnelsFilter: {
    funnelVizType: 'steps'
    funnelOrderType: 'ordered'
    funnelStepReference: 'total'
    funnelWindowInterval: number
    funnelWindowIntervalUnit: 'day'
  }
  filterTestAccounts: boolean
}

export interface RetentionEntity {
  id: string
  name: string
  type: 'events'
}

export interface RetentionQuery {
  kind: 'RetentionQuery'
  dateRange: { date_from: string; date_to: string | null }
  retentionFilter: {
    period: RetentionPeriod
    totalIntervals: number
    retentionType: 'retention_first_time' | 'retention_recurring'
    targetEntity: RetentionEntity
    returningEntity: RetentionEntity
  }
  filterTestAccounts: boolean
}

export interface HogQLQuery {
  kind: 'HogQLQuery'
  query: string
}

export type GeneratedQuery = TrendsQuery | FunnelsQuery | RetentionQuery | HogQLQuery

/** What the generated SQL asks for, so it can be answered without parsing it back. */
export interface SqlSpec {
  dateFrom: string
  events: string[]
  unique: boolean
}

export interface InsightPlan {
  query: GeneratedQuery
  /** The planner's description of the query, as the visualization message carries it. */
  plan: string
  /** Set for HogQLQuery plans. */
  sql?: SqlSpec
}

/** What the planner knows about the project: its event names, most frequent first. */
export interface EventVocabulary {
  names: readonly string[]
}

const DEFAULT_EVENT = '$pageview'
const DEFAULT_DATE_FROM = '-30d'
const DEFAULT_RETENTION_INTERVALS = 8
const FUNNEL_WINDOW_DAYS = 14
export const SQL_ROW_LIMIT = 100

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The phrases that name an event in a question: `$pageview` is also "pageview(s)" and "page view(s)". */
function aliases(name: string): string[] {
  const base = name.toLowerCase()
  const bare = base.replace(/^\$/, '')
  const spaced = bare.replace(/[_-]+/g, ' ')
  const out = new Set([base, bare, spaced, `${bare}s`, `${spaced}s`])
  if (bare === 'pageview') ['page view', 'page views'].forEach((a) => out.add(a))
  if (bare === 'screen') out.add('screens')
  return [...out].filter((a) => a.length > 1)
}

/** Event names the question mentions, in the order it mentions them (each once). */
export function mentionedEvents(question: string, vocabulary: EventVocabulary): string[] {
  const text = question.toLowerCase()
  const found: Array<{ name: string; at: number; length: number }> = []
  for (const name of vocabulary.names) {
    let best: { at: number; length: number } | undefined
    for (const alias of aliases(name)) {
      const m = new RegExp(`(^|[^a-z0-9_$])${escapeRegExp(alias)}(?![a-z0-9_])`).exec(text)
      if (!m) continue
      const at = m.index + m[1]!.length
      if (!best || at < best.at || (at === best.at && alias.length > best.length)) best = { at, length: alias.length }
    }
    if (best) found.push({ name, ...best })
  }
  // A mention inside a longer one ("view" inside "page view") does not count.
  const kept = found.filter(
    (f) => !found.some((g) => g !== f && g.length > f.length && g.at <= f.at && f.at + f.length <= g.at + g.length),
  )
  return kept.sort((a, b) => a.at - b.at || b.length - a.length).map((f) => f.name)
}

const UNIT_LETTER: Record<string, string> = { hour: 'h', day: 'd', week: 'w', month: 'm', year: 'y' }
const PERIOD_WORDS: Record<string, string> = {
  dStart: 'today',
  wStart: 'this week',
  mStart: 'this month',
  yStart: 'this year',
  all: 'all time',
}

/** "last 30 days", "today", "all time": how the plan names the date_from it chose. */
function describeRelativeDate(dateFrom: string): string {
  if (PERIOD_WORDS[dateFrom]) return PERIOD_WORDS[dateFrom]
  const [plural, n] = Object.entries(parseRelativeDate(dateFrom, { now: 0 }).delta ?? {})[0] ?? []
  if (plural === undefined) return dateFrom
  const unit = plural.replace(/s$/, '')
  return n === 1 ? `last ${unit}` : `last ${n} ${unit}s`
}

/** The relative date_from a question asks for, or undefined. */
export function requestedDateFrom(question: string): string | undefined {
  const text = question.toLowerCase()
  const m = /\b(?:last|past|previous)\s+(\d+\s*)?(hour|day|week|month|year)s?\b/.exec(text)
  if (m) return `-${m[1] ? Number(m[1]) : 1}${UNIT_LETTER[m[2]!]}`
  if (/\ball[\s-]time\b/.test(text)) return 'all'
  if (/\btoday\b/.test(text)) return 'dStart'
  const m2 = /\bthis\s+(week|month|year)\b/.exec(text)
  if (m2) return `${m2[1]![0]}Start`
  return undefined
}

/** The interval a question asks for, or undefined. */
export function requestedInterval(question: string): Interval | undefined {
  const text = question.toLowerCase()
  if (/\bhourly\b|\b(?:per|by|each|every)\s+hour\b/.test(text)) return 'hour'
  if (/\bdaily\b|\b(?:per|by|each|every)\s+day\b/.test(text)) return 'day'
  if (/\bweekly\b|\b(?:per|by|each|every)\s+week\b/.test(text)) return 'week'
  if (/\bmonthly\b|\b(?:per|by|each|every)\s+month\b/.test(text)) return 'month'
  return undefined
}

export function wantsUniqueUsers(question: string): boolean {
  return /\b(unique|users?|people|persons?|visitors?|dau)\b/i.test(question)
}

function defaultInterval(dateFrom: string): Interval {
  return /^-\d+h$/.test(dateFrom) || dateFrom === 'dStart' ? 'hour' : 'day'
}

const eventsNode = (event: string, math?: TrendsMath): EventsNode => ({
  kind: 'EventsNode',
  event,
  name: event,
  ...(math ? { math } : {}),
})

function planTrends(question: string, vocabulary: EventVocabulary): InsightPlan {
  const events = mentionedEvents(question, vocabulary)
  const series = events.length > 0 ? events : [DEFAULT_EVENT]
  const math: TrendsMath = wantsUniqueUsers(question) ? 'dau' : 'total'
  const dateFrom = requestedDateFrom(question) ?? DEFAULT_DATE_FROM
  const interval = requestedInterval(question) ?? defaultInterval(dateFrom)
  const query: TrendsQuery = {
    kind: 'TrendsQuery',
    series: series.map((event) => eventsNode(event, math)),
    dateRange: { date_from: dateFrom, date_to: null },
    interval,
    trendsFilter: { display: 'ActionsLineGraph' },
    filterTestAccounts: false,
  }
  const mathText = math === 'dau' ? 'unique users' : 'total count'
  const plan = [
    'Series:',
    ...series.flatMap((event, i) => [`- series ${i + 1}: ${event}`, `    - math operation: ${mathText}`]),
    '',
    `Time period: ${describeRelativeDate(dateFrom)}`,
    `Time interval: ${interval}`,
  ].join('\n')
  return { query, plan }
}

function planFunnel(question: string, vocabulary: EventVocabulary): InsightPlan {
  const steps = mentionedEvents(question, vocabulary)
  // A funnel needs two steps: start from $pageview, end at the project's most frequent other event.
  if (steps.length === 0) steps.push(DEFAULT_EVENT)
  if (steps.length === 1) {
    if (steps[0] === DEFAULT_EVENT) steps.push(vocabulary.names.find((n) => n !== DEFAULT_EVENT) ?? '$identify')
    else steps.unshift(DEFAULT_EVENT)
  }
  const dateFrom = requestedDateFrom(question) ?? DEFAULT_DATE_FROM
  const interval = requestedInterval(question) ?? defaultInterval(dateFrom)
  const query: FunnelsQuery = {
    kind: 'FunnelsQuery',
    series: steps.map((event) => eventsNode(event)),
    dateRange: { date_from: dateFrom, date_to: null },
    interval,
    funnelsFilter: {
      funnelVizType: 'steps',
      funnelOrderType: 'ordered',
      funnelStepReference: 'total',
      funnelWindowInterval: FUNNEL_WINDOW_DAYS,
      funnelWindowIntervalUnit: 'day',
    },
    filterTestAccounts: false,
  }
  const plan = [
    'Sequence:',
    ...steps.map((event, i) => `${i + 1}. ${event}`),
    '',
    `Conversion window: ${FUNNEL_WINDOW_DAYS} days`,
    `Time period: ${describeRelativeDate(dateFrom)}`,
  ].join('\n')
  return { query, plan }
}

const PERIOD_OF: Record<Interval, RetentionPeriod> = { hour: 'Hour', day: 'Day', week: 'Week', month: 'Month' }

function planRetention(question: string, vocabulary: EventVocabulary): InsightPlan {
  const events = mentionedEvents(question, vocabulary)
  const target = events[0] ?? DEFAULT_EVENT
  const returning = events[1] ?? target
  const requested = requestedDateFrom(question)
  const rel = requested ? /^-(\d+)([hdwm])$/.exec(requested) : null
  const unitInterval = rel
    ? ({ h: 'hour', d: 'day', w: 'week', m: 'month' } as const)[rel[2] as 'h' | 'd' | 'w' | 'm']
    : undefined
  const interval = requestedInterval(question) ?? unitInterval ?? 'day'
  const period = PERIOD_OF[interval]
  const totalIntervals =
    rel && unitInterval === interval ? Math.min(Math.max(Number(rel[1]), 1), 60) : DEFAULT_RETENTION_INTERVALS
  const retentionType = /\b(first[\s-]time|new users?)\b/i.test(question)
    ? 'retention_first_time'
    : 'retention_recurring'
  const entity = (id: string): RetentionEntity => ({ id, name: id, type: 'events' })
  const query: RetentionQuery = {
    kind: 'RetentionQuery',
    dateRange: { date_from: `-${totalIntervals - 1}${UNIT_LETTER[interval]}`, date_to: null },
    retentionFilter: {
      period,
      totalIntervals,
      retentionType,
      targetEntity: entity(target),
      returningEntity: entity(returning),
    },
    filterTestAccounts: false,
  }
  const plan = [
    'Target event:',
    `- ${target}`,
    '',
    'Returning event:',
    `- ${returning}`,
    '',
    `Period: ${period}`,
    `Total intervals: ${totalIntervals}`,
    `Retention type: ${retentionType === 'retention_first_time' ? 'first time' : 'recurring'}`,
  ].join('\n')
  return { query, plan }
}

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

const SQL_INTERVAL: Record<string, string> = { h: 'HOUR', d: 'DAY', w: 'WEEK', m: 'MONTH', y: 'YEAR' }

/** The SQL the mock answers for every sql question: events counted by name over the period. */
function planSql(question: string, vocabulary: EventVocabulary): InsightPlan {
  const events = mentionedEvents(question, vocabulary)
  const dateFrom = requestedDateFrom(question) ?? DEFAULT_DATE_FROM
  const unique = wantsUniqueUsers(question)
  const rel = /^-(\d+)([hdwmy])$/.exec(dateFrom)
  const conditions: string[] = []
  if (rel) conditions.push(`timestamp >= now() - INTERVAL ${Number(rel[1])} ${SQL_INTERVAL[rel[2]!]}`)
  else if (dateFrom !== 'all')
    conditions.push(
      `timestamp >= toStartOf${{ dStart: 'Day', wStart: 'Week', mStart: 'Month', yStart: 'Year' }[dateFrom]}(now())`,
    )
  if (events.length > 0) conditions.push(`event IN (${events.map(quote).join(', ')})`)
  const measure = unique ? 'count(DISTINCT person_id) AS persons' : 'count() AS count'
  const query = [
    `SELECT event, ${measure}`,
    'FROM events',
    ...(conditions.length ? [`WHERE ${conditions.join(' AND ')}`] : []),
    'GROUP BY event',
    `ORDER BY ${unique ? 'persons' : 'count'} DESC, event ASC`,
    `LIMIT ${SQL_ROW_LIMIT}`,
  ].join('\n')
  const plan = [
    'Logic:',
    `- ${unique ? 'Count unique persons' : 'Count events'} grouped by event name${events.length ? `, for ${events.join(', ')}` : ''}`,
    `- Time period: ${describeRelativeDate(dateFrom)}`,
    '',
    'Sources:',
    '- events',
  ].join('\n')
  return { query: { kind: 'HogQLQuery', query }, plan, sql: { dateFrom, events, unique } }
}

export function planInsight(question: string, insightType: InsightType, vocabulary: EventVocabulary): InsightPlan {
  switch (insightType) {
    case 'trends':
      return planTrends(question, vocabulary)
    case 'funnel':
      return planFunnel(question, vocabulary)
    case 'retention':
      return planRetention(question, vocabulary)
    case 'sql':
      return planSql(question, vocabulary)
  }
}
