// In-process: the same calls through the msw handlers (msw/node's setupServer intercepting global
// fetch) against bare msw `http.get` handlers answering the same bytes (what msw itself costs; the
// judged ratio) and against the core's own `fetch` directly, alternating rounds; and `app.reset()` of
// the default dataset, which a test suite runs before every test.
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createApp, type App } from '../../src/app.ts'
import { createHandlers } from '../../src/msw/handlers.ts'
import { fmt, percentile, timeEach, verdict, type BenchConfig, type Row } from './harness.ts'

const ORIGIN = 'https://us.posthog.com'
const CALLS = 1_000
const RESET_TARGET_MS = 5
const HEADERS = { authorization: 'Bearer phx_mock_all' }
const PATHS = ['/api/environments/1/persons/1/', '/api/environments/1/persons/?limit=10', '/api/environments/1/session_recording_playlists/?limit=10']
/** Where the bare handlers answer: another origin, so one msw server holds both sets. */
const BARE_ORIGIN = 'https://bare.test'
const MSW_TARGET = 1.5

async function call(doFetch: (r: Request) => Promise<Response>, i: number, origin = ORIGIN): Promise<void> {
  const res = await doFetch(new Request(origin + PATHS[i % PATHS.length], { headers: HEADERS }))
  if (res.status !== 200) throw new Error(`${PATHS[i % PATHS.length]}: ${res.status}`)
  await res.text()
}

/**
 * The msw face (its handlers for `app`) and, ahead of them in the same server, bare `http.get`
 * handlers answering the bytes the app answered for the same paths (status, headers, body): a
 * hand-written msw mock at its cheapest. The bare ones come first, so our requests also pay for
 * passing them by.
 */
async function mswFetch(app: App): Promise<{ fetch: (r: Request) => Promise<Response>; close(): void }> {
  const bare = []
  for (const path of PATHS) {
    const res = await app.fetch(new Request(ORIGIN + path, { headers: HEADERS }))
    const body = await res.text()
    const headers = Object.fromEntries(res.headers)
    const status = res.status
    const url = new URL(BARE_ORIGIN + path)
    bare.push(http.get(`${BARE_ORIGIN}${url.pathname}`, () => new HttpResponse(body, { status, headers })))
  }
  const server = setupServer(...bare, ...createHandlers(app, { baseUrl: ORIGIN }))
  server.listen({ onUnhandledRequest: 'error' })
  return { fetch: (r) => fetch(r), close: () => server.close() }
}

export async function runInProcess(config: BenchConfig): Promise<Row[]> {
  const rows: Row[] = []
  const app = await createApp({})
  const msw = await mswFetch(app)
  try {
    const direct = (r: Request) => app.fetch(r)
    const rounds = Math.max(3, config.rounds)
    const sides = [
      ['direct', direct, ORIGIN],
      ['bare', msw.fetch, BARE_ORIGIN],
      ['msw', msw.fetch, ORIGIN],
    ] as const
    for (const [, f, origin] of sides) for (let i = 0; i < 200; i++) await call(f, i, origin)
    const times = { msw: [] as number[], direct: [] as number[], bare: [] as number[] }
    for (let round = 0; round < rounds; round++) {
      for (const [name, f, origin] of sides) {
        const started = performance.now()
        for (let i = 0; i < CALLS; i++) await call(f, i, origin)
        times[name].push(performance.now() - started)
      }
    }
    const m = percentile(times.msw, 50)
    const d = percentile(times.direct, 50)
    const b = percentile(times.bare, 50)
    const perRound = times.msw.map((t, i) => t / times.bare[i]!)
    rows.push({
      benchmark: `In-process: ${CALLS.toLocaleString('en-US')} calls (person, persons page of 10, playlists page), our msw handlers vs bare msw http.get handlers answering the same bytes`,
      ours: `msw ${fmt.ms(m)} (${fmt.ms(m / CALLS)}/call)`,
      reference: `bare msw ${fmt.ms(b)} (${fmt.ms(b / CALLS)}/call)`,
      ratio: `${fmt.ratio(m / b)} (${fmt.ratio(Math.min(...perRound))}-${fmt.ratio(Math.max(...perRound))})`,
      latency: '',
      target: `<= ${MSW_TARGET}x bare msw`,
      verdict: verdict(m / b <= MSW_TARGET),
    })
    rows.push({
      benchmark: `In-process: ${CALLS.toLocaleString('en-US')} calls (person, persons page of 10, playlists page), msw handlers vs core fetch`,
      ours: `msw ${fmt.ms(m)} (${fmt.ms(m / CALLS)}/call)`,
      reference: `core fetch ${fmt.ms(d)} (${fmt.ms(d / CALLS)}/call)`,
      ratio: `${fmt.ratio(m / d)} overhead`,
      latency: '',
      target: 'printed',
      verdict: 'printed',
    })
  } finally {
    msw.close()
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
