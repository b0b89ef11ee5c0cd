import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { testApp } from '../../test/support.ts'
import { banner, docsLocation } from './banner.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string }

describe('the serve banner', () => {
  it('says where the mock listens, what data it serves, the keys and their reach, a first request and the docs', async () => {
    const app = await testApp({ fixtures: 'key-without-scopes', clock: { now: '2026-05-01T00:00:00Z', frozen: true } })
    const counts = app.store.counts()
    const n = (x: number | undefined) => x!.toLocaleString('en-US')
    expect(banner(app, 'http://127.0.0.1:8010', '/pkg/README.md, /pkg/docs/').split('\n')).toEqual([
      `analytics-mock ${version} listening on http://127.0.0.1:8010`,
      `  data     scenario "key-without-scopes", seed 1: ${n(counts.persons)} persons, ${n(counts.events)} events, ${n(counts.session_recordings)} session recordings, ${n(counts.playlists)} playlists in projects 1, 2`,
      '  clock    frozen at 2026-05-01T00:00:00Z',
      '  keys     Authorization: Bearer <key>',
      '           phx_mock_all       every scope; every project',
      '           phx_mock_read      person:read, session_recording_playlist:read, session_recording:read, activity_log:read, insight:read; every project',
      '           phx_mock_project2  every scope; project 2 only',
      '           phx_mock_legacy    no scopes (a legacy key: allowed everything); every project',
      '           phx_mock_noscope   insight:read; every project',
      "  try      curl -H 'Authorization: Bearer phx_mock_all' http://127.0.0.1:8010/api/environments/1/persons/",
      '  control  http://127.0.0.1:8010/_mock/ (no key): health, routes (every operation served), reset, clock, tasks, faults, journal',
      '  ui       http://127.0.0.1:8010/_mock/ui (a dashboard: every request and answer, the data, the clock and tasks, the faults)',
      '  docs     /pkg/README.md, /pkg/docs/',
    ])
  })

  it('says nothing of rate limits when they are off (the default)', async () => {
    const app = await testApp()
    expect(banner(app, 'http://127.0.0.1:8010', null)).not.toMatch(/limits|429/)
  })

  it('says when rate limits are on, with the real budgets, right after the clock', async () => {
    const app = await testApp({ rateLimits: 'real' })
    const lines = banner(app, 'http://127.0.0.1:8010', null).split('\n')
    const at = lines.findIndex((l) => l.startsWith('  limits'))
    expect(lines[at - 1]).toMatch(/^ {2}clock {4}/)
    expect(lines.slice(at, at + 2)).toEqual([
      '  limits   on (--rate-limits): a request over a budget is answered 429 with Retry-After; buckets at http://127.0.0.1:8010/_mock/rate-limits',
      "           the real service's budgets: burst 480/minute, sustained 4800/hour, clickhouse_burst 240/minute, clickhouse_sustained 1200/hour, " +
        'persons_delete_burst 480/minute, persons_delete_sustained 4800/hour, listing_burst 12/minute, listing_sustained 60/hour, ai_burst 10/minute, ai_sustained 100/day',
    ])
  })

  it('with scaled budgets, names each one that differs from the real service and what the real one is', async () => {
    const app = await testApp({ rateLimits: 'clickhouse_burst=150/minute,sustained=50/hour' })
    const text = banner(app, 'http://127.0.0.1:8010', null)
    expect(text).toContain('  limits   on (--rate-limits): a request over a budget is answered 429 with Retry-After')
    expect(text).toContain(
      '           scaled budgets: sustained 50/hour (real 4800/hour), clickhouse_burst 150/minute (real 240/minute), clickhouse_sustained 50/hour (real 1200/hour), ' +
        'persons_delete_sustained 50/hour (real 4800/hour), listing_sustained 50/hour (real 60/hour), ai_sustained 50/hour (real 100/day); the others as the real service',
    )
  })

  it("finds the package's docs from its own files, in a checkout as in an installed copy (dist/)", () => {
    expect(docsLocation()).toBe(`${root}README.md, ${root}docs/`)
    expect(docsLocation(`${root}dist/src/cli/banner.js`)).toBe(`${root}README.md, ${root}docs/`)
    expect(docsLocation('/nowhere/src/cli/banner.js')).toBeNull()
  })
})
