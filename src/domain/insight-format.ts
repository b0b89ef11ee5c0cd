// Insight results as the real assistant's query executor words them for the tool message: a compact
// pipe-separated table per query kind, framed by its "Here is the results table ..." prompt.
import { isoDateTime, wallClockIn } from './insight-dates.ts'
import type { InsightResult } from './insight-query.ts'

type Results<K extends InsightResult['kind']> = Extract<InsightResult, { kind: K }>['results']

const NO_DATA = 'No data recorded for this time period.'

const matrix = (rows: string[][]) =>
  rows
    .map((r) => r.join('|'))
    .join('\n')
    .trim()

/** Integers as they are; other numbers with at most 5 decimals, trailing zeros dropped. */
export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value)
  return value.toFixed(5).replace(/0+$/, '')
}

/** 0.4567 -> "45.67%", 1 -> "100%" */
export function formatPercentage(ratio: number): string {
  return `${(ratio * 100).toFixed(2).replace(/0+$/, '').replace(/\.$/, '')}%`
}

/** Seconds as "1d 10h", "2h 5m 3s", "45s", "300ms". */
export function formatDuration(seconds: number | null): string {
  if (!seconds) return ''
  if (seconds < 0) return `-${formatDuration(-seconds)}`
  if (seconds < 1) return `${Math.round(seconds * 1000)}ms`
  if (seconds < 60) return `${Math.round(seconds)}s`
  const days = Math.floor(seconds / 86_400)
  const h = Math.floor((seconds % 86_400) / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = Math.round(seconds % 60)
  const units =
    days > 0 ? [days && `${days}d`, h && `${h}h`] : [h && `${h}h`, m && `${m}m`, s ? `${s}s` : !h && !m ? '0s' : '']
  return units.filter(Boolean).join(' ')
}

/** "2026-10-01" stays; "2026-10-01 13:00:00" or an ISO instant loses its seconds. */
function stripSeconds(date: string): string {
  if (!date.includes(':')) return date.slice(0, 10)
  return date.replace('T', ' ').slice(0, 16)
}

function formatTrends(results: Results<'TrendsQuery'>): string {
  if (results.length === 0) return NO_DATA
  const rows = [['Date', ...results.map((s) => s.label)]]
  results[0]!.days.forEach((day, i) => rows.push([stripSeconds(day), ...results.map((s) => formatNumber(s.data[i]!))]))
  return matrix(rows)
}

function formatFunnel(steps: Results<'FunnelsQuery'>, dateFrom: number, dateTo: number): string {
  if (steps.length === 0) return NO_DATA
  const first = steps[0]!.count
  const rows = [
    ['Metric', ...steps.map((s) => s.name)],
    ['Total person count', ...steps.map((s) => formatNumber(s.count))],
    ['Conversion rate', ...steps.map((s, k) => (k === 0 ? '100%' : first ? formatPercentage(s.count / first) : '0%'))],
    [
      'Dropoff rate',
      ...steps.map((s, k) => (k === 0 ? '0%' : first ? formatPercentage((first - s.count) / first) : '100%')),
    ],
    [
      'Average conversion time',
      ...steps.map((s) => (s.average_conversion_time == null ? '-' : formatDuration(s.average_conversion_time))),
    ],
    [
      'Median conversion time',
      ...steps.map((s) => (s.median_conversion_time == null ? '-' : formatDuration(s.median_conversion_time))),
    ],
  ]
  const hint =
    'Conversion and drop-off rates are calculated in overall. For example, "Conversion rate: 9%" means that 9% of users from the first step completed the funnel.'
  return `Date range: ${isoDateTime(dateFrom)} to ${isoDateTime(dateTo)}\n\n${matrix(rows)}\n\n${hint}`
}

function formatRetention(cohorts: Results<'RetentionQuery'>, period: string): string {
  if (cohorts.length === 0) return NO_DATA
  const header = ['Date', 'Number of persons on date']
  const rows: string[][] = [header]
  for (const cohort of cohorts) {
    header.push(cohort.label)
    const initial = cohort.values[0]!.count
    const row = [stripSeconds(cohort.date), formatNumber(initial), '100%']
    for (const value of cohort.values.slice(1)) row.push(initial ? formatPercentage(value.count / initial) : '0%')
    rows.push(row)
  }
  const from = stripSeconds(cohorts[0]!.date)
  const to = stripSeconds(cohorts[cohorts.length - 1]!.date)
  return `Date range: ${from} to ${to}\nTime interval: ${period}\n${matrix(rows)}`
}

function formatSql(columns: string[], rows: Array<Array<string | number>>): string {
  return [columns.join('|'), ...rows.map((r) => r.map(String).join('|'))].join('\n')
}

/** Just the table (or the "no data" line) for a result. */
export function formatResultTable(result: InsightResult): string {
  switch (result.kind) {
    case 'TrendsQuery':
      return formatTrends(result.results)
    case 'FunnelsQuery':
      return formatFunnel(result.results, result.dateFrom, result.dateTo)
    case 'RetentionQuery':
      return formatRetention(result.results, result.period)
    case 'HogQLQuery':
      return formatSql(result.columns, result.results)
  }
}

/** The tool message's content: the table inside the real executor's prompt, with the clock's time. */
export function formatToolContent(result: InsightResult, now: number, timeZone: string): string {
  return [
    `Here is the results table of the ${result.kind} I created to answer your latest question:`,
    '',
    '```',
    formatResultTable(result),
    '```',
    '',
    `The current date and time is ${isoDateTime(now)} UTC, which is ${wallClockIn(now, timeZone)} in this project's timezone (${timeZone}).`,
    "It's expected that the data point for the current period can have a drop in value, as data collection is still ongoing for it. Do not point this out.",
  ].join('\n')
}
