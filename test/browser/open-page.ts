// What the browser tests share: a static server on 127.0.0.1 for a page's files, and headless chromium
// opened on it with every uncaught error (`pageerror`) and console error of the page counted from the start.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { CHROMIUM } from './ensure-chromium.ts'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export type StaticFiles = Record<string, { type: string; body: string | Uint8Array }>

/** Serves `files` by path on 127.0.0.1 (anything else, /api/ included, is a 404); returns its origin. */
export async function serveStatic(files: StaticFiles): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname]
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not served by the static server')
      return
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export interface OpenedPage {
  page: Page
  /** Uncaught errors and unhandled rejections of the page. */
  pageErrors: string[]
  /** The page's console.error messages (msw's and the package's included). */
  consoleErrors: string[]
  close(): Promise<void>
}

/** Headless chromium (a fresh profile) on `url`, its errors counted from before the first script runs. */
export async function openPage(url: string): Promise<OpenedPage> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: run the tests as root once (the set-up installs it) or apt-get install chromium`,
    )
  const profile = mkdtempSync(join(tmpdir(), 'analytics-mock-chromium-'))
  let context: BrowserContext | undefined
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    })
  } catch (error) {
    rmSync(profile, { recursive: true, force: true })
    throw error
  }
  const page = context.pages()[0] ?? (await context.newPage())
  const pageErrors: string[] = []
  const consoleErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(`${error.message}\n${error.stack ?? ''}`))
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.goto(url)
  return {
    page,
    pageErrors,
    consoleErrors,
    close: async () => {
      await context!.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
