// The mock's rate limits against the real service's (createApp({ rateLimits })): the classes per
// operation, the rates, whose requests one bucket counts, DRF's 429 and its Retry-After, all on the
// mock's clock, advanced here instead of waited for.
// Followed: PostHog/posthog posthog/rate_limit.py (the classes, rates and cache keys),
// posthog/api/person.py (PersonViewSet.get_throttles), session_recording_playlist_api.py (the ClickHouse
// pair), ee/api/max_tools.py (AIBurst/AISustained, per user), posthog/settings/web.py (the default pair);
// encode/django-rest-framework rest_framework/throttling.py (SimpleRateThrottle: history, wait()),
// views.py (check_throttles: every class counts, the longest wait), exceptions.py (Throttled's text);
// PostHog/drf-exceptions-hog exceptions_hog/handler.py (the body, and Retry-After from the wait).
import { describe, expect, it } from 'vitest'
import { parseRateLimits, REAL_RATES, throttleScopes } from '../../contract/rate-limits.ts'
import { testClient, KEYS, type TestClient } from '../../../test/support.ts'

const PLAYLISTS = '/api/environments/1/session_recording_playlists/'
const PROJECTS = '/api/projects/'
const NOW = '2026-11-01T00:00:00Z'

const limited = (rateLimits = 'real') => testClient({ rateLimits, clock: { now: NOW, frozen: true } })

/** `n` requests at the clock's current instant; the statuses seen. */
async function burst(client: TestClient, path: string, n: number, key: string = KEYS.all): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < n; i++) statuses.push((await client.get(path, key)).status)
  return statuses
}

const throttledBody = (seconds: number) => ({
  type: 'throttled_error',
  code: 'throttled',
  detail: `Request was throttled. Expected available in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  attr: null,
})

async function expectThrottled(client: TestClient, path: string, seconds: number, key: string = KEYS.all) {
  const res = await client.get(path, key)
  expect(res.status).toBe(429)
  expect(res.body).toEqual(throttledBody(seconds))
  expect(res.headers.get('retry-after')).toBe(String(seconds))
}

describe('rate limits as the real service counts them (rateLimits: "real")', () => {
  it('off by default: 300 playlist reads in one instant all answer', async () => {
    const client = await testClient({ clock: { now: NOW, frozen: true } })
    expect(new Set(await burst(client, PLAYLISTS, 300))).toEqual(new Set([200]))
  })

  it('a ClickHouse-throttled operation: the 241st request in a minute is a 429 until the first leaves the window', async () => {
    const client = await limited()
    expect(new Set(await burst(client, PLAYLISTS, 240))).toEqual(new Set([200]))
    await expectThrottled(client, PLAYLISTS, 60)
    client.app.clock.advance(59_500)
    await expectThrottled(client, PLAYLISTS, 1) // 0.5 s left: rounded up, and "1 second"
    client.app.clock.advance(500)
    expect((await client.get(PLAYLISTS)).status).toBe(200)
  })

  it('the same operation: 1,200 in an hour, then the hourly bucket refuses until its oldest request is an hour old', async () => {
    const client = await limited()
    for (let minute = 0; minute < 5; minute++) {
      expect(new Set(await burst(client, PLAYLISTS, 240))).toEqual(new Set([200]))
      client.app.clock.advance(60_000)
    }
    // Five minutes in: the minute's bucket is empty, the hour's holds 1,200 (the first at 0:00).
    await expectThrottled(client, PLAYLISTS, 3300)
    client.app.clock.advance(3_299_000)
    await expectThrottled(client, PLAYLISTS, 1)
    client.app.clock.advance(1_000)
    expect((await client.get(PLAYLISTS)).status).toBe(200)
  })

  it('an operation under the default pair (the projects list): 480 a minute', async () => {
    const client = await limited()
    expect(new Set(await burst(client, PROJECTS, 480))).toEqual(new Set([200]))
    await expectThrottled(client, PROJECTS, 60)
    client.app.clock.advance(60_000)
    expect((await client.get(PROJECTS)).status).toBe(200)
  })

  it('counts per personal API key: another key has its own buckets; another class its own too', async () => {
    const client = await limited()
    await burst(client, PLAYLISTS, 240)
    await expectThrottled(client, PLAYLISTS, 60)
    expect((await client.get(PLAYLISTS, KEYS.read)).status).toBe(200)
    expect((await client.get(PROJECTS)).status).toBe(200)
  })

  it('a refused request still counts in the classes that let it through (DRF checks them all)', async () => {
    const client = await limited('clickhouse_burst=2/minute,clickhouse_sustained=5/hour')
    expect(await burst(client, PLAYLISTS, 4)).toEqual([200, 200, 429, 429]) // the 429s count in the hour
    client.app.clock.advance(60_000)
    expect(await burst(client, PLAYLISTS, 2)).toEqual([200, 429])
    await expectThrottled(client, PLAYLISTS, 3540) // the hour's bucket: five since 0:00, one hour from then
  })

  it('the insight tool: 10 a minute per user, whichever of its keys asks', async () => {
    const client = await limited()
    const ask = (key: string, project: number) =>
      client.request('POST', `/api/environments/${project}/max_tools/create_and_query_insight/`, {
        key,
        body: { query: 'x', insight_type: 'sql' },
      })
    for (let i = 0; i < 10; i++) expect((await ask(KEYS.all, 1)).status).toBe(200)
    const refused = await ask(KEYS.project2, 2) // the same user's other key
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual(throttledBody(60))
    expect(refused.headers.get('retry-after')).toBe('60')
  })

  it('after authentication and permissions: a missing key is a 401 and an unknown project a 404, never a 429', async () => {
    const client = await limited('clickhouse_burst=1/minute')
    expect((await client.get(PLAYLISTS)).status).toBe(200)
    expect((await client.get(PLAYLISTS, null)).status).toBe(401)
    expect((await client.get('/api/environments/999/session_recording_playlists/')).status).toBe(404)
    expect((await client.get(PLAYLISTS)).status).toBe(429)
  })

  it('/_mock/rate-limits shows the rates and the buckets; a reset empties them', async () => {
    const client = await limited('burst=10/min,sustained=50/hour')
    await burst(client, PLAYLISTS, 3)
    const shown = await client.get('/_mock/rate-limits', null)
    expect(shown.status).toBe(200)
    expect(shown.body.enabled).toBe(true)
    expect(shown.body.classes).toContainEqual({
      class: 'ClickHouseBurstRateThrottle',
      scope: 'clickhouse_burst',
      kind: 'burst',
      ident: 'key',
      rate: '10/minute',
      real_rate: '240/minute',
    })
    expect(shown.body.buckets).toEqual([
      {
        scope: 'clickhouse_burst',
        class: 'ClickHouseBurstRateThrottle',
        ident: 'key:key-all',
        rate: '10/minute',
        count: 3,
        frees_at: '2026-11-01T00:01:00Z',
      },
      {
        scope: 'clickhouse_sustained',
        class: 'ClickHouseSustainedRateThrottle',
        ident: 'key:key-all',
        rate: '50/hour',
        count: 3,
        frees_at: '2026-11-01T01:00:00Z',
      },
    ])
    await client.post('/_mock/reset', {}, null)
    expect((await client.get('/_mock/rate-limits', null)).body.buckets).toEqual([])
    expect((await testClient()).app.options.rateLimits).toBeUndefined()
    expect((await (await testClient()).get('/_mock/rate-limits', null)).body).toEqual({
      enabled: false,
      classes: [],
      buckets: [],
    })
  })
})

describe('the class table (contract/rate-limits.ts)', () => {
  it("each operation under its view's classes", () => {
    expect(throttleScopes('persons_list')).toEqual(['clickhouse_burst'])
    expect(throttleScopes('persons_destroy')).toEqual(['persons_delete_burst', 'persons_delete_sustained'])
    expect(throttleScopes('session_recording_playlists_recordings_create')).toEqual([
      'clickhouse_burst',
      'clickhouse_sustained',
    ])
    expect(throttleScopes('session_recordings_list')).toEqual([
      'clickhouse_burst',
      'clickhouse_sustained',
      'listing_burst',
      'listing_sustained',
    ])
    expect(throttleScopes('max_tools_create_and_query_insight')).toEqual(['ai_burst', 'ai_sustained'])
    expect(throttleScopes('users_me_retrieve')).toEqual([])
    expect(throttleScopes('projects_list')).toEqual(['burst', 'sustained'])
  })

  it('budgets: real, off, by kind, by class (scope or name); a bad one is a RangeError', () => {
    expect(parseRateLimits('real')).toBe(REAL_RATES)
    expect(parseRateLimits('off')).toBeNull()
    const scaled = parseRateLimits('burst=10/min,sustained=50/hour,AISustainedRateThrottle=5/day,clickhouse_burst=3/s')!
    expect(scaled.burst).toEqual({ requests: 10, seconds: 60 })
    expect(scaled.listing_burst).toEqual({ requests: 10, seconds: 60 })
    expect(scaled.clickhouse_burst).toEqual({ requests: 3, seconds: 1 })
    expect(scaled.clickhouse_sustained).toEqual({ requests: 50, seconds: 3600 })
    expect(scaled.ai_sustained).toEqual({ requests: 5, seconds: 86400 })
    expect(() => parseRateLimits('burst=10')).toThrow(RangeError)
    expect(() => parseRateLimits('snapshots=10/min')).toThrow(/not a throttle class/)
    expect(() => parseRateLimits('fast')).toThrow(RangeError)
  })
})
