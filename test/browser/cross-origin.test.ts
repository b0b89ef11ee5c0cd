// Other web pages in the developer's browser cannot drive the mock server: headless Debian chromium
// (./ensure-chromium.ts), with evil.test resolving to 127.0.0.1, loads an attacker's page that sends
// what any page can send without a preflight (text/plain bodies, no body, the key in the body), tries
// to read the API, and, as DNS rebinding would, talks to the mock under its own name. A page of a
// frontend dev server on another port of this machine may still call the API, and only the API.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../src/app.ts'
import { serve, type RunningServer } from '../../src/server/node.ts'
import { snapshotDifference, type StoreSnapshot } from '../../src/store/snapshot.ts'
import { KEYS, testApp } from '../support.ts'
import { CHROMIUM } from './ensure-chromium.ts'

const PLAYLISTS = '/api/environments/1/session_recording_playlists/'

/** What an attacker's page runs against the mock at `mock` (an origin); it reports what it could see. */
const ATTACK = `
const mock = new URLSearchParams(location.search).get('mock')
const seen = {}
const attempt = async (name, run) => {
  try { seen[name] = await run() } catch (error) { seen[name] = 'blocked: ' + error.name }
}
await attempt('reset, text/plain', () => fetch(mock + '/_mock/reset', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{"seed":2}' }).then((r) => r.type))
await attempt('faults, no content type', () => fetch(mock + '/_mock/faults', { method: 'POST', mode: 'no-cors', body: new Blob(['{"error_rate":1}']) }).then((r) => r.type))
await attempt('reset, no body', () => fetch(mock + '/_mock/reset', { method: 'POST', mode: 'no-cors' }).then((r) => r.type))
await attempt('write with the key in the body', () =>
  fetch(mock + '${PLAYLISTS}', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ name: 'from evil', type: 'collection', personal_api_key: '${KEYS.all}' }) }).then((r) => r.type))
await attempt('read with the key in the query', () => fetch(mock + '/api/environments/1/persons/?limit=1&personal_api_key=${KEYS.all}').then((r) => r.status))
window.__seen = seen
`

const DEV_PAGE = `
const mock = new URLSearchParams(location.search).get('mock')
const seen = {}
const attempt = async (name, run) => {
  try { seen[name] = await run() } catch (error) { seen[name] = 'blocked: ' + error.name }
}
await attempt('api', () => fetch(mock + '/api/environments/1/persons/?limit=1', { headers: { authorization: 'Bearer ${KEYS.all}' } }).then((r) => r.status))
await attempt('api write', () =>
  fetch(mock + '${PLAYLISTS}', { method: 'POST', headers: { authorization: 'Bearer ${KEYS.all}', 'content-type': 'application/json' }, body: JSON.stringify({ name: 'from the dev server', type: 'collection' }) }).then((r) => r.status))
await attempt('control', () => fetch(mock + '/_mock/clock').then((r) => r.status))
window.__seen = seen
`

const page = (script: string) => `<!doctype html><html><body><script type="module">${script}</script></body></html>`

let app: App
let mock: RunningServer
let pages: Server
let pagesPort: number
let context: BrowserContext
let profile: string
let before: StoreSnapshot

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: run the tests as root once (the set-up installs it) or apt-get install chromium`,
    )
  app = await testApp()
  mock = await serve(app, { port: 0 })
  pages = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(page(req.url!.startsWith('/attack') ? ATTACK : DEV_PAGE))
  })
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
  pagesPort = (pages.address() as { port: number }).port
  profile = mkdtempSync(join(tmpdir(), 'analytics-mock-chromium-'))
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // evil.test is the attacker's name; it resolves to this machine, as it would after DNS rebinding.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--host-resolver-rules=MAP evil.test 127.0.0.1',
    ],
  })
  before = app.snapshot()
}, 120_000)

afterAll(async () => {
  await context?.close()
  await mock?.close()
  pages?.close()
  if (profile) rmSync(profile, { recursive: true, force: true })
})

async function visit(url: string): Promise<Record<string, unknown>> {
  const tab = await context.newPage()
  try {
    await tab.goto(url)
    await tab.waitForFunction(() => (window as any).__seen !== undefined, undefined, { timeout: 30_000 })
    return await tab.evaluate(() => (window as any).__seen)
  } finally {
    await tab.close()
  }
}

describe('a page of another origin in the same browser', () => {
  it('cannot reset, set faults, write (even with the key in the body) or read', async () => {
    const seen = await visit(`http://evil.test:${pagesPort}/attack?mock=${encodeURIComponent(mock.url)}`)
    // The simple requests left the browser (opaque answers); the server refused them.
    expect(seen['reset, text/plain']).toBe('opaque')
    expect(seen['read with the key in the query']).toBe('blocked: TypeError')
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
    expect(app.faults.settings.error_rate).toBe(0)
    expect(app.store.playlists.findFirst((q) => q.where({ name: 'from evil' }))).toBeUndefined()
  }, 60_000)

  it('cannot reach it under its own name either (DNS rebinding): the Host is refused', async () => {
    const port = new URL(mock.url).port
    const tab = await context.newPage()
    try {
      const document = await tab.goto(`http://evil.test:${port}/_mock/clock`)
      expect(document!.status()).toBe(403)
      expect(await document!.json()).toMatchObject({ code: 'host_not_allowed' })
      // From that document, the mock is same-origin to the browser: still refused by the server.
      const status = await tab.evaluate(() => fetch('/_mock/reset', { method: 'POST' }).then((r) => r.status))
      expect(status).toBe(403)
    } finally {
      await tab.close()
    }
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
  }, 60_000)
})

describe('a frontend dev server on another port of this machine', () => {
  it('may call the API (CORS, preflight included), and not the control API', async () => {
    const seen = await visit(`http://localhost:${pagesPort}/dev?mock=${encodeURIComponent(mock.url)}`)
    expect(seen).toEqual({ api: 200, 'api write': 201, control: 'blocked: TypeError' })
    expect(app.store.playlists.findFirst((q) => q.where({ name: 'from the dev server' }))).toBeTruthy()
  }, 60_000)
})
