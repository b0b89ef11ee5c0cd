// The msw face: request handlers that hand every request under /api/ and /_mock/ to the core app's
// `fetch`. Nothing here decides an answer; the core does, exactly as it does for the HTTP server.
// Shared by the Node entry (setupServer) and the browser entry (setupWorker).
import type { HttpHandler } from 'msw'
import { http } from './msw-version.ts'
import type { App } from '../app.ts'

/** The real service's US cloud: what PostHog clients call unless told otherwise. */
export const DEFAULT_BASE_URL = 'https://us.posthog.com'

/** Path prefixes answered by the mock; anything else is left to msw's `onUnhandledRequest`. */
export const MOCKED_PREFIXES = ['/api/', '/_mock/'] as const

export interface HandlerOptions {
  /**
   * Where the frontend sends its API calls:
   * - an origin such as `https://us.posthog.com` (the default) or `http://localhost:8010`;
   * - `'*'`: any origin;
   * - `'/'` (or `''`): relative URLs, that is the page's own origin in a browser; where there is no
   *   page (Node), any origin.
   */
  baseUrl?: string
}

/** The origin the handlers match, or null for any origin. */
export function resolveBaseUrl(baseUrl: string = DEFAULT_BASE_URL): string | null {
  if (baseUrl === '*') return null
  if (baseUrl === '' || baseUrl.startsWith('/')) {
    if (baseUrl !== '' && baseUrl !== '/') {
      throw new TypeError(
        `baseUrl "${baseUrl}": a relative base URL is "/" (the API is served at the root, under /api/)`,
      )
    }
    const page = (globalThis as { location?: { href: string } }).location
    return page ? new URL('/', page.href).origin : null
  }
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new TypeError(`baseUrl "${baseUrl}" is not an origin (e.g. https://us.posthog.com), "*" or "/"`)
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new TypeError(`baseUrl "${baseUrl}" has a path; give the origin only (the API lives under /api/ on it)`)
  }
  return url.origin
}

/**
 * msw handlers delegating to `app`. Use them with `setupServer(...handlers)` (msw/node) or
 * `setupWorker(...handlers)` (msw/browser), alone or beside your own handlers.
 */
export function createHandlers(app: App, options: HandlerOptions = {}): HttpHandler[] {
  const origin = resolveBaseUrl(options.baseUrl)
  const resolver = ({ request }: { request: Request }) => app.fetch(request)
  if (origin !== null) return MOCKED_PREFIXES.map((prefix) => http.all(`${origin}${prefix}*`, resolver))
  // Any origin: a pattern on the whole URL (`*/api/*` would also match /static/api/...), and a RegExp
  // rather than a predicate function, which older msw 2.x does not take.
  return MOCKED_PREFIXES.map((prefix) => http.all(new RegExp(`^[a-z][a-z0-9+.-]*://[^/?#]+${prefix}`), resolver))
}
