// The same msw handlers in a real browser: headless Debian chromium (installed by ./ensure-chromium.ts),
// driven by playwright-core, loads a page served on 127.0.0.1 with msw's service worker and a bundle of
// the core and handlers. The page fetches persons and a playlist; the test reads what it got and shows,
// and compares it with what the same core answers in Node.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium, type BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractViolations } from '../support.ts'
import { createMock } from '../../src/testing/index.ts'
import { CHROMIUM } from './ensure-chromium.ts'

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>analytics-mock in the browser</title></head>
<body>
  <h1>Persons</h1><ul id="persons"></ul>
  <h1>Pinned playlist</h1><ul id="playlist"></ul>
  <script type="module" src="/app.js"></script>
</body></html>`

let server: Server
let origin: string
let context: BrowserContext
let profile: string
let result: any
let shown: { persons: string[]; playlist: string[] }

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run the tests as root once (the set-up installs it) or apt-get install chromium`)

  // The page's bundle: core + msw handlers + msw/browser, from this package's source (as a consumer's
  // bundler would take them from dist/). Everything the core needs runs in a browser as it is.
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./page.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    conditions: ['analytics-mock-source'],
    logLevel: 'error',
  })
  const files: Record<string, { type: string; body: string | Uint8Array }> = {
    '/': { type: 'text/html; charset=utf-8', body: HTML },
    '/app.js': { type: 'text/javascript', body: bundle.outputFiles[0]!.contents },
    // msw's own worker script, from the installed msw package.
    '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')) },
  }
  server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname]
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not served by the static server')
      return
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  profile = mkdtempSync(join(tmpdir(), 'analytics-mock-chromium-'))
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  const page = context.pages()[0] ?? (await context.newPage())
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.goto(origin + '/')
  await page.waitForFunction(() => window.__result !== undefined || window.__error !== undefined, undefined, { timeout: 90_000 })
  const error = await page.evaluate(() => window.__error)
  if (error) throw new Error(`the page failed: ${error}\nconsole errors: ${consoleErrors.join('\n')}`)
  result = await page.evaluate(() => window.__result)
  shown = {
    persons: await page.locator('#persons li').allTextContents(),
    playlist: await page.locator('#playlist li').allTextContents(),
  }
}, 180_000)

afterAll(async () => {
  await context?.close()
  server?.closeAllConnections()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  if (profile) rmSync(profile, { recursive: true, force: true })
})

describe('msw handlers in headless chromium, behind the service worker', () => {
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
    const mock = await createMock({ baseUrl: origin, now: '2026-11-04T12:00:00Z', onViolation: (v) => contractViolations.push(v) })
    const get = async (path: string) => (await mock.fetch(path, { headers: { authorization: 'Bearer phx_mock_all' } })).json()
    expect(result.persons.body).toEqual(await get('/api/environments/1/persons/?limit=3'))
    expect(result.playlist.body).toEqual(await get(`/api/environments/1/session_recording_playlists/${result.playlistShortId}/`))
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
