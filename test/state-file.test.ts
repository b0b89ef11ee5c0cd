// State that survives a restart, and a shutdown that lets requests finish: the real CLI, spawned.
// Plus the state file's refusals (damaged, other version, other seed), which never touch the file.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { loadStateFile, STATE_VERSION, StateFileError, StateWriter } from '../src/server/state-file.ts'
import { snapshotDifference } from '../src/store/snapshot.ts'
import { clientFor, KEYS, testApp } from './support.ts'

const BIN = fileURLToPath(new URL('../bin/analytics-mock.js', import.meta.url))
const AUTH = { authorization: `Bearer ${KEYS.all}`, 'content-type': 'application/json' }
const children: ChildProcess[] = []
const tempDir = () => mkdtempSync(join(tmpdir(), 'analytics-mock-state-'))

interface Started {
  child: ChildProcess
  url: string
  output: () => string
  exited: Promise<number | null>
}

function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /listening on (http:\/\/\S+)/.exec(output)
      if (m) resolve({ child, url: m[1]!, output: () => output, exited })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    exited.then((code) => reject(new Error(`exited ${code} before listening: ${output}`)))
  })
}

/** Runs the CLI expecting it to refuse to start. */
async function refusal(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let stderr = ''
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { code, stderr }
}

/** Polls until the file holds `needle` (the write that carries it has been flushed). */
async function waitForFile(path: string, needle: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      if (readFileSync(path, 'utf8').includes(needle)) return
    } catch {
      // not written yet
    }
    if (Date.now() > deadline) throw new Error(`${path} never came to hold ${needle}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

describe('serve --state FILE', () => {
  it('survives kill -9 once the write is flushed, and SIGTERM lets an in-flight write finish and saves it', async () => {
    const file = join(tempDir(), 'state.json')

    // 1. No file yet: the seeded data. A write, flushed, then kill -9.
    const first = await start(['--state', file])
    expect(first.output()).toContain('starting from the seeded data')
    const created = await fetch(`${first.url}/api/environments/1/session_recording_playlists/`, {
      method: 'POST',
      headers: AUTH,
      body: JSON.stringify({ name: 'Survives kill -9', type: 'collection' }),
    })
    expect(created.status).toBe(201)
    const playlist = await created.json()
    await waitForFile(file, playlist.short_id)
    first.child.kill('SIGKILL')
    expect(await first.exited).toBe(null)

    // 2. Restart: the playlist is there, and new ids continue where they were.
    const second = await start(['--state', file])
    expect(second.output()).toContain(`state loaded from ${file}`)
    const read = await fetch(`${second.url}/api/environments/1/session_recording_playlists/${playlist.short_id}/`, { headers: AUTH })
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({ name: 'Survives kill -9', short_id: playlist.short_id, id: playlist.id })

    // 3. A slow write (latency fault) is in flight when SIGTERM arrives: it finishes, then the server exits 0.
    expect((await fetch(`${second.url}/_mock/faults`, { method: 'POST', headers: AUTH, body: JSON.stringify({ latency_ms: 1_500 }) })).status).toBe(200)
    const slow = fetch(`${second.url}/api/environments/1/session_recording_playlists/${playlist.short_id}/`, {
      method: 'PATCH',
      headers: AUTH,
      body: JSON.stringify({ description: 'written during shutdown' }),
    })
    await new Promise((r) => setTimeout(r, 300))
    second.child.kill('SIGTERM')
    const answer = await slow
    expect(answer.status).toBe(200)
    expect((await answer.json()).description).toBe('written during shutdown')
    expect(await second.exited).toBe(0)
    // New connections are refused once it is gone.
    await expect(fetch(`${second.url}/_mock/clock`)).rejects.toThrow()

    // 4. That last write was saved on the way out.
    const third = await start(['--state', file])
    const after = await fetch(`${third.url}/api/environments/1/session_recording_playlists/${playlist.short_id}/`, { headers: AUTH })
    expect((await after.json()).description).toBe('written during shutdown')
    third.child.kill('SIGTERM')
    expect(await third.exited).toBe(0)
  }, 180_000)

  it('a damaged file stops the start with a clear message (exit 1) and is left as it was', async () => {
    const file = join(tempDir(), 'state.json')
    const damaged = '{"format":"analytics-mock-state","version":1,"store":{"persons":['
    writeFileSync(file, damaged)
    const { code, stderr } = await refusal(['--state', file])
    expect(code).toBe(1)
    expect(stderr).toContain(`cannot use the state file ${file}: it is not valid JSON`)
    expect(stderr).toContain('The file was left as it is.')
    expect(readFileSync(file, 'utf8')).toBe(damaged)
  }, 60_000)
})

describe('state file, in-process', () => {
  async function savedState(seed = 1) {
    const file = join(tempDir(), 'state.json')
    const app = await testApp({ seed })
    const writer = new StateWriter(app, file, { seed, fixtures: 'default' }, { flushDelayMs: 10 })
    const res = await clientFor(app).post('/api/environments/1/session_recording_playlists/', { name: 'kept', type: 'collection' })
    expect(res.status).toBe(201)
    await writer.close()
    return { app, file, text: readFileSync(file, 'utf8') }
  }

  it('restores exactly what was written', async () => {
    const { app, file } = await savedState()
    const copy = await testApp()
    expect(await loadStateFile(copy, file, { seed: 1, fixtures: 'default' })).toBe(true)
    expect(snapshotDifference(app.snapshot(), copy.snapshot())).toBeNull()
  })

  it('a missing file leaves the seeded data', async () => {
    const app = await testApp()
    const before = app.snapshot()
    expect(await loadStateFile(app, join(tempDir(), 'none.json'), { seed: 1, fixtures: 'default' })).toBe(false)
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
  })

  it('writes only after a change, coalescing a burst of changes', async () => {
    const file = join(tempDir(), 'state.json')
    const app = await testApp()
    const writer = new StateWriter(app, file, { seed: 1, fixtures: 'default' }, { flushDelayMs: 50 })
    const client = clientFor(app)
    await client.get('/api/environments/1/persons/?limit=1')
    await client.post('/api/environments/1/session_recording_playlists/', { name: 5 }) // refused: no change
    await writer.flush()
    expect(writer.writes).toBe(0)
    for (let i = 0; i < 5; i++) await client.post('/api/environments/1/session_recording_playlists/', { name: `burst ${i}`, type: 'collection' })
    await writer.close()
    expect(writer.writes).toBe(1)
    expect(readFileSync(file, 'utf8')).toContain('burst 4')
  })

  it.each([
    ['another format version', (d: any) => ({ ...d, version: STATE_VERSION + 1 }), new RegExp(`format version ${STATE_VERSION + 1}; this analytics-mock reads version ${STATE_VERSION}`)],
    ['a version 1 file (activity log among the collections)', (d: any) => ({ ...d, version: 1 }), /format version 1; this analytics-mock reads version 2/],
    ['another seed', (d: any) => ({ ...d, started_with: { seed: 2, fixtures: 'default' } }), /started with --seed 2 --fixtures default, not --seed 1/],
    ['not a state file', (_: any) => ({ persons: [] }), /not an analytics-mock state file/],
    ['a damaged record', (d: any) => ({ ...d, store: { ...d.store, persons: [{ id: 'x' }] } }), /damaged or from an incompatible version: a person is damaged/],
    ['a damaged activity entry', (d: any) => ({ ...d, store: { ...d.store, activity: [{ id: 'x', seq: 'one' }] } }), /damaged or from an incompatible version: an activity entry is damaged/],
  ])('refuses %s, leaving the app and the file as they were', async (_, change, message) => {
    const { file, text } = await savedState()
    writeFileSync(file, JSON.stringify(change(JSON.parse(text))))
    const written = readFileSync(file, 'utf8')
    const app = await testApp()
    const before = app.snapshot()
    const error = await loadStateFile(app, file, { seed: 1, fixtures: 'default' }).catch((e) => e)
    expect(error).toBeInstanceOf(StateFileError)
    expect(error.message).toMatch(message)
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
    expect(readFileSync(file, 'utf8')).toBe(written)
  })
})
