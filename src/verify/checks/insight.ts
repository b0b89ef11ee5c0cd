// The insight tool (--writes: on the real service each call runs an AI query and stores a conversation).
import type { Suite } from './suite.ts'

export const insightSuite: Suite = {
  name: 'insight tool',
  checks: [['max_tools_create_and_query_insight', 'answers with messages']],
  async run({ run, options }) {
    if (!options.writes) {
      run.skip(
        'max_tools_create_and_query_insight',
        'answers with messages',
        'needs --writes (each call runs a query on the deployment)',
      )
      return
    }
    await run.check('max_tools_create_and_query_insight', 'answers with messages', async (t) => {
      const ex = await t.call('max_tools_create_and_query_insight', {
        body: {
          query: `Pageviews per day over the last 7 days (analytics-mock verify ${options.runId})`,
          insight_type: 'trends',
        },
      })
      t.expectStatus(ex, 200)
      const body = t.json(ex)
      t.ensure(Array.isArray(body) && body.length > 0, 'the answer is not a non-empty array of messages', ex)
      t.ensure(
        body.every((m: any) => m && typeof m.type === 'string' && m.data && typeof m.data === 'object'),
        'every message must be {type, data}',
        ex,
      )
      t.summary(
        `${body.length} message${body.length === 1 ? '' : 's'}: ${body.map((m: any) => m.data?.type ?? m.type).join(', ')}`,
      )
    })
  },
}
