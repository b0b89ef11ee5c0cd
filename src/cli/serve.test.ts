import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { CLI } from '../../test/serve-process.ts'

const children: ChildProcess[] = []

function start(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line: ${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /listening on (http:\/\/\S+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        resolve({ child, url: m[1]!, output: () => output })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)))
  })
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

describe('analytics-mock serve', () => {
  it('serves the default data on loopback, honours PORT and --now, and stops cleanly on SIGTERM', async () => {
    const { child, url, output } = await start(['--now', '2026-05-01T00:00:00Z'], { PORT: '0', HOST: '127.0.0.1' })
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // The banner (src/cli/banner.test.ts has it whole), written at once.
    expect(output()).toMatch(/^analytics-mock \d+\.\d+\.\d+\S* listening on http:/)
    expect(output()).toContain('  data     scenario "default", seed 1: 240 persons')
    expect(output()).toContain('  clock    frozen at 2026-05-01T00:00:00Z')
    const res = await fetch(`${url}/api/environments/1/persons/?limit=2`, {
      headers: { authorization: 'Bearer phx_mock_all' },
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.count).toBe(200)
    expect(body.next).toBe(`${url}/api/environments/1/persons/?limit=2&offset=2`)
    const clock = await (await fetch(`${url}/_mock/clock`)).json()
    expect(clock).toMatchObject({ now: '2026-05-01T00:00:00Z', frozen: true })
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })

  it("throttles with --rate-limits (over a socket, on the mock's clock), and refuses a budget it cannot read", async () => {
    const { url } = await start([
      '--port',
      '0',
      '--now',
      '2026-05-01T00:00:00Z',
      '--rate-limits',
      'clickhouse_burst=2/minute',
    ])
    const get = () =>
      fetch(`${url}/api/environments/1/session_recording_playlists/`, {
        headers: { authorization: 'Bearer phx_mock_all' },
      })
    expect([(await get()).status, (await get()).status]).toEqual([200, 200])
    const refused = await get()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(await refused.json()).toEqual({
      type: 'throttled_error',
      code: 'throttled',
      detail: 'Request was throttled. Expected available in 60 seconds.',
      attr: null,
    })
    const limits = await (await fetch(`${url}/_mock/rate-limits`)).json()
    expect(limits.buckets).toContainEqual(
      expect.objectContaining({ scope: 'clickhouse_burst', rate: '2/minute', count: 2 }),
    )
    await fetch(`${url}/_mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance: 'PT1M' }),
    })
    expect((await get()).status).toBe(200)
    await expect(start(['--port', '0', '--rate-limits', 'fast'])).rejects.toThrow(
      /exited 2: .*--rate-limits: "fast" is not NAME=RATE/s,
    )
  })

  it('follows wall time by default and takes --seed and --fixtures', async () => {
    const { url } = await start(['--port', '0', '--seed', '3', '--fixtures', 'empty-project'])
    const clock = await (await fetch(`${url}/_mock/clock`)).json()
    expect(clock.frozen).toBe(false)
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000)
    const persons = await fetch(`${url}/api/environments/1/persons/`, {
      headers: { authorization: 'Bearer phx_mock_all' },
    })
    expect((await persons.json()).count).toBe(0)
  })

  it('takes the one-letter forms -p, -H, -f and -s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-serve-'))
    try {
      const state = join(dir, 'state.json')
      const { child, url, output } = await start(['-p', '0', '-H', '127.0.0.1', '-f', 'empty-project', '-s', state])
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(output()).toContain(`no state file at ${state} yet`)
      const persons = await fetch(`${url}/api/environments/1/persons/`, {
        headers: { authorization: 'Bearer phx_mock_all' },
      })
      expect((await persons.json()).count).toBe(0)
      const exited = new Promise((resolve) => child.on('exit', resolve))
      child.kill('SIGTERM')
      await exited
      expect(existsSync(state)).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("as a newcomer starts it, places the data before the clock's start: the recordings list shows recordings, the player's GET of one answers 200", async () => {
    // Source followed: posthog/session_recordings/session_recording_api.py (the list's RecordingsQuery,
    // date_from "-3d" by default; retrieve answers the recording it finds).
    const { url } = await start(['--port', '0'])
    const headers = { authorization: 'Bearer phx_mock_all' }
    const list = await fetch(`${url}/api/environments/1/session_recordings/`, { headers })
    expect(list.status).toBe(200)
    const body = await list.json()
    expect(body.results.length).toBeGreaterThan(0)
    // The frontend's own first request names the window; the same recordings.
    const frontend = await (
      await fetch(
        `${url}/api/environments/1/session_recordings/?kind=RecordingsQuery&date_from=-3d&limit=50&person_uuid=`,
        { headers },
      )
    ).json()
    expect(frontend.results.map((r: { id: string }) => r.id)).toEqual(body.results.map((r: { id: string }) => r.id))
    const first = body.results[0]
    const one = await fetch(`${url}/api/environments/1/session_recordings/${first.id}/`, { headers })
    expect(one.status).toBe(200)
    expect(await one.json()).toEqual(first)
  })

  it('sets the dataset size with --persons, --events-per-person and --recordings', async () => {
    const { url } = await start(['--port', '0', '--persons', '37', '--recordings', '12', '--events-per-person', '2'])
    const counts = await (
      await fetch(`${url}/_mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).json()
    // Project 1 as asked; project 2 gets a fifth of the persons (at least 10) and a sixth of the recordings (at least 5).
    expect(counts.counts.persons).toBe(37 + 10)
    expect(counts.counts.session_recordings).toBe(12 + 5)
    expect(counts.counts.events).toBe((37 + 10) * 2)
  })

  it('keeps as many requests in the journal as --journal-size says, and serves the dashboard its banner names', async () => {
    const { url, output } = await start(['--port', '0', '--journal-size', '2'])
    for (let id = 1; id <= 3; id++)
      await fetch(`${url}/api/environments/1/persons/${id}/`, { headers: { authorization: 'Bearer phx_mock_all' } })
    const journal = await (await fetch(`${url}/_mock/journal`)).json()
    expect(journal.results.map((e: { path: string }) => e.path)).toEqual([
      '/api/environments/1/persons/2/',
      '/api/environments/1/persons/3/',
    ])
    expect(journal.dropped).toBe(1)
    expect(output()).toContain(`  ui       ${url}/_mock/ui (a dashboard`)
    const page = await fetch(`${url}/_mock/ui`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('analytics-mock dashboard')
  })

  const refused = async (args: string[]) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    const code = await new Promise((resolve) => child.on('exit', resolve))
    return { code, err }
  }

  it.each([
    [['serve', '--fixtures', 'nope'], 'unknown --fixtures "nope"'],
    [['serve', '--anything'], 'unknown option --anything'],
    [['serve', '--port'], '--port needs a value'],
    [['serve', '--persons', 'many'], '--persons takes a whole number, not "many"'],
    [['serve', '--journal-size', 'all'], '--journal-size takes a whole number, not "all"'],
    [['serve', 'extra'], 'unexpected argument "extra"'],
    [['serve', '--profile', 'real'], 'unknown --profile "real" (known: seed, observed)'],
  ])('refuses %j with a short usage, then a clear message last, and exit code 2', async (args, message) => {
    const { code, err } = await refused(args)
    expect(code).toBe(2)
    const lines = err.trimEnd().split('\n')
    expect(lines[0]).toBe('usage: analytics-mock serve [options]')
    expect(lines.at(-1)!.startsWith(`analytics-mock serve: ${message}`), err).toBe(true)
    expect(lines.length).toBeLessThanOrEqual(5)
  })

  describe.concurrent('a start that cannot be had: one line on stderr saying what to do, exit code 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-start-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    /** The one line `serve` printed (no stack trace, nothing else), after its exit code 1. */
    const oneLine = async (args: string[], data = ['--fixtures', 'empty-project']) => {
      const { code, err } = await refused(['serve', ...data, ...args])
      expect(code, err).toBe(1)
      expect(err.trimEnd().split('\n'), err).toHaveLength(1)
      return err.trimEnd()
    }

    it.each([false, true])('a port already taken (with --state: %s)', async (withState) => {
      const holder = createServer()
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
      const { port } = holder.address() as AddressInfo
      try {
        const state = withState ? ['--state', join(dir, `taken-${port}.json`)] : []
        expect(await oneLine(['--port', String(port), ...state])).toBe(
          `analytics-mock: cannot listen: 127.0.0.1:${port} is already in use (another analytics-mock, or another server): stop it, or pick another port with --port N (--port 0 picks a free one)`,
        )
      } finally {
        holder.close()
      }
    })

    it('an address that is not this machine', async () => {
      expect(await oneLine(['--port', '0', '--host', '192.0.2.1'])).toBe(
        "analytics-mock: cannot listen: 192.0.2.1 is not an address of this machine: use 127.0.0.1 (the default), or one of this machine's addresses with --host",
      )
    })

    it('a --state in a directory that does not exist', async () => {
      const file = join(dir, 'missing', 'state.json')
      expect(await oneLine(['--port', '0', '--state', file])).toBe(
        `analytics-mock: cannot use the state file ${file}: its directory ${join(dir, 'missing')} does not exist. Create that directory, or give --state a path in one that exists.`,
      )
    })

    it('a --state that is a directory', async () => {
      const file = join(dir, 'a-directory')
      mkdirSync(file)
      expect(await oneLine(['--port', '0', '--state', file])).toMatch(
        new RegExp(
          `^analytics-mock: cannot use the state file ${file}: cannot read it \\(EISDIR: [^)]*\\)\\. The file was left as it is\\. To start from the seeded data, move it aside or give --state another path\\.$`,
        ),
      )
    })

    it.runIf(process.platform === 'linux')('a --state where nothing can be written (/proc)', async () => {
      expect(await oneLine(['--port', '0', '--state', '/proc/analytics-mock-state.json'])).toMatch(
        /^analytics-mock: cannot write the state file \/proc\/analytics-mock-state\.json \(E[A-Z]+: [^)]*\): give --state a path in a directory this user can write$/,
      )
    })

    it.each([
      ['missing.json', () => {}, /there is no scenario file \S+missing\.json/],
      ['scenario-directory', (path: string) => mkdirSync(path), /cannot read \S+scenario-directory \(EISDIR: [^)]*\)/],
      [
        'not-json.json',
        (path: string) => writeFileSync(path, '{"format"'),
        /\S+not-json\.json is not JSON, so it is damaged or not a scenario \(.*\)/,
      ],
    ])('a --scenario it cannot read: %s', async (name, make, reason) => {
      const path = join(dir, name)
      make(path)
      const line = await oneLine(['--port', '0', '--scenario', path], [])
      expect(line).toMatch(
        new RegExp(
          `^analytics-mock: cannot serve the scenario: ${reason.source}; give --scenario a file that \`analytics-mock record\` wrote \\(docs/record\\.md\\)$`,
        ),
      )
    })
  })

  it('refuses an unknown command with the commands, and what it was probably meant to be', async () => {
    const { code, err } = await refused(['serv'])
    expect(code).toBe(2)
    expect(err).toContain('usage: analytics-mock serve|verify|record|drift [options]')
    expect(err.trimEnd().split('\n').at(-1)).toBe('analytics-mock: unknown command "serv" (did you mean "serve"?)')
  })
})
