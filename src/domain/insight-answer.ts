// The insight tool's answer (seed 4.1): the real service's array of assistant messages, a visualization
// carrying the generated query, then the tool message with the results.
import type { ToolContent } from './insight-cache.ts'
import type { InsightPlan } from './insight-plan.ts'

export interface InsightMessages {
  readonly 0: {
    type: 'message'
    data: { type: 'ai/viz'; id: string; query: string; plan: string; answer: InsightPlan['query']; short_id: string }
  }
  readonly 1: { type: 'message'; data: { type: 'tool'; content: string; id: string; tool_call_id: string } }
  readonly length: 2
}

export interface InsightAnswer {
  question: string
  plan: InsightPlan
  shortId: string
  content: ToolContent
  /** The visualization message's id, the tool message's and its tool call's, in that order. */
  ids: readonly [string, string, string]
}

export function toInsightMessages({ question, plan, shortId, content, ids }: InsightAnswer): InsightMessages {
  return [
    {
      type: 'message',
      data: { type: 'ai/viz', id: ids[0], query: question, plan: plan.plan, answer: plan.query, short_id: shortId },
    },
    { type: 'message', data: { type: 'tool', content: content.text, id: ids[1], tool_call_id: ids[2] } },
  ] as const
}
