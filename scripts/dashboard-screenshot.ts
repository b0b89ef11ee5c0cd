// Takes docs/dashboard.png: the dashboard in headless chromium over a mock with some traffic, one
// request sent again and shown beside the original. Run: npx tsx scripts/dashboard-screenshot.ts
import { chromium } from 'playwright-core'
import { createApp } from '../src/app.ts'
import { serve } from '../src/server/node.ts'

const API = '/api/environments/1'
const headers = { authorization: 'Bearer phx_mock_all', 'content-type': 'application/json' }

const app = await createApp()
const mock = await serve(app, { port: 0 })
const send = (method: string, path: string, body?: unknown) =>
  fetch(`${mock.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
try {
  await send('GET', `${API}/persons/?limit=2`)
  await send('GET', `${API}/persons/?search=ada`)
  await send('PATCH', `${API}/persons/3/`, { properties: { plan: 'pro' } })
  await send('GET', `${API}/persons/999999/`)
  await send('GET', `${API}/session_recording_playlists/?limit=5`)
  await send('POST', `${API}/session_recording_playlists/`, { name: 'Checkout drop-offs', type: 'collection' })
  await send('GET', `${API}/persons/3/`)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const page = await browser.newPage({ viewport: { width: 1400, height: 820 } })
  await page.goto(`${mock.url}/_mock/ui`)
  await page.waitForSelector('body[data-ready]')
  await page
    .locator('#journal tbody tr', { has: page.locator('td.path', { hasText: /persons\/3\/$/ }) })
    .first()
    .click()
  await page.click('#journal-detail button.send-again')
  await page.click('#journal-detail .send-form button.send')
  await page.waitForSelector('#journal-detail .answers.compare .again')
  await page.waitForSelector('#journal tbody tr[data-id="8"]') // the entry it made, shown live
  await page.waitForTimeout(1600) // the new row's highlight fades
  await page.screenshot({ path: 'docs/dashboard.png' })
  await browser.close()
} finally {
  await mock.close()
}
