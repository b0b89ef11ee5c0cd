import { describe, expect, it } from 'vitest'
import { mentionedEvents, planInsight, requestedDateFrom, requestedInterval, wantsUniqueUsers } from './insight-plan.ts'

const vocabulary = {
  names: ['$pageview', '$autocapture', 'file uploaded', 'insight viewed', '$identify', 'plan upgraded'],
}

describe('mentionedEvents', () => {
  it('finds events by name and common spellings, in the order the question names them', () => {
    expect(mentionedEvents('Users who uploaded a file after pageviews', vocabulary)).toEqual(['$pageview'])
    expect(mentionedEvents('from Page Views to file uploaded to plan upgraded', vocabulary)).toEqual([
      '$pageview',
      'file uploaded',
      'plan upgraded',
    ])
    expect(mentionedEvents('plan upgraded after $identify', vocabulary)).toEqual(['plan upgraded', '$identify'])
    expect(mentionedEvents('autocapture volume', vocabulary)).toEqual(['$autocapture'])
    expect(mentionedEvents('how are we doing', vocabulary)).toEqual([])
  })

  it('needs whole words', () => {
    expect(mentionedEvents('pageviewers and identifying', vocabulary)).toEqual([])
  })
})

describe('time and interval', () => {
  it.each([
    ['in the last 14 days', '-14d'],
    ['past 3 weeks', '-3w'],
    ['previous month', '-1m'],
    ['last 24 hours', '-24h'],
    ['over the last year', '-1y'],
    ['all time', 'all'],
    ['today', 'dStart'],
    ['this month', 'mStart'],
    ['pageviews', undefined],
  ])('%s -> %s', (text, expected) => {
    expect(requestedDateFrom(text)).toBe(expected)
  })

  it.each([
    ['hourly signups', 'hour'],
    ['pageviews per day', 'day'],
    ['weekly active users', 'week'],
    ['uploads by month', 'month'],
    ['uploads', undefined],
  ])('%s -> %s', (text, expected) => {
    expect(requestedInterval(text)).toBe(expected)
  })

  it('recognises questions about people', () => {
    expect(wantsUniqueUsers('how many users viewed insights')).toBe(true)
    expect(wantsUniqueUsers('number of pageviews')).toBe(false)
  })
})

describe('planInsight', () => {
  it('trends: one series per event, 30 days by day when nothing else is asked', () => {
    const { query, plan } = planInsight('file uploaded and insight viewed', 'trends', vocabulary)
    expect(query).toMatchObject({
      kind: 'TrendsQuery',
      series: [
        { kind: 'EventsNode', event: 'file uploaded', math: 'total' },
        { kind: 'EventsNode', event: 'insight viewed', math: 'total' },
      ],
      dateRange: { date_from: '-30d', date_to: null },
      interval: 'day',
    })
    expect(plan).toContain('Time period: last 30 days')
  })

  it('trends: hourly for ranges counted in hours', () => {
    expect(planInsight('pageviews in the last 12 hours', 'trends', vocabulary).query).toMatchObject({
      interval: 'hour',
      dateRange: { date_from: '-12h' },
    })
  })

  it('funnel: fills a missing step from $pageview and the most frequent other event', () => {
    const steps = (q: string) => (planInsight(q, 'funnel', vocabulary).query as any).series.map((s: any) => s.event)
    expect(steps('conversion')).toEqual(['$pageview', '$autocapture'])
    expect(steps('to plan upgraded')).toEqual(['$pageview', 'plan upgraded'])
    expect(steps('from $identify to file uploaded')).toEqual(['$identify', 'file uploaded'])
  })

  it('retention: period and intervals from the question, recurring unless about first-time users', () => {
    const weekly = planInsight('weekly retention of file uploaded over the last 6 weeks', 'retention', vocabulary)
      .query as any
    expect(weekly.retentionFilter).toMatchObject({
      period: 'Week',
      totalIntervals: 6,
      retentionType: 'retention_recurring',
    })
    expect(weekly.retentionFilter.targetEntity.id).toBe('file uploaded')
    const firstTime = planInsight('new users returning to pageviews', 'retention', vocabulary).query as any
    expect(firstTime.retentionFilter).toMatchObject({
      period: 'Day',
      totalIntervals: 8,
      retentionType: 'retention_first_time',
    })
  })

  it('sql: a HogQL query counting the named events in the period', () => {
    const { query, sql } = planInsight('count file uploaded in the last 7 days', 'sql', vocabulary)
    expect(query.kind).toBe('HogQLQuery')
    expect((query as any).query).toContain("event IN ('file uploaded')")
    expect((query as any).query).toContain('INTERVAL 7 DAY')
    expect(sql).toEqual({ dateFrom: '-7d', events: ['file uploaded'], unique: false })
  })
})
