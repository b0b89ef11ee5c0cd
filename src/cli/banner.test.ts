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

  it("finds the package's docs from its own files, in a checkout as in an installed copy (dist/)", () => {
    expect(docsLocation()).toBe(`${root}README.md, ${root}docs/`)
    expect(docsLocation(`${root}dist/src/cli/banner.js`)).toBe(`${root}README.md, ${root}docs/`)
    expect(docsLocation('/nowhere/src/cli/banner.js')).toBeNull()
  })
})
