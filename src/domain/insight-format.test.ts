import { describe, expect, it } from 'vitest'
import {
  formatDuration,
  formatNumber,
  formatPercentage,
  formatResultTable,
  formatToolContent,
} from './insight-format.ts'

describe('numbers', () => {
  it.each([
    [3, '3'],
    [2.5, '2.5'],
    [1 / 3, '0.33333'],
  ])('formatNumber(%s) = %s', (n, s) => expect(formatNumber(n)).toBe(s))

  it.each([
    [1, '100%'],
    [0.3125, '31.25%'],
    [0.5, '50%'],
    [0, '0%'],
  ])('formatPercentage(%s) = %s', (n, s) => expect(formatPercentage(n)).toBe(s))

  it.each([
    [0.25, '250ms'],
    [45, '45s'],
    [3 * 3600 + 5 * 60 + 3, '3h 5m 3s'],
    [3600, '1h'],
    [2 * 86400 + 7 * 3600 + 59, '2d 7h'],
  ])('formatDuration(%s) = %s', (n, s) => expect(formatDuration(n)).toBe(s))
})

describe('tables', () => {
  it('trends: a date column and a column per series', () => {
    const series = (label: string, data: number[]) => ({
      label,
      action: {} as any,
      count: 0,
      data,
      days: ['2026-10-31', '2026-11-01'],
    })
    expect(formatResultTable({ kind: 'TrendsQuery', results: [series('a', [1, 2]), series('b', [0, 5])] })).toBe(
      'Date|a|b\n2026-10-31|1|0\n2026-11-01|2|5',
    )
  })

  it('funnel: metrics by step, with the date range and the rate hint', () => {
    const step = (name: string, order: number, count: number, avg: number | null) => ({
      action_id: name,
      name,
      custom_name: null,
      order,
      type: 'events' as const,
      count,
      average_conversion_time: avg,
      median_conversion_time: avg,
    })
    const text = formatResultTable({
      kind: 'FunnelsQuery',
      results: [step('$pageview', 0, 8, null), step('signup', 1, 2, 90)],
      dateFrom: Date.UTC(2026, 9, 2),
      dateTo: Date.UTC(2026, 10, 1, 23, 59, 59),
    })
    expect(text).toContain(
      'Date range: 2026-10-02 00:00:00 to 2026-11-01 23:59:59\n\nMetric|$pageview|signup\nTotal person count|8|2\nConversion rate|100%|25%\nDropoff rate|0%|75%\nAverage conversion time|-|1m 30s',
    )
  })

  it('retention: cohort size then the share retained in each later period', () => {
    const text = formatResultTable({
      kind: 'RetentionQuery',
      period: 'Day',
      results: [
        { date: '2026-10-31T00:00:00Z', label: 'Day 0', values: [{ count: 4 }, { count: 1 }] },
        { date: '2026-11-01T00:00:00Z', label: 'Day 1', values: [{ count: 0 }] },
      ],
    })
    expect(text).toBe(
      'Date range: 2026-10-31 00:00 to 2026-11-01 00:00\nTime interval: Day\nDate|Number of persons on date|Day 0|Day 1\n2026-10-31 00:00|4|100%|25%\n2026-11-01 00:00|0|100%',
    )
  })

  it('wraps the table in the tool prompt with the time in UTC and the project timezone', () => {
    const content = formatToolContent(
      { kind: 'HogQLQuery', columns: ['event', 'count'], results: [['x', 1]] },
      Date.UTC(2026, 10, 1, 12, 30),
      'Europe/Paris',
    )
    expect(content).toContain(
      'Here is the results table of the HogQLQuery I created to answer your latest question:\n\n```\nevent|count\nx|1\n```',
    )
    expect(content).toContain(
      "The current date and time is 2026-11-01 12:30:00 UTC, which is 2026-11-01 13:30:00 in this project's timezone (Europe/Paris).",
    )
  })
})
