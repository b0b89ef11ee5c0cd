// Benchmark: what the reads the limit benchmark judges cost in-process (CPU time of `app.handle` plus serializing
// the answer, response validation on, as the CLI runs), and persons search at 1,000 against 100,000
// persons. Each operation alone in a loop, rounds alternating between operations, so a CPU profile
// (`node --cpu-prof`) shows each one's own cost. Prints figures; asserts nothing.
//
//   npx tsx scripts/bench-reads.ts [--calls N] [--rounds N] [--persons N] [--only WORDS]
//
// --persons sets the large app's size (default 100,000; 0 skips the large app); --only keeps the
// operations whose names hold one of the comma-separated words; --profile FILE writes a CPU profile of
// the timed rounds only (not the data's making), for `node --cpu-prof`'s viewers.
import { parseArgs } from 'node:util'
import { createApp, type App } from '../src/app.ts'
import type { MockRequest } from '../src/core/http.ts'
import { runRounds, type InProcessOperation } from './in-process-rounds.ts'

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string' },
    rounds: { type: 'string' },
    persons: { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'string' },
  },
})
const calls = Number(args.calls ?? 5_000)
const rounds = Number(args.rounds ?? 3)
const largeSize = Number(args.persons ?? 100_000)
const only = args.only
  ?.split(',')
  .map((w) => w.trim())
  .filter(Boolean)

const origin = 'http://127.0.0.1:8010'
const P = '/api/environments/1'
const AUTH = { authorization: 'Bearer phx_mock_all' }
const LEGACY = { authorization: 'Bearer phx_mock_legacy' }
const get = (path: string, headers = AUTH): MockRequest => ({ method: 'GET', url: new URL(origin + path), headers })

async function searchTerms(app: App): Promise<MockRequest[]> {
  // As the scale benchmark: 10 pages spread over the list, the first five characters of each email, upper-cased.
  const total = (await app.handle(get(`${P}/persons/?limit=1`))).json as { count: number }
  const out: MockRequest[] = []
  for (let k = 0; k < 10; k++) {
    const offset = Math.floor((k / 10) * (total.count - 10))
    const page = (await app.handle(get(`${P}/persons/?limit=10&offset=${offset}`))).json as {
      results: Array<{ properties: { email?: string } }>
    }
    for (const p of page.results) {
      if (p.properties.email)
        out.push(
          get(
            `${P}/persons/?search=${encodeURIComponent(p.properties.email.split('@')[0]!.slice(0, 5).toUpperCase())}`,
          ),
        )
    }
  }
  return out
}

interface Operation {
  name: string
  app: App
  requests: MockRequest[]
}

async function operations(app: App, label: string): Promise<Operation[]> {
  const op = (name: string, requests: MockRequest[]): Operation => ({ name: `${name}${label}`, app, requests })
  const ops = [
    op('search', await searchTerms(app)),
    op('persons list limit=100', [get(`${P}/persons/?limit=100${label ? '&offset=50000' : ''}`)]),
  ]
  ops.push(
    op('session recordings list limit=50', [get(`${P}/session_recordings/?limit=50${label ? '&offset=50000' : ''}`)]),
  )
  if (!label) {
    for (const n of [1, 2, 3]) {
      const res = await app.handle({
        ...get(`${P}/persons/2/`),
        method: 'PATCH',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ properties: { plan: `history-${n}` } }),
      })
      if (res.status !== 200) throw new Error(`PATCH answered ${res.status}`)
    }
    ops.push(op('person retrieve', [get(`${P}/persons/1/`)]))
    ops.push(op('playlists list', [get(`${P}/session_recording_playlists/`)]))
    const made = await app.handle({
      ...get(`${P}/session_recording_playlists/`),
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', type: 'collection' }),
    })
    if (made.status !== 201) throw new Error(`playlist create answered ${made.status}`)
    const shortId = (made.json as { short_id: string }).short_id
    ops.push(op('playlist retrieve', [get(`${P}/session_recording_playlists/${shortId}/`)]))
    ops.push(op('playlist recordings', [get(`${P}/session_recording_playlists/${shortId}/recordings/`, LEGACY)]))
    ops.push(op('person activity', [get(`${P}/persons/2/activity/`)]))
    ops.push(op('person properties_timeline', [get(`${P}/persons/4/properties_timeline/`, LEGACY)]))
  }
  return ops
}

const small = await createApp({ clock: { frozen: false } })
const ops = await operations(small, '')
if (largeSize > 0) {
  const large = await createApp({ clock: { frozen: false }, size: { persons: largeSize, eventsPerPerson: 10 } })
  ops.push(...(await operations(large, ` (${largeSize / 1000}k)`)))
}
// The scale benchmark's 1k side: the search there runs on a 1,000-person app, not the default data.
const small1k = await createApp({ clock: { frozen: false }, size: { persons: 1_000, eventsPerPerson: 10 } })
ops.push({ ...(await operations(small1k, ' (1k)'))[0]!, name: 'search (1k)' })

const chosen = ops.filter((o) => !only || only.some((w) => o.name.includes(w)))
// Each read cycles through its requests (the search terms), all answered 200.
const asRounds = chosen.map((o): InProcessOperation => ({
  name: o.name,
  app: o.app,
  status: 200,
  next: (i) => o.requests[i % o.requests.length]!,
}))
await runRounds(asRounds, { calls, rounds, warmup: 2_000, profile: args.profile })
