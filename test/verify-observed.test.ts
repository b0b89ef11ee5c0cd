// The observed profile end to end: `serve --profile observed` (and createApp({ profile: 'observed' }))
// answers as the real service does, and `verify --profile observed` expects exactly that: no drift, no
// failure. Each side also recognises the other: the seed's answers are drift to the observed reading and
// the real service's are drift to the seed's.
import type { ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { startServe } from './serve-process.ts'
import { KEYS } from './support.ts'
import { runVerifyCommand } from '../src/verify/cli.ts'
import { appWith, createDoomedPerson, outcomes, verifyApp } from './verify-support.ts'

const everything = (doomed: number) => ({
  writes: true,
  destructive: true,
  personIds: [doomed],
  secondApiKey: KEYS.read,
  seed: 7,
})

describe('verify --profile observed', () => {
  it('reports no drift and no failure against the observed profile, with a legacy key allowed everything', async () => {
    const app = await appWith({ profile: 'observed' })
    const doomed = await createDoomedPerson(app)
    const result = await verifyApp(app, { ...everything(doomed), apiKey: KEYS.legacy, profile: 'observed' })
    expect(outcomes(result, 'failed')).toEqual([])
    expect(outcomes(result, 'drift')).toEqual([])
    expect(outcomes(result, 'skipped')).toEqual([])
    expect(result.summary.drift).toBe(0)
    expect(result.mode.profile).toBe('observed')
  }, 120_000)

  it('passes the real refusal of a scoped key (even *) on the actions that declare no scope, without drift', async () => {
    const app = await appWith({ profile: 'observed' })
    const result = await verifyApp(app, {
      apiKey: KEYS.all,
      profile: 'observed',
      writes: true,
      operations: ['persons_properties_timeline_retrieve', 'session_recording_playlists_recordings_create'],
    })
    expect(outcomes(result, 'failed')).toEqual([])
    expect(outcomes(result, 'drift')).toEqual([])
    const timeline = result.checks.find(
      (c) => c.operationId === 'persons_properties_timeline_retrieve' && c.name === 'answers for a known person',
    )!
    expect(timeline).toMatchObject({ outcome: 'passed', message: expect.stringContaining('declares no scope') })
  }, 60_000)

  it('sees the seed profile as drift (and the seed reading sees the observed profile as drift)', async () => {
    const seedApp = await appWith()
    const asObserved = await verifyApp(seedApp, {
      apiKey: KEYS.legacy,
      profile: 'observed',
      operations: ['persons_list', 'session_recordings_list'],
    })
    expect(outcomes(asObserved, 'failed')).toEqual([])
    expect(
      asObserved.checks
        .filter((c) => c.outcome === 'drift')
        .map((c) => c.drift!.id)
        .sort(),
    ).toEqual(expect.arrayContaining(['persons-list-envelope', 'recordings-list-envelope']))
    const observedApp = await appWith({ profile: 'observed' })
    const asSeed = await verifyApp(observedApp, {
      apiKey: KEYS.legacy,
      operations: ['persons_list', 'session_recordings_list'],
    })
    expect(outcomes(asSeed, 'failed')).toEqual([])
    expect(asSeed.checks.filter((c) => c.outcome === 'drift').map((c) => c.drift!.id)).toEqual(
      expect.arrayContaining(['persons-list-envelope', 'recordings-list-envelope']),
    )
  }, 60_000)
})

describe('serve --profile observed, checked by verify --profile observed over HTTP', () => {
  const children: ChildProcess[] = []
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM')
  })

  it('reports 0 drift, 0 failed', async () => {
    const url = await startServe(['--host', '127.0.0.1', '--profile', 'observed'], children)
    let out = ''
    const code = await runVerifyCommand(
      ['--base-url', url, '--project-id', '1', '--profile', 'observed', '--writes', '--seed', '3'],
      {
        out: (text) => (out += text),
        err: (text) => (out += text),
        env: { ANALYTICS_MOCK_API_KEY: KEYS.legacy, ANALYTICS_MOCK_SECOND_API_KEY: KEYS.read },
      },
    )
    expect(out).toContain('observed profile')
    expect(out).not.toMatch(/known drift/)
    expect(out).toMatch(/\n\d+ passed, 0 failed(, \d+ skipped)?$/)
    expect(code).toBe(0)
  }, 120_000)
})
