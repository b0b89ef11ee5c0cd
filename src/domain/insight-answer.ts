// The insight tool's answer (seed 4.1): the real service's array of assistant messages, a visualization
// carrying the generated query, then the tool message with the results. Every answer is new (its ids are
// drawn fresh), so its JSON text is written from pieces kept elsewhere (the plan's, the tool text's) with
// the few new values between them, instead of JSON.stringify of the whole.
import { freezeDeep, jsonString, serializeOnceAs, utf8Extra, type JsonText } from '../core/json.ts'
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

/** `"plan":…,"answer":…` of a plan (plans are kept, so written once each). */
const planTexts = new WeakMap<InsightPlan, JsonText>()

function planJson(plan: InsightPlan): JsonText {
  let json = planTexts.get(plan)
  if (json === undefined) {
    freezeDeep(plan.query) // it goes into answers marked as never changing
    const text = `"plan":${JSON.stringify(plan.plan)},"answer":${JSON.stringify(plan.query)}`
    planTexts.set(plan, (json = { text, bytes: text.length + utf8Extra(text) }))
  }
  return json
}

export interface InsightAnswer {
  question: string
  plan: InsightPlan
  /** Drawn by the seeded generator: letters and digits, written as they are (nothing to escape). */
  shortId: string
  content: ToolContent
  /** The visualization message's id, the tool message's and its tool call's, in that order: uuids from the seeded generator (hex digits and dashes, written as they are). */
  ids: readonly [string, string, string]
}

/** The answer's messages, frozen as built and marked with their JSON text (byte for byte JSON.stringify's; the tests compare them). */
export function toInsightMessages({ question, plan, shortId, content, ids }: InsightAnswer): InsightMessages {
  const planPart = planJson(plan)
  const value = Object.freeze([
    Object.freeze({
      type: 'message',
      data: Object.freeze({
        type: 'ai/viz',
        id: ids[0],
        query: question,
        plan: plan.plan,
        answer: plan.query,
        short_id: shortId,
      }),
    }),
    Object.freeze({
      type: 'message',
      data: Object.freeze({ type: 'tool', content: content.text, id: ids[1], tool_call_id: ids[2] }),
    }),
  ] as const)
  const q = jsonString(question)
  const text =
    `[{"type":"message","data":{"type":"ai/viz","id":"${ids[0]}","query":${q},${planPart.text},"short_id":"${shortId}"}},` +
    `{"type":"message","data":{"type":"tool","content":${content.json.text},"id":"${ids[1]}","tool_call_id":"${ids[2]}"}}]`
  const extra = utf8Extra(q) + (planPart.bytes - planPart.text.length) + (content.json.bytes - content.json.text.length)
  return serializeOnceAs(value, text, extra)
}
