// The dashboard at /_mock/ui in headless Debian chromium (./ensure-chromium.ts), against the mock's
// server: it loads with no console errors; a request made with curl shows in its journal within a
// second, with the request and the answer on click; advancing the clock on the page runs a queued
// deletion and the page shows it; a fault set on the page is what the API answers; the data pages and
// searches; reset asks first. A request is found by its path or body text (among 10,000 entries, the
// search itself well under a second) and by its number; the filtered view exports as a HAR file that
// passes a HAR 1.2 schema check; "Copy as curl" gives a line that, run in a shell, gets the same status
// and body; "Send again" adds a journal entry with its answer, shown beside the original; bodies fold and
// copy a value's path; the status, duration and verdict stay in view beside an open detail. Pages of other origins (an attacker's name, a dev server on another port)
// cannot drive any of it, nor read it, nor frame it; and under its own name (DNS rebinding) the page is
// refused. With 10,000 journal entries and 100,000 persons it shows a page at a time.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../src/app.ts'
import { serve, type RunningServer } from '../../src/server/node.ts'
import { snapshotDifference, type StoreSnapshot } from '../../src/store/snapshot.ts'
import { harProblems } from '../har-schema.ts'
import { KEYS, testApp } from '../support.ts'
import { CHROMIUM } from './ensure-chromium.ts'

const run = promisify(execFile)
const API = '/api/environments/1'
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--host-resolver-rules=MAP evil.test 127.0.0.1',
]

/** curl, as a developer types it: resolves to the status it got. */
async function curl(url: string, ...args: string[]): Promise<number> {
  const { stdout } = await run('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-H',
    `Authorization: Bearer ${KEYS.all}`,
    ...args,
    url,
  ])
  return Number(stdout)
}

let profile: string
let context: BrowserContext
const consoleErrors: string[] = []

async function openPage(url: string): Promise<Page> {
  const page = await context.newPage()
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${page.url()}: ${m.text()}`))
  page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`))
  await page.goto(url)
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 })
  return page
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: run the tests as root once (the set-up installs it) or apt-get install chromium`,
    )
  profile = mkdtempSync(join(tmpdir(), 'analytics-mock-chromium-'))
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS })
}, 120_000)

afterAll(async () => {
  await context?.close()
  if (profile) rmSync(profile, { recursive: true, force: true })
})

describe('the dashboard, driven in chromium', () => {
  let app: App
  let mock: RunningServer
  let page: Page
  let seeded: StoreSnapshot

  beforeAll(async () => {
    app = await testApp()
    mock = await serve(app, { port: 0 })
    seeded = app.snapshot()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: mock.url })
    page = await openPage(`${mock.url}/_mock/ui`)
  }, 120_000)
  afterAll(async () => {
    await page?.close()
    await mock?.close()
  })

  it('loads with no console errors, showing the scenario and the clock', async () => {
    await expect.poll(() => page.textContent('#about')).toContain('scenario "default", seed 1')
    await expect.poll(() => page.textContent('#clock-now')).toBe('2026-11-01 00:00:00 UTC (frozen)')
    expect(consoleErrors).toEqual([])
  })

  it('shows a request made with curl within a second, and its request and answer on click', async () => {
    expect(await curl(`${mock.url}${API}/persons/?search=from-curl&limit=3`)).toBe(200)
    const done = Date.now()
    const row = page.locator('#journal tbody tr', { hasText: 'search=from-curl' })
    await row.waitFor({ timeout: 1_000 })
    expect(Date.now() - done).toBeLessThan(1_000)
    const cells = await row.locator('td').allTextContents()
    expect(cells.slice(2)).toEqual([
      'GET',
      `${API}/persons/?search=from-curl&limit=3`,
      'persons_list',
      '200',
      expect.any(String),
      'phx_..._all',
      '✓ passed',
    ])
    await row.click()
    await expect.poll(() => page.textContent('#journal-detail h2')).toBe(`GET ${API}/persons/`)
    expect(JSON.parse((await page.textContent('#journal-detail .query'))!)).toEqual({ search: 'from-curl', limit: '3' })
    const answer = JSON.parse((await page.textContent('#journal-detail .response-body'))!)
    expect(answer).toMatchObject({ count: 0, results: [] })
    expect(await page.textContent('#journal-detail .headers')).toBe('content-type: application/json')
  })

  it('shows a request with no query and an answer with no headers without a stray "null"', async () => {
    expect(await curl(`${mock.url}/_mock/journal`, '-X', 'DELETE')).toBe(204) // a 204: no body, no headers
    expect(await curl(`${mock.url}${API}/persons/1/`)).toBe(200) // no query
    for (const path of ['/_mock/journal', `${API}/persons/1/`]) {
      const row = page
        .locator('#journal tbody tr', { has: page.locator('td.path', { hasText: new RegExp(`^${path}$`) }) })
        .first()
      await row.click()
      await expect
        .poll(() => page.textContent('#journal-detail h2'))
        .toBe(`${path === '/_mock/journal' ? 'DELETE' : 'GET'} ${path}`)
      const strays = await page.evaluate(() =>
        [...document.querySelectorAll('#journal-detail, #journal-detail .answer')].flatMap((node) =>
          [...node.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent),
        ),
      )
      expect(strays).toEqual([])
      expect(await page.locator('#journal-detail .query').count()).toBe(0)
    }
    expect(await page.textContent('#journal-detail .original .response-body')).toContain('"distinct_ids"')
  })

  it('keeps the status, duration and contract verdict in view beside an open detail', async () => {
    const row = page.locator('#journal tbody tr.selected')
    const pane = await page.locator('.split .scroll').first().boundingBox()
    for (const name of ['status', 'ms', 'verdict']) {
      const box = await row.locator(`td.${name}`).boundingBox()
      expect(box, name).not.toBeNull()
      expect(box!.width, name).toBeGreaterThan(10)
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(pane!.x + pane!.width)
    }
    expect(await row.locator('td.verdict').textContent()).toBe('✓ passed')
  })

  it('folds and unfolds a JSON body, and copies the path of a value', async () => {
    expect(await curl(`${mock.url}${API}/persons/?limit=2`)).toBe(200)
    await page
      .locator('#journal tbody tr', {
        has: page.locator('td.path', { hasText: /^\/api\/environments\/1\/persons\/\?limit=2$/ }),
      })
      .first()
      .click()
    const tree = page.locator('#journal-detail .original .tree')
    const results = tree
      .locator('details', { has: page.locator(':scope > summary > .key', { hasText: /^results$/ }) })
      .first()
    await expect.poll(() => results.getAttribute('open')).toBe('')
    await results.locator(':scope > summary > .shape').click()
    await expect.poll(() => results.getAttribute('open')).toBeNull()
    await results.locator(':scope > summary > .shape').click()
    const first = results.locator(':scope > details').first()
    await first.locator(':scope > summary > .shape').click() // the third level is made when it is opened
    await first
      .locator('.key', { hasText: /^distinct_ids$/ })
      .first()
      .click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('.results[0].distinct_ids')
    await expect.poll(() => page.textContent('#notice')).toBe('Copied the path .results[0].distinct_ids.')
  })

  it('copies a request as a curl line that, run in a shell, gets the same status and body; the key never in it', async () => {
    expect(await curl(`${mock.url}${API}/persons/?limit=2&search=a`)).toBe(200)
    const row = page
      .locator('#journal tbody tr', { has: page.locator('td.path', { hasText: /persons\/\?limit=2&search=a$/ }) })
      .first()
    const id = Number(await row.getAttribute('data-id'))
    await row.click()
    await page.click('#journal-detail button.copy-curl')
    await expect.poll(() => page.textContent('#journal-detail pre.curl')).toMatch(/^curl /)
    const line = await page.evaluate(() => navigator.clipboard.readText())
    expect(line).toBe(await page.textContent('#journal-detail pre.curl'))
    expect(line).not.toContain(KEYS.all)
    const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-curl-'))
    try {
      const { stdout } = await run('sh', ['-c', `${line} -s -o ${dir}/body -w '%{http_code}'`], {
        env: { ...process.env, POSTHOG_PERSONAL_API_KEY: KEYS.all },
      })
      const original = app.journal.get(id)!
      expect(Number(stdout)).toBe(original.status)
      expect(JSON.parse(readFileSync(join(dir, 'body'), 'utf8'))).toEqual(original.response.body)
      expect((original.response.body as any).results.length).toBeGreaterThan(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('sends a request again, as it was or changed, adding a journal entry with its answer shown beside the original', async () => {
    expect(await curl(`${mock.url}${API}/persons/3/`)).toBe(200)
    const row = page
      .locator('#journal tbody tr', { has: page.locator('td.path', { hasText: /persons\/3\/$/ }) })
      .first()
    const id = Number(await row.getAttribute('data-id'))
    await row.click()
    await page.click('#journal-detail button.send-again')
    await page.click('#journal-detail .send-form button.send')
    const again = page.locator('#journal-detail .answers.compare .again h3')
    await expect.poll(() => again.textContent()).toMatch(/^Sent again \(#\d+\): 200$/)
    const newId = Number((await again.textContent())!.match(/#(\d+)/)![1])
    expect(newId).toBeGreaterThan(id)
    const entry = app.journal.get(newId)!
    expect(entry).toMatchObject({ method: 'GET', path: `${API}/persons/3/`, status: 200, key: 'phx_..._all' })
    expect(entry.response.body).toEqual(app.journal.get(id)!.response.body)
    expect(JSON.parse((await page.textContent('#journal-detail .again .response-body'))!)).toEqual(entry.response.body)
    expect(await page.locator('#journal-detail .answers.compare .original h3').textContent()).toBe('Response 200')
    await page
      .locator('#journal tbody tr', { has: page.locator('td:first-child', { hasText: new RegExp(`^${newId}$`) }) })
      .waitFor({ timeout: 5_000 })
    // Changed: another person.
    await page.click('#journal-detail button.send-again')
    await page.fill('#journal-detail .send-target', `${API}/persons/2/`)
    await page.click('#journal-detail .send-form button.send')
    await expect.poll(() => again.textContent()).toMatch(new RegExp(`^Sent again \\(#${newId + 1}\\): 200$`))
    expect(app.journal.latest()).toMatchObject({
      id: newId + 1,
      path: `${API}/persons/2/`,
      status: 200,
      key: 'phx_..._all',
    })
  })

  it('exports the filtered view as a HAR file that passes a HAR 1.2 schema check', async () => {
    await page.fill('#journal-path', 'persons/3')
    await page.fill('#journal-status', '2xx')
    await page.press('#journal-status', 'Enter')
    await expect
      .poll(() => page.locator('#journal tbody tr td.path').allTextContents())
      .toEqual([`${API}/persons/3/`, `${API}/persons/3/`])
    const shown = (
      await page
        .locator('#journal tbody tr')
        .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.id)))
    ).reverse()
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#journal-har')])
    expect(download.suggestedFilename()).toBe('analytics-mock.har')
    const harPath = (await download.path())!
    const har = JSON.parse(readFileSync(harPath, 'utf8'))
    expect(harProblems(har)).toEqual([])
    // And a HAR consumer in Chromium reads it: Playwright answers a page's requests from the file (the
    // mock itself would answer this one, sent without a key, 401).
    const tab = await context.newPage()
    try {
      await tab.routeFromHAR(harPath, { url: '**/api/environments/**', notFound: 'abort' })
      await tab.goto(`${mock.url}/_mock/ui/dashboard.css`)
      const replayed = await tab.evaluate(() =>
        fetch('/api/environments/1/persons/3/').then(async (r) => [r.status, await r.json()]),
      )
      expect(replayed).toEqual([200, JSON.parse(har.log.entries[0].response.content.text)])
    } finally {
      await tab.close()
    }
    expect(har.log.entries.map((e: any) => e.response.status)).toEqual([200, 200])
    expect(har.log.entries.map((e: any) => Number(e.comment.match(/#(\d+)/)[1]))).toEqual(shown)
    expect(har.log.entries[0].request.url).toMatch(new RegExp(`^${mock.url}/api/environments/1/persons/`))
    expect(JSON.stringify(har)).not.toContain(KEYS.all)
    await page.fill('#journal-path', '')
    await page.fill('#journal-status', '')
    await page.press('#journal-status', 'Enter')
  })

  it('filters the journal by operation and status', async () => {
    expect(await curl(`${mock.url}${API}/persons/999999/`)).toBe(404)
    await page.locator('#journal tbody tr', { hasText: '/persons/999999/' }).waitFor({ timeout: 5_000 })
    await page.fill('#journal-status', '4xx')
    await page.press('#journal-status', 'Enter')
    await expect
      .poll(async () => (await page.locator('#journal tbody tr td:nth-child(6)').allTextContents()).join())
      .toBe('404')
    await page.fill('#journal-status', '')
    await page.press('#journal-status', 'Enter')
    await page.selectOption('#journal-operation', 'persons_list')
    await expect
      .poll(async () => new Set(await page.locator('#journal tbody tr td:nth-child(5)').allTextContents()))
      .toEqual(new Set(['persons_list']))
    await page.selectOption('#journal-operation', '')
  })

  it('advancing the clock on the page runs a queued event deletion, and the page shows it', async () => {
    const person = app.store.persons.list(1)[0]!
    expect(app.store.events.forPerson(person.uuid).length).toBeGreaterThan(0)
    expect(await curl(`${mock.url}${API}/persons/${person.id}/delete_events/`, '-X', 'POST')).toBe(200)
    await page.click('#tabs button[data-tab=clock]')
    const task = page.locator('#tasks tbody tr').first()
    await expect.poll(() => task.getAttribute('data-state')).toBe('queued')
    expect(await task.locator('td').nth(3).textContent()).toBe(String(person.id))
    await page.click('button[data-advance="P1D"]')
    await expect.poll(() => task.getAttribute('data-state')).toBe('done')
    expect(await task.locator('td').nth(8).textContent()).toMatch(/^\d+ events deleted$/)
    expect(await page.textContent('#clock-ran')).toMatch(
      /^Advanced by P1D: now 2026-11-02T00:00:00Z; ran #\d+ \(\d+ events deleted\)\.$/,
    )
    expect(app.store.events.forPerson(person.uuid)).toHaveLength(0)
    expect((await (await fetch(`${mock.url}/_mock/clock`)).json()).now).toBe('2026-11-02T00:00:00Z')
  })

  it('a fault set on the page is what the API answers, until it is cleared there', async () => {
    await page.click('#tabs button[data-tab=faults]')
    await page.selectOption('#fault-operations', ['persons_list'])
    await page.fill('#fault-rate', '1')
    await page.selectOption('#fault-status', '503')
    await page.click('#faults-form button[type=submit]')
    await expect.poll(() => page.textContent('#faults-state')).toBe('100% answered 503 on persons_list')
    expect(await curl(`${mock.url}${API}/persons/`)).toBe(503)
    expect(await curl(`${mock.url}${API}/persons/1/`)).toBe(200)
    await page.click('#faults-clear')
    await expect.poll(() => page.textContent('#faults-state')).toBe('none')
    expect(await curl(`${mock.url}${API}/persons/`)).toBe(200)
  })

  it('pages and searches the data, and shows a playlist with its items', async () => {
    await page.click('#tabs button[data-tab=data]')
    await expect.poll(() => page.textContent('#data-summary')).toBe('1–50 of 200')
    expect(await page.locator('#data-table tbody tr').count()).toBe(50)
    await page.click('#data-next')
    await expect.poll(() => page.textContent('#data-summary')).toBe('51–100 of 200')
    const email = app.store.persons.list(1)[7]!.properties.email as string
    await page.fill('#data-search', email)
    await expect.poll(() => page.locator('#data-table tbody tr').count()).toBe(1)
    expect(await page.textContent('#data-table tbody tr td:nth-child(2)')).toBe(email)
    await page.fill('#data-search', '')
    await page.click('#data-filters [data-kind=playlists]')
    const pinned = page.locator('#data-table tbody tr', { hasText: 'Checkout friction' })
    await pinned.click()
    await expect.poll(() => page.locator('#data-detail table.items tbody tr').count()).toBe(4)
    await page.click('#data-filters [data-kind=recordings]')
    await expect.poll(() => page.textContent('#data-summary')).toBe('1–50 of 300')
  })

  it('shows what callers sent as text, never as markup', async () => {
    const hostile = '<img src=x onerror=window.__pwned=1>'
    expect(
      await curl(
        `${mock.url}${API}/session_recording_playlists/`,
        '-X',
        'POST',
        '-H',
        'content-type: application/json',
        '-d',
        JSON.stringify({ name: hostile, type: 'collection' }),
      ),
    ).toBe(201)
    await page.click('#tabs button[data-tab=requests]')
    const row = page.locator('#journal tbody tr', {
      has: page.locator('td.path', { hasText: /session_recording_playlists\/$/ }),
    })
    await row.click()
    await expect.poll(() => page.textContent('#journal-detail .request-body')).toContain(hostile)
    expect(await page.locator('#journal-detail img').count()).toBe(0)
    expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined()
  })

  it('resets to the seed with one button, after asking', async () => {
    await page.click('#reset-open')
    expect(await page.isVisible('#reset-dialog')).toBe(true)
    await page.click('#reset-cancel')
    expect(await page.isVisible('#reset-dialog')).toBe(false)
    expect(snapshotDifference(seeded, app.snapshot())).not.toBeNull()
    await page.click('#reset-open')
    await page.click('#reset-confirm')
    await expect.poll(() => page.textContent('#notice')).toBe('Reset to the seeded data: scenario "default", seed 1.')
    expect(snapshotDifference(seeded, app.snapshot())).toBeNull()
    await expect
      .poll(async () => (await page.locator('#journal tbody tr td:nth-child(5)').allTextContents()).join())
      .toBe('mock_reset')
    expect(consoleErrors).toEqual([])
  })
})

/** What a page of another origin tries against the mock at `mock`; it reports what happened to each attempt. */
const ATTACK = `
const mock = new URLSearchParams(location.search).get('mock')
const seen = {}
const attempt = async (name, run) => {
  try { seen[name] = await run() } catch (error) { seen[name] = 'blocked: ' + error.name }
}
const json = (method, body) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const simple = (method, body) => ({ method, mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) })
await attempt('advance the clock, JSON', () => fetch(mock + '/_mock/clock', json('POST', { advance: 'P30D' })).then((r) => r.status))
await attempt('advance the clock, text/plain', () => fetch(mock + '/_mock/clock', simple('POST', { advance: 'P30D' })).then((r) => r.type))
await attempt('set faults, text/plain', () => fetch(mock + '/_mock/faults', simple('POST', { error_rate: 1 })).then((r) => r.type))
await attempt('clear faults', () => fetch(mock + '/_mock/faults', { method: 'DELETE' }).then((r) => r.status))
await attempt('reset, no body', () => fetch(mock + '/_mock/reset', { method: 'POST', mode: 'no-cors' }).then((r) => r.type))
await attempt('clear the journal', () => fetch(mock + '/_mock/journal', { method: 'DELETE' }).then((r) => r.status))
await attempt('read the journal', () => fetch(mock + '/_mock/journal').then((r) => r.status))
await attempt('read an answer', () => fetch(mock + '/_mock/journal/1').then((r) => r.status))
await attempt('export the journal', () => fetch(mock + '/_mock/journal/har').then((r) => r.status))
await attempt('send a request again, JSON', () => fetch(mock + '/_mock/ui/send', json('POST', { id: 1 })).then((r) => r.status))
await attempt('send a request again, text/plain', () => fetch(mock + '/_mock/ui/send', simple('POST', { id: 1 })).then((r) => r.type))
await attempt('read the persons', () => fetch(mock + '/_mock/projects/1/persons').then((r) => r.status))
await attempt('load the script', () => new Promise((resolve) => {
  const script = document.createElement('script')
  script.src = mock + '/_mock/ui/dashboard.js'
  script.onload = () => resolve('loaded')
  script.onerror = () => resolve('blocked')
  document.head.append(script)
}))
await attempt('frame the page', () => new Promise((resolve) => {
  const frame = document.createElement('iframe')
  frame.src = mock + '/_mock/ui'
  frame.onload = () => { try { resolve(frame.contentDocument ? 'readable' : 'opaque') } catch { resolve('opaque') } }
  document.body.append(frame)
}))
await attempt('submit a form', () => new Promise((resolve) => {
  const target = document.createElement('iframe')
  target.name = 'sink'
  target.onload = () => resolve('sent')
  document.body.append(target)
  const form = document.createElement('form')
  form.method = 'POST'
  form.action = mock + '/_mock/reset'
  form.enctype = 'text/plain'
  form.target = 'sink'
  const field = document.createElement('input')
  field.name = '{"seed":2,"x":"'
  field.value = '"}'
  form.append(field)
  document.body.append(form)
  form.submit()
}))
window.__seen = seen
`

describe('pages of other origins', () => {
  let app: App
  let mock: RunningServer
  let pages: Server
  let pagesPort: number

  beforeAll(async () => {
    app = await testApp()
    mock = await serve(app, { port: 0 })
    pages = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html><html><body><script type="module">${ATTACK}</script></body></html>`)
    })
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
    pagesPort = (pages.address() as { port: number }).port
  }, 60_000)
  afterAll(async () => {
    await mock?.close()
    pages?.close()
  })

  it.each([
    ["an attacker's site", 'evil.test'],
    ['a frontend dev server on another port of this machine', 'localhost'],
  ])(
    "%s can neither drive the dashboard's calls, nor read them, nor load or frame the page",
    async (_, host) => {
      // An entry a page could try to send again.
      expect(
        (
          await app.handle({
            method: 'GET',
            url: new URL(`http://127.0.0.1${API}/persons/1/`),
            headers: { authorization: `Bearer ${KEYS.all}` },
          })
        ).status,
      ).toBe(200)
      const before = app.snapshot()
      const journaled = app.journal.latest()!.id
      const clock = app.clock.iso()
      const tab = await context.newPage()
      try {
        await tab.goto(`http://${host}:${pagesPort}/?mock=${encodeURIComponent(mock.url)}`)
        await tab.waitForFunction(() => (window as any).__seen !== undefined, undefined, { timeout: 30_000 })
        const seen = await tab.evaluate(() => (window as any).__seen)
        expect(seen).toEqual({
          'advance the clock, JSON': 'blocked: TypeError', // its preflight is refused
          'advance the clock, text/plain': 'opaque', // sent, and refused by the server
          'set faults, text/plain': 'opaque',
          'clear faults': 'blocked: TypeError', // a DELETE needs a preflight, which is refused
          'reset, no body': 'opaque',
          'clear the journal': 'blocked: TypeError',
          'read the journal': 'blocked: TypeError',
          'read an answer': 'blocked: TypeError',
          'export the journal': 'blocked: TypeError',
          'send a request again, JSON': 'blocked: TypeError', // its preflight is refused
          'send a request again, text/plain': 'opaque', // sent, and refused by the server
          'read the persons': 'blocked: TypeError',
          'load the script': 'blocked',
          'frame the page': 'opaque',
          'submit a form': 'sent',
        })
        // The framed page never ran: no frame holds a dashboard that started.
        for (const frame of tab.frames())
          expect(await frame.evaluate(() => document.body?.dataset.ready ?? null).catch(() => null)).toBeNull()
      } finally {
        await tab.close()
      }
      expect(snapshotDifference(before, app.snapshot())).toBeNull()
      expect(app.clock.iso()).toBe(clock)
      expect(app.faults.settings).toMatchObject({ error_rate: 0, latency_ms: 0 })
      expect(app.journal.entries().filter((e) => e.operation_id?.startsWith('mock_'))).toEqual([])
      expect(app.journal.latest()!.id).toBe(journaled) // nothing sent again
    },
    60_000,
  )

  it('under its own name (DNS rebinding), the page and its calls are refused by the Host check', async () => {
    const port = new URL(mock.url).port
    const tab = await context.newPage()
    try {
      const document = await tab.goto(`http://evil.test:${port}/_mock/ui`)
      expect(document!.status()).toBe(403)
      expect(await document!.json()).toMatchObject({ code: 'host_not_allowed' })
      const status = await tab.evaluate(() =>
        fetch('/_mock/clock', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"advance":"P30D"}',
        }).then((r) => r.status),
      )
      expect(status).toBe(403)
    } finally {
      await tab.close()
    }
  })
})

describe('with 10,000 journal entries and 100,000 persons', () => {
  let app: App
  let mock: RunningServer
  let page: Page

  beforeAll(async () => {
    app = await testApp({ size: { persons: 100_000, eventsPerPerson: 1 }, journalSize: 10_000 })
    for (let i = 0; i < 10_000; i++) {
      const headers = { authorization: `Bearer ${KEYS.all}`, 'content-type': 'application/json' }
      // Entry 5,000 is the one to find: a PATCH whose body holds a text no other entry has.
      if (i === 4_999)
        await app.handle({
          method: 'PATCH',
          url: new URL(`http://127.0.0.1${API}/persons/7/`),
          headers,
          body: JSON.stringify({ properties: { ticket: 'needle-4999-in-the-haystack' } }),
        })
      else
        await app.handle({ method: 'GET', url: new URL(`http://127.0.0.1${API}/persons/${(i % 997) + 1}/`), headers })
    }
    mock = await serve(app, { port: 0 })
    page = await openPage(`${mock.url}/_mock/ui`)
  }, 180_000)
  afterAll(async () => {
    await page?.close()
    await mock?.close()
  })

  it('shows the journal a page of 100 at a time, newest first, and pages back through it', async () => {
    await expect.poll(() => page.textContent('#journal-summary')).toBe('10,000 matching; showing #9,901–10,000')
    expect(await page.locator('#journal tbody tr').count()).toBe(100)
    expect(await page.getAttribute('#journal tbody tr:first-child', 'data-id')).toBe('10000')
    for (let i = 0; i < 3; i++) await page.click('#journal-older')
    await expect
      .poll(() => page.textContent('#journal-summary'))
      .toBe('10,000 matching; showing #9,601–9,700 (an older page: not live)')
    expect(await page.locator('#journal tbody tr').count()).toBe(100)
    await page.click('#journal-newer')
    await expect.poll(() => page.getAttribute('#journal tbody tr:first-child', 'data-id')).toBe('9800')
    await page.fill('#journal-status', '404')
    await page.press('#journal-status', 'Enter')
    await expect.poll(() => page.textContent('#journal-summary')).toBe('0 matching; showing none')
  })

  it('finds a request by a text in its body among them, the search answered well under a second', async () => {
    await page.fill('#journal-status', '')
    await page.press('#journal-status', 'Enter')
    await expect.poll(() => page.textContent('#journal-summary')).toBe('10,000 matching; showing #9,901–10,000')
    const asked = page.waitForRequest((r) => r.url().includes('text=needle-4999'))
    const answered = page.waitForResponse((r) => r.url().includes('text=needle-4999'))
    await page.fill('#journal-text', 'needle-4999')
    const request = await asked
    const started = Date.now()
    const response = await answered
    // The PATCH's body, and the newest GET of that person (its answer, kept, holds what the PATCH set).
    await expect
      .poll(() =>
        page.locator('#journal tbody tr').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.id)),
      )
      .toEqual(['9977', '5000'])
    const shown = Date.now() - started
    // The search request itself: sent, searched over the 10,000 entries, answered.
    const timing = request.timing()
    expect(response.status()).toBe(200)
    expect(timing.responseEnd).toBeGreaterThan(0)
    expect(timing.responseEnd).toBeLessThan(1_000)
    expect(shown).toBeLessThan(1_000)
    expect(await page.locator('#journal tbody tr td:nth-child(3)').allTextContents()).toEqual(['GET', 'PATCH'])
    expect(await page.textContent('#journal-summary')).toMatch(/^2 matching/)
    await page.fill('#journal-text', '')
    await expect.poll(() => page.textContent('#journal-summary')).toBe('10,000 matching; showing #9,901–10,000')
  })

  it('goes to an entry by its number, its detail open', async () => {
    await page.fill('#journal-goto', '5000')
    await page.press('#journal-goto', 'Enter')
    await expect
      .poll(() => page.textContent('#journal-summary'))
      .toBe('10,000 matching; showing #4,901–5,000 (an older page: not live)')
    await expect.poll(() => page.textContent('#journal-detail h2')).toBe(`PATCH ${API}/persons/7/`)
    expect(await page.getAttribute('#journal tbody tr.selected', 'data-id')).toBe('5000')
    await page.click('#journal-newer')
    await expect
      .poll(() => page.textContent('#journal-summary'))
      .toBe('10,000 matching; showing #5,001–5,100 (an older page: not live)')
  })

  it('shows the persons 50 at a time, and finds one among them', async () => {
    await page.click('#tabs button[data-tab=data]')
    await expect.poll(() => page.textContent('#data-summary')).toBe('1–50 of 100,000')
    expect(await page.locator('#data-table tbody tr').count()).toBe(50)
    await page.click('#data-next')
    await expect.poll(() => page.textContent('#data-summary')).toBe('51–100 of 100,000')
    const person = app.store.persons.list(1)[54_321]!
    await page.fill('#data-search', person.distinct_ids[0]!)
    await expect
      .poll(() => page.textContent('#data-table tbody tr td:first-child'), { timeout: 15_000 })
      .toBe(String(person.id))
    // Never all rendered: the whole document holds a page of each list.
    expect(await page.evaluate(() => document.querySelectorAll('tr').length)).toBeLessThan(250)
    expect(consoleErrors).toEqual([])
  })
})
