// Helpers for the project's own tests: an app and a small client that speaks to its Fetch face.
import { createServer } from 'node:net'
import { createApp, type App, type AppOptions } from '../src/app.ts'
import { contractViolations } from './contract-violations.ts'

/**
 * Apps made with `testApp`/`testClient` record their contract violations (unless a test passes its own
 * `onViolation`); test/setup.ts asserts after every test that there were none, so every response in
 * every test passes the contract validator.
 */
export { contractViolations }

export function testApp(options: AppOptions = {}): Promise<App> {
  return createApp({ onViolation: (v) => contractViolations.push(v), ...options })
}

export const ORIGIN = 'http://127.0.0.1:8010'
export const KEYS = {
  all: 'phx_mock_all',
  read: 'phx_mock_read',
  project2: 'phx_mock_project2',
  legacy: 'phx_mock_legacy',
} as const

export interface TestResponse<T = any> {
  status: number
  headers: Headers
  /** Parsed JSON when the body is JSON, else the text ('' when empty). */
  body: T
  text: string
}

export interface TestClient {
  app: App
  request<T = any>(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>
  get<T = any>(path: string, key?: string | null): Promise<TestResponse<T>>
  post<T = any>(path: string, body?: unknown, key?: string | null): Promise<TestResponse<T>>
  patch<T = any>(path: string, body?: unknown, key?: string | null): Promise<TestResponse<T>>
  delete<T = any>(path: string, key?: string | null): Promise<TestResponse<T>>
}

export function clientFor(app: App, defaultKey: string = KEYS.all): TestClient {
  async function request(
    method: string,
    path: string,
    options: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers }
    const key = options.key === undefined ? defaultKey : options.key
    if (key) headers.authorization = `Bearer ${key}`
    let body: string | undefined = options.rawBody
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await app.fetch(new Request(ORIGIN + path, { method, headers, body }))
    const text = await res.text()
    let parsed: any = text
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text)
    return { status: res.status, headers: res.headers, body: parsed, text }
  }
  return {
    app,
    request,
    get: (path, key) => request('GET', path, { key }),
    post: (path, body, key) => request('POST', path, { body, key }),
    patch: (path, body, key) => request('PATCH', path, { body, key }),
    delete: (path, key) => request('DELETE', path, { key }),
  }
}

export async function testClient(options: AppOptions = {}, defaultKey?: string): Promise<TestClient> {
  return clientFor(await testApp(options), defaultKey)
}

/** A loopback port that was free a moment ago (nothing listens there until someone takes it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
  })
}
