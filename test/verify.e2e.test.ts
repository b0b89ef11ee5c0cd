// The kit against the mock itself, with everything allowed (--writes --destructive): in-process through
// app.fetch, over HTTP on loopback against the standalone server, and through the CLI as CI runs it.
// Every check must pass, and the run must leave the data as it found it apart from the deleted person.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serve, type RunningServer } from '../src/server/node.ts'
import type { App } from '../src/app.ts'
import { KEYS } from './support.ts'
import { verify } from '../src/verify/index.ts'
import type { VerifyResult } from '../src/verify/types.ts'
import { CLI } from './serve-process.ts'
import { appWith, BASE, createDoomedPerson, outcomes } from './verify-support.ts'

const run = promisify(execFile)

async function get(app: App, path: string): Promise<{ status: number; body: any }> {
  const res = await app.fetch(new Request(BASE + path, { headers: { authorization: `Bearer ${KEYS.all}` } }))
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

/** What a full run must leave behind: its playlist soft-deleted, no temporary property, the person gone. */
async function expectCleanAfter(app: App, result: VerifyResult, doomed: number) {
  const playlists = app.store.playlists.findMany((q) => q.where({ project_id: 1 }))
  const ours = playlists.filter((p) => (p.name ?? '').includes(result.runId))
  expect(ours.length).toBeGreaterThan(0)
  expect(ours.every((p) => p.deleted)).toBe(true)
  const listed = await get(app, '/api/environments/1/session_recording_playlists/?limit=500')
  expect(listed.body.results.some((p: any) => (p.name ?? '').includes(result.runId))).toBe(false)
  const leftovers = app.store.persons
    .list(1)
    .filter((p) => Object.keys(p.properties).some((k) => k.startsWith('analytics_mock_verify')))
  expect(leftovers).toEqual([])
  expect((await get(app, `/api/environments/1/persons/${doomed}/`)).status).toBe(404)
}

function expectAllPassed(result: VerifyResult) {
  expect(outcomes(result, 'failed')).toEqual([])
  expect(outcomes(result, 'skipped')).toEqual([])
  expect(result.ok).toBe(true)
  expect(result.summaryLine).toBe(`${result.summary.passed} passed, 0 failed`)
  // Every operation of the API (not the mock's control API) was exercised and checked.
  const conformed = new Set(
    result.checks.filter((c) => c.name === 'responses conform to the contract').map((c) => c.operationId),
  )
  for (const op of [
    'persons_list',
    'persons_retrieve',
    'persons_partial_update',
    'persons_destroy',
    'persons_activity_retrieve',
    'persons_delete_events_create',
    'persons_delete_property_create',
    'persons_properties_timeline_retrieve',
    'session_recording_playlists_list',
    'session_recording_playlists_create',
    'session_recording_playlists_retrieve',
    'session_recording_playlists_partial_update',
    'session_recording_playlists_destroy',
    'session_recording_playlists_recordings_list',
    'session_recording_playlists_recordings_create',
    'session_recording_playlists_recordings_destroy',
    'session_recordings_list',
    'session_recordings_retrieve',
    'session_recordings_partial_update',
    'session_recordings_update',
    'session_recordings_destroy',
    'persons_all_activity_retrieve',
    'persons_create',
    'projects_list',
    'personal_api_keys_current_retrieve',
    'max_tools_create_and_query_insight',
  ]) {
    expect(conformed, op).toContain(op)
  }
}

describe('verify against the mock, everything allowed', () => {
  it('passes in-process through app.fetch', async () => {
    const app = await appWith()
    const doomed = await createDoomedPerson(app)
    const result = await verify({
      baseUrl: BASE,
      apiKey: KEYS.all,
      secondApiKey: KEYS.read,
      projectId: 1,
      fetch: app.fetch,
      writes: true,
      destructive: true,
      personIds: [doomed],
      seed: 42,
    })
    expectAllPassed(result)
    await expectCleanAfter(app, result, doomed)
  }, 120_000)

  describe('over HTTP on loopback', () => {
    let app: App
    let server: RunningServer
    beforeAll(async () => {
      app = await appWith({ clock: { frozen: false } })
      server = await serve(app, { port: 0, host: '127.0.0.1' })
    })
    afterAll(() => server.close())

    it('passes with the global fetch against the standalone server', async () => {
      const doomed = await createDoomedPerson(app, 'verify-doomed-http')
      const result = await verify({
        baseUrl: server.url,
        apiKey: KEYS.all,
        secondApiKey: KEYS.read,
        projectId: 1,
        writes: true,
        destructive: true,
        personIds: [doomed],
        seed: 7,
      })
      expectAllPassed(result)
      await expectCleanAfter(app, result, doomed)
    }, 120_000)

    it('passes through the CLI with the key from the environment, and writes JUnit and JSON reports without it', async () => {
      const doomed = await createDoomedPerson(app, 'verify-doomed-cli')
      const dir = await mkdtemp(join(tmpdir(), 'verify-cli-'))
      try {
        const junit = join(dir, 'reports', 'verify.xml')
        const json = join(dir, 'reports', 'verify.json')
        const { stdout, stderr } = await run(
          process.execPath,
          [
            CLI,
            'verify',
            '--project-id',
            '1',
            '--writes',
            '--destructive',
            '--person-id',
            String(doomed),
            '--seed',
            '3',
            '--junit',
            junit,
            '--json',
            json,
          ],
          {
            cwd: new URL('..', import.meta.url).pathname,
            env: {
              ...process.env,
              ANALYTICS_MOCK_BASE_URL: server.url,
              ANALYTICS_MOCK_API_KEY: KEYS.all,
              ANALYTICS_MOCK_SECOND_API_KEY: KEYS.read,
            },
          },
        )
        expect(stdout).toMatch(/^\d+ passed, 0 failed$/m)
        expect(stdout).toContain('persons_destroy [persons]')
        const xml = await readFile(junit, 'utf8')
        const report = JSON.parse(await readFile(json, 'utf8'))
        expect(report.ok).toBe(true)
        expect(report.mode).toMatchObject({ writes: true, destructive: true, personIds: [String(doomed)] })
        expect(xml).toMatch(/<testsuites name="analytics-mock verify" tests="\d+" failures="0"/)
        for (const text of [stdout, stderr, xml, JSON.stringify(report)]) {
          expect(text).not.toContain(KEYS.all)
          expect(text).not.toContain(KEYS.read)
        }
        expect((await get(app, `/api/environments/1/persons/${doomed}/`)).status).toBe(404)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    }, 120_000)
  })

  it('changes nothing by default (read-only): every write check is skipped and the data is untouched', async () => {
    const app = await appWith()
    const before = JSON.stringify({
      persons: app.store.persons.list(1),
      playlists: app.store.playlists.findMany((q) => q.where({ project_id: 1 })),
    })
    const result = await verify({ baseUrl: BASE, apiKey: KEYS.all, projectId: 1, fetch: app.fetch, seed: 5 })
    expect(outcomes(result, 'failed')).toEqual([])
    const skipped = result.checks.filter((c) => c.outcome === 'skipped')
    expect(skipped.map((c) => c.message)).toEqual(
      skipped.map(() => expect.stringMatching(/--writes|--destructive|--second-api-key/)),
    )
    expect(result.summaryLine).toBe(`${result.summary.passed} passed, 0 failed, ${skipped.length} skipped`)
    const after = JSON.stringify({
      persons: app.store.persons.list(1),
      playlists: app.store.playlists.findMany((q) => q.where({ project_id: 1 })),
    })
    expect(after).toBe(before)
    const methods = new Set(app.journal.entries().map((e: any) => e.method))
    expect([...methods].sort()).toEqual(['GET', 'PUT'])
  })
})
