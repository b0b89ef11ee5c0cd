// msw in the browser: the mock behind `setupWorker` from msw/browser, so a frontend in development (or a
// browser test) talks to the same core through msw's service worker. Serve msw's worker script
// (`npx msw init public/`, or copy `msw/mockServiceWorker.js`) at the page's origin.
//
// This entry holds only the handlers and msw's worker: the mock itself (src/app.ts: the core, the store, and
// the contract and the seed it loads when an app is created) is imported when createApp or startMockWorker
// runs, so a bundler gives it chunks of its own, none of them over its size warning, instead of one over 500 kB.
import { setupWorker, type SetupWorker, type StartOptions } from 'msw/browser'
import type { App, AppOptions } from '../app.ts'
import { createHandlers, type HandlerOptions } from './handlers.ts'

export { createHandlers, resolveBaseUrl, DEFAULT_BASE_URL, MOCKED_PREFIXES, type HandlerOptions } from './handlers.ts'
export type { App, AppOptions }
export type * from '../contract/api-types.ts'

/** The mock's app (as `createApp` from analytics-mock/msw), its code loaded on the first call. */
export async function createApp(options: AppOptions = {}): Promise<App> {
  const app = await import('../app.ts')
  return app.createApp(options)
}

export interface MockWorker {
  /** msw's worker, already started. */
  worker: SetupWorker
  app: App
  handlers: ReturnType<typeof createHandlers>
}

export interface MockWorkerOptions extends AppOptions, HandlerOptions {
  /** Passed to `worker.start()` (serviceWorker.url, onUnhandledRequest, quiet...). */
  start?: StartOptions
}

/**
 * Builds the mock in the page and starts msw's service worker around its handlers.
 * The base URL defaults to https://us.posthog.com; pass `baseUrl: '/'` when the frontend calls relative URLs.
 */
export async function startMockWorker(options: MockWorkerOptions = {}): Promise<MockWorker> {
  const app = await createApp(options)
  const handlers = createHandlers(app, options)
  const worker = setupWorker(...handlers)
  await worker.start(options.start)
  return { worker, app, handlers }
}
