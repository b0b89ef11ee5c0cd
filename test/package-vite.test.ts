// The packed package in a Vite app, as a frontend team meets it: examples/vite-app (the worker started
// before the app renders) built by Vite 5, 6, 7 and 8 on their default targets, beside the same app with a
// mocks file that uses msw alone. For each: no warning in the build caused by the package, and what the
// mock adds to the app's JavaScript (gzip) printed and held at 180 kB or less. The Vite 8 build is then
// opened in headless chromium: the worker answers the page, with no uncaught error and no console error.
// One app, each Vite under an alias of its own (vite5, vite6...), installed by the package suites' set-up
// (test/package-setup.ts); the two variants are directories of this run's in it. Needs the npm registry.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engineWarnings, npmWarnings, run } from '../scripts/pack.ts'
import { createMock } from '../src/testing/index.ts'
import { openPage, serveStatic, type StaticFiles } from './browser/open-page.ts'
import { cleanUp, installedApp, scratchIn, VITES, viteAlias as alias } from './package-apps.ts'

export const ADDED_BUDGET_KB = 180

const EXAMPLE = fileURLToPath(new URL('../examples/vite-app/', import.meta.url))
/** The same app with msw alone: the baseline the mock's cost is measured against. */
const MSW_ALONE_MOCKS = `import { http, HttpResponse } from 'msw'
import { setupWorker } from 'msw/browser'

export async function startMocking(): Promise<void> {
  await setupWorker(http.get('/api/environments/1/persons/', () => HttpResponse.json({ results: [{ name: 'msw alone' }] }))).start({ onUnhandledRequest: 'bypass' })
}
`

const MSW_DOC = readFileSync(new URL('../docs/msw.md', import.meta.url), 'utf8')
/** The added sizes docs/msw.md gives, by Vite major. */
const DOCUMENTED_KB: Record<string, number> = {
  '8': Number(/about (\d+) kB with Vite 8/.exec(MSW_DOC)?.[1]),
  '5': Number(/about (\d+) kB with Vite 5 and 6/.exec(MSW_DOC)?.[1]),
  '6': Number(/about (\d+) kB with Vite 5 and 6/.exec(MSW_DOC)?.[1]),
}

/** The app as installed (never changed), and this run's directory in it, which holds the two variants. */
let app: string
let variants: string
let installOutput: string
const builds: Record<string, { mocked: Build; alone: Build }> = {}

interface Build {
  output: string
  /** dist/ of the build: path -> bytes. */
  files: Record<string, Buffer>
}

/** Vite's build of one of the app's two variants (a directory of its own, its own root). */
async function viteBuild(version: string, variant: 'mocked' | 'alone'): Promise<Build> {
  const built = await run(
    process.execPath,
    [join(app, `node_modules/${alias(version)}/bin/vite.js`), 'build', variant],
    variants,
    { NO_COLOR: '1', CI: '1' },
  )
  expect(built.status, built.stdout + built.stderr).toBe(0)
  const dist = join(variants, variant, 'dist')
  const files: Record<string, Buffer> = {}
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`)
      else files[`${prefix}${entry.name}`] = readFileSync(join(dir, entry.name))
    }
  }
  walk(dist, '/')
  return { output: built.stdout + built.stderr, files }
}

const gzipOfScripts = (build: Build) =>
  Object.entries(build.files)
    .filter(([path]) => path.endsWith('.js') && path !== '/mockServiceWorker.js')
    .reduce((sum, [, body]) => sum + gzipSync(body).length, 0)

/**
 * The lines of the mocked build's output that warn and that the msw-alone build does not print: what the
 * package causes. Vite's "(!) Some chunks are larger than 500 kB after minification" is one of them.
 */
function packageWarnings(mocked: Build, alone: Build): string[] {
  const before = new Set(alone.output.split('\n'))
  return mocked.output
    .split('\n')
    .filter((line) => /warn|\(!\)|larger than|externalized|undici|node:|eval/i.test(line) && !before.has(line))
}

/** Vite's limit before it warns of a chunk (`build.chunkSizeWarningLimit`, kB of minified code). */
const CHUNK_LIMIT_KB = 500

/** The largest script of a build: its path and minified size in kB. */
function largestScript(build: Build): { path: string; kB: number } {
  const [path, body] = Object.entries(build.files)
    .filter(([name]) => name.endsWith('.js'))
    .reduce((a, b) => (b[1].length > a[1].length ? b : a))
  return { path, kB: body.length / 1000 }
}

beforeAll(async () => {
  ;({ dir: app, output: installOutput } = await installedApp('vite'))
  variants = await scratchIn(app, 'variants')
  const worker = readFileSync(join(app, 'node_modules/msw/lib/mockServiceWorker.js'))
  for (const variant of ['mocked', 'alone']) {
    cpSync(EXAMPLE, join(variants, variant), { recursive: true })
    mkdirSync(join(variants, variant, 'public'))
    writeFileSync(join(variants, variant, 'public/mockServiceWorker.js'), worker)
  }
  writeFileSync(join(variants, 'alone/mocks.ts'), MSW_ALONE_MOCKS)
  for (const version of VITES) {
    const [mocked, alone] = await Promise.all([viteBuild(version, 'mocked'), viteBuild(version, 'alone')])
    builds[version] = { mocked: mocked!, alone: alone! }
  }
}, 1_500_000)

afterAll(cleanUp, 300_000)

describe('the packed package in a Vite app', () => {
  it('installs without a warning, and `npm ls` is clean', async () => {
    expect(engineWarnings(installOutput)).toEqual([])
    expect(npmWarnings(installOutput)).toEqual([])
    const ls = await run('npm', ['ls', '--all'], app)
    expect(ls.status, ls.stdout + ls.stderr).toBe(0)
  })

  for (const version of VITES) {
    it(`Vite ${version}: builds with no warning from the package, no Node built-in or undici, and adds at most ${ADDED_BUDGET_KB} kB gzip`, () => {
      const { mocked, alone } = builds[version]!
      expect(packageWarnings(mocked, alone)).toEqual([])
      expect(Object.keys(mocked.files).filter((path) => /undici|node[_-]/i.test(path))).toEqual([])
      const added = (gzipOfScripts(mocked) - gzipOfScripts(alone)) / 1000
      const largest = largestScript(mocked)
      console.log(
        `Vite ${version}: the mock adds ${added.toFixed(1)} kB gzip of JavaScript over msw alone (${(gzipOfScripts(alone) / 1000).toFixed(1)} kB); ` +
          `the largest chunk is ${largest.path}, ${largest.kB.toFixed(1)} kB minified`,
      )
      expect(largest.kB).toBeLessThanOrEqual(CHUNK_LIMIT_KB)
      expect(added).toBeGreaterThan(0)
      expect(added).toBeLessThanOrEqual(ADDED_BUDGET_KB)
      // docs/msw.md states the figures for Vite 8 and for Vite 5 and 6: within 5 kB of what is measured.
      const documented = DOCUMENTED_KB[version.split('.')[0]!]
      if (documented !== undefined)
        expect(Math.abs(added - documented), `docs/msw.md says about ${documented} kB`).toBeLessThanOrEqual(5)
    })
  }

  it('Vite 8: the worker answers the page before it renders, with no uncaught error and no console error', async () => {
    const files: StaticFiles = {}
    for (const [path, body] of Object.entries(builds[VITES.at(-1)!]!.mocked.files)) {
      files[path === '/index.html' ? '/' : path] = {
        type: path.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript',
        body,
      }
    }
    const server = await serveStatic(files)
    const opened = await openPage(server.origin + '/')
    try {
      await opened.page.waitForFunction(() => document.body.dataset.rendered !== undefined || false, undefined, {
        timeout: 90_000,
      })
      // The static server answers /api/ with a 404: a 200 came from the worker.
      expect(await opened.page.evaluate(() => document.body.dataset.rendered)).toBe('200')
      const mock = await createMock()
      const expected = (await (
        await mock.fetch('/api/environments/1/persons/?limit=3', { headers: { authorization: 'Bearer phx_mock_all' } })
      ).json()) as {
        results: Array<{ name: string }>
      }
      expect(await opened.page.locator('#persons li').allTextContents()).toEqual(expected.results.map((p) => p.name))
      expect(opened.pageErrors).toEqual([])
      expect(opened.consoleErrors).toEqual([])
    } finally {
      await opened.close()
      await server.close()
    }
  }, 120_000)
})
