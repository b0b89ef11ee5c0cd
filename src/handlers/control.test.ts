import { beforeEach, describe, expect, it } from 'vitest'
import { testClient, type TestClient } from '../../test/support.ts'

describe('control API (/_mock/, no key)', () => {
  let client: TestClient
  beforeEach(async () => {
    client = await testClient()
  })

  it('GET /_mock/clock: frozen at the dataset anchor by default in-process', async () => {
    const res = await client.get('/_mock/clock', null)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ now: '2026-11-01T00:00:00Z', frozen: true, ran: [] })
  })

  it('POST /_mock/clock sets, advances (ms or ISO 8601 duration), freezes and unfreezes', async () => {
    expect((await client.post('/_mock/clock', { now: '2026-11-02T10:00:00Z' }, null)).body.now).toBe(
      '2026-11-02T10:00:00Z',
    )
    expect((await client.post('/_mock/clock', { advance: 90_000 }, null)).body.now).toBe('2026-11-02T10:01:30Z')
    expect((await client.post('/_mock/clock', { advance: 'P1DT2H' }, null)).body.now).toBe('2026-11-03T12:01:30Z')
    const running = await client.post('/_mock/clock', { freeze: false }, null)
    expect(running.body.frozen).toBe(false)
    expect((await client.post('/_mock/clock', { freeze: true }, null)).body.frozen).toBe(true)
  })

  it('rejects a bad clock request with a 400 and leaves the clock alone', async () => {
    for (const body of [{ advance: 'soon' }, { advance: -5 }, { now: 'tuesday' }, {}]) {
      const res = await client.post('/_mock/clock', body, null)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.type).toBe('validation_error')
    }
    expect((await client.get('/_mock/clock', null)).body.now).toBe('2026-11-01T00:00:00Z')
  })

  it('POST /_mock/projects/:id/events creates and updates persons as capture does', async () => {
    const created = await client.post(
      '/_mock/projects/1/events',
      {
        event: 'signed up',
        distinct_id: 'ada-1',
        properties: { $set: { email: 'ada@example.com', plan: 'free' }, $set_once: { first_seen: 'x' } },
      },
      null,
    )
    expect(created.status).toBe(201)
    expect(created.body.person.name).toBe('ada@example.com')
    expect(created.body.person.distinct_ids).toEqual(['ada-1'])
    const again = await client.post(
      '/_mock/projects/1/events',
      {
        event: 'upgraded',
        distinct_id: 'ada-1',
        properties: { $set: { plan: 'growth' }, $set_once: { first_seen: 'y' }, $unset: ['email'] },
      },
      null,
    )
    expect(again.body.person.id).toBe(created.body.person.id)
    expect(again.body.person.properties).toEqual({ plan: 'growth', first_seen: 'x' })
    const found = await client.get('/api/environments/1/persons/?limit=1')
    expect(found.body.results[0].id).toBe(created.body.person.id)
    expect(found.body.count).toBe(201)
  })

  it('$identify with $anon_distinct_id joins the distinct ids on one person', async () => {
    await client.post('/_mock/projects/1/events', { event: '$pageview', distinct_id: 'anon-xyz' }, null)
    const res = await client.post(
      '/_mock/projects/1/events',
      {
        event: '$identify',
        distinct_id: 'user-77',
        properties: { $anon_distinct_id: 'anon-xyz', $set: { email: 'u77@example.com' } },
      },
      null,
    )
    expect(res.body.person.distinct_ids.sort()).toEqual(['anon-xyz', 'user-77'])
  })

  it('validates capture input and the project', async () => {
    expect((await client.post('/_mock/projects/1/events', { event: '', distinct_id: 'x' }, null)).status).toBe(400)
    expect((await client.post('/_mock/projects/1/events', { distinct_id: 'x' }, null)).body).toEqual({
      type: 'validation_error',
      code: 'required',
      detail: 'This field is required.',
      attr: 'event',
    })
    expect((await client.post('/_mock/projects/77/events', { event: 'e', distinct_id: 'x' }, null)).status).toBe(404)
    expect(client.app.store.persons.size).toBe(240)
  })

  it('POST /_mock/projects/:id/session_recordings stores a recording whose values hang together', async () => {
    const res = await client.post(
      '/_mock/projects/1/session_recordings',
      { id: 'rec-1', distinct_id: 'ada-2', active_seconds: 30, inactive_seconds: 10, viewers: ['x@example.com'] },
      null,
    )
    expect(res.status).toBe(201)
    expect(res.body.recording_duration).toBe(40)
    expect(Date.parse(res.body.end_time) - Date.parse(res.body.start_time)).toBe(40_000)
    expect(res.body.viewed).toBe(true)
    expect(res.body.ongoing).toBe(true) // it ended at "now"
    const list = await client.get('/api/environments/1/session_recordings/?limit=1&date_from=-1y')
    expect(list.body.results[0].id).toBe('rec-1')
    expect(list.body.count).toBe(301)
  })

  it('POST /_mock/projects/:id/session_recordings without distinct_id (the README example) gives the recording a new person', async () => {
    const persons = (await client.get('/api/environments/1/persons/?limit=1')).body.count
    const res = await client.post('/_mock/projects/1/session_recordings', { id: 'from-readme' }, null)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ id: 'from-readme', person: { distinct_ids: res.body.distinct_id } })
    expect((await client.get('/api/environments/1/persons/?limit=1')).body.count).toBe(persons + 1)
    // No body at all is the same: every field has a default.
    expect((await client.request('POST', '/_mock/projects/1/session_recordings', { key: null })).status).toBe(201)
  })

  it('POST /_mock/faults with no body, or an empty object, is a 400 that changes nothing', async () => {
    for (const res of [
      await client.request('POST', '/_mock/faults', { key: null }),
      await client.post('/_mock/faults', {}, null),
    ]) {
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ type: 'validation_error', code: 'required', attr: null })
    }
    expect((await client.get('/_mock/faults', null)).body).toMatchObject({ latency_ms: 0, error_rate: 0 })
  })

  it('POST /_mock/reset restores the seed (not empty), and another seed or scenario on request', async () => {
    await client.post('/_mock/projects/1/events', { event: 'e', distinct_id: 'new' }, null)
    const reset = await client.post('/_mock/reset', undefined, null)
    expect(reset.status).toBe(200)
    expect(reset.body.counts.persons).toBe(240)
    expect(reset.body.seed).toBe(1)
    const before = (await client.get('/api/environments/1/persons/1/')).text
    const other = await client.post('/_mock/reset', { seed: 2 }, null)
    expect(other.body.seed).toBe(2)
    expect((await client.get('/api/environments/1/persons/1/')).text).not.toBe(before)
    const empty = await client.post('/_mock/reset', { fixtures: 'empty-project' }, null)
    expect(empty.body.fixtures).toBe('empty-project')
    expect((await client.get('/api/environments/1/persons/')).body.count).toBe(0)
    const unknown = await client.post('/_mock/reset', { fixtures: 'nope' }, null)
    expect(unknown.status).toBe(400)
    expect(unknown.body.attr).toBe('fixtures')
  })

  it('GET /_mock/journal lists requests with their operation, bounded', async () => {
    const small = await testClient({ journalSize: 3 })
    for (let i = 0; i < 5; i++) await small.get(`/api/environments/1/persons/${i + 1}/`)
    const res = await small.get('/_mock/journal', null)
    expect(res.body.dropped).toBe(2)
    // the journal read itself is recorded after it answers
    expect(res.body.results.map((e: any) => e.path)).toEqual([
      '/api/environments/1/persons/3/',
      '/api/environments/1/persons/4/',
      '/api/environments/1/persons/5/',
    ])
    expect(res.body.results[0].operation_id).toBe('persons_retrieve')
    expect(res.body.results[0].status).toBe(200)
  })
})
