import { beforeEach, describe, expect, it } from 'vitest'
import { KEYS, testClient, type TestClient } from '../../test/support.ts'

const PERSONS = '/api/environments/1/persons'

describe('GET /_mock/journal: a page of requests', () => {
  let client: TestClient
  beforeEach(async () => {
    client = await testClient()
    await client.get(`${PERSONS}/?limit=1`)
    await client.get(`${PERSONS}/1/`)
    await client.get(`${PERSONS}/?limit=1`, null) // 401
    await client.get('/api/environments/1/nope/') // no operation
    await client.patch(`${PERSONS}/1/`, { properties: { plan: 'pro' } })
  })

  it('lists newest first, filtered by operation and status, with the total that matches', async () => {
    const res = await client.get('/_mock/journal?order=desc&operation_id=persons_list', null)
    expect(res.status).toBe(200)
    expect(res.body.results.map((e: any) => [e.id, e.status, e.key])).toEqual([
      [3, 401, null],
      [1, 200, 'phx_..._all'],
    ])
    expect(res.body).toMatchObject({ count: 2, first_id: 1, last_id: 5, dropped: 0 })
    expect((await client.get('/_mock/journal?status=4xx', null)).body.results.map((e: any) => e.id)).toEqual([3, 4])
    expect((await client.get('/_mock/journal?operation_id=none', null)).body.results.map((e: any) => e.path)).toEqual([
      '/api/environments/1/nope/',
    ])
    expect((await client.get('/_mock/journal?method=PATCH&bodies=false', null)).body.results).toEqual([
      expect.not.objectContaining({ request_body: expect.anything() }),
    ])
  })

  it('names the operation a refused request was for, and says whether each answer passed the contract', async () => {
    const { results } = (await client.get('/_mock/journal', null)).body
    expect(results.map((e: any) => [e.operation_id, e.status, e.validation])).toEqual([
      ['persons_list', 200, 'passed'],
      ['persons_retrieve', 200, 'passed'],
      ['persons_list', 401, 'skipped'],
      [null, 404, 'skipped'],
      ['persons_partial_update', 200, 'passed'],
    ])
  })

  it('reads what came after a cursor (what a page polling it asks), and pages back with before and limit', async () => {
    await client.get(`${PERSONS}/2/`)
    expect((await client.get('/_mock/journal?after=5', null)).body.results.map((e: any) => e.path)).toEqual([
      `${PERSONS}/2/`,
    ])
    expect((await client.get('/_mock/journal?after=6', null)).body.results).toEqual([])
    expect(
      (await client.get('/_mock/journal?order=desc&before=4&limit=2', null)).body.results.map((e: any) => e.id),
    ).toEqual([3, 2])
  })

  it('refuses a bad filter with a 400 naming it', async () => {
    for (const [query, attr] of [
      ['status=4x', 'status'],
      ['order=sideways', 'order'],
      ['after=-1', 'after'],
      ['limit=0', 'limit'],
    ]) {
      const res = await client.get(`/_mock/journal?${query}`, null)
      expect(res.status, query).toBe(400)
      expect(res.body.attr, query).toBe(attr)
    }
  })
})

describe('GET /_mock/journal?path=&text=: a search', () => {
  it('finds requests by text in their path and query, or in the request or answer body, in any case, with the count that matches', async () => {
    const client = await testClient()
    await client.get(`${PERSONS}/?search=Ada%20Lovelace&limit=1`)
    await client.patch(`${PERSONS}/2/`, { properties: { favourite: 'Needle-In-Haystack' } })
    await client.get(`${PERSONS}/3/`)
    const ids = async (query: string) => {
      const res = await client.get(`/_mock/journal?${query}`, null)
      expect(res.status, query).toBe(200)
      return [res.body.count, res.body.results.map((e: any) => e.id)]
    }
    expect(await ids('path=persons/3')).toEqual([1, [3]])
    expect(await ids('path=ada%20lovelace')).toEqual([1, [1]])
    expect(await ids('text=needle-in')).toEqual([1, [2]]) // the request's body
    const name = (await client.get('/_mock/journal/3', null)).body.response.body.name
    expect(await ids(`text=${encodeURIComponent(name.toUpperCase())}`)).toEqual([
      expect.any(Number),
      expect.arrayContaining([3]),
    ]) // the answer's
    expect(await ids('path=persons&method=PATCH&text=haystack')).toEqual([1, [2]])
    expect(await ids('path=persons&order=desc&limit=1')).toEqual([3, [3]])
    expect(await ids('text=nowhere-to-be-found')).toEqual([0, []])
  })

  it('searches what the journal shows: a key or a secret is not found by its value', async () => {
    const client = await testClient()
    await client.get(`${PERSONS}/?limit=1&personal_api_key=${KEYS.all}`, null)
    await client.patch(`${PERSONS}/1/`, { properties: { api_token: 'tok_secret_value_123' } })
    expect((await client.get(`/_mock/journal?path=${KEYS.all}`, null)).body.count).toBe(0)
    expect((await client.get('/_mock/journal?text=tok_secret_value', null)).body.count).toBe(0)
    expect((await client.get('/_mock/journal?path=personal_api_key=%5Bredacted%5D', null)).body.count).toBe(1)
  })

  it('refuses an empty search term or one over 200 characters', async () => {
    const client = await testClient()
    for (const query of ['text=', 'path=', `text=${'x'.repeat(201)}`])
      expect((await client.get(`/_mock/journal?${query}`, null)).status, query).toBe(400)
  })
})

describe('GET /_mock/journal/:id: one request and its answer', () => {
  it('has the request, the masked key and the answer as it was sent, without the key', async () => {
    const client = await testClient()
    await client.get(`${PERSONS}/?limit=1&personal_api_key=${KEYS.all}`, null)
    const res = await client.get('/_mock/journal/1', null)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: 1,
      operation_id: 'persons_list',
      status: 200,
      key: 'phx_..._all',
      validation: 'passed',
    })
    expect(res.body.response).toMatchObject({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body_kept: true,
    })
    expect(res.body.response.body.count).toBe(200)
    expect(res.body.response.body.next).toBe(
      'http://127.0.0.1:8010/api/environments/1/persons/?limit=1&personal_api_key=[redacted]&offset=1',
    )
    expect(res.text).not.toContain(KEYS.all)
  })

  it('is a 404 for an entry the journal does not keep, and a 400 for an id that is not one', async () => {
    const client = await testClient({ journalSize: 2 })
    for (let i = 1; i <= 3; i++) await client.get(`${PERSONS}/${i}/`)
    expect((await client.get('/_mock/journal/1', null)).status).toBe(404)
    expect((await client.get('/_mock/journal/3', null)).status).toBe(200)
    expect((await client.get('/_mock/journal/first', null)).status).toBe(400)
  })

  it("shows the answer a broken handler gave and what it broke, as the journal's verdict on it", async () => {
    const client = await testClient({
      handlers: { persons_retrieve: () => ({ status: 200, headers: {}, json: { id: 'one' } }) },
      onViolation: () => {},
    })
    expect((await client.get(`${PERSONS}/1/`)).status).toBe(500)
    const entry = (await client.get('/_mock/journal/1', null)).body
    expect(entry).toMatchObject({ status: 500, validation: 'failed' })
    expect(entry.violation).toMatch(/^persons_retrieve 200: /)
    expect(entry.response.body.code).toBe('contract_violation')
  })
})

describe('reads of the control API are observers', () => {
  it('are not journaled (the page polling them leaves no trace); control writes are', async () => {
    const client = await testClient()
    for (const path of [
      '/_mock/journal',
      '/_mock/clock',
      '/_mock/tasks',
      '/_mock/faults',
      '/_mock/health',
      '/_mock/routes',
      '/_mock/projects',
      '/_mock/projects/1/persons',
    ]) {
      expect((await client.get(path, null)).status, path).toBe(200)
    }
    await client.post('/_mock/clock', { advance: 'PT1M' }, null)
    expect((await client.get('/_mock/journal', null)).body.results.map((e: any) => e.operation_id)).toEqual([
      'mock_clock_update',
    ])
  })

  it('do not run scheduled work that fell due; the next API request or a clock change does', async () => {
    const client = await testClient()
    expect((await client.post(`${PERSONS}/1/delete_events/`)).status).toBe(200)
    const [task] = (await client.get('/_mock/tasks', null)).body.results
    client.app.clock.set(Date.parse(task.scheduled_for) + 1)
    await client.get('/_mock/clock', null)
    await client.get('/_mock/projects/1/persons', null)
    expect((await client.get('/_mock/tasks', null)).body.results[0].state).toBe('queued')
    await client.get(`${PERSONS}/2/`)
    expect((await client.get('/_mock/tasks', null)).body.results[0].state).toBe('done')
  })
})
