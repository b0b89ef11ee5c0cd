// In-process: the same calls through the msw handlers (msw/node's setupServer intercepting global
// fetch) vs bare msw `http.get` handlers answering the very bytes the mock answered (msw's own cost:
// the ceiling of the msw face; target <= 1.5x), and vs the core's own `fetch` directly, alternating
// rounds; and `app.reset()` of the default dataset, which a test suite runs before every test.
import { http, HttpResponse, type RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { createApp, type App } from '../../src/app.ts'
import { createHandlers } from '../../src/msw/handlers.ts'
import { fmt, percentile, timeEach, verdict, type BenchConfig, type Row } from './harness.ts'

const ORIGIN = 'https://us.posthog.com'
const CALLS = 1_000
const RESET_TARGET_MS = 5
const MSW_RATIO_TARGET = 1.5
const HEADERS = { authorization: 'Bearer phx_mock_all' }
const PATHS = [
  '/api/environments/1/persons/1/',
  '/api/environments/1/persons/?limit=10',
  '/api/environments/1/session_recording_playlists/?limit=10',
]

async function call(doFetch: (r: Request) => Promise<Response>, i: number): Promise<void> {
  const res = await doFetch(new Request(ORIGIN + PATHS[i % PATHS.length], { headers: HEADERS }))
  if (res.status !== 200) throw new Error(`${PATHS[i % PATHS.length]}: ${res.status}`)
  await res.text()
}

/** Bare msw handlers, one `http.get` per path, each answering the bytes `app` answered there. */
async function bareHandlers(app: App): Promise<RequestHandler[]> {
  const handlers: RequestHandler[] = []
  for (const path of PATHS) {
    const res = await app.fetch(new Request(ORIGIN + path, { headers: HEADERS }))
    const body = new Uint8Array(await res.arrayBuffer())
    const headers = { 'content-type': res.headers.get('content-type') ?? 'application/json' }
    handlers.push(
      http.get(ORIGIN + new URL(ORIGIN + path).pathname, () => new HttpResponse(body, { status: res.status, headers })),
    )
  }
  return handlers
}

export async function runInProcess(config: BenchConfig): Promise<Row[]> {
  const rows: Row[] = []
  const app = await createApp({})
  // One msw server intercepting global fetch; each round installs the handlers it measures.
  const face = createHandlers(app, { baseUrl: ORIGIN })
  const bare = await bareHandlers(app)
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const viaMsw = (handlers: RequestHandler[]) => () => server.resetHandlers(...handlers)
    const sides = {
      direct: { before: () => server.resetHandlers(), fetch: (r: Request) => app.fetch(r) },
      msw: { before: viaMsw(face), fetch: (r: Request) => fetch(r) },
      bare: { before: viaMsw(bare), fetch: (r: Request) => fetch(r) },
    }
    const rounds = Math.max(2, config.rounds)
    for (const side of Object.values(sides)) {
      side.before()
      for (let i = 0; i < 200; i++) await call(side.fetch, i)
    }
    const times = { msw: [] as number[], direct: [] as number[], bare: [] as number[] }
    for (let round = 0; round < rounds; round++) {
      for (const name of ['bare', 'msw', 'direct'] as const) {
        sides[name].before()
        const started = performance.now()
        for (let i = 0; i < CALLS; i++) await call(sides[name].fetch, i)
        times[name].push(performance.now() - started)
      }
    }
    const m = percentile(times.msw, 50)
    const b = percentile(times.bare, 50)
    const d = percentile(times.direct, 50)
    const calls = `${CALLS.toLocaleString('en-US')} calls (person, persons page of 10, playlists page)`
    rows.push({
      benchmark: `In-process: ${calls}, msw face vs bare msw http.get answering the same bytes`,
      ours: `msw face ${fmt.ms(m)} (${fmt.ms(m / CALLS)}/call)`,
      reference: `bare msw ${fmt.ms(b)} (${fmt.ms(b / CALLS)}/call)`,
      ratio: `${fmt.ratio(m / b)} cost`,
      latency: '',
      target: `<= ${MSW_RATIO_TARGET}x bare msw`,
      verdict: verdict(m / b <= MSW_RATIO_TARGET),
    })
    rows.push({
      benchmark: `In-process: ${calls}, msw face vs core fetch`,
      ours: `msw face ${fmt.ms(m)} (${fmt.ms(m / CALLS)}/call)`,
      reference: `core fetch ${fmt.ms(d)} (${fmt.ms(d / CALLS)}/call)`,
      ratio: `${fmt.ratio(m / d)} overhead`,
      latency: '',
      target: 'printed',
      verdict: 'printed',
    })
  } finally {
    server.close()
  }
  // Reset of the default dataset, after some writes so there is something to undo.
  await app.fetch(new Request(`${ORIGIN}/api/environments/1/persons/1/`, { method: 'DELETE', headers: HEADERS }))
  const resets = await timeEach(config.quick ? 50 : 200, () => app.reset(), 20)
  const p50 = percentile(resets, 50)
  rows.push({
    benchmark: 'In-process: app.reset() of the default dataset',
    ours: `p50 ${fmt.ms(p50)}`,
    reference: '',
    ratio: '',
    latency: `${fmt.ms(p50)} / ${fmt.ms(percentile(resets, 99))}`,
    target: `p50 <= ${RESET_TARGET_MS} ms`,
    verdict: verdict(p50 <= RESET_TARGET_MS),
  })
  return rows
}
