import { describe, expect, it } from 'vitest'
import { EventLog } from '../store/event-log.ts'
import type { EventRecord } from '../store/models.ts'
import { InsightCache } from './insight-cache.ts'
import { runInsightQuery } from './insight-query.ts'
import { formatToolContent } from './insight-format.ts'
import type { InsightResult } from './insight-query.ts'

describe('formatToolContent (the tool message text)', () => {
  const result: InsightResult = {
    kind: 'HogQLQuery',
    columns: ['event', 'count'],
    results: [
      ['$pageview', 12],
      ['café ☕ "quoted"', 3],
    ],
  }
  const at = Date.UTC(2026, 10, 1, 10, 0, 0, 100)

  it('names the second the clock reads: the same text within it, the next second in the next', () => {
    const first = formatToolContent(result, at, 'UTC')
    expect(first).toContain('The current date and time is 2026-11-01 10:00:00 UTC')
    expect(formatToolContent(result, at + 899, 'UTC')).toBe(first)
    expect(formatToolContent(result, at + 900, 'UTC')).toContain('The current date and time is 2026-11-01 10:00:01 UTC')
    expect(formatToolContent(result, at - 101, 'UTC')).toContain('The current date and time is 2026-11-01 09:59:59 UTC')
  })
})

describe('InsightCache (one per app)', () => {
  const now = Date.UTC(2026, 10, 1, 12)
  const event = (name: string, hoursAgo: number): EventRecord => ({
    project_id: 1,
    event: name,
    distinct_id: 'd1',
    person_uuid: 'p1',
    timestamp: now - hoursAgo * 3_600_000,
    properties: {},
    person_properties: {},
  })
  const question = 'How many pageviews per day in the last 7 days?'

  it('answers the same question again with the same result, until an event is added', () => {
    const log = new EventLog([event('$pageview', 1), event('$pageview', 30)])
    const cache = new InsightCache()
    const plan = cache.plan(log, 1, question, 'trends')
    const first = cache.result(log, 1, plan, now)
    expect(cache.plan(log, 1, question, 'trends')).toBe(plan)
    expect(cache.result(log, 1, plan, now)).toBe(first)
    log.add(event('$pageview', 2))
    const again = cache.result(log, 1, cache.plan(log, 1, question, 'trends'), now)
    expect(again).not.toBe(first)
    expect(again).toEqual(runInsightQuery(cache.plan(log, 1, question, 'trends'), log.forProject(1), now))
  })

  it('shares nothing between apps', () => {
    const log = new EventLog([event('$pageview', 1)])
    const a = new InsightCache()
    const b = new InsightCache()
    expect(b.plan(log, 1, question, 'trends')).not.toBe(a.plan(log, 1, question, 'trends'))
  })
})
