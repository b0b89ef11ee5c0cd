// The insight tool (seed 4.1): plans a query from the question, runs it over the project's events, stores
// the insight and answers the real service's array of assistant messages (visualization, then tool
// result). `format=txt` answers the tool message's text alone.
import type { HandlerMap } from './context.ts'
import { json, text } from '../core/http.ts'
import { formatToolContent } from '../domain/insight-format.ts'
import type { InsightType } from '../domain/insight-plan.ts'
import { ALPHANUMERIC } from '../core/random.ts'
import { toInsightMessages } from '../domain/insight-answer.ts'

export const maxToolsHandlers: HandlerMap = {
  max_tools_create_and_query_insight(ctx) {
    const { store, clock, insights } = ctx.services
    const project = ctx.project!
    // The serializer's validated data: the question trimmed, the insight type one of its choices.
    const { query: question, insight_type: insightType } = ctx.body as { query: string; insight_type: InsightType }
    const now = clock.now()
    const plan = insights.plan(store.events, project.id, question, insightType)
    const result = insights.result(store.events, project.id, plan, now)
    const content = formatToolContent(result, now, project.timezone)

    const insight = store.insights.insert({
      id: store.counters.insight++,
      short_id: store.random.string(8, ALPHANUMERIC),
      project_id: project.id,
      query: question,
      insight_type: insightType,
      created_by_id: ctx.principal!.user.id,
      created_at: now,
    })

    if (ctx.query.format === 'txt') return text(200, content, 'text/plain; charset=utf-8')
    // The ids drawn in the order the messages name them.
    const vizId = store.random.uuid()
    const toolId = store.random.uuid()
    const toolCallId = store.random.uuid()
    return json(
      200,
      toInsightMessages({ question, plan, shortId: insight.short_id, content, ids: [vizId, toolId, toolCallId] }),
    )
  },
}
