// What the mock adds to each test file, as an app meets it: the package packed and installed into a fresh
// app (scripts/pack.ts, as the package suites do), beside the same app answering the same bytes with msw's
// own handlers (the ceiling: a test file cannot start faster than msw alone).
//   - a fresh Node process: import `analytics-mock/testing` and msw/node, `createMock()`, the first answer
//     through msw; median of 10 starts per side, alternating (target: at most 100 ms over msw alone);
//   - vitest: 20 test files, each creating a mock and making three requests, as wall time of `vitest run`
//     (target <= 1.3x the msw-only files); and the same files in Jest's node environment (CommonJS, as
//     Jest runs by default, on the newest msw that mode loads: docs/jest.md).
// Needs the npm registry (the apps install vitest, Jest and msw).
//   npm run bench -- --only test-files
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { npmInstall, packPackage, run } from '../pack.ts'
import { fmt, percentile, ROOT, verdict, type BenchConfig, type Row } from './harness.ts'

const ORIGIN = 'https://us.posthog.com'
const NOW = '2026-11-04T12:00:00Z'
const AUTH = { authorization: 'Bearer phx_mock_all' }
/** The three requests of each test file (the first is the fresh process's first answer). */
const PATHS = [
  '/api/environments/1/persons/1/',
  '/api/environments/1/persons/?limit=10',
  '/api/environments/1/session_recording_playlists/?limit=10',
]
const FILES = 20
const STARTS = 10
const ADDED_TARGET_MS = 100
const RATIO_TARGET = 1.3
/** Jest as test/package-jest.test.ts pins it; msw 2.10 is the newest Jest's CommonJS mode loads (docs/jest.md). */
const JEST = '30.5.2'
const JEST_MSW = '2.10.5'

type Side = 'mock' | 'msw'
interface Answer {
  path: string
  status: number
  contentType: string
  body: string
}

const installed = (name: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version

/** How each side gets its msw server, in an ES module (top-level await) or in CommonJS (in beforeAll). */
function setup(side: Side, answers: Answer[], format: 'esm' | 'cjs'): { imports: string; server: string } {
  if (side === 'mock') {
    return format === 'esm'
      ? {
          imports: `import { setupServer } from 'msw/node'\nimport { createMock } from 'analytics-mock/testing'`,
          server: `setupServer(...(await createMock({ now: '${NOW}' })).handlers)`,
        }
      : {
          imports: `const { setupServer } = require('msw/node')\nconst { createMock } = require('analytics-mock/testing')`,
          server: `setupServer(...(await createMock({ now: '${NOW}' })).handlers)`,
        }
  }
  const handlers = answers.map(
    (a) =>
      `http.get(${JSON.stringify(ORIGIN + new URL(a.path, ORIGIN).pathname)}, () => new HttpResponse(${JSON.stringify(a.body)}, { status: ${a.status}, headers: { 'content-type': ${JSON.stringify(a.contentType)} } }))`,
  )
  return {
    imports:
      format === 'esm'
        ? `import { http, HttpResponse } from 'msw'\nimport { setupServer } from 'msw/node'`
        : `const { http, HttpResponse } = require('msw')\nconst { setupServer } = require('msw/node')`,
    server: `setupServer(\n  ${handlers.join(',\n  ')},\n)`,
  }
}

/** A fresh process's script: each step's end printed (ms since the process started), then the answers. */
function freshScript(side: Side, answers: Answer[]): string {
  const { imports, server } = setup(side, answers, 'esm')
  const dynamic = imports.replace(/^import (\{[^}]+\}) from ('[^']+')$/gm, 'const $1 = await import($2)')
  return `const steps = {}
${dynamic}
steps.imported = performance.now()
const server = ${server}
server.listen({ onUnhandledRequest: 'error' })
steps.created = performance.now()
const answers = []
for (const path of ${JSON.stringify(PATHS)}) {
  const res = await fetch(${JSON.stringify(ORIGIN)} + path, { headers: ${JSON.stringify(AUTH)} })
  answers.push({ path, status: res.status, contentType: res.headers.get('content-type'), body: await res.text() })
  steps.answered ??= performance.now()
}
server.close()
console.log(JSON.stringify({ steps, answers }))
`
}

/** A test file of either side, for vitest (ES module) or Jest (CommonJS). */
function testFile(side: Side, answers: Answer[], runner: 'vitest' | 'jest'): string {
  const { imports, server } = setup(side, answers, runner === 'vitest' ? 'esm' : 'cjs')
  const requests = `for (const path of ${JSON.stringify(PATHS)}) {
    const res = await fetch(\`${ORIGIN}\${path}\`, { headers: ${JSON.stringify(AUTH)} })
    expect(res.status).toBe(200)
    await res.text()
  }`
  return runner === 'vitest'
    ? `import { afterAll, expect, it } from 'vitest'
${imports}

const server = ${server}
server.listen({ onUnhandledRequest: 'error' })
afterAll(() => server.close())

it('answers three requests', async () => {
  ${requests}
})
`
    : `${imports}

let server
beforeAll(async () => {
  server = ${server}
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(() => server.close())

it('answers three requests', async () => {
  ${requests}
})
`
}

interface Fresh {
  steps: { imported: number; created: number; answered: number }
  answers: Answer[]
}

async function fresh(dir: string, side: Side): Promise<Fresh> {
  const result = await run(process.execPath, [`fresh-${side}.mjs`], dir)
  if (result.status !== 0) throw new Error(`fresh-${side}.mjs: ${result.stderr.slice(-500)}`)
  return JSON.parse(result.stdout) as Fresh
}

/** Wall time of one run of a test runner, which must pass all FILES files. */
async function timedRun(dir: string, args: string[], passed: RegExp): Promise<number> {
  const started = performance.now()
  const result = await run(process.execPath, args, dir, { NO_COLOR: '1', CI: '1' })
  const ms = performance.now() - started
  const output = result.stdout + result.stderr
  if (result.status !== 0 || !passed.test(output)) throw new Error(`${args.join(' ')}: ${output.slice(-800)}`)
  return ms
}

/** Alternating runs of the two sides (one untimed each first: the file system's and the runner's caches warm). */
async function sideBySide(rounds: number, time: (side: Side) => Promise<number>): Promise<Record<Side, number[]>> {
  await time('mock')
  await time('msw')
  const times: Record<Side, number[]> = { mock: [], msw: [] }
  for (let i = 0; i < rounds; i++) for (const side of ['mock', 'msw'] as const) times[side].push(await time(side))
  return times
}

function writeFiles(dir: string, side: Side, answers: Answer[], runner: 'vitest' | 'jest'): void {
  const suite = join(dir, `${runner}-${side}`)
  mkdirSync(suite, { recursive: true })
  if (runner === 'jest') writeFileSync(join(suite, 'package.json'), JSON.stringify({ type: 'commonjs' }))
  for (let i = 1; i <= FILES; i++)
    writeFileSync(join(suite, `file${String(i).padStart(2, '0')}.test.js`), testFile(side, answers, runner))
}

export async function runTestFiles(config: BenchConfig): Promise<Row[]> {
  const work = mkdtempSync(join(tmpdir(), 'analytics-mock-bench-'))
  try {
    const { tarball } = await packPackage(work)
    const app = join(work, 'app')
    const jestApp = join(work, 'jest')
    const installs = await Promise.all([
      npmInstall(app, [tarball, `msw@${installed('msw')}`, `vitest@${installed('vitest')}`]),
      npmInstall(jestApp, [tarball, `msw@${JEST_MSW}`, `jest@${JEST}`]),
    ])
    for (const install of installs) if (install.status !== 0) throw new Error(`npm install: ${install.stderr}`)
    writeFileSync(join(app, 'fresh-mock.mjs'), freshScript('mock', []))
    // The bytes msw's own handlers answer: the mock's answers to the same requests.
    const { answers } = await fresh(app, 'mock')
    if (answers.some((a) => a.status !== 200)) throw new Error(`the mock answered ${answers.map((a) => a.status)}`)
    writeFileSync(join(app, 'fresh-msw.mjs'), freshScript('msw', answers))
    for (const side of ['mock', 'msw'] as const) {
      writeFiles(app, side, answers, 'vitest')
      writeFiles(jestApp, side, answers, 'jest')
    }
    return [
      await freshRow(app),
      runnerRow(
        `vitest ${installed('vitest')}`,
        await sideBySide(config.quick ? 1 : 3, (side) =>
          timedRun(
            app,
            ['node_modules/vitest/vitest.mjs', 'run', '--root', `vitest-${side}`],
            new RegExp(`Test Files\\s+${FILES} passed`),
          ),
        ),
      ),
      runnerRow(
        `Jest ${JEST} (node environment, msw ${JEST_MSW})`,
        await sideBySide(config.quick ? 1 : 3, (side) =>
          timedRun(
            jestApp,
            ['node_modules/jest/bin/jest.js', '--ci', '--testEnvironment', 'node', '--rootDir', `jest-${side}`],
            new RegExp(`Test Suites:\\s+${FILES} passed`),
          ),
        ),
      ),
    ]
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

async function freshRow(app: string): Promise<Row> {
  const runs: Record<Side, Fresh['steps'][]> = { mock: [], msw: [] }
  await fresh(app, 'mock')
  await fresh(app, 'msw')
  for (let i = 0; i < STARTS; i++)
    for (const side of ['mock', 'msw'] as const) runs[side].push((await fresh(app, side)).steps)
  const median = (side: Side, step: keyof Fresh['steps']) =>
    percentile(
      runs[side].map((s) => s[step]),
      50,
    )
  const split = (side: Side) =>
    `import ${fmt.ms(median(side, 'imported'))}, created ${fmt.ms(median(side, 'created'))}, answered ${fmt.ms(median(side, 'answered'))}`
  const added = median('mock', 'answered') - median('msw', 'answered')
  return {
    benchmark: `Test file start: fresh process, import testing + msw/node, createMock(), first answer (median of ${STARTS}; ms since the process started)`,
    ours: split('mock'),
    reference: `msw alone: ${split('msw')}`,
    ratio: `+${fmt.ms(added)}`,
    latency: '',
    target: `<= +${ADDED_TARGET_MS} ms`,
    verdict: verdict(added <= ADDED_TARGET_MS),
  }
}

function runnerRow(runner: string, times: Record<Side, number[]>): Row {
  const mock = percentile(times.mock, 50)
  const msw = percentile(times.msw, 50)
  const all = (side: Side) => times[side].map((t) => Math.round(t)).join(', ')
  return {
    benchmark: `Test files: ${runner}, ${FILES} files each creating a mock and making 3 requests (wall, median of ${times.mock.length})`,
    ours: `${fmt.ms(mock)} (${all('mock')} ms)`,
    reference: `msw alone ${fmt.ms(msw)} (${all('msw')} ms)`,
    ratio: fmt.ratio(mock / msw),
    latency: '',
    target: `<= ${RATIO_TARGET}x`,
    verdict: verdict(mock / msw <= RATIO_TARGET),
  }
}
