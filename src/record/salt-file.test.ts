// `record --salt-file FILE` (or $ANALYTICS_MOCK_SALT_FILE): the same file gives the same fakes on every
// recording, so a re-recorded fixture changes only where the data changed; a missing file is made with
// a random salt, readable by its owner only; without one each run draws a new salt.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp, type App } from '../app.ts'
import { runRecordCommand } from './cli.ts'

let app: App
let dir: string

beforeAll(async () => {
  app = await createApp({ clock: { now: '2026-11-01T00:00:00Z', frozen: true } })
  dir = mkdtempSync(join(tmpdir(), 'salt-file-'))
})

async function recordWith(
  name: string,
  extra: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; file: string; err: string }> {
  const file = join(dir, name)
  const err: string[] = []
  const code = await runRecordCommand(
    [
      '--base-url',
      'http://deployment.test',
      '--project',
      '1',
      '--out',
      file,
      '--persons',
      '5',
      '--recordings',
      '3',
      '--quiet',
      ...extra,
    ],
    {
      out: () => {},
      err: (t) => err.push(t),
      env: { ANALYTICS_MOCK_API_KEY: 'phx_mock_all', ...env },
      fetch: app.fetch,
    },
  )
  return { code, file, err: err.join('\n') }
}

/** The scenario without its instant of recording (each run's own). */
const scenarioOf = (file: string) => ({ ...JSON.parse(readFileSync(file, 'utf8')), recorded_at: undefined })

describe('record --salt-file', () => {
  it('makes the file with a random salt when missing, and gives the same fakes every run with it', async () => {
    const saltFile = join(dir, 'secrets', 'record.salt')
    const first = await recordWith('a.json', ['--salt-file', saltFile])
    expect(first.code).toBe(0)
    const salt = readFileSync(saltFile, 'utf8')
    expect(salt).toMatch(/^[0-9a-f]{64}\n$/)
    expect(statSync(saltFile).mode & 0o777).toBe(0o600)
    const second = await recordWith('b.json', ['--salt-file', saltFile])
    expect(readFileSync(saltFile, 'utf8')).toBe(salt)
    expect(scenarioOf(second.file)).toEqual(scenarioOf(first.file))
    // The same through the environment variable.
    const third = await recordWith('c.json', [], { ANALYTICS_MOCK_SALT_FILE: saltFile })
    expect(scenarioOf(third.file)).toEqual(scenarioOf(first.file))
    // Nothing of the salt reaches the scenario.
    expect(readFileSync(first.file, 'utf8')).not.toContain(salt.trim())
  })

  it('without one, each run draws a new salt (different fakes); another salt file, other fakes', async () => {
    const [a, b] = [await recordWith('r1.json', []), await recordWith('r2.json', [])]
    expect(JSON.stringify(scenarioOf(a.file).persons)).not.toBe(JSON.stringify(scenarioOf(b.file).persons))
    const [c, d] = [
      await recordWith('s1.json', ['--salt-file', join(dir, 'one.salt')]),
      await recordWith('s2.json', ['--salt-file', join(dir, 'two.salt')]),
    ]
    expect(JSON.stringify(scenarioOf(c.file).persons)).not.toBe(JSON.stringify(scenarioOf(d.file).persons))
  })

  it('an empty salt file is a usage error (exit 2), and nothing is recorded', async () => {
    const empty = join(dir, 'empty.salt')
    writeFileSync(empty, '\n')
    const run = await recordWith('never.json', ['--salt-file', empty])
    expect(run.code).toBe(2)
    expect(run.err).toContain(`the salt file ${empty} holds nothing`)
    expect(() => statSync(run.file)).toThrow()
  })
})
