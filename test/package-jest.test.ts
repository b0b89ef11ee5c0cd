// The packed package in Jest apps, set up as Jest's and msw's docs say: docs/jest.md's two suites (the
// README's, adapted: a CommonJS one and an ES module one) in a Jest 29 app and a Jest 30 app, each suite
// in the `node` environment and in jest-fixed-jsdom. One app per Jest version serves the four runs (the
// suites are two directories in it, "type" commonjs and module); the apps are installed by the package
// suites' set-up (test/package-setup.ts). Needs the npm registry.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engineWarnings, npmInstall, npmWarnings, run } from '../scripts/pack.ts'
import { fencedBlock } from './markdown.ts'
import { cleanUp, copyOf, installedApp, JESTS, scratchIn } from './package-apps.ts'

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

/** By Jest major: the app (never changed), what its install printed, and the suites' directories in it. */
const apps: Record<string, { dir: string; install: string; suites: string }> = {}

/** The two suites, in a directory of this run's inside `app`. */
async function writeSuites(app: string): Promise<string> {
  const suites = await scratchIn(app, 'suites')
  for (const [kind, suite] of Object.entries(SUITES)) {
    mkdirSync(join(suites, kind), { recursive: true })
    writeFileSync(join(suites, kind, 'package.json'), JSON.stringify(suite.pkg, null, 2))
    writeFileSync(join(suites, kind, 'persons.test.js'), suite.code)
  }
  return suites
}

beforeAll(async () => {
  for (const major of Object.keys(JESTS)) {
    const { dir, output } = await installedApp(`jest${major}` as 'jest29' | 'jest30')
    apps[major] = { dir, install: output, suites: await writeSuites(dir) }
  }
}, 1_200_000)

afterAll(cleanUp, 300_000)

/** Jest, as the app runs it, in one of the suites' directories; its report. */
function jest(app: { dir: string; suites: string }, kind: keyof typeof SUITES, environment: string) {
  const args = [
    ...SUITES[kind].node,
    join(app.dir, 'node_modules/jest/bin/jest.js'),
    '--testEnvironment',
    environment,
    '--ci',
  ]
  return run(process.execPath, args, join(app.suites, kind), { NO_COLOR: '1' })
}

describe('the packed package in Jest apps', () => {
  it("docs/jest.md's suites are the README's tests", () => {
    for (const suite of Object.values(SUITES)) expect(suite.code.match(/^it\('[^']+'/gm)).toEqual(README_TITLES)
  })

  for (const major of Object.keys(JESTS)) {
    it(`installs into the Jest ${major} app without a warning, and \`npm ls\` is clean`, async () => {
      const { dir, install } = apps[major]!
      expect(engineWarnings(install)).toEqual([])
      expect(npmWarnings(install)).toEqual([])
      const ls = await run('npm', ['ls', '--all'], dir)
      expect(ls.status, ls.stdout + ls.stderr).toBe(0)
    })

    for (const kind of Object.keys(SUITES) as Array<keyof typeof SUITES>) {
      for (const environment of ['node', 'jest-fixed-jsdom']) {
        it.concurrent(
          `Jest ${major}, ${kind} app, ${environment}: the suite passes`,
          async () => {
            const result = await jest(apps[major]!, kind, environment)
            expect(result.status, result.stdout + result.stderr).toBe(0)
            expect(result.stderr).toMatch(
              new RegExp(`Tests:\\s+${README_TITLES.length} passed, ${README_TITLES.length} total`),
            )
          },
          120_000,
        )
      }
    }
  }

  it.concurrent(
    'runs the ES module suite on the newest msw 2.x too (Jest 30, both environments)',
    async () => {
      // In a copy of the Jest 30 app: the app itself stays as installed.
      const dir = await copyOf(apps['30']!.dir)
      const install = await npmInstall(dir, ['msw@^2'])
      expect(install.status, install.stderr).toBe(0)
      const app = { dir, suites: await writeSuites(dir) }
      for (const environment of ['node', 'jest-fixed-jsdom']) {
        const result = await jest(app, 'module', environment)
        expect(result.status, result.stdout + result.stderr).toBe(0)
        expect(result.stderr).toMatch(new RegExp(`Tests:\\s+${README_TITLES.length} passed`))
      }
    },
    300_000,
  )
})
