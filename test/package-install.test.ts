// The packed package in a fresh app, as a frontend team meets it on day one: `npm install` of the
// tarball beside the app's own msw and vitest 3, then the README's vitest suite, copied from the README,
// type-checked and run there, at the lowest and at the newest msw of the peer range. An msw below the
// range stops the import with one message naming the range. Needs the npm registry. The app is installed
// by the package suites' set-up (test/package-setup.ts); the other msw releases go into a copy of it.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSW_RANGE } from '../src/msw/msw-version.ts'
import { engineWarnings, npmInstall, npmWarnings, run } from '../scripts/pack.ts'
import { measureInstalled, megabytes, SIZE_BUDGET } from '../scripts/package-size.ts'
import { fencedBlock } from './markdown.ts'
import { cleanUp, copyOf, installedApp, MSW_LOWEST, scratchIn } from './package-apps.ts'

/** The newest release below MSW_LOWEST: outside the range. */
const BELOW = '2.2.2'

const README_SUITE = fencedBlock('README.md', 'In frontend tests (msw)', 'ts').code
const README_TESTS = README_SUITE.match(/^it\(/gm)!.length
/** The app as installed, with msw at the lowest of the range; never changed. */
let app: string
let installOutput: string
/** A copy of it, for installing msw again. */
let changed: string | undefined

const TSCONFIG = {
  // A strict app that also checks the packages' declarations (no skipLibCheck).
  compilerOptions: {
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    target: 'ES2022',
    strict: true,
    noEmit: true,
    types: ['node'],
    lib: ['ES2023', 'DOM'],
  },
  files: ['readme.test.ts'],
}

/** Installs this msw in the copy of the app (made on first use). */
async function useMsw(version: string, ...flags: string[]): Promise<string> {
  changed ??= await copyOf(app)
  const install = await npmInstall(changed, [...flags, `msw@${version}`])
  expect(install.status, install.stderr).toBe(0)
  return changed
}

/** `dir`'s msw is this one, and the only one: the package brings no copy of its own. */
async function expectOnlyMsw(dir: string, version: string): Promise<void> {
  const copies = (await run('npm', ['ls', 'msw', '--all', '--parseable'], dir)).stdout.trim().split('\n')
  expect(copies).toEqual([join(dir, 'node_modules/msw')])
  const found = await run(process.execPath, ['-p', "JSON.stringify(require('msw/package.json').version)"], dir)
  expect(JSON.parse(found.stdout)).toBe(version)
}

/** The README suite in the app: type-checked with the app's TypeScript, then run by the app's vitest. */
async function expectReadmeSuitePasses(dir: string): Promise<void> {
  const suite = await scratchIn(dir, 'readme')
  writeFileSync(join(suite, 'readme.test.ts'), README_SUITE)
  writeFileSync(join(suite, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2))
  const tsc = await run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', suite], suite)
  expect(tsc.stdout + tsc.stderr).toBe('')
  const vitest = await run(process.execPath, [join(dir, 'node_modules/vitest/vitest.mjs'), 'run'], suite, {
    NO_COLOR: '1',
  })
  expect(vitest.status, vitest.stdout + vitest.stderr).toBe(0)
  expect(vitest.stdout).toMatch(new RegExp(`Tests\\s+${README_TESTS} passed \\(${README_TESTS}\\)`))
}

beforeAll(async () => {
  ;({ dir: app, output: installOutput } = await installedApp('vitest'))
}, 1_200_000)

afterAll(cleanUp, 300_000)

describe('the packed package in a fresh app with vitest 3', () => {
  it('installs without an engine warning, or any other', () => {
    expect(engineWarnings(installOutput)).toEqual([])
    expect(npmWarnings(installOutput)).toEqual([])
  })

  it('takes openapi-backend as published (no copy inside the package), and `npm ls` exits 0', async () => {
    const where = async (name: string, from: string) =>
      (
        await run(
          process.execPath,
          ['-p', `require.resolve(${JSON.stringify(`${name}/package.json`)}, { paths: [${JSON.stringify(from)}] })`],
          app,
        )
      ).stdout.trim()
    expect(await where('openapi-backend', join(app, 'node_modules/analytics-mock'))).toBe(
      join(app, 'node_modules/openapi-backend/package.json'),
    )
    const ls = await run('npm', ['ls', '--all'], app)
    expect(ls.status, ls.stdout + ls.stderr).toBe(0)
  })

  it("type-checks in a CommonJS app with `node16` resolution (the `require` condition's .d.cts declarations)", async () => {
    // TS1479 (the ES module declarations refused to a CommonJS file) is reported at the app's own import,
    // which skipLibCheck (on in `tsc --init`'s config) does not hide.
    const cjs = await scratchIn(app, 'cjs')
    mkdirSync(cjs, { recursive: true })
    writeFileSync(join(cjs, 'package.json'), JSON.stringify({ type: 'commonjs' }))
    const compilerOptions = {
      module: 'Node16',
      moduleResolution: 'Node16',
      target: 'ES2022',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    }
    writeFileSync(join(cjs, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts'] }))
    writeFileSync(
      join(cjs, 'check.ts'),
      "import { createMock, KEYS, type Mock } from 'analytics-mock/testing'\nexport const mock: Promise<Mock> = createMock()\nexport const key: string = KEYS.all\n",
    )
    const tsc = await run(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', cjs], cjs)
    expect(tsc.stdout + tsc.stderr).toBe('')
  }, 120_000)

  it(`takes at most ${megabytes(SIZE_BUDGET)} installed, its dependencies included (msw, the app's, excluded)`, async () => {
    const size = await installedApp('size')
    const measure = await measureInstalled(size.dir, size.output)
    console.log(`installed size: ${megabytes(measure.bytes)} in ${measure.packages} packages`)
    expect(measure.engineWarnings).toEqual([])
    expect(measure.bytes).toBeLessThanOrEqual(SIZE_BUDGET)
    // docs/msw.md states the figure: it stays within 2 MB of what is measured.
    const documented = Number(
      /take about (\d+) MB without msw/.exec(readFileSync(new URL('../docs/msw.md', import.meta.url), 'utf8'))?.[1],
    )
    expect(Math.abs(measure.bytes / 1e6 - documented), `docs/msw.md says about ${documented} MB`).toBeLessThanOrEqual(2)
  }, 300_000)

  it(`runs the README suite on the app's msw at the lowest of ${MSW_RANGE}`, async () => {
    // Named again, as an app pinning its msw does: npm then drops the copy vitest 3's mocker took for its
    // own peer range, which `npm ls` above needs.
    const dir = await useMsw(MSW_LOWEST)
    await expectOnlyMsw(dir, MSW_LOWEST)
    await expectReadmeSuitePasses(dir)
  }, 300_000)

  it('runs it on msw 2.7, a release in the middle of the range', async () => {
    const dir = await useMsw('2.7.0')
    await expectOnlyMsw(dir, '2.7.0')
    await expectReadmeSuitePasses(dir)
  }, 300_000)

  it('runs the bin from the compiled JavaScript, without tsx', async () => {
    expect((await run('npm', ['ls', 'tsx', '--all', '--parseable'], app)).stdout.trim()).toBe('')
    const help = await run(join(app, 'node_modules/.bin/analytics-mock'), ['serve', '--help'], app)
    expect(help.stderr).toBe('')
    expect(help.stdout).toMatch(/^analytics-mock serve \[options\]/)
  })

  it('draws a big dataset on the worker thread the package ships (serve --persons 100000), not on the main thread', async () => {
    const child = spawn(
      join(app, 'node_modules/.bin/analytics-mock'),
      ['serve', '--persons', '100000', '--port', '0'],
      { cwd: app },
    )
    let out = ''
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => (err += chunk))
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not listening after 60 s: ${out}${err}`)), 60_000)
        child.on('exit', (code) => reject(new Error(`exited (${code}): ${out}${err}`)))
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk
          if (out.includes('listening on')) {
            clearTimeout(timer)
            resolve()
          }
        })
      })
    } finally {
      child.kill()
    }
    // A thread that could not be had is said on stderr ("... generating the data on the main thread instead").
    expect(err).toBe('')
    expect(out).toContain('120,000 persons')
  }, 90_000)

  it("serves the dashboard's files from the built root entry (the package's src/ui/, found from dist/)", async () => {
    const script = `import('analytics-mock').then(async (m) => {
      const server = await m.serve(await m.createApp(), { port: 0 })
      const answer = await fetch(server.url + '/_mock/ui')
      console.log(answer.status, (await answer.text()).includes('analytics-mock dashboard'))
      await server.close()
    })`
    const served = await run(process.execPath, ['-e', script], app)
    expect(served.stdout.trim(), served.stderr).toBe('200 true')
  })

  it('refuses an msw below the range at import, with one message naming the range', async () => {
    const dir = await useMsw(BELOW, '--legacy-peer-deps')
    await expectOnlyMsw(dir, BELOW)
    const imported = await run(
      process.execPath,
      ['--input-type=module', '-e', "await import('analytics-mock/testing')"],
      dir,
    )
    expect(imported.status).not.toBe(0)
    const message = `analytics-mock needs msw ${MSW_RANGE} (a peer dependency: your app's own msw), but found msw ${BELOW}.`
    expect(imported.stderr.split(message)).toHaveLength(2)
  }, 300_000)

  it(`runs the README suite on the newest msw of ${MSW_RANGE}`, async () => {
    const versions = JSON.parse((await run('npm', ['view', `msw@${MSW_RANGE}`, 'version', '--json'], app)).stdout) as
      string | string[]
    const newest = [versions].flat().at(-1)!
    const dir = await useMsw(newest)
    await expectOnlyMsw(dir, newest)
    await expectReadmeSuitePasses(dir)
  }, 300_000)
})
