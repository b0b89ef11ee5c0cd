import { beforeAll, describe, expect, it } from 'vitest'
import { queueEventDeletion } from '../domain/tasks.ts'
import type { ResponseBody } from '../contract/api-types.ts'
import { contractViolations } from '../../test/support.ts'
import { createMock as createMockOf, KEYS, scenarioNames, type Mock, type MockOptions } from './index.ts'

/** Every mock here reports contract violations to the suite-wide guard (test/setup.ts). */
const createMock = (options: MockOptions = {}) =>
  createMockOf({ onViolation: (v) => contractViolations.push(v), ...options })

const auth = { authorization: `Bearer ${KEYS.all}` }

async function getJson<T = any>(
  mock: Mock,
  path: string,
  key: string = KEYS.all,
): Promise<{ status: number; body: T }> {
  const res = await mock.fetch(path, { headers: { authorization: `Bearer ${key}` } })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

describe('createMock options', () => {
  it('starts frozen at the dataset anchor by default, or at `now`', async () => {
    const byDefault = await createMock()
    expect(byDefault.clock.iso()).toBe('2026-11-01T00:00:00Z')
    expect(byDefault.clock.frozen).toBe(true)
    const at = await createMock({ now: '2026-11-04T12:00:00Z' })
    expect(at.clock.iso()).toBe('2026-11-04T12:00:00Z')
    expect(at.clock.frozen).toBe(true)
    const running = await createMock({ now: '2026-11-04T12:00:00Z', frozen: false })
    expect(running.clock.frozen).toBe(false)
  })

  it('builds the dataset from the seed: same seed, same data; another seed, other data', async () => {
    const [a, b, c] = await Promise.all([createMock({ seed: 7 }), createMock({ seed: 7 }), createMock({ seed: 8 })])
    const first = async (m: Mock) =>
      (await getJson<ResponseBody<'persons_list'>>(m, '/api/environments/1/persons/?limit=3')).body.results
    expect(await first(a)).toEqual(await first(b))
    expect(await first(a)).not.toEqual(await first(c))
  })

  it('takes a dataset size', async () => {
    const small = await createMock({ size: { persons: 20, recordings: 12 } })
    expect((await getJson(small, '/api/environments/1/persons/?limit=1')).body.count).toBe(20)
    expect((await getJson(small, '/api/environments/1/session_recordings/?limit=1&date_from=-1y')).body.count).toBe(12)
    expect(small.store.events.size).toBeGreaterThan(0)
    await small.reset()
    expect(small.store.persons.size).toBe(20 + 10) // project 2 gets a fifth, at least 10: the size survives a reset
  })

  it('loads named scenarios', async () => {
    expect(scenarioNames()).toEqual(
      expect.arrayContaining(['default', 'empty-project', 'large-project', 'key-without-scopes']),
    )
    const empty = await createMock({ fixtures: 'empty-project' })
    expect((await getJson(empty, '/api/environments/1/persons/')).body).toMatchObject({ count: 0, results: [] })
    const noScopes = await createMock({ fixtures: 'key-without-scopes' })
    const denied = await getJson(noScopes, '/api/environments/1/persons/', KEYS.noScopes)
    expect(denied).toEqual({
      status: 403,
      body: {
        type: 'authentication_error',
        code: 'permission_denied',
        detail: "API key missing required scope 'person:read'",
        attr: null,
      },
    })
    await expect(createMock({ fixtures: 'nope' })).rejects.toThrow(/unknown fixtures "nope"/)
  })

  it('resolves paths in mock.fetch against the base URL, so links point there', async () => {
    const mock = await createMock({ baseUrl: 'http://localhost:8010' })
    const { body } = await getJson<ResponseBody<'persons_list'>>(mock, '/api/environments/1/persons/?limit=1')
    expect(body.next).toBe('http://localhost:8010/api/environments/1/persons/?limit=1&offset=1')
  })
})

describe('reset', () => {
  let mock: Mock
  beforeAll(async () => {
    mock = await createMock({ now: '2026-11-04T12:00:00Z' })
  })

  it('restores data, tasks, journal and clock after a test changed them', async () => {
    const before = (await getJson(mock, '/api/environments/1/persons/?limit=1')).body.count as number
    const person = await mock.create.person()
    await mock.create.playlist()
    await queueEventDeletion(mock.store, person, mock.clock.now(), mock.clock.now() + 60_000)
    await mock.advance('P2D')
    expect(mock.calls()).toHaveLength(1)
    expect((await getJson(mock, '/api/environments/1/persons/?limit=1')).body.count).toBe(before + 1)

    await mock.reset()
    expect(mock.clock.iso()).toBe('2026-11-04T12:00:00Z')
    expect(mock.calls()).toEqual([])
    expect(mock.tasks()).toEqual([])
    expect(mock.store.persons.get(person.id)).toBeUndefined()
    expect(mock.store.playlists.count()).toBe(mock.store.dataset.playlists.length)
    expect((await getJson(mock, '/api/environments/1/persons/?limit=1')).body.count).toBe(before)
  })

  it('gives the same ids to what is created after each reset (runs repeat)', async () => {
    const first = await mock.create.person()
    await mock.reset()
    const second = await mock.create.person()
    expect(second).toEqual(first)
  })

  it('can switch scenario for one test, and goes back to its own on the next reset', async () => {
    await mock.reset({ fixtures: 'empty-project' })
    expect((await getJson(mock, '/api/environments/1/persons/')).body.count).toBe(0)
    await mock.reset()
    expect((await getJson(mock, '/api/environments/1/persons/?limit=1')).body.count).toBeGreaterThan(0)
  })

  it('puts a clock that a test unfroze back to frozen', async () => {
    mock.clock.unfreeze()
    await mock.reset()
    expect(mock.clock.frozen).toBe(true)
    expect(mock.clock.iso()).toBe('2026-11-04T12:00:00Z')
  })
})

describe('the clock', () => {
  it('advance runs the tasks that fall due, and only those', async () => {
    const mock = await createMock({ now: '2026-11-04T12:00:00Z' })
    const person = await mock.create.person({ events: 4 })
    expect(mock.store.events.forPerson(person.uuid)).toHaveLength(5)
    const now = mock.clock.now()
    await queueEventDeletion(mock.store, person, now, now + 3_600_000)

    expect(await mock.advance('PT59M')).toEqual([])
    expect(mock.tasks('queued')).toHaveLength(1)
    const ran = await mock.advance(60_000)
    expect(ran).toMatchObject([{ state: 'done', result: { deleted_events: 5 } }])
    expect(mock.tasks('done')).toHaveLength(1)
    expect(mock.store.events.forPerson(person.uuid)).toHaveLength(0)
    await expect(mock.advance(-1)).rejects.toThrow(RangeError)
  })

  it('setNow moves the clock to an instant and runs what is due', async () => {
    const mock = await createMock({ now: '2026-11-04T12:00:00Z' })
    const person = await mock.create.person()
    await queueEventDeletion(mock.store, person, mock.clock.now(), Date.parse('2026-11-08T05:00:00Z'))
    expect(await mock.setNow('2026-11-08T04:59:59Z')).toEqual([])
    expect(await mock.setNow('2026-11-08T05:00:00Z')).toHaveLength(1)
    expect((await getJson(mock, '/_mock/clock')).body.now).toBe('2026-11-08T05:00:00Z')
  })
})

describe('factories', () => {
  let mock: Mock
  beforeAll(async () => {
    mock = await createMock({ now: '2026-11-04T12:00:00Z' })
  })

  it('person: created by an $identify with its properties, then $pageviews, seen through the API', async () => {
    const person = await mock.create.person()
    expect(person.distinct_ids).toEqual([`person-${person.id}`])
    expect(person.properties).toEqual({ email: `person-${person.id}@example.com`, name: `Person ${person.id}` })
    expect(new Date(person.created_at).toISOString()).toBe('2026-10-28T12:00:00.000Z')
    const events = mock.store.events.forPerson(person.uuid)
    expect(events.map((e) => e.event)).toEqual(['$identify', '$pageview', '$pageview', '$pageview'])
    expect(events.every((e) => e.timestamp >= person.created_at && e.timestamp <= mock.clock.now())).toBe(true)
    const { status, body } = await getJson<ResponseBody<'persons_retrieve'>>(
      mock,
      `/api/environments/1/persons/${person.id}/`,
    )
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id: person.id,
      uuid: person.uuid,
      name: `person-${person.id}@example.com`,
      created_at: '2026-10-28T12:00:00Z',
    })
  })

  it('person: every field can be overridden', async () => {
    const person = await mock.create.person({
      project_id: 2,
      distinct_ids: ['ada-login', 'ada-anon'],
      properties: { email: 'ada@example.com', plan: 'free' },
      created_at: '2026-10-01T00:00:00Z',
      events: [
        { event: 'signed up', timestamp: '2026-10-01T00:01:00Z' },
        { event: 'plan upgraded', distinct_id: 'ada-anon', properties: { $set: { plan: 'growth' } } },
      ],
    })
    expect(person).toMatchObject({
      project_id: 2,
      distinct_ids: ['ada-login', 'ada-anon'],
      properties: { email: 'ada@example.com', plan: 'growth' },
    })
    expect(mock.store.events.forPerson(person.uuid).map((e) => [e.event, e.distinct_id])).toEqual([
      ['$identify', 'ada-login'],
      ['signed up', 'ada-login'],
      ['plan upgraded', 'ada-anon'],
    ])
    expect((await getJson(mock, `/api/environments/1/persons/${person.id}/`)).status).toBe(404)
    expect(mock.store.persons.getByDistinctId(2, 'ada-anon')).toBe(person)
    expect((await getJson(mock, `/api/environments/2/persons/${person.id}/`)).body.distinct_ids).toEqual([
      'ada-login',
      'ada-anon',
    ])
    await expect(mock.create.person({ project_id: 2, distinct_ids: ['ada-anon'] })).rejects.toThrow(
      /already belongs to person/,
    )
    await expect(mock.create.person({ project_id: 99 })).rejects.toThrow(/no project 99/)
  })

  it('recording: for a new person unless told, ending now, listed first with its person', async () => {
    const recording = await mock.create.recording({ active_seconds: 90, inactive_seconds: 30, click_count: 7 })
    expect(new Date(recording.start_time).toISOString()).toBe('2026-11-04T11:58:00.000Z')
    const { body } = await getJson<ResponseBody<'session_recordings_list'>>(
      mock,
      '/api/environments/1/session_recordings/?limit=1',
    )
    expect(body.results[0]).toMatchObject({
      id: recording.id,
      distinct_id: recording.distinct_id,
      recording_duration: 120,
      click_count: 7,
      end_time: '2026-11-04T12:00:00Z',
    })
    expect(body.results[0]!.person?.distinct_ids).toBe(recording.distinct_id)

    const owner = await mock.create.person({ distinct_ids: ['rec-owner'] })
    const own = await mock.create.recording({
      id: 'my-session',
      distinct_id: 'rec-owner',
      start_time: '2026-11-01T10:00:00Z',
    })
    expect(own).toMatchObject({ id: 'my-session', distinct_id: 'rec-owner', project_id: 1 })
    expect(mock.store.recordings.get(1, 'my-session')).toBe(own)
    expect(owner.distinct_ids).toEqual(['rec-owner'])
  })

  it('playlist: a collection by default, with recordings in it; the rules of the real service hold', async () => {
    const r1 = await mock.create.recording()
    const r2 = await mock.create.recording()
    const playlist = await mock.create.playlist({ name: 'Checkout bugs', recordings: [r1.id, r2.id] })
    expect(playlist).toMatchObject({
      name: 'Checkout bugs',
      type: 'collection',
      deleted: false,
      pinned: false,
      filters: {},
      project_id: 1,
      created_by_id: 1,
    })
    expect(playlist.short_id).toMatch(/^[A-Za-z0-9]{8}$/)
    const items = mock.store.playlistItems.findMany((q) => q.where({ playlist_id: playlist.id }))
    expect(items.map((i) => i.recording_id)).toEqual([r1.id, r2.id])
    expect(mock.store.playlists.findFirst((q) => q.where({ short_id: playlist.short_id }))).toEqual(playlist)

    const saved = await mock.create.playlist({ type: 'filters', deleted: true })
    expect(saved).toMatchObject({
      type: 'filters',
      filters: { date_from: '-7d' },
      deleted: true,
      name: `Playlist ${saved.id}`,
    })
    await expect(mock.create.playlist({ filters: { date_from: '-1d' } })).rejects.toThrow(
      'You cannot create a collection with filters',
    )
    await expect(mock.create.playlist({ type: 'filters', recordings: [r1.id] })).rejects.toThrow(
      "Cannot add recordings to a playlist that is type 'filters'.",
    )
  })
})

describe('the request journal', () => {
  it('lists which operations were called with what, typed by operation', async () => {
    const mock = await createMock()
    await mock.fetch('/api/environments/1/persons/?search=ada&limit=5', { headers: auth })
    await mock.fetch('/_mock/projects/1/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'clicked', distinct_id: 'x1' }),
    })
    await mock.fetch('/api/environments/1/nope/', { headers: auth })

    expect(mock.calls().map((c) => [c.method, c.operation_id, c.status])).toEqual([
      ['GET', 'persons_list', 200],
      ['POST', 'mock_events_capture', 201],
      ['GET', null, 404],
    ])
    const [list] = mock.calls('persons_list')
    expect(list!.query).toEqual({ search: 'ada', limit: '5' })
    const [capture] = mock.calls('mock_events_capture')
    expect(capture!.request_body?.distinct_id).toBe('x1')
    mock.clearCalls()
    expect(mock.calls()).toEqual([])
  })
})

describe('faults', () => {
  it('answers the chosen operations with the chosen error, and journals only the API calls', async () => {
    const mock = await createMock()
    expect(mock.faults.set({ error_rate: 1, error_status: 503, operations: ['persons_list'] })).toEqual({
      latency_ms: 0,
      jitter_ms: 0,
      error_rate: 1,
      error_status: 503,
      operations: ['persons_list'],
    })
    const failed = await getJson(mock, '/api/environments/1/persons/')
    expect(failed).toEqual({
      status: 503,
      body: {
        type: 'server_error',
        code: 'service_unavailable',
        detail: 'Service unavailable (fault injected by analytics-mock).',
        attr: null,
      },
    })
    expect((await getJson(mock, '/api/environments/1/persons/1/')).status).toBe(200)
    expect(mock.calls().map((c) => [c.operation_id, c.status])).toEqual([
      ['persons_list', 503],
      ['persons_retrieve', 200],
    ])
    mock.faults.clear()
    expect((await getJson(mock, '/api/environments/1/persons/')).status).toBe(200)
  })

  it('keeps the settings not given, and refuses what the control API refuses, changing nothing', async () => {
    const mock = await createMock()
    mock.faults.set({ latency_ms: 20 })
    mock.faults.set({ error_rate: 0.5 })
    expect(mock.faults.settings).toMatchObject({ latency_ms: 20, error_rate: 0.5, error_status: 503 })
    const before = { ...mock.faults.settings }
    expect(() => mock.faults.set({ error_status: 418 as 503 })).toThrow('"418" is not a valid choice.')
    expect(() => mock.faults.set({ error_rate: 2 })).toThrow('Ensure this value is less than or equal to 1.')
    expect(() => mock.faults.set({ operations: ['mock_reset'] })).toThrow(
      '"mock_reset" is not the operationId of an API operation.',
    )
    expect(mock.faults.settings).toEqual(before)
  })

  it('reset() puts back the faults the mock was created with', async () => {
    const plain = await createMock()
    plain.faults.set({ error_rate: 1, latency_ms: 5 })
    await plain.reset()
    expect(plain.faults.settings).toEqual({
      latency_ms: 0,
      jitter_ms: 0,
      error_rate: 0,
      error_status: 503,
      operations: null,
    })
    expect((await getJson(plain, '/api/environments/1/persons/')).status).toBe(200)

    const slow = await createMock({ faults: { latency_ms: 1 } })
    slow.faults.set({ error_rate: 1, error_status: 429 })
    await slow.reset()
    expect(slow.faults.settings).toMatchObject({ latency_ms: 1, error_rate: 0 })
  })
})
