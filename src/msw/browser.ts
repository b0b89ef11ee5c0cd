// msw in the browser: the mock behind `setupWorker` from msw/browser, so a frontend in development (or a
// browser test) talks to the same core through msw's service worker. Serve msw's worker script
// (`npx msw init public/`, or copy `msw/mockServiceWorker.js`) at the page's origin.
import { setupWorker, type SetupWorker, type StartOptions } from 'msw/browser'
import { createApp, type App, type AppOptions } from '../app.ts'
import { createHandlers, type HandlerOptions } from './handlers.ts'

export * from './index.ts'

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
