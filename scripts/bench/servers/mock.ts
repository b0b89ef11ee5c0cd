// The standalone mock server as the CLI runs it (createApp, the heap compacted, serve; response
// validation on), in its own process, with an optional dataset size and, with
// --state FILE, durable state as `serve --state` keeps it (every change flushed to the log before its
// answer). The harness runs it compiled to JavaScript, as `npm start` runs the CLI. Prints
// "listening on URL"; answers the parent's questions over IPC (memory).
//   tsx scripts/bench/servers/mock.ts [--persons N] [--events-per-person N] [--state FILE]
import { compactHeap } from '../../../src/server/heap.ts'
import { serve } from '../../../src/server/node.ts'
import { DurableState } from '../../../src/server/durable-state.ts'
import { createApp, type AppOptions } from '../../../src/app.ts'
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
compactHeap()
const running = await serve(app, { port: 0, host: '127.0.0.1' })
console.log(`listening on ${running.url}`)

answerParent({
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
