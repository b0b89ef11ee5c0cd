import { beforeEach, describe, expect, it } from 'vitest'
import { KEYS, testClient, type TestClient } from '../../test/support.ts'

const PATH = '/api/environments/1/max_tools/create_and_query_insight/'

let c: TestClient

beforeEach(async () => {
  c = await testClient()
})

const ask = (query: string, insight_type: string, suffix = '') => c.post(`${PATH}${suffix}`, { query, insight_type })
const capture = (event: string, distinct_id: string, timestamp?: string) =>
  c.post('/_mock/projects/1/events', { event, distinct_id, ...(timestamp ? { timestamp } : {}) }, null)

/** The pipe-separated table inside the tool message's code fence (its other lines left out), as rows of cells. */
function table(content: string): string[][] {
  const fenced = /```\n([\s\S]*?)\n```/.exec(content)
  expect(fenced).not.toBeNull()
  return fenced![1]!
    .split('\n')
    .filter((line) => line.includes('|'))
    .map((line) => line.split('|'))
}

async function toolContent(query: string, type: string): Promise<string> {
  const res = await ask(query, type)
  expect(res.status).toBe(200)
  return res.body[1].data.content
}

describe('request validation', () => {
  it.each([
    ['no body at all', undefined, { code: 'required', attr: 'query', detail: 'This field is required.' }],
    ['no query', { insight_type: 'trends' }, { code: 'required', attr: 'query', detail: 'This field is required.' }],
    [
      'no insight_type',
      { query: 'pageviews' },
      { code: 'required', attr: 'insight_type', detail: 'This field is required.' },
    ],
    [
      'an unknown insight_type',
      { query: 'pageviews', insight_type: 'lifecycle' },
      { code: 'invalid_choice', attr: 'insight_type', detail: '"lifecycle" is not a valid choice.' },
    ],
    [
      'a query over 1000 characters',
      { query: 'q'.repeat(1001), insight_type: 'sql' },
      { code: 'max_length', attr: 'query', detail: 'Ensure this field has no more than 1000 characters.' },
    ],
    [
      'a blank query',
      { query: '   ', insight_type: 'sql' },
      { code: 'blank', attr: 'query', detail: 'This field may not be blank.' },
    ],
  ])('refuses %s with the real 400 and creates no insight', async (_, body, error) => {
    const res = await c.request('POST', PATH, body === undefined ? {} : { body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ type: 'validation_error', ...error })
    expect(c.app.store.insights.count()).toBe(0)
  })

  it('accepts a query of exactly 1000 characters', async () => {
    expect((await ask(`pageviews ${'x'.repeat(990)}`, 'trends')).status).toBe(200)
  })

  it('checks the key and project before the body', async () => {
    const noKey = await c.request('POST', PATH, { key: null, body: {} })
    expect(noKey.status).toBe(401)
    const otherProject = await c.request('POST', PATH, { key: KEYS.project2, body: {} })
    expect(otherProject.status).toBe(403)
    expect(otherProject.body.detail).toBe('API key does not have access to the requested project: ID 1.')
  })
})

describe('answer', () => {
  it('is the array of a visualization message carrying the generated query and a tool message with the results', async () => {
    const res = await ask('How many pageviews did we get in the last 7 days?', 'trends')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.body).toHaveLength(2)
    const [viz, tool] = res.body
    expect(viz.type).toBe('message')
    expect(viz.data).toMatchObject({ type: 'ai/viz', query: 'How many pageviews did we get in the last 7 days?' })
    expect(viz.data.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(viz.data.plan).toContain('$pageview')
    expect(viz.data.answer).toEqual({
      kind: 'TrendsQuery',
      series: [{ kind: 'EventsNode', event: '$pageview', name: '$pageview', math: 'total' }],
      dateRange: { date_from: '-7d', date_to: null },
      interval: 'day',
      trendsFilter: { display: 'ActionsLineGraph' },
      filterTestAccounts: false,
    })
    expect(tool.type).toBe('message')
    expect(tool.data).toMatchObject({ type: 'tool' })
    expect(Object.keys(tool.data).sort()).toEqual(['content', 'id', 'tool_call_id', 'type'])
    expect(tool.data.content).toMatch(
      /^Here is the results table of the TrendsQuery I created to answer your latest question:\n\n```\nDate\|\$pageview\n/,
    )
    const clock = (await c.get('/_mock/clock', null)).body.now as string
    expect(tool.data.content).toContain(`The current date and time is ${clock.slice(0, 10)} ${clock.slice(11, 19)} UTC`)
    // 7 days back from the clock, by day, today included.
    expect(table(tool.data.content)).toHaveLength(1 + 8)
  })

  it.each([
    ['trends', 'FunnelsQuery', 'funnel'],
    ['trends', 'RetentionQuery', 'retention'],
    ['trends', 'HogQLQuery', 'sql'],
    ['trends', 'TrendsQuery', 'trends'],
  ])('generates the query kind of the insight_type (%s -> %s)', async (_, kind, type) => {
    const res = await ask('pageviews and file uploaded', type)
    expect(res.body[0].data.answer.kind).toBe(kind)
    expect(res.body[1].data.content).toContain(`Here is the results table of the ${kind} I created`)
  })

  it('stores an insight for the question, by the key user, and links it from the visualization', async () => {
    const res = await ask('weekly active users', 'trends')
    const insights = c.app.store.insights.all()
    expect(insights).toHaveLength(1)
    const me = (await c.get('/api/users/@me/')).body
    expect(insights[0]).toMatchObject({
      project_id: 1,
      query: 'weekly active users',
      insight_type: 'trends',
      created_by_id: me.id,
    })
    expect(res.body[0].data.short_id).toBe(insights[0]!.short_id)
  })

  it('answers the same for the same seed and data', async () => {
    const first = (await ask('file uploaded by week', 'trends')).body
    const again = await testClient()
    const second = (await again.post(PATH, { query: 'file uploaded by week', insight_type: 'trends' })).body
    expect(second).toEqual(first)
  })

  it('answers format=txt with the same result as text/plain', async () => {
    const json = await toolContent('pageviews last 14 days', 'trends')
    const txt = await ask('pageviews last 14 days', 'trends', '?format=txt')
    expect(txt.status).toBe(200)
    expect(txt.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(txt.text).toBe(json)
  })
})

describe('results follow the data', () => {
  it('trends: events captured now land in the last bucket', async () => {
    const before = table(await toolContent('file uploaded today', 'trends'))
    expect(before[0]).toEqual(['Date', 'file uploaded'])
    for (let i = 0; i < 3; i++) await capture('file uploaded', `uploader-${i}`)
    const after = table(await toolContent('file uploaded today', 'trends'))
    expect(after.length).toBe(before.length)
    const last = after.length - 1
    expect(Number(after[last]![1])).toBe(Number(before[last]![1]) + 3)
    expect(after.slice(1, last)).toEqual(before.slice(1, last))
  })

  it('trends: unique users count persons once, total counts every event', async () => {
    const total = table(await toolContent('file uploaded today', 'trends'))
    const unique = table(await toolContent('unique users with file uploaded today', 'trends'))
    for (let i = 0; i < 3; i++) await capture('file uploaded', 'same-person')
    const totalAfter = table(await toolContent('file uploaded today', 'trends'))
    const uniqueAfter = table(await toolContent('unique users with file uploaded today', 'trends'))
    const last = total.length - 1
    expect(Number(totalAfter[last]![1]) - Number(total[last]![1])).toBe(3)
    expect(Number(uniqueAfter[last]![1]) - Number(unique[last]![1])).toBe(1)
  })

  it('funnel: a new person doing both steps counts at both steps', async () => {
    const rows = async () => table(await toolContent('funnel from pageview to file uploaded', 'funnel'))
    const before = await rows()
    expect(before[0]).toEqual(['Metric', '$pageview', 'file uploaded'])
    await capture('$pageview', 'funnel-person')
    await c.post('/_mock/clock', { advance: 'PT10M' }, null)
    await capture('file uploaded', 'funnel-person')
    const after = await rows()
    expect(after[1]![0]).toBe('Total person count')
    expect(Number(after[1]![1])).toBe(Number(before[1]![1]) + 1)
    expect(Number(after[1]![2])).toBe(Number(before[1]![2]) + 1)
    // Only the first step: counts at the first step only.
    await capture('$pageview', 'window-shopper')
    const later = await rows()
    expect(Number(later[1]![1])).toBe(Number(after[1]![1]) + 1)
    expect(Number(later[1]![2])).toBe(Number(after[1]![2]))
  })

  it("retention: a new person's pageview joins today's cohort", async () => {
    const rows = async () => table(await toolContent('daily retention of pageviews', 'retention'))
    const before = await rows()
    expect(before[0]!.slice(0, 3)).toEqual(['Date', 'Number of persons on date', 'Day 0'])
    await capture('$pageview', 'retained-person')
    const after = await rows()
    const last = after.length - 1
    expect(Number(after[last]![1])).toBe(Number(before[last]![1]) + 1)
  })

  it('sql: counts by event move with captured events', async () => {
    const counts = async () =>
      Object.fromEntries(
        table(await toolContent('count of plan upgraded and file uploaded in the last 7 days', 'sql')).slice(1),
      )
    const before = await counts()
    await capture('plan upgraded', 'upgrader')
    await capture('plan upgraded', 'upgrader')
    const after = await counts()
    expect(Number(after['plan upgraded'])).toBe(Number(before['plan upgraded'] ?? 0) + 2)
    expect(after['file uploaded']).toBe(before['file uploaded'])
    expect(Object.keys(after).sort()).toEqual(['file uploaded', 'plan upgraded'])
  })

  it('the same question again follows deleted events, new event names and the clock', async () => {
    const sql = async (question: string) => Object.fromEntries(table(await toolContent(question, 'sql')).slice(1))
    const before = await sql('count of plan upgraded of all time')
    const captured = await capture('plan upgraded', 'doomed-person')
    await capture('plan upgraded', 'doomed-person')
    expect(Number((await sql('count of plan upgraded of all time'))['plan upgraded'])).toBe(
      Number(before['plan upgraded'] ?? 0) + 2,
    )
    // The person and their events deleted (the task runs at the next Sunday 05:00 UTC).
    expect((await c.delete(`/api/environments/1/persons/${captured.body.person.id}/?delete_events=true`)).status).toBe(
      204,
    )
    await c.post('/_mock/clock', { advance: 'P8D' }, null)
    expect((await sql('count of plan upgraded of all time'))['plan upgraded']).toBe(before['plan upgraded'])
    // A name no event had before is in the planner's vocabulary once an event has it.
    expect(await sql('count of sandwich ordered of all time')).not.toHaveProperty('sandwich ordered')
    await capture('sandwich ordered', 'hungry-person')
    expect(await sql('count of sandwich ordered of all time')).toEqual({ 'sandwich ordered': '1' })
    // A day later the daily buckets end a day later.
    const days = async () =>
      table(await toolContent('pageviews per day in the last 7 days', 'trends'))
        .slice(1)
        .map((row) => row[0])
    const first = await days()
    await c.post('/_mock/clock', { advance: 'P1D' }, null)
    const next = await days()
    expect(next.length).toBe(first.length)
    expect(next.slice(0, -1)).toEqual(first.slice(1))
    expect(Date.parse(next.at(-1)!) - Date.parse(first.at(-1)!)).toBe(86_400_000)
  })

  it('an empty project answers zeros and empty tables', async () => {
    const empty = await testClient({ fixtures: 'empty-project' })
    const trends = (await empty.post(PATH, { query: 'pageviews', insight_type: 'trends' })).body[1].data.content
    expect(
      table(trends)
        .slice(1)
        .every((row) => row[1] === '0'),
    ).toBe(true)
    const sql = (await empty.post(PATH, { query: 'events', insight_type: 'sql' })).body[1].data.content
    expect(table(sql)).toEqual([['event', 'count']])
  })
})
