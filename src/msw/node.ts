// msw in Node (tests under vitest, jest, node:test...): the mock behind `setupServer` from msw/node.
import { setupServer, type SetupServer } from 'msw/node'
import { createApp, type App, type AppOptions } from '../app.ts'
import { createHandlers, type HandlerOptions } from './handlers.ts'

export * from './index.ts'

export interface MockServer {
  /** msw's server: call `listen({ onUnhandledRequest })`, `resetHandlers()`, `close()` as usual. */
  server: SetupServer
  /** The core app answering the intercepted requests (store, clock, journal, reset). */
  app: App
  handlers: ReturnType<typeof createHandlers>
}

/**
 * Creates the mock and an msw server around its handlers (not yet listening).
 * `extraHandlers` go first, so they can override single operations (e.g. force an error).
 */
export async function setupMockServer(
  options: AppOptions & HandlerOptions = {},
  ...extraHandlers: Parameters<typeof setupServer>
): Promise<MockServer> {
  const app = await createApp(options)
  const handlers = createHandlers(app, options)
  return { server: setupServer(...extraHandlers, ...handlers), app, handlers }
}
