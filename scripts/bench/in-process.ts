// In-process: the same calls through the msw handlers (msw/node's setupServer intercepting global
// fetch) vs on the core's own `fetch` directly, alternating rounds; and `app.reset()` of the default
// dataset, which a test suite runs before every test.
import { setupServer } from 'msw/node'
import { createApp, type App } from '../../src/app.ts'
import { createHandlers } from '../../src/msw/handlers.ts'
import { fmt, percentile, timeEach, verdict, type BenchConfig, type Row } from './harness.ts'

const ORIGIN = 'https://us.posthog.com'
const CALLS = 1_000
const RESET_TARGET_MS = 5
const HEADERS = { authorization: 'Bearer phx_mock_all' }
const PATHS = ['/api/environments/1/persons/1/', '/api/environments/1/persons/?limit=10', '/api/environments/1/session_recording_playlists/?limit=10']

async function call(doFetch: (r: Request) => Promise<Response>, i: number): Promise<void> {
  const res = await doFetch(new Request(ORIGIN + PATHS[i % PATHS.length], { headers: HEADERS }))
  if (res.status !== 200) throw new Error(`${PATHS[i % PATHS.length]}: ${res.status}`)
  await res.text()
}

/** The msw face: its handlers for `app`, intercepting global fetch. */
function mswFetch(app: App): { fetch: (r: Request) => Promise<Response>; close(): void } {
  const server = setupServer(...createHandlers(app, { baseUrl: ORIGIN }))
  server.listen({ onUnhandledRequest: 'error' })
  return { fetch: (r) => fetch(r), close: () => server.close() }
}

export async function runInProcess(config: BenchConfig): Promise<Row[]> {
  const rows: Row[] = []
  const app = await createApp({})
  const msw = mswFetch(app)
  try {
    const direct = (r: Request) => app.fetch(r)
    const rounds = Math.max(2, config.rounds)
    for (let i = 0; i < 200; i++) await call(msw.fetch, i)
    for (let i = 0; i < 200; i++) await call(direct, i)
    const times = { msw: [] as number[], direct: [] as number[] }
    for (let round = 0; round < rounds; round++) {
      for (const [name, f] of [['direct', direct], ['msw', msw.fetch]] as const) {
        const started = performance.now()
        for (let i = 0; i < CALLS; i++) await call(f, i)
        times[name].push(performance.now() - started)
      }
    }
    const m = percentile(times.msw, 50)
    const d = percentile(times.direct, 50)
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
