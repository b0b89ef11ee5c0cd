// Replay equality, with the mock itself as the deployment: a running mock (on a socket) is changed
// through its API, recorded by the real `record` command, and the file is served by the real CLI
// (`serve --scenario FILE`). Every list and retrieve answer of the replay then equals the original's
// after the same redaction (same salt), and with links read relative to each server's origin.
// The same file also loads through createMock({ fixtures: FILE }) and survives a restart with --state.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type App } from '../src/app.ts'
import { runRecordCommand } from '../src/record/cli.ts'
import { Redaction } from '../src/record/redact.ts'
import { serve, type RunningServer } from '../src/server/node.ts'
import { createMock } from '../src/testing/mock.ts'
import { CLI } from './serve-process.ts'

const KEY = 'phx_mock_all'
const SALT = 'replay-equality'
const NOW = '2026-11-01T00:00:00.000Z'

type Json = Record<string, any>

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

/** Starts the real CLI's server; resolves with its URL once it listens. */
function startCli(args: string[]): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const m = /listening on (http:\/\/\S+)/.exec(output)
      if (m) resolve({ url: m[1]!, child, output: () => output })
    })
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    child.on('exit', (code) => reject(new Error(`serve exited ${code} before listening: ${output}`)))
  })
}

async function exitOf(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  child.stdout.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr.on('data', (c: Buffer) => (output += c.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { code, output }
}

async function api(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return {
    status: res.status,
    json: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text,
  }
}

let original: { app: App; server: RunningServer }
let file: string
let dir: string
let recordOutput = ''

/** Changes a deployment the way clients do, so the recording has activity, removed keys, new events and items. */
async function changeThroughTheApi(base: string): Promise<void> {
  const persons = (await api(base, 'GET', '/api/environments/1/persons/?limit=5')).json.results as Json[]
  expect(
    (
      await api(base, 'PATCH', `/api/environments/1/persons/${persons[0]!.id}/`, {
        properties: { plan: 'enterprise', seats: 12 },
      })
    ).status,
  ).toBe(200)
  expect(
    (await api(base, 'POST', `/api/environments/1/persons/${persons[0]!.id}/delete_property/?$unset=company`)).status,
  ).toBe(200)
  expect(
    (await api(base, 'PATCH', `/api/environments/1/persons/${persons[1]!.id}/`, { properties: { nickname: 'Zed' } }))
      .status,
  ).toBe(200)
  expect((await api(base, 'DELETE', `/api/environments/1/persons/${persons[2]!.id}/`)).status).toBe(204)
  const captured = await api(base, 'POST', '/_mock/projects/1/events', {
    event: '$identify',
    distinct_id: 'replay.newcomer@example.org',
    timestamp: '2026-10-31T12:00:00Z',
    properties: { $set: { email: 'replay.newcomer@example.org', name: 'Newcomer Person', $ip: '203.0.113.9' } },
  })
  expect(captured.status).toBe(201)
  const recordings = (await api(base, 'GET', '/api/environments/1/session_recordings/?limit=3')).json.results as Json[]
  const created = await api(base, 'POST', '/api/environments/1/session_recording_playlists/', {
    name: 'Sessions of replay.newcomer@example.org',
    description: 'Checked by Newcomer Person',
    type: 'collection',
  })
  expect(created.status).toBe(201)
  const shortId = created.json.short_id
  for (const r of recordings)
    await api(base, 'POST', `/api/environments/1/session_recording_playlists/${shortId}/recordings/${r.id}/`)
  // An item whose recording the project does not have (yet): counted, not listed.
  await api(base, 'POST', `/api/environments/1/session_recording_playlists/${shortId}/recordings/not-arrived-yet/`)
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'analytics-mock-record-'))
  file = join(dir, 'scenario.json')
  const app = await createApp({ clock: { now: NOW, frozen: true } })
  original = { app, server: await serve(app, { port: 0, host: '127.0.0.1' }) }
  await changeThroughTheApi(original.server.url)
  const lines: string[] = []
  const progress: string[] = []
  const code = await runRecordCommand(['--base-url', original.server.url, '--project', '1', '--out', file], {
    out: (t) => lines.push(t),
    err: (t) => lines.push(t),
    env: { ANALYTICS_MOCK_API_KEY: KEY },
    progress: { isTTY: false, write: (t: string) => progress.push(t) },
    salt: SALT,
  })
  recordOutput = [...lines, ...progress].join('\n')
  expect(code, recordOutput).toBe(0)
}, 120_000)

afterAll(async () => {
  await original?.server.close()
})

/** The original's answer as the recording would show it: redacted, and its links made relative. */
function expected(path: string, body: any, redaction: Redaction): any {
  const redacted = redactAnswer(path, body, redaction)
  return relativeLinks(redacted, original.server.url)
}

function redactAnswer(path: string, body: any, r: Redaction): any {
  const list = (items: Json[], one: (x: Json) => Json) => items.map(one)
  if (/\/persons\/[^/]+\/activity\//.test(path))
    return { ...body, results: list(body.results, (e) => r.activityEntry(e)) }
  if (/\/persons\/[^/]+\/properties_timeline\//.test(path))
    return { ...body, points: list(body.points, (p) => r.timelinePoint(p)) }
  if (/\/persons\/[^/?]+\//.test(path)) return r.person(body)
  if (/\/persons\//.test(path)) return { ...body, results: list(body.results, (p) => r.person(p)) }
  if (/\/recordings\//.test(path) || /\/session_recordings\//.test(path))
    return { ...body, results: list(body.results, (x) => r.recording(x)) }
  if (/\/session_recording_playlists\/[^/?]+\//.test(path)) return r.playlist(body)
  return { ...body, results: list(body.results, (p) => r.playlist(p)) }
}

function relativeLinks(value: any, origin: string): any {
  return JSON.parse(JSON.stringify(value).split(origin).join('<origin>'))
}

/** Every list (every page) and every retrieve the operations offer. */
async function answers(base: string): Promise<Map<string, any>> {
  const out = new Map<string, any>()
  const get = async (path: string) => {
    const res = await api(base, 'GET', path)
    expect(res.status, `${path} on ${base}`).toBe(200)
    out.set(path, res.json)
    return res.json
  }
  const persons: Json[] = []
  for (let offset = 0; ; offset += 60) {
    const page = await get(`/api/environments/1/persons/?limit=60&offset=${offset}`)
    persons.push(...page.results)
    if (!page.next) break
  }
  for (const p of persons) {
    await get(`/api/environments/1/persons/${p.id}/`)
    await get(`/api/environments/1/persons/${p.uuid}/`)
    // Over the whole history: what record reads (crawl.ts timelineOf) and the loader reproduces; the
    // default window (the last week, query-date-range.ts) counts the stretch's randomly spread events.
    await get(`/api/environments/1/persons/${p.id}/properties_timeline/?date_from=all`)
    for (let page = 1; ; page++)
      if (!(await get(`/api/environments/1/persons/${p.id}/activity/?page=${page}&limit=2`)).next) break
  }
  for (let offset = 0; ; offset += 70)
    if (!(await get(`/api/environments/1/session_recordings/?limit=70&offset=${offset}`)).next) break
  const playlists = (await get('/api/environments/1/session_recording_playlists/')).results as Json[]
  for (const p of playlists) {
    await get(`/api/environments/1/session_recording_playlists/${p.short_id}/`)
    await get(`/api/environments/1/session_recording_playlists/${p.short_id}/recordings/`)
  }
  return out
}

describe('record, then serve the file', () => {
  it('answers every list and retrieve as the original did, up to redaction', async () => {
    const replay = await startCli(['--scenario', file, '--now', NOW])
    const [before, after] = [await answers(original.server.url), await answers(replay.url)]
    expect([...after.keys()]).toEqual([...before.keys()])
    const redaction = new Redaction({ salt: SALT })
    let compared = 0
    for (const [path, body] of before) {
      expect(relativeLinks(after.get(path), replay.url), path).toEqual(expected(path, body, redaction))
      compared++
    }
    // 200 persons less one deleted plus one captured, each with 4 answers and its activity pages; 300 recordings; 4 playlists.
    expect(compared).toBeGreaterThan(800)
    const changed = [...before.entries()].find(
      ([path, body]) => path.endsWith('/activity/?page=1&limit=2') && body.results.length > 0,
    )
    expect(changed, 'some person has activity').toBeDefined()

    // Deletions delete the generated events: as many as the original's, for every kind of deletion.
    const persons = (before.get('/api/environments/1/persons/?limit=60&offset=0') as Json).results as Json[]
    const deletions = async (base: string) => {
      expect(
        (await api(base, 'DELETE', `/api/environments/1/persons/${persons[0]!.id}/?delete_events=true`)).status,
      ).toBe(204)
      expect((await api(base, 'POST', `/api/environments/1/persons/${persons[1]!.id}/delete_events/`)).status).toBe(200)
      expect((await api(base, 'POST', '/_mock/clock', { advance: 'P8D' })).status).toBe(200)
      const tasks = (await api(base, 'GET', '/_mock/tasks')).json.results as Json[]
      return tasks.map((t) => [t.target.person_id, t.state, t.result])
    }
    const [originalTasks, replayTasks] = [await deletions(original.server.url), await deletions(replay.url)]
    expect(replayTasks).toEqual(originalTasks)
    expect(originalTasks.every(([, state, result]) => state === 'done' && result.deleted_events > 0)).toBe(true)
  }, 120_000)

  it('prints progress lines (not a terminal) and the redaction report, and never the key', () => {
    expect(recordOutput).toMatch(/^persons: \d+\/200$/m)
    expect(recordOutput).toMatch(/^person details: 200\/200$/m)
    expect(recordOutput).toMatch(/email \(person property\)\s+\d+ email/)
    expect(recordOutput).toMatch(
      /recorded 200 persons \(\d+ events behind their timelines\), 30\d recordings and 4 playlists/,
    )
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain('replay.newcomer@example.org')
    expect(text).not.toContain('203.0.113.9')
  })

  it('loads in createMock({ fixtures: FILE }), and a reset returns to it', async () => {
    const mock = await createMock({ fixtures: file, now: NOW })
    expect(mock.store.dataset.fixtures).toMatch(/^recorded:[0-9a-f]{16}$/)
    const first = await (
      await mock.fetch('/api/environments/1/persons/?limit=1', { headers: { authorization: `Bearer ${KEY}` } })
    ).json()
    expect(first.count).toBe(200)
    await mock.fetch(`/api/environments/1/persons/${first.results[0].id}/`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${KEY}` },
    })
    expect(mock.store.persons.size).toBe(199)
    await mock.reset()
    expect(mock.store.persons.size).toBe(200)
    // To a named scenario, and back by the recorded identity.
    const identity = mock.store.dataset.fixtures
    await mock.reset({ fixtures: 'empty-project' })
    expect(mock.store.persons.size).toBe(40)
    await mock.reset({ fixtures: identity })
    expect(mock.store.persons.size).toBe(200)
  })

  it('serve --scenario FILE --state S keeps changes across a restart, and refuses S over another recording', async () => {
    const state = join(dir, 'state.json')
    const first = await startCli(['--scenario', file, '--state', state, '--now', NOW])
    const created = await api(first.url, 'POST', '/api/environments/1/session_recording_playlists/', {
      name: 'Kept across restarts',
      type: 'collection',
    })
    expect(created.status).toBe(201)
    first.child.kill('SIGTERM')
    await new Promise((resolve) => first.child.on('exit', resolve))

    const second = await startCli(['--scenario', file, '--state', state, '--now', NOW])
    expect(second.output()).toContain(`state loaded from ${state}`)
    expect(
      (await api(second.url, 'GET', `/api/environments/1/session_recording_playlists/${created.json.short_id}/`)).json
        .name,
    ).toBe('Kept across restarts')
    second.child.kill('SIGTERM')
    await new Promise((resolve) => second.child.on('exit', resolve))

    // The same path with other content is another recording: the state file is refused and left alone.
    const other = join(dir, 'other.json')
    const scenario = JSON.parse(readFileSync(file, 'utf8'))
    scenario.persons.pop()
    writeFileSync(other, JSON.stringify(scenario))
    const stateBefore = readFileSync(state, 'utf8')
    const refused = await exitOf(['--scenario', other, '--state', state])
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(
      /started with --seed 1 --scenario \S+scenario\.json \(recorded:[0-9a-f]{16}\), not --seed 1 --scenario \S+other\.json/,
    )
    expect(readFileSync(state, 'utf8')).toBe(stateBefore)
  }, 60_000)

  it('refuses a damaged scenario and options that do not apply to one', async () => {
    const damaged = join(dir, 'damaged.json')
    const scenario = JSON.parse(readFileSync(file, 'utf8'))
    scenario.persons[3].person.created_at = 'yesterday'
    writeFileSync(damaged, JSON.stringify(scenario))
    const bad = await exitOf(['--scenario', damaged])
    expect(bad.code).toBe(1)
    expect(bad.output).toContain('persons[3].person.created_at: is not an ISO 8601 instant')
    const clash = await exitOf(['--scenario', file, '--persons', '10'])
    expect(clash.code).toBe(2)
    expect(clash.output).toContain('--persons does not apply to a recorded --scenario')
  }, 30_000)
})
