// The CLI as people type it: --version and -v, -h beside --help, "did you mean" for a mistyped command or
// option, and a usage error as a short usage with the error last. (The one-letter options of serve that
// start a server: serve.test.ts.)
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CLI } from '../../test/serve-process.ts'
import { runDriftCommand } from '../drift/cli.ts'
import { runRecordCommand } from '../record/cli.ts'
import { runVerifyCommand } from '../verify/cli.ts'

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** The CLI run as a user runs it: its exit code, stdout and stderr. */
function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: 60_000 }, (error, out, err) =>
      resolve({ code: error ? Number(error.code) : 0, out, err }),
    )
  })
}

/** A usage error as printed: a short usage first, a blank line, the error on the last line. */
function expectShortUsageThen(err: string, synopsis: string, message: string) {
  const lines = err.trimEnd().split('\n')
  expect(lines[0]).toBe(`usage: ${synopsis}`)
  expect(lines.at(-1)).toBe(message)
  expect(lines.at(-2)).toBe('')
  expect(lines.length).toBeLessThanOrEqual(6)
}

describe('analytics-mock', () => {
  it('--version, -v and version print the release and exit 0', async () => {
    for (const r of await Promise.all([cli('--version'), cli('-v'), cli('version')]))
      expect(r).toEqual({ code: 0, out: `${version}\n`, err: '' })
  })

  it('-h, --help and no command at all print the commands and exit 0', async () => {
    for (const r of await Promise.all([cli('-h'), cli('--help'), cli()])) {
      expect(r.code).toBe(0)
      for (const line of [
        'analytics-mock serve [options]',
        'analytics-mock verify [options]',
        'analytics-mock record [options]',
        'analytics-mock drift [options]',
        '-v, --version',
        '-h, --help',
      ]) {
        expect(r.out).toContain(line)
      }
    }
  })

  it('serve -h prints every serve option with its one-letter form', async () => {
    const r = await cli('serve', '-h')
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^analytics-mock serve \[options\]\n/)
    for (const head of [
      '-p, --port N',
      '-H, --host H',
      '-f, --fixtures NAME',
      '-s, --state FILE',
      '-h, --help',
      '    --seed N',
    ])
      expect(r.out).toContain(head)
  })

  it('answers a mistyped command with the command it was probably meant to be, after a short usage', async () => {
    const r = await cli('sreve', '--port', '0')
    expect(r.code).toBe(2)
    expect(r.out).toBe('')
    expectShortUsageThen(
      r.err,
      'analytics-mock serve|verify|record|drift [options]',
      'analytics-mock: unknown command "sreve" (did you mean "serve"?)',
    )
    expect(r.err).toContain('full usage: analytics-mock --help')
  })

  it('answers a command it cannot place without a guess', async () => {
    const r = await cli('frobnicate')
    expect(r.code).toBe(2)
    expect(r.err.trimEnd().split('\n').at(-1)).toBe('analytics-mock: unknown command "frobnicate"')
  })

  it("points serve's options given without the command to serve", async () => {
    const r = await cli('--prot', '3000')
    expect(r.code).toBe(2)
    expect(r.err.trimEnd().split('\n').at(-1)).toBe(
      'analytics-mock: unknown option --prot (did you mean "analytics-mock serve --port"?)',
    )
    const short = await cli('-p', '3000')
    expect(short.err.trimEnd().split('\n').at(-1)).toBe(
      'analytics-mock: unknown option -p (did you mean "analytics-mock serve -p"?)',
    )
  })

  it('answers a mistyped serve option with the option it was probably meant to be, last, after a short usage', async () => {
    const r = await cli('serve', '--prot', '3000')
    expect(r.code).toBe(2)
    expect(r.out).toBe('')
    expectShortUsageThen(
      r.err,
      'analytics-mock serve [options]',
      'analytics-mock serve: unknown option --prot (did you mean --port?)',
    )
    // The short usage names the one-letter options and where the whole usage is.
    expect(r.err).toContain('common options: -p/--port N, -H/--host H, -f/--fixtures NAME, -s/--state FILE')
    expect(r.err).toContain('full usage: analytics-mock serve --help')
  })
})

describe('verify, record and drift', () => {
  /** A command run in-process: its exit code and what it wrote. */
  async function run(command: typeof runVerifyCommand, argv: string[]) {
    const out: string[] = []
    const err: string[] = []
    const code = await command(argv, {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      env: {},
      fetch: () => Promise.reject(new Error('no request expected')),
    })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

  it.each([
    ['verify', runVerifyCommand, 'analytics-mock verify --base-url URL'],
    ['record', runRecordCommand as typeof runVerifyCommand, 'analytics-mock record --base-url URL'],
    ['drift', runDriftCommand as typeof runVerifyCommand, 'analytics-mock drift --base-url URL'],
  ])('%s -h prints its usage with -h, --help and -q, --quiet', async (_, command, synopsis) => {
    const r = await run(command, ['-h'])
    expect(r.code).toBe(0)
    expect(r.out.startsWith(synopsis)).toBe(true)
    expect(r.out).toMatch(/ {2}-h, --help {2,}this text/)
    expect(r.out).toMatch(/ {2}-q, --quiet /)
  })

  it.each([
    [
      'verify',
      runVerifyCommand,
      ['--base-url', 'http://x', '--api-key', 'phx_secret_value', '--project-id', '1', '--quite'],
      '--quite (did you mean --quiet?)',
    ],
    [
      'record',
      runRecordCommand as typeof runVerifyCommand,
      ['--base-url', 'http://x', '--project', '1', '--ot', 'x.json'],
      '--ot (did you mean --out?)',
    ],
    [
      'drift',
      runDriftCommand as typeof runVerifyCommand,
      ['--base-url', 'http://x', '--qiuet'],
      '--qiuet (did you mean --quiet?)',
    ],
  ])(
    '%s answers a mistyped option with a short usage, then "did you mean", last',
    async (name, command, argv, said) => {
      const r = await run(command, argv)
      expect(r.code).toBe(2)
      const synopsis = r.err.split('\n')[0]!.slice('usage: '.length)
      expect(synopsis).toMatch(new RegExp(`^analytics-mock ${name} --base-url URL`))
      expectShortUsageThen(r.err, synopsis, `analytics-mock ${name}: unknown option ${said}`)
      expect(r.err).toContain(`full usage: analytics-mock ${name} --help`)
      expect(r.err).not.toContain('phx_secret_value')
    },
  )

  it('record takes -o for --out and -q for --quiet', async () => {
    // Without a key it stops at the key, after reading -o and -q (an unknown option would stop it first).
    const r = await run(runRecordCommand as typeof runVerifyCommand, [
      '--base-url',
      'http://x',
      '--project',
      '1',
      '-o',
      'x.json',
      '-q',
    ])
    expect(r.code).toBe(2)
    expect(r.err.split('\n').at(-1)).toBe(
      'analytics-mock record: no key: set $ANALYTICS_MOCK_API_KEY to a personal API key',
    )
  })
})
