import { describe, expect, it } from 'vitest'
import { harProblems } from '../../test/har-schema.ts'
import { KEYS, testClient } from '../../test/support.ts'

const PERSONS = '/api/environments/1/persons'

describe('GET /_mock/journal/har: the journal as a HAR 1.2 file', () => {
  it('holds what the filters and search pick, oldest first, as HAR 1.2 with the key masked and the answers kept', async () => {
    const client = await testClient()
    await client.get(`${PERSONS}/?search=ada&limit=2`)
    await client.patch(`${PERSONS}/1/`, { properties: { plan: 'pro' } })
    await client.get(`${PERSONS}/999999/`)
    await client.get(`${PERSONS}/?limit=1&personal_api_key=${KEYS.all}`, null)
    const res = await client.get('/_mock/journal/har?path=persons', null)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="analytics-mock.har"')
    expect(harProblems(res.body)).toEqual([])
    expect(res.text).not.toContain(KEYS.all)
    const { entries } = res.body.log
    expect(entries.map((e: any) => [e.request.method, e.response.status])).toEqual([
      ['GET', 200],
      ['PATCH', 200],
      ['GET', 404],
      ['GET', 200],
    ])
    const [list, patch, missing, queryKey] = entries
    expect(list.request.url).toBe('http://127.0.0.1:8010/api/environments/1/persons/?search=ada&limit=2')
    expect(list.request.queryString).toEqual([
      { name: 'search', value: 'ada' },
      { name: 'limit', value: '2' },
    ])
    expect(list.request.headers).toEqual([{ name: 'Authorization', value: 'Bearer phx_..._all' }])
    expect(JSON.parse(list.response.content.text)).toMatchObject({ results: expect.any(Array) })
    expect(list.response).toMatchObject({ statusText: 'OK', content: { mimeType: 'application/json' } })
    expect(patch.request.postData).toEqual({
      mimeType: 'application/json',
      params: [],
      text: '{"properties":{"plan":"pro"}}',
    })
    expect(missing.response.statusText).toBe('Not Found')
    expect(queryKey.request.url).toContain('personal_api_key=%5Bredacted%5D')
    expect(
      (await client.get('/_mock/journal/har?status=4xx', null)).body.log.entries.map((e: any) => e.response.status),
    ).toEqual([404])
  })

  it('says an answer is no longer kept rather than inventing one; an empty journal is an empty log', async () => {
    const client = await testClient()
    expect((await client.get('/_mock/journal/har', null)).body.log.entries).toEqual([])
    for (let i = 0; i < 101; i++) await client.get(`${PERSONS}/1/`)
    const { entries } = (await client.get('/_mock/journal/har', null)).body.log
    expect(harProblems({ log: (await client.get('/_mock/journal/har', null)).body.log })).toEqual([])
    expect(entries[0].response.content).toEqual({
      size: 0,
      mimeType: 'application/json',
      comment: expect.stringMatching(/^not kept/),
    })
    expect(entries[100].response.content.text).toContain('"distinct_ids"')
  })
})

describe('GET /_mock/journal/:id/curl: one entry as a curl command line', () => {
  it('reads the key from the environment wherever the request had it, never writing it out', async () => {
    const client = await testClient()
    await client.get(`${PERSONS}/?search=it's&limit=2`)
    await client.patch(`${PERSONS}/1/`, { properties: { plan: "o'brien" } })
    await client.get(`${PERSONS}/?limit=1&personal_api_key=${KEYS.all}`, null)
    await client.post(`${PERSONS}/1/delete_events/`, undefined)
    await client.get(`${PERSONS}/1/`, null)
    const lines = []
    for (let id = 1; id <= 5; id++) {
      const res = await client.get(`/_mock/journal/${id}/curl`, null)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(res.text).not.toContain(KEYS.all)
      lines.push(res.text)
    }
    expect(lines).toEqual([
      `curl -H 'Authorization: Bearer '"$POSTHOG_PERSONAL_API_KEY" 'http://127.0.0.1:8010/api/environments/1/persons/?search=it'\\''s&limit=2'\n`,
      `curl -X PATCH -H 'Authorization: Bearer '"$POSTHOG_PERSONAL_API_KEY" -H 'Content-Type: application/json' --data-raw '{"properties":{"plan":"o'\\''brien"}}' http://127.0.0.1:8010/api/environments/1/persons/1/\n`,
      `curl 'http://127.0.0.1:8010/api/environments/1/persons/?limit=1&personal_api_key='"$POSTHOG_PERSONAL_API_KEY"\n`,
      `curl -X POST -H 'Authorization: Bearer '"$POSTHOG_PERSONAL_API_KEY" http://127.0.0.1:8010/api/environments/1/persons/1/delete_events/\n`,
      `curl http://127.0.0.1:8010/api/environments/1/persons/1/\n`,
    ])
    expect((await client.get('/_mock/journal/99/curl', null)).status).toBe(404)
  })
})
