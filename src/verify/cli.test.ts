// The verify command as CI runs it: options and environment variables, exit codes, reports, and a key
// that never shows, even when a deployment echoes it back.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type Server } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp, type App } from '../app.ts'
import { ApiError } from '../core/drf/exceptions.ts'
import { handlers } from '../handlers/index.ts'
import { freePort, KEYS, testApp } from '../../test/support.ts'
import { runVerifyCommand, type VerifyIo } from './cli.ts'

async function cli(app: App, argv: string[], env: Record<string, string> = {}, extra: Partial<VerifyIo> = {}) {
  const out: string[] = []
  const err: string[] = []
  const progress: string[] = []
  const io: VerifyIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    env,
    fetch: app.fetch,
    progress: { isTTY: false, write: (t) => void progress.push(t) },
    ...extra,
  }
  const code = await runVerifyCommand(argv, io)
  return { code, out: out.join('\n'), err: err.join('\n'), progress: progress.join('') }
}

let app: App
let dir: string
beforeEach(async () => {
  app = await testApp()
  dir = await mkdtemp(join(tmpdir(), 'verify-cli-unit-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('analytics-mock verify', () => {
  it('takes the URL, key and project from the environment', async () => {
    const r = await cli(app, ['--operation', 'session_recordings_list', '--seed', '1'], {
      ANALYTICS_MOCK_BASE_URL: 'http://mock.test',
      ANALYTICS_MOCK_API_KEY: KEYS.all,
      ANALYTICS_MOCK_PROJECT_ID: '1',
    })
    expect(r.code).toBe(0)
    expect(r.out).toContain('analytics-mock verify http://mock.test project 1 (key ****)')
    expect(r.out).toMatch(/\n\d+ passed, 0 failed, 1 skipped$/)
    expect(r.out).not.toContain(KEYS.all)
  })

  it('exits 1 when a check fails, and still writes both reports', async () => {
    const broken = await createApp({
      onViolation: () => {},
      validateResponses: false,
      handlers: { session_recordings_list: () => ({ status: 500, headers: {}, json: {} }) },
    })
    const junit = join(dir, 'j.xml')
    const json = join(dir, 'r.json')
    const r = await cli(broken, [
      '--base-url',
      'http://mock.test',
      '--api-key',
      KEYS.all,
      '--project-id',
      '1',
      '--tag',
      'session_recordings',
      '--junit',
      junit,
      '--json',
      json,
      '--seed',
      '1',
    ])
    expect(r.code).toBe(1)
    // (The three bulk actions' writes are skipped read-only: 9 skipped; viewed's checks need the list too, and it
    // gets no negative-input check: its one parameter is lenient, x-lenient.)
    expect(r.out).toMatch(/\n11 passed, 14 failed, 9 skipped$/)
    const xml = await readFile(junit, 'utf8')
    expect(xml).toMatch(
      /<testcase classname="session_recordings\.session_recordings_list" name="pagination walk" time="[\d.]+">\n\s+<failure message="expected 200, got 500">/,
    )
    const report = JSON.parse(await readFile(json, 'utf8'))
    expect(report).toMatchObject({ tool: 'analytics-mock verify', ok: false, seed: 1 })
    expect(report.checks.find((c: any) => c.name === 'pagination walk').exchanges[0]).toEqual({
      request: 'GET /api/environments/1/session_recordings/?date_from=-5y&limit=1&offset=0',
      response: '500 application/json {}',
      rule: "contracts/openapi.yaml#/components/schemas/Error/required: must have required property 'type'",
    })
  })

  it('exits 3 when the kit itself fails: the error and where on stderr, the reports as far as the run got', async () => {
    const json = join(dir, 'r.json')
    const junit = join(dir, 'j.xml')
    const argv = ['--base-url', 'http://mock.test', '--api-key', KEYS.all, '--project-id', '1', '--seed', '1']
    // The progress stream breaks at the tenth check (as a closed stderr would): the kit's own failure.
    const broken = {
      isTTY: false,
      write(text: string) {
        if (text.startsWith('checks: 10/')) throw new Error('write EPIPE')
      },
    }
    const r = await cli(app, [...argv, '--json', json, '--junit', junit], {}, { progress: broken })
    expect(r.code).toBe(3)
    expect(r.err).toMatch(/^analytics-mock verify: the kit itself failed in reporting check ".+" of \w+: write EPIPE\n/)
    expect(r.err).toContain('at Object.write (')
    expect(r.out).toMatch(
      /the kit itself failed in reporting check .*: write EPIPE; the run stopped there\n\d+ passed, 0 failed$/,
    )
    const report = JSON.parse(await readFile(json, 'utf8'))
    expect(report).toMatchObject({ ok: false, crash: { message: 'write EPIPE' } })
    expect(report.checks.length).toBeGreaterThanOrEqual(10)
    expect(await readFile(junit, 'utf8')).toMatch(
      /<testcase classname="kit" name="the kit ran to the end"><error message="reporting check/,
    )
  })

  it('exits 0, 1 or 2 as the run went: every check passed, one failed, or it could not be used', async () => {
    const argv = ['--base-url', 'http://mock.test', '--api-key', KEYS.all, '--project-id', '1']
    const broken = await testApp({
      onViolation: () => {},
      validateResponses: false,
      handlers: { persons_retrieve: () => ({ status: 500, headers: {}, json: {} }) },
    })
    expect((await cli(app, [...argv, '--operation', 'persons_retrieve'])).code).toBe(0)
    expect((await cli(broken, [...argv, '--operation', 'persons_retrieve'])).code).toBe(1)
    expect((await cli(app, [...argv, '--operation', 'no_such_operation'])).code).toBe(2)
  })

  it('--report html=FILE writes one page with the failures, the exchanges and the contract rule each response broke', async () => {
    const broken = await testApp({
      onViolation: () => {},
      validateResponses: false,
      handlers: {
        persons_retrieve: (ctx) => ({
          status: 200,
          headers: {},
          json: { ...(handlers.persons_retrieve!(ctx) as { json: object }).json, id: 'one' },
        }),
      },
    })
    const page = join(dir, 'reports', 'verify.html')
    const json = join(dir, 'r.json')
    const r = await cli(broken, [
      '--base-url',
      'http://mock.test',
      '--api-key',
      KEYS.all,
      '--project-id',
      '1',
      '--operation',
      'persons_retrieve',
      '--report',
      `html=${page}`,
      '--report',
      `json=${json}`,
      '--seed',
      '1',
    ])
    expect(r.code).toBe(1)
    const html = await readFile(page, 'utf8')
    const rule = 'contracts/openapi.yaml#/components/schemas/Person/properties/id/type: must be integer'
    expect(html).toContain(`<code>${rule}</code>`)
    expect(html).toMatch(
      /<dt>request<\/dt><dd><pre>GET \/api\/environments\/1\/persons\/\d+\/<\/pre><\/dd><dt>response<\/dt><dd><pre>200 application\/json \{&quot;id&quot;:&quot;one&quot;/,
    )
    const conformance = JSON.parse(await readFile(json, 'utf8')).checks.find(
      (c: any) => c.name === 'responses conform to the contract',
    )
    expect(conformance.outcome).toBe('failed')
    expect(conformance.exchanges[0].rule).toBe(rule)
  })

  it('--report takes html, json or junit, and anything else is a usage error', async () => {
    const fetchSpy = vi.fn(app.fetch)
    const err: string[] = []
    const base = ['--base-url', 'http://x', '--api-key', 'phx_secret_value', '--project-id', '1']
    for (const value of ['pdf=out.pdf', 'html', 'html=']) {
      expect(
        await runVerifyCommand([...base, '--report', value], {
          out: () => {},
          err: (t) => err.push(t),
          env: {},
          fetch: fetchSpy,
        }),
      ).toBe(2)
    }
    expect(err[0]).toContain('--report takes FORMAT=FILE with FORMAT one of html, json, junit, not "pdf=out.pdf"')
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('never prints the key, even when the deployment echoes it in a body', async () => {
    const echoing = await createApp({
      onViolation: () => {},
      validateResponses: false,
      handlers: {
        persons_retrieve(ctx) {
          if (ctx.params.id!.startsWith('9'))
            throw new ApiError(500, 'server_error', 'error', `lookup failed for ${ctx.req.headers.authorization}`)
          return handlers.persons_retrieve!(ctx)
        },
      },
    })
    const junit = join(dir, 'j.xml')
    const json = join(dir, 'r.json')
    const page = join(dir, 'r.html')
    const r = await cli(echoing, [
      '--base-url',
      'http://mock.test',
      '--api-key',
      KEYS.all,
      '--second-api-key',
      KEYS.read,
      '--project-id',
      '1',
      '--operation',
      'persons_retrieve',
      '--junit',
      junit,
      '--json',
      json,
      '--report',
      `html=${page}`,
      '--seed',
      '1',
    ])
    expect(r.code).toBe(1)
    expect(r.out).toContain('lookup failed for Bearer ****')
    for (const text of [
      r.out,
      r.err,
      await readFile(junit, 'utf8'),
      await readFile(json, 'utf8'),
      await readFile(page, 'utf8'),
    ]) {
      expect(text).not.toContain(KEYS.all)
      expect(text).not.toContain(KEYS.read)
    }
  })

  it('--quiet turns the progress off and prints the same report', async () => {
    const argv = ['--base-url', 'http://mock.test', '--api-key', KEYS.all, '--project-id', '1', '--seed', '1']
    const loud = await cli(app, [...argv, '--tag', 'session_recordings'])
    const quiet = await cli(app, [...argv, '--tag', 'session_recordings', '--quiet'])
    expect(loud.progress).toMatch(/^checks: \d+\/\d+$/m)
    expect(quiet.progress).toBe('')
    const summary = (out: string) => out.split('\n').filter((line) => !/^run |^note: cleanup/.test(line))
    expect(summary(quiet.out)).toEqual(summary(loud.out))
    expect(quiet.out).toMatch(/\n\d+ passed, 0 failed, \d+ skipped$/)
  })

  it.each([
    [[], '--base-url (or ANALYTICS_MOCK_BASE_URL) is required'],
    [['--base-url', 'http://x'], '--api-key (or ANALYTICS_MOCK_API_KEY) is required'],
    [
      ['--base-url', 'http://x', '--api-key', 'phx_secret_value'],
      '--project-id (or ANALYTICS_MOCK_PROJECT_ID) is required',
    ],
    [
      ['--base-url', 'http://x', '--api-key', 'phx_secret_value', '--project-id', '1', '--write'],
      'unknown option --write',
    ],
    [
      ['--base-url', 'http://x', '--api-key', 'phx_secret_value', '--project-id', '1', '--seed', 'abc'],
      '--seed takes a whole number, not "abc"',
    ],
    [
      ['--base-url', 'http://x', '--api-key', 'phx_secret_value', '--project-id', '1', '--tag', 'nope'],
      'unknown tag "nope"',
    ],
    [
      ['--base-url', 'http://x', '--api-key', 'phx_secret_value', '--project-id', '1', '--operation', 'mock_reset'],
      'unknown operation "mock_reset"',
    ],
    [
      ['--base-url', 'ftp://x', '--api-key', 'phx_secret_value', '--project-id', '1'],
      'the base URL must be http or https',
    ],
    [['--base-url', 'http://x', '--api-key', '--writes', '--project-id', '1'], '--api-key needs a value'],
    [['--base-url', 'http://x', '--api-keyy=phx_secret_value', '--project-id', '1'], 'unknown option --api-keyy'],
    [
      ['--base-url', 'http://x', '--api-key', 'phx_secret_value', '--project-id', '1', '--quiet=yes'],
      '--quiet takes no value',
    ],
    [
      ['--base-url', 'http://x', '--api-key', 'phx_secret_value', '--project-id', '1', 'extra'],
      'unexpected argument "extra"',
    ],
  ])('a usage error exits 2 without touching the deployment or echoing the key: %j', async (argv, message) => {
    const fetchSpy = vi.fn(app.fetch)
    const err: string[] = []
    const code = await runVerifyCommand(argv, { out: () => {}, err: (t) => err.push(t), env: {}, fetch: fetchSpy })
    expect(code).toBe(2)
    expect(err.join('\n')).toContain(message)
    expect(err.join('\n')).not.toContain('phx_secret_value')
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('--help describes every option', async () => {
    const r = await cli(app, ['--help'])
    expect(r.code).toBe(0)
    for (const option of [
      '--base-url',
      '--api-key',
      '--project-id',
      '--writes',
      '--destructive',
      '--person-id',
      '--tag',
      '--operation',
      '--junit',
      '--json',
      '--report',
      '--strict',
      '--second-api-key',
      '--seed',
    ]) {
      expect(r.out).toContain(option)
    }
  })

  it('a deployment that cannot be reached is one line and exit code 2, before any check', async () => {
    const port = await freePort() // nothing listens there
    const out: string[] = []
    const err: string[] = []
    const argv = ['--base-url', `http://127.0.0.1:${port}`, '--api-key', KEYS.all, '--project-id', '1']
    const code = await runVerifyCommand(argv, { out: (t) => out.push(t), err: (t) => err.push(t), env: {} })
    expect(code).toBe(2)
    expect(out).toEqual([])
    expect(err).toEqual([
      `analytics-mock verify: cannot reach http://127.0.0.1:${port}: connection refused (ECONNREFUSED); nothing was checked`,
    ])
  })

  it('a deployment that accepts but never answers is one line too, after --timeout-ms', async () => {
    const silent: Server = createServer(() => {}) // takes connections, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = silent.address() as { port: number }
      const err: string[] = []
      const argv = [
        '--base-url',
        `http://127.0.0.1:${port}`,
        '--api-key',
        KEYS.all,
        '--project-id',
        '1',
        '--timeout-ms',
        '300',
      ]
      const code = await runVerifyCommand(argv, { out: () => {}, err: (t) => err.push(t), env: {} })
      expect(code).toBe(2)
      expect(err).toEqual([
        `analytics-mock verify: cannot reach http://127.0.0.1:${port}: no answer in time (timeout); nothing was checked`,
      ])
    } finally {
      silent.close()
    }
  })

  it('probes the base URL without the key; any answer counts as reachable', async () => {
    const seen: Request[] = []
    const spy = (request: Request) => {
      seen.push(request)
      return app.fetch(request)
    }
    const code = await runVerifyCommand(
      [
        '--base-url',
        'http://mock.test',
        '--api-key',
        KEYS.all,
        '--project-id',
        '1',
        '--operation',
        'session_recordings_list',
        '--quiet',
      ],
      {
        out: () => {},
        err: () => {},
        env: {},
        fetch: spy,
      },
    )
    expect(code).toBe(0)
    expect(seen[0]!.url).toBe('http://mock.test/') // a 404 from the mock: reachable
    expect(seen[0]!.headers.get('authorization')).toBeNull()
    expect(seen.length).toBeGreaterThan(1)
  })
})

describe("analytics-mock verify against a mock that throttles (scaled budgets, the mock's clock advanced by the tool's sleep)", () => {
  const budget =
    'clickhouse_burst=40/minute,clickhouse_sustained=100/hour,listing_burst=5/minute,listing_sustained=30/hour'
  const throttling = () =>
    createApp({ rateLimits: budget, journalSize: 10_000, clock: { now: '2026-11-01T00:00:00Z', frozen: true } })
  const env = {
    ANALYTICS_MOCK_BASE_URL: 'http://mock.test',
    ANALYTICS_MOCK_API_KEY: KEYS.all,
    ANALYTICS_MOCK_PROJECT_ID: '1',
  }
  const clockOf = (app: App): Partial<VerifyIo> => ({
    now: () => app.clock.now(),
    sleep: async (ms) => app.clock.set(app.clock.now() + ms),
  })

  it('shows checks done of the total with an ETA on the progress stream, and the waits; the reports stay without them', async () => {
    const throttled = await throttling()
    const json = join(dir, 'report.json')
    const r = await cli(throttled, ['--seed', '1', '--rate', budget, '--json', json], env, clockOf(throttled))
    expect(r.code, r.out).toBe(0)
    expect(throttled.journal.entries().filter((e) => e.status === 429)).toEqual([])
    // The budget bites (100 ClickHouse reads an hour): the ETA says so, in minutes, before the waits.
    expect(r.progress).toMatch(/^checks: \d+\/\d+, ETA \d+ (min|h)/m)
    expect(r.progress).toMatch(/waiting \d+ min[^\n]* for the rate limit \(the clickhouse_\w+ budget\)/)
    // The last line: every check run, as many as the summary's (less one conformance check per operation).
    const last = /checks: (\d+)\/(\d+)\n$/.exec(r.progress)!
    expect(last[1]).toBe(last[2])
    const report = JSON.parse(await readFile(json, 'utf8'))
    expect(Number(last[1])).toBe(
      report.checks.filter((c: { name: string }) => c.name !== 'responses conform to the contract').length,
    )
    expect(r.out).not.toMatch(/ETA|waiting/)
    expect(await readFile(json, 'utf8')).not.toMatch(/ETA|waiting \d/)
  })

  it('-q: no progress at all', async () => {
    const throttled = await throttling()
    const r = await cli(throttled, ['--seed', '1', '--rate', budget, '-q'], env, clockOf(throttled))
    expect(r.code).toBe(0)
    expect(r.progress).toBe('')
    expect(r.err).toBe('')
  })
})
