// The packed package in Jest apps, set up as Jest's and msw's docs say: docs/jest.md's two suites (the
// README's, adapted: a CommonJS one and an ES module one) in a Jest 29 app and a Jest 30 app, each suite
// in the `node` environment and in jest-fixed-jsdom. One install per Jest version serves the four runs
// (the suites are two directories of the app, "type" commonjs and module). Needs the npm registry.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engineWarnings, npmInstall, npmInstallAsync, npmWarnings, packTarball, run } from '../scripts/pack.ts'
import { fencedBlock } from './markdown.ts'

/** Pinned releases that run on Node 20. msw 2.10 is the newest msw Jest's CommonJS mode can load (docs/jest.md). */
const JESTS = { 29: { jest: '29.7.0', jsdom: '29.7.0' }, 30: { jest: '30.5.2', jsdom: '30.5.2' } } as const
const FIXED_JSDOM = '0.0.11'
const MSW = '2.10.5'

const SUITES = {
  commonjs: {
    code: fencedBlock('docs/jest.md', 'A CommonJS suite', 'js').code,
    pkg: { type: 'commonjs' },
    node: [] as string[],
  },
  module: {
    code: fencedBlock('docs/jest.md', 'An ES module suite', 'js').code,
    pkg: { type: 'module', jest: { transform: {} } },
    node: ['--experimental-vm-modules'],
  },
}
const README_TITLES = fencedBlock('README.md', 'In frontend tests (msw)', 'ts').code.match(/^it\('[^']+'/gm)!

let work: string
let tarball: string
const apps: Record<string, { dir: string; install: string }> = {}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'analytics-mock-jest-'))
  tarball = await packTarball(work)
  // Both apps at once: the time is mostly the registry's.
  const installs = Object.entries(JESTS).map(async ([major, v]) => {
    const dir = join(work, `jest${major}`)
    const install = await npmInstallAsync(dir, [
      tarball,
      `msw@${MSW}`,
      `jest@${v.jest}`,
      `jest-environment-jsdom@${v.jsdom}`,
      `jest-fixed-jsdom@${FIXED_JSDOM}`,
    ])
    expect(install.status, install.stderr).toBe(0)
    apps[major] = { dir, install: install.stdout + install.stderr }
  })
  await Promise.all(installs)
  for (const { dir } of Object.values(apps)) {
    for (const [kind, suite] of Object.entries(SUITES)) {
      mkdirSync(join(dir, kind))
      writeFileSync(join(dir, kind, 'package.json'), JSON.stringify(suite.pkg, null, 2))
      writeFileSync(join(dir, kind, 'persons.test.js'), suite.code)
    }
  }
}, 900_000)

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
}, 300_000)

/** Jest, as the app runs it, in one of the app's suite directories; its report. */
function jest(major: string, kind: keyof typeof SUITES, environment: string, env: NodeJS.ProcessEnv = {}) {
  const { dir } = apps[major]!
  const args = [
    ...SUITES[kind].node,
    join(dir, 'node_modules/jest/bin/jest.js'),
    '--testEnvironment',
    environment,
    '--ci',
  ]
  return run(process.execPath, args, join(dir, kind), { NO_COLOR: '1', ...env })
}

describe('the packed package in Jest apps', () => {
  it("docs/jest.md's suites are the README's tests", () => {
    for (const suite of Object.values(SUITES)) expect(suite.code.match(/^it\('[^']+'/gm)).toEqual(README_TITLES)
  })

  for (const major of Object.keys(JESTS)) {
    it(`installs into the Jest ${major} app without a warning, and \`npm ls\` is clean`, () => {
      const { dir, install } = apps[major]!
      expect(engineWarnings(install)).toEqual([])
      expect(npmWarnings(install)).toEqual([])
      const ls = run('npm', ['ls', '--all'], dir)
      expect(ls.status, ls.stdout + ls.stderr).toBe(0)
    })

    for (const kind of Object.keys(SUITES) as Array<keyof typeof SUITES>) {
      for (const environment of ['node', 'jest-fixed-jsdom']) {
        it(`Jest ${major}, ${kind} app, ${environment}: the suite passes`, () => {
          const result = jest(major, kind, environment)
          expect(result.status, result.stdout + result.stderr).toBe(0)
          expect(result.stderr).toMatch(
            new RegExp(`Tests:\\s+${README_TITLES.length} passed, ${README_TITLES.length} total`),
          )
        }, 120_000)
      }
    }
  }

  it('runs the ES module suite on the newest msw 2.x too (Jest 30, both environments)', () => {
    const { dir } = apps['30']!
    const install = npmInstall(dir, ['msw@^2'])
    expect(install.status, install.stderr).toBe(0)
    for (const environment of ['node', 'jest-fixed-jsdom']) {
      const result = jest('30', 'module', environment)
      expect(result.status, result.stdout + result.stderr).toBe(0)
      expect(result.stderr).toMatch(new RegExp(`Tests:\\s+${README_TITLES.length} passed`))
    }
  }, 300_000)
})
