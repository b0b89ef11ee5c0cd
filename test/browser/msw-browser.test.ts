// The same msw handlers in a real browser: headless Debian chromium (installed by ./ensure-chromium.ts),
// driven by playwright-core, loads a page served on 127.0.0.1 with msw's service worker and a bundle of
// the core and handlers. The page fetches persons and a playlist; the test reads what it got and shows,
// and compares it with what the same core answers in Node.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROWSER_PLUGINS } from '../../scripts/build-entries.ts'
import { contractViolations } from '../support.ts'
import { createMock } from '../../src/testing/index.ts'
import { openPage, serveStatic, type OpenedPage } from './open-page.ts'

const HTML = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>analytics-mock in the browser</title></head>
<body>
  <h1>Persons</h1><ul id="persons"></ul>
  <h1>Pinned playlist</h1><ul id="playlist"></ul>
  <script type="module" src="/app.js"></script>
</body></html>`

let server: Awaited<ReturnType<typeof serveStatic>>
let origin: string
let opened: OpenedPage
let result: any
let shown: { persons: string[]; playlist: string[] }

beforeAll(async () => {
  // The page's bundle: core + msw handlers + msw/browser, from this package's source, as the package's
  // browser build (scripts/build-entries.ts) makes dist/browser/msw-browser.js.
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./page.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    conditions: ['analytics-mock-source'],
    // As the package's browser build (dist/browser/) takes them.
    plugins: BROWSER_PLUGINS,
    logLevel: 'error',
  })
  server = await serveStatic({
    '/': { type: 'text/html; charset=utf-8', body: HTML },
    '/app.js': { type: 'text/javascript', body: bundle.outputFiles[0]!.contents },
    // msw's own worker script, from the installed msw package.
    '/mockServiceWorker.js': {
      type: 'text/javascript',
      body: readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')),
    },
  })
  origin = server.origin
  opened = await openPage(origin + '/')
  const { page } = opened
  await page.waitForFunction(() => window.__result !== undefined || window.__error !== undefined, undefined, {
    timeout: 90_000,
  })
  const error = await page.evaluate(() => window.__error)
  if (error) throw new Error(`the page failed: ${error}\nconsole errors: ${opened.consoleErrors.join('\n')}`)
  result = await page.evaluate(() => window.__result)
  shown = {
    persons: await page.locator('#persons li').allTextContents(),
    playlist: await page.locator('#playlist li').allTextContents(),
  }
}, 180_000)

afterAll(async () => {
  await opened?.close()
  await server?.close()
})

describe('msw handlers in headless chromium, behind the service worker', () => {
  it('throw nothing uncaught and log no error in the page', () => {
    expect(opened.pageErrors).toEqual([])
    expect(opened.consoleErrors).toEqual([])
  })

  it('answer the page from the core: the static server knows no /api/ path, so these came from the worker', async () => {
    expect(result.controlled).toBe(true)
    expect(result.persons.status).toBe(200)
    expect(result.persons.body.results).toHaveLength(3)
    expect(result.persons.body.next).toBe(`${result.origin}/api/environments/1/persons/?limit=3&offset=3`)
    expect(result.playlist.status).toBe(200)
    expect(result.playlist.body.short_id).toBe(result.playlistShortId)
    expect(result.violations).toEqual([]) // every answer in the page passed the contract validator
  })

  it('give in the browser exactly what the same core gives in Node', async () => {
    const mock = await createMock({
      baseUrl: origin,
      now: '2026-11-04T12:00:00Z',
      onViolation: (v) => contractViolations.push(v),
    })
    const get = async (path: string) =>
      (await mock.fetch(path, { headers: { authorization: 'Bearer phx_mock_all' } })).json()
    expect(result.persons.body).toEqual(await get('/api/environments/1/persons/?limit=3'))
    expect(result.playlist.body).toEqual(
      await get(`/api/environments/1/session_recording_playlists/${result.playlistShortId}/`),
    )
  })

  it('show the results on the page', () => {
    expect(shown.persons).toEqual(result.persons.body.results.map((p: { name: string }) => p.name))
    expect(shown.playlist).toEqual([`Checkout friction (${result.playlistShortId})`])
  })

  it('keep state in the page: a PATCH is seen by the next GET, and the journal lists every call', () => {
    expect(result.patchStatus).toBe(200)
    expect(result.planAfterPatch).toBe('from-the-browser')
    expect(result.journal).toEqual([
      'GET persons_list 200',
      'GET session_recording_playlists_list 200',
      'GET session_recording_playlists_retrieve 200',
      'PATCH persons_partial_update 200',
      'GET persons_retrieve 200',
    ])
  })
})
