// What `record` says when it cannot record (the deployment's words as one sentence; on a network failure
// the URL and the cause), and how it resumes: with --salt-file, what was read is kept beside the output,
// the same command continues from there, and the file is the one an uninterrupted run writes.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../test/support.ts'
import { createApp, type App } from '../app.ts'
import type { FetchLike } from '../verify/types.ts'
import { runRecordCommand } from './cli.ts'

let app: App
let dir: string

beforeAll(async () => {
  app = await createApp({ clock: { now: '2026-11-01T00:00:00Z', frozen: true } })
  await app.store.addApiKey({
    id: 'key-narrow',
    value: 'phx_no_persons',
    label: 'narrow',
    user_id: 1,
    scopes: ['session_recording:read'],
    scoped_teams: [],
    scoped_organizations: [],
  })
  dir = mkdtempSync(join(tmpdir(), 'record-cli-'))
})

async function run(args: string[], options: { fetch?: FetchLike; key?: string } = {}) {
  const out: string[] = []
  const err: string[] = []
  const code = await runRecordCommand(['--project', '1', '--quiet', ...args], {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    env: { ANALYTICS_MOCK_API_KEY: options.key ?? 'phx_mock_all' },
    fetch: options.fetch,
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const scenarioOf = (file: string) => ({ ...JSON.parse(readFileSync(file, 'utf8')), recorded_at: undefined })

describe('record: messages', () => {
  it('a refusal is the deployment’s sentence, with one full stop (not "..")', async () => {
    const r = await run(['--base-url', 'http://deployment.test', '--out', join(dir, 'never.json')], {
      fetch: app.fetch,
      key: 'phx_no_persons',
    })
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/^analytics-mock record: cannot read the persons: 403: [^\n]*[^.]\. Nothing was written\./)
    expect(r.err).not.toContain('..')
    expect(existsSync(join(dir, 'never.json'))).toBe(false)
  })

  it('a deployment not listening: the URL that failed and "connection refused"', async () => {
    const base = `http://127.0.0.1:${await freePort()}`
    const r = await run(['--base-url', base, '--out', join(dir, 'refused.json')])
    expect(r.code).toBe(1)
    expect(r.err).toContain(
      `cannot read the key’s user: no response from ${base}/api/users/@me/: connection refused (ECONNREFUSED). Nothing was written.`,
    )
    expect(r.err).toContain('With --salt-file, the same command would resume where this one stopped')
  })

  it('a host that does not resolve: the URL and the DNS failure', async () => {
    const r = await run(['--base-url', 'http://analytics-mock-no-such-host.invalid', '--out', join(dir, 'dns.json')])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(
      /no response from http:\/\/analytics-mock-no-such-host\.invalid\/api\/users\/@me\/: DNS lookup failed/,
    )
  })
})

describe('record: a passing failure stops the recording (it is not a warning)', () => {
  it('no answer for an activity log, or a 503 for a timeline: exit 1, nothing written', async () => {
    const failOn =
      (pattern: RegExp, answer: () => Promise<Response>): FetchLike =>
      (request) =>
        pattern.test(request.url) ? answer() : app.fetch(request)
    const lost = await run(
      ['--base-url', 'http://deployment.test', '--out', join(dir, 'lost.json'), '--persons', '3'],
      {
        fetch: failOn(/\/activity\//, () =>
          Promise.reject(
            new TypeError('fetch failed', {
              cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
            }),
          ),
        ),
      },
    )
    expect(lost.code).toBe(1)
    expect(lost.err).toMatch(
      /cannot read an activity log: no response from http:\/\/deployment\.test\/api\/environments\/1\/persons\/\d+\/activity\/\?page=1&limit=100: connection reset \(ECONNRESET\)\. Nothing was written\./,
    )
    const unavailable = await run(
      ['--base-url', 'http://deployment.test', '--out', join(dir, 'busy.json'), '--persons', '3'],
      {
        fetch: failOn(
          /properties_timeline/,
          async () =>
            new Response(JSON.stringify({ detail: 'Service unavailable.' }), {
              status: 503,
              headers: { 'content-type': 'application/json' },
            }),
        ),
      },
    )
    expect(unavailable.code).toBe(1)
    expect(unavailable.err).toContain(
      'cannot read a properties timeline: 503: Service unavailable. Nothing was written.',
    )
    expect(existsSync(join(dir, 'lost.json')) || existsSync(join(dir, 'busy.json'))).toBe(false)
  })
})

describe('record: resuming', () => {
  it('after a lost network, the same command continues where it stopped and writes what an uninterrupted run writes', async () => {
    const saltFile = join(dir, 'resume.salt')
    const whole = await run(
      ['--base-url', 'http://deployment.test', '--out', join(dir, 'whole.json'), '--salt-file', saltFile],
      { fetch: app.fetch },
    )
    expect(whole.code, whole.err).toBe(0)
    expect(existsSync(join(dir, 'whole.json.partial'))).toBe(false)

    // The network goes away after 150 requests.
    let sent = 0
    const failing: FetchLike = async (request) => {
      if (++sent > 150)
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
        })
      return app.fetch(request)
    }
    const out = join(dir, 'resumed.json')
    const first = await run(['--base-url', 'http://deployment.test', '--out', out, '--salt-file', saltFile], {
      fetch: failing,
    })
    expect(first.code).toBe(1)
    expect(first.err).toMatch(
      /connection reset \(ECONNRESET\)\. Nothing was written\. What was read is kept in .*resumed\.json\.partial: the same command resumes from there\./,
    )
    expect(existsSync(out)).toBe(false)
    const partial = readFileSync(`${out}.partial`, 'utf8')
    expect(statSync(`${out}.partial`).mode & 0o777).toBe(0o600)
    // Encrypted: nothing read is legible in it (the mock's addresses, names, URLs).
    expect(partial).not.toMatch(/@|example|https?:/)
    const firstInstant = JSON.parse(partial.split('\n')[0]!).recorded_at

    let resumedRequests = 0
    const counting: FetchLike = (request) => {
      resumedRequests++
      return app.fetch(request)
    }
    const second = await run(['--base-url', 'http://deployment.test', '--out', out, '--salt-file', saltFile], {
      fetch: counting,
    })
    expect(second.code, second.err).toBe(0)
    expect(second.err).toMatch(/^resuming: the 1\d\d answers read before are taken from .*resumed\.json\.partial$/m)
    expect(second.out).toMatch(/\(\d+ requests, 1\d\d answers from the interrupted run, /)
    // Only what the partial file did not hold was asked for.
    const total = Number(/\((\d+) requests/.exec(whole.out)?.[1])
    const taken = Number(/resuming: the (\d+) answers/.exec(second.err)?.[1])
    expect(resumedRequests).toBe(total - taken)
    expect(existsSync(`${out}.partial`)).toBe(false)
    expect(scenarioOf(out)).toEqual(scenarioOf(join(dir, 'whole.json')))
    // The recording's instant is the interrupted run's.
    expect(JSON.parse(readFileSync(out, 'utf8')).recorded_at).toBe(firstInstant)
  })

  it('a partial file of another recording (another project, key or salt) is not used: it starts over', async () => {
    const out = join(dir, 'other.json')
    let sent = 0
    const failing: FetchLike = async (request) => {
      if (++sent > 20)
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        })
      return app.fetch(request)
    }
    expect(
      (
        await run(['--base-url', 'http://deployment.test', '--out', out, '--salt-file', join(dir, 'one.salt')], {
          fetch: failing,
        })
      ).code,
    ).toBe(1)
    const other = await run(
      [
        '--base-url',
        'http://deployment.test',
        '--out',
        out,
        '--salt-file',
        join(dir, 'another.salt'),
        '--persons',
        '5',
      ],
      { fetch: app.fetch },
    )
    expect(other.code, other.err).toBe(0)
    expect(other.err).toContain(
      `${out}.partial was left by another recording (another deployment, project, key, limit or salt file): starting over`,
    )
    expect(other.out).not.toContain('answers from the interrupted run')
    expect(existsSync(`${out}.partial`)).toBe(false)
  })
})
