// The runners on small hand-made event sets, where the right answer can be counted by hand.
import { describe, expect, it } from 'vitest'
import type { EventRecord } from '../store/models.ts'
import { planInsight, type InsightPlan } from './insight-plan.ts'
import { runInsightQuery } from './insight-query.ts'

const NOW = Date.UTC(2026, 10, 1, 12) // Sunday 2026-11-01 12:00 UTC
const HOUR = 3_600_000
const DAY = 24 * HOUR

const ev = (event: string, person: string, at: number): EventRecord => ({
  project_id: 1,
  event,
  distinct_id: person,
  person_uuid: person,
  timestamp: at,
  properties: {},
  person_properties: {},
})

const vocabulary = { names: ['$pageview', 'signup', 'purchase'] }
const plan = (q: string, type: 'trends' | 'funnel' | 'retention' | 'sql'): InsightPlan =>
  planInsight(q, type, vocabulary)

describe('trends', () => {
  const events = [
    ev('$pageview', 'a', NOW - 2 * HOUR),
    ev('$pageview', 'a', NOW - 1 * HOUR),
    ev('$pageview', 'b', NOW - DAY),
    ev('$pageview', 'c', NOW - 10 * DAY), // outside the last 7 days
    ev('signup', 'a', NOW - DAY),
  ]

  it('counts events per day, today included', () => {
    const result = runInsightQuery(plan('pageviews in the last 7 days', 'trends'), events, NOW) as any
    const [series] = result.results
    expect(series.days).toHaveLength(8)
    expect(series.days[0]).toBe('2026-10-25')
    expect(series.days[7]).toBe('2026-11-01')
    expect(series.data).toEqual([0, 0, 0, 0, 0, 0, 1, 2])
    expect(series.count).toBe(3)
  })

  it('counts each person once per bucket for unique users', () => {
    const result = runInsightQuery(plan('unique users with pageviews in the last 7 days', 'trends'), events, NOW) as any
    expect(result.results[0].data).toEqual([0, 0, 0, 0, 0, 0, 1, 1])
  })

  it('buckets by week starting on Sunday', () => {
    const result = runInsightQuery(plan('weekly pageviews over the last 14 days', 'trends'), events, NOW) as any
    expect(result.results[0].days).toEqual(['2026-10-18', '2026-10-25', '2026-11-01'])
    expect(result.results[0].data).toEqual([1, 1, 2])
  })
})

describe('funnel', () => {
  it('counts persons through ordered steps within the window, with conversion times', () => {
    const events = [
      ev('$pageview', 'a', NOW - 5 * DAY),
      ev('signup', 'a', NOW - 5 * DAY + HOUR),
      ev('$pageview', 'b', NOW - 4 * DAY),
      ev('signup', 'b', NOW - 4 * DAY + 3 * HOUR),
      ev('signup', 'c', NOW - 3 * DAY), // signed up without a pageview first
      ev('$pageview', 'c', NOW - 2 * DAY),
      ev('$pageview', 'd', NOW - 25 * DAY),
      ev('signup', 'd', NOW - 5 * DAY), // 20 days later: outside the 14-day window
    ]
    const result = runInsightQuery(plan('from pageview to signup', 'funnel'), events, NOW) as any
    expect(result.results.map((s: any) => [s.name, s.count])).toEqual([
      ['$pageview', 4],
      ['signup', 2],
    ])
    expect(result.results[0].average_conversion_time).toBeNull()
    expect(result.results[1].average_conversion_time).toBe(2 * 3600)
    expect(result.results[1].median_conversion_time).toBe(2 * 3600)
  })
})

describe('retention', () => {
  it('follows each day cohort over the following days', () => {
    const events = [
      ev('$pageview', 'a', NOW - 2 * DAY),
      ev('$pageview', 'a', NOW - 1 * DAY),
      ev('$pageview', 'b', NOW - 2 * DAY),
      ev('$pageview', 'b', NOW),
      ev('$pageview', 'c', NOW - 1 * DAY),
    ]
    const result = runInsightQuery(
      plan('daily retention of pageviews over the last 3 days', 'retention'),
      events,
      NOW,
    ) as any
    expect(result.results.map((r: any) => [r.date, r.label, r.values.map((v: any) => v.count)])).toEqual([
      ['2026-10-30T00:00:00Z', 'Day 0', [2, 1, 1]],
      ['2026-10-31T00:00:00Z', 'Day 1', [2, 0]],
      ['2026-11-01T00:00:00Z', 'Day 2', [1]],
    ])
  })
})

describe('sql', () => {
  it('counts events by name, most first', () => {
    const events = [
      ev('signup', 'a', NOW - HOUR),
      ev('purchase', 'a', NOW - HOUR),
      ev('purchase', 'b', NOW - HOUR),
      ev('purchase', 'b', NOW - 40 * DAY),
    ]
    expect(runInsightQuery(plan('events in the last 7 days', 'sql'), events, NOW)).toEqual({
      kind: 'HogQLQuery',
      columns: ['event', 'count'],
      results: [
        ['purchase', 2],
        ['signup', 1],
      ],
    })
    expect((runInsightQuery(plan('purchase users all time', 'sql'), events, NOW) as any).results).toEqual([
      ['purchase', 2],
    ])
  })
})
