// Benchmark: what the writes the limit benchmark judges cost in-process (CPU time of `app.handle` plus
// serializing the answer, response validation on, as the CLI runs), each operation alone in a loop,
// rounds alternating between operations, so a CPU profile shows each one's own cost. Prints figures;
// asserts nothing. The write counterpart of scripts/bench-reads.ts.
//
//   npx tsx scripts/bench-writes.ts [--calls N] [--rounds N] [--only WORDS] [--profile FILE] [--large]
//
// --only keeps the operations whose names hold one of the comma-separated words; --large adds
// delete_property on a 100,000-person app; --profile FILE writes a CPU profile of the timed rounds only.
import { parseArgs } from 'node:util'
import { createApp, type App } from '../src/app.ts'
import type { MockRequest } from '../src/core/http.ts'
import { runRounds, type InProcessOperation as Operation } from './in-process-rounds.ts'

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string' },
    rounds: { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'string' },
    large: { type: 'boolean' },
  },
})
const calls = Number(args.calls ?? 3_000)
const rounds = Number(args.rounds ?? 3)
const only = args.only
  ?.split(',')
  .map((w) => w.trim())
  .filter(Boolean)

const origin = 'http://127.0.0.1:8010'
const P = '/api/environments/1'
const AUTH = { authorization: 'Bearer phx_mock_all' }
const LEGACY = { authorization: 'Bearer phx_mock_legacy' }
const request = (
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = AUTH,
): MockRequest => ({
  method,
  url: new URL(origin + path),
  headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
})

async function collection(app: App, name: string): Promise<string> {
  const res = await app.handle(request('POST', `${P}/session_recording_playlists/`, { name, type: 'collection' }))
  if (res.status !== 201) throw new Error(`create answered ${res.status}`)
  return (res.json as { short_id: string }).short_id
}

const app = await createApp({ clock: { frozen: false } })
const playlist = await collection(app, 'bench patch')
const adds = await collection(app, 'bench add')
const patchPerson = [1, 2].map((n) =>
  request('PATCH', `${P}/persons/1/`, { properties: { plan: `bench-${n}`, seen: n } }),
)
const patchPlaylist = [1, 2].map((n) =>
  request('PATCH', `${P}/session_recording_playlists/${playlist}/`, {
    description: `Changed by the benchmark (${n})`,
    pinned: true,
  }),
)
const create = request('POST', `${P}/session_recording_playlists/`, {
  name: 'Made by the benchmark',
  type: 'collection',
})
const insight = request('POST', `${P}/max_tools/create_and_query_insight/`, {
  query: 'How many pageviews per day in the last 30 days?',
  insight_type: 'trends',
})
for (const n of [1, 2, 3])
  await app.handle(request('PATCH', `${P}/persons/2/`, { properties: { plan: `history-${n}` } }))
let added = 0
const ops: Operation[] = [
  { name: 'PATCH person', app, status: 200, next: (i) => patchPerson[i % 2]! },
  { name: 'PATCH playlist', app, status: 200, next: (i) => patchPlaylist[i % 2]! },
  { name: 'POST playlist (create)', app, status: 201, next: () => create },
  {
    name: 'POST playlist recording (add)',
    app,
    status: 200,
    next: () => request('POST', `${P}/session_recording_playlists/${adds}/recordings/bench-${added++}/`, {}, LEGACY),
  },
  {
    name: 'POST person delete_events',
    app,
    status: 200,
    next: () => request('POST', `${P}/persons/3/delete_events/`, {}),
  },
  { name: 'insight', app, status: 200, next: () => insight },
  { name: 'GET person activity', app, status: 200, next: () => request('GET', `${P}/persons/2/activity/`) },
]
if (args.large) {
  const large = await createApp({ clock: { frozen: false }, size: { persons: 100_000, eventsPerPerson: 10 } })
  let target = 0
  ops.push({
    name: 'delete_property (100k)',
    app: large,
    status: 200,
    next: () =>
      request('POST', `${P}/persons/${1 + (target++ % 90_000)}/delete_property/?$unset=$browser`, {
        $unset: '$browser',
      }),
    before: async () => {
      target = 0
      await large.reset()
    },
  })
}

const chosen = ops.filter((o) => !only || only.some((w) => o.name.includes(w)))
await runRounds(chosen, { calls, rounds, warmup: 1_000, profile: args.profile })
