// The insight tool's answer (seed 4.1): the real service's array of assistant messages, a visualization
// carrying the generated query, then the tool message with the results' text (insight-format.ts).
import type { InsightPlan } from './insight-plan.ts'

export function toInsightMessages(a: {
  question: string
  plan: InsightPlan
  shortId: string
  content: string
  /** The visualization message's id, the tool message's and its tool call's, in that order. */
  ids: readonly [string, string, string]
}) {
  const { question, plan, ids } = a
  return [
    {
      type: 'message',
      data: { type: 'ai/viz', id: ids[0], query: question, plan: plan.plan, answer: plan.query, short_id: a.shortId },
    },
    { type: 'message', data: { type: 'tool', content: a.content, id: ids[1], tool_call_id: ids[2] } },
  ] as const
}
