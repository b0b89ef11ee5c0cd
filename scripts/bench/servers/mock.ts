// The standalone mock server as the CLI runs it (createApp, the heap compacted, serve; response
// validation on), in its own process, with an optional dataset size and, with
// --state FILE, durable state as `serve --state` keeps it (every change flushed to the log before its
// answer). The harness runs it compiled to JavaScript, as `npm start` runs the CLI. Prints
// "listening on URL"; answers the parent's questions over IPC (memory).
//   tsx scripts/bench/servers/mock.ts [--persons N] [--events-per-person N] [--state FILE] [--canned-core]
//
// --canned-core is a diagnostic (scripts/bench/thread-cpu.ts, CANNED_CORE=1): the core answers the first
// request, and every later one gets a copy of that answer without the core, as the ceiling replays its
// bytes. What such a server costs beyond the ceiling is the HTTP face's own work (origin checks, body
// reading, the answer's writing); what the real server costs beyond it is the core's.
import { compactHeap } from '../../../src/server/heap.ts'
import { serve } from '../../../src/server/node.ts'
import { DurableState } from '../../../src/server/durable-state.ts'
import { createApp, type App, type AppOptions } from '../../../src/app.ts'
import type { MockResponse } from '../../../src/core/http.ts'
import { answerParent } from '../harness.ts'

const argv = process.argv.slice(2)
const option = (name: string): number | undefined => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? Number(argv[i + 1]) : undefined
}
const persons = option('persons')
const eventsPerPerson = option('events-per-person')

const options: AppOptions = { clock: { frozen: false } }
if (persons !== undefined || eventsPerPerson !== undefined) options.size = { persons, eventsPerPerson }
const app = await createApp(options)
const statePath = argv.includes('--state') ? argv[argv.indexOf('--state') + 1] : undefined
const state = statePath ? (await DurableState.open(app, statePath, { seed: 1, fixtures: 'default' })).state : undefined
if (argv.includes('--canned-core')) cannedCore(app)
compactHeap()
const running = await serve(app, { port: 0, host: '127.0.0.1' })
console.log(`listening on ${running.url}`)

answerParent({
  // With --state: records logged and flushes (writes to the log) so far, for records per flush.
  log: () => ({ records: state?.seq ?? 0, flushes: state?.flushes ?? 0 }),
  // Settled memory: right after a GC, RSS still counts pages V8 and the array-buffer sweeper release
  // moments later (measured at 100k persons: ~440 MB at once, ~330 MB a second later, no change after).
  memory: async () => {
    const gc = (globalThis as { gc?: () => void }).gc
    gc?.()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    gc?.()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const { rss, heapUsed } = process.memoryUsage()
    return { rss, heapUsed }
  },
})
process.on('SIGTERM', () =>
  running
    .close()
    .then(() => state?.close())
    .then(() => process.exit(0)),
)

/** The core's first answer, then a fresh copy of it (its JSON as text) for every request. */
function cannedCore(app: App): void {
  const core = app.handle
  let canned: { status: number; headers: Record<string, string>; text: string } | undefined
  const keep = (answer: MockResponse): MockResponse => {
    const json = answer.json !== undefined
    // (The face adds a JSON answer's content type itself; given as text, it comes with it.)
    canned = {
      status: answer.status,
      headers: json ? { 'content-type': 'application/json', ...answer.headers } : answer.headers,
      text: json ? JSON.stringify(answer.json) : (answer.text ?? ''),
    }
    return answer
  }
  app.handle = async (request) => {
    if (canned) return { status: canned.status, headers: { ...canned.headers }, text: canned.text }
    return keep(await core(request))
  }
}
