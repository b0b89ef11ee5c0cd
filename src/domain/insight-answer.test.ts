import { describe, expect, it } from 'vitest'
import { toJson } from '../core/http.ts'
import { formatToolContent } from './insight-format.ts'
import { planInsight } from './insight-plan.ts'
import type { InsightResult } from './insight-query.ts'
import { toInsightMessages } from './insight-answer.ts'

describe('insight tool answers', () => {
  it('carry the question, the plan and its query, whatever the question and results hold', () => {
    const vocabulary = { names: ['$pageview', 'café ☕ ordered', 'sign "up"'] }
    const results: InsightResult[] = [
      {
        kind: 'HogQLQuery',
        columns: ['event', 'count'],
        results: [
          ['café ☕ ordered', 2],
          ['line\nbreak \u0001 \ud800', 1],
        ],
      },
      { kind: 'TrendsQuery', results: [] },
    ]
    const questions = [
      'How many pageviews per day?',
      'count of café ☕ ordered of all time',
      'sign "up" funnel \\ with a 😀',
      'x'.repeat(1000),
    ]
    for (const type of ['trends', 'funnel', 'retention', 'sql'] as const) {
      for (const question of questions) {
        for (const result of results) {
          const plan = planInsight(question, type, vocabulary)
          const value = toInsightMessages({
            question,
            plan,
            shortId: 'AbC12345',
            content: formatToolContent(result, Date.UTC(2026, 10, 1, 10), 'Europe/Berlin'),
            ids: [
              '00000000-0000-4000-8000-000000000001',
              '00000000-0000-4000-8000-000000000002',
              '00000000-0000-4000-8000-000000000003',
            ],
          })
          const expected = JSON.stringify(structuredClone(value))
          expect(toJson(value)).toBe(expected)
          expect(JSON.parse(expected)[0].data).toMatchObject({ query: question, plan: plan.plan, answer: plan.query })
        }
      }
    }
  })
})
