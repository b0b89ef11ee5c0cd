import { beforeEach, describe, expect, it } from 'vitest'
import { testClient, type TestClient } from '../../test/support.ts'
import { iso } from '../core/datetime.ts'

const PATH = '/api/environments/1/session_recordings/'
const SEED_RECORDING_FIELDS = [
  'id',
  'distinct_id',
  'viewed',
  'viewers',
  'recording_duration',
  'active_seconds',
  'inactive_seconds',
  'start_time',
  'end_time',
  'click_count',
  'keypress_count',
  'mouse_activity_count',
  'console_log_count',
  'console_warn_count',
  'console_error_count',
  'start_url',
  'person',
  'storage',
  'snapshot_source',
  'ongoing',
  'activity_score',
]
const COUNTS = [
  'click_count',
  'keypress_count',
  'mouse_activity_count',
  'console_log_count',
  'console_warn_count',
  'console_error_count',
]
const FIVE_MINUTES = 5 * 60_000

let c: TestClient

beforeEach(async () => {
  c = await testClient()
})

const clockNow = async () => Date.parse((await c.get('/_mock/clock', null)).body.now)
/** Every recording of project 1 (the data reaches 30 days back). */
const all = async () => (await c.get(`${PATH}?limit=1000&date_from=-1y`)).body
const DAY = 86_400_000

describe('session recordings list', () => {
  it('answers the seed envelope with the last three days by default (the real RecordingsQuery date_from -3d), newest start_time first', async () => {
    const res = await c.get(PATH)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['count', 'next', 'previous', 'results'])
    const everything = (await all()).results
    // -3d: from the start of the UTC day three days back.
    const from = Math.floor(((await clockNow()) - 3 * DAY) / DAY) * DAY
    const recent = everything.filter((r: any) => Date.parse(r.start_time) >= from)
    expect(recent.length).toBeGreaterThan(0)
    expect(recent.length).toBeLessThan(everything.length)
    expect(res.body.count).toBe(recent.length)
    expect(res.body.results).toEqual(recent.slice(0, 50))
    expect(res.body.previous).toBeNull()
    const starts = everything.map((r: any) => Date.parse(r.start_time))
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
    // An explicit date_from widens it.
    expect((await c.get(`${PATH}?date_from=-30d&limit=1000`)).body.count).toBeGreaterThan(recent.length)
  })

  it('pages with limit and offset, 50 by default', async () => {
    const everything = (await all()).results
    const page = (await c.get(`${PATH}?limit=10&offset=20&date_from=-1y`)).body
    expect(page.results.map((r: any) => r.id)).toEqual(everything.slice(20, 30).map((r: any) => r.id))
    expect(new URL(page.next).searchParams.get('offset')).toBe('30')
    expect(new URL(page.previous).searchParams.get('offset')).toBe('10')
    const past = (await c.get(`${PATH}?offset=${everything.length}&date_from=-1y`)).body
    expect(past.results).toEqual([])
    expect(past.next).toBeNull()
    expect((await c.get(`${PATH}?date_from=-1y`)).body.results).toHaveLength(50)
    // As the real list: 0 means the default page size.
    expect((await c.get(`${PATH}?limit=0&date_from=-1y`)).body.results).toHaveLength(50)
  })

  it('gives every recording values that hang together', async () => {
    const now = await clockNow()
    const me = (await c.get('/api/users/@me/')).body.email
    const { results } = await all()
    expect(results.length).toBeGreaterThan(100)
    for (const r of results) {
      expect(Object.keys(r)).toEqual(expect.arrayContaining(SEED_RECORDING_FIELDS))
      expect(r.recording_duration).toBe(r.active_seconds + r.inactive_seconds)
      expect(Date.parse(r.end_time) - Date.parse(r.start_time)).toBe(r.recording_duration * 1000)
      for (const field of COUNTS) expect(r[field]).toBeGreaterThanOrEqual(0)
      // The key's user (phx_mock_all's, the first user) is never among the viewers: viewed says whether they watched it.
      expect(r.viewers).not.toContain(me)
      const end = Date.parse(r.end_time)
      expect(r.ongoing).toBe(end <= now && now - end < FIVE_MINUTES)
    }
    // The seed has both kinds of each, so the checks above are not vacuous.
    expect(results.some((r: any) => r.viewed)).toBe(true)
    expect(results.some((r: any) => !r.viewed)).toBe(true)
    expect(results.some((r: any) => r.ongoing)).toBe(true)
  })

  it('embeds the person with the single matching distinct id (seed 2.1)', async () => {
    const { results } = await all()
    for (const r of results.slice(0, 40)) {
      expect(r.person).not.toBeNull()
      expect(r.person.distinct_ids).toBe(r.distinct_id)
      const person = (await c.get(`/api/environments/1/persons/${r.person.id}/`)).body
      expect(person.uuid).toBe(r.person.uuid)
      expect(person.distinct_ids).toContain(r.distinct_id)
    }
  })

  it('stops calling recordings ongoing once the clock moves on', async () => {
    expect((await all()).results.some((r: any) => r.ongoing)).toBe(true)
    await c.post('/_mock/clock', { advance: 'PT10M' }, null)
    expect((await all()).results.some((r: any) => r.ongoing)).toBe(false)
  })

  it('shows a recording made now first, ongoing, with its counts', async () => {
    const person = (await c.get('/api/environments/1/persons/?limit=1')).body.results[0]
    const made = await c.post(
      '/_mock/projects/1/session_recordings',
      {
        distinct_id: person.distinct_ids[0],
        active_seconds: 90,
        inactive_seconds: 30,
        click_count: 7,
        viewers: ['someone@hedgebox.net'],
      },
      null,
    )
    expect(made.status).toBe(201)
    const first = (await c.get(`${PATH}?limit=1`)).body.results[0]
    // The control API shows every viewer; the list, the key's user's view (not theirs) and the others.
    expect(made.body).toMatchObject({ viewed: true, viewers: ['someone@hedgebox.net'] })
    expect(first).toEqual({ ...made.body, viewed: false })
    expect(first).toMatchObject({ recording_duration: 120, click_count: 7, ongoing: true })
    expect(first.end_time).toBe(iso(await clockNow()))
  })

  it("keeps each project's recordings apart", async () => {
    const one = new Set((await all()).results.map((r: any) => r.id))
    const two = (await c.get('/api/environments/2/session_recordings/?limit=1000')).body.results
    expect(two.length).toBeGreaterThan(0)
    for (const r of two) expect(one.has(r.id)).toBe(false)
  })

  it('needs session_recording:read', async () => {
    const scoped = await testClient({ fixtures: 'key-without-scopes' }, 'phx_mock_noscope')
    const res = await scoped.get(PATH)
    expect(res.status).toBe(403)
    expect(res.body.detail).toBe("API key missing required scope 'session_recording:read'")
  })
})

describe('the person embedded in a recording', () => {
  it('follows a change to the person, and its deletion, on the very next list', async () => {
    const first = (await c.get(`${PATH}?limit=5`)).body.results.find((r: any) => r.person)
    expect(first).toBeDefined()
    const id = first.person.id
    // Read twice with nothing changed in between: the same answer.
    expect((await c.get(`${PATH}?limit=5`)).body.results.find((r: any) => r.id === first.id)).toEqual(first)
    expect(
      (await c.patch(`/api/environments/1/persons/${id}/`, { properties: { plan: 'embedded-check' } })).status,
    ).toBe(200)
    const changed = (await c.get(`${PATH}?limit=5`)).body.results.find((r: any) => r.id === first.id)
    expect(changed.person.properties.plan).toBe('embedded-check')
    expect((await c.delete(`/api/environments/1/persons/${id}/`)).status).toBe(204)
    const gone = (await c.get(`${PATH}?limit=5`)).body.results.find((r: any) => r.id === first.id)
    expect(gone.person).toBeNull()
  })
})
