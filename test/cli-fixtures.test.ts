// Named scenarios through the CLI: `analytics-mock serve --fixtures NAME` serves that scenario.
import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { CLI } from './serve-process.ts'

const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM')
})

/** Starts the server on a free loopback port; resolves with its URL once it listens. */
function serve(...args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--host', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stdout!.on('data', (chunk) => {
      out += chunk
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) resolve({ url: m[1]!, child })
    })
    child.stderr!.on('data', (chunk) => (err += chunk))
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)))
  })
}

function run(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
  children.push(child)
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })))
}

const get = async (url: string, key = 'phx_mock_all') => {
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } })
  return { status: res.status, body: (await res.json()) as any }
}

describe('serve --fixtures NAME', () => {
  it('serves the empty-project scenario: project 1 has no persons, recordings or playlists', async () => {
    const { url } = await serve('--fixtures', 'empty-project', '--now', '2026-11-04T12:00:00Z')
    expect((await get(`${url}/api/environments/1/persons/`)).body).toMatchObject({ count: 0, results: [] })
    expect((await get(`${url}/api/environments/1/session_recordings/`)).body).toMatchObject({ count: 0, results: [] })
    expect((await get(`${url}/api/environments/2/persons/?limit=1`)).body.count).toBeGreaterThan(0)
    const reset = await fetch(`${url}/_mock/reset`, { method: 'POST' })
    expect(await reset.json()).toMatchObject({ fixtures: 'empty-project', seed: 1, now: '2026-11-04T12:00:00Z' })
  })

  it('serves the key-without-scopes scenario: its key is refused every persons call', async () => {
    const { url } = await serve('--fixtures', 'key-without-scopes')
    expect(await get(`${url}/api/environments/1/persons/`, 'phx_mock_noscope')).toEqual({
      status: 403,
      body: {
        type: 'authentication_error',
        code: 'permission_denied',
        detail: "API key missing required scope 'person:read'",
        attr: null,
      },
    })
    expect((await get(`${url}/api/environments/1/persons/?limit=1`)).status).toBe(200)
  })

  it('serves the large-project scenario: 10,000 persons in project 1', async () => {
    const { url } = await serve('--fixtures', 'large-project')
    expect((await get(`${url}/api/environments/1/persons/?limit=1`)).body.count).toBe(10_000)
  })

  it('refuses an unknown name, listing the known ones', async () => {
    const { code, stderr } = await run('serve', '--port', '0', '--fixtures', 'nope')
    expect(code).toBe(2)
    expect(stderr).toContain(
      'unknown --fixtures "nope" (known: default, empty-project, large-project, key-without-scopes)',
    )
  })
})
