// `npm run probe:durability`: the long version of the durability and limits tests, against the real
// CLI (`serve`, compiled to JavaScript as `npm start` runs it), printing figures:
//
// 1. kill -9 cycles with `--state`: each cycle starts the server on the same FILE, checks that every
//    write acknowledged (2xx) in the cycle before is there, resets, writes, and kills the server with
//    SIGKILL: in "single" cycles right after the last of a few sequential writes is answered (one more
//    in flight), in "burst" cycles in the middle of 1,000 writes on 64 connections.
// 2. Duplicates: 50 pipelined adds of one recording to a playlist, on one connection, for 20 playlists;
//    counted again after a kill -9 and a restart (the log replayed).
// 3. A cheap GET's latency (p50/p99/max) alone, while another client (a worker thread) asks for heavy
//    answers back to back (properties timelines and activity of persons at the property caps, 10,000-person
//    pages as JSON and CSV, a search, insight queries over 120,000 events), and while three such clients
//    do; on the large-project scenario, with `--state`.
// 4. Peak RSS of every server, and any exit the probe did not cause.
//
//   npm run probe:durability                               the full run (100 cycles; ~15-25 minutes here)
//   npm run probe:durability -- --cycles 10 --heavy-seconds 10    shorter
//   npm run probe:durability -- --only heavy               some sections: cycles, duplicates, heavy
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { build } from 'esbuild'
import { pipelined } from './bench/harness.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const AUTH = { authorization: 'Bearer phx_mock_all' }
const JSON_HEADERS = { ...AUTH, 'content-type': 'application/json' }
const PLAYLISTS = '/api/environments/1/session_recording_playlists/'

const { values: args } = parseArgs({
  options: {
    cycles: { type: 'string', default: '100' },
    burst: { type: 'string', default: '1000' },
    'heavy-seconds': { type: 'string', default: '30' },
    only: { type: 'string' },
  },
})
const CYCLES = Number(args.cycles)
const BURST = Number(args.burst)
const HEAVY_SECONDS = Number(args['heavy-seconds'])

// ---------------------------------------------------------------------------------------------
// The server, as the CLI runs it

let cliModule: Promise<string> | undefined
/** src/cli/main.ts bundled once (npm packages stay imports), as the bench compiles its servers. */
function compiledCli(): Promise<string> {
  cliModule ??= (async () => {
    const outfile = join(ROOT, 'tmp/probe/cli.mjs')
    await build({
      entryPoints: ['src/cli/main.ts'],
      outfile,
      absWorkingDir: ROOT,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
    })
    return outfile
  })()
  return cliModule
}

interface Server {
  proc: ChildProcess
  url: string
  port: number
  /** Everything it printed. */
  output: () => string
  exited: Promise<number | null>
  /** Set when the probe itself killed or stopped it. */
  stoppedByUs: boolean
}

const unexpectedExits: string[] = []
const peakRss: number[] = []
/** Servers still running: none outlives the probe, however it ends. */
const live = new Set<ChildProcess>()
process.on('exit', () => {
  for (const proc of live) proc.kill('SIGKILL')
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130))

async function startServer(extra: string[]): Promise<Server> {
  const proc = spawn(process.execPath, [await compiledCli(), 'serve', '--port', '0', ...extra], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString()))
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString()))
  live.add(proc)
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => {
      live.delete(proc)
      resolve(code)
    }),
  )
  const server = { proc, output: () => output, exited, stoppedByUs: false } as Server
  void exited.then((code) => {
    if (!server.stoppedByUs)
      unexpectedExits.push(`exit ${code} (${proc.signalCode ?? 'no signal'}): ${output.slice(-500)}`)
  })
  const deadline = Date.now() + 120_000
  for (;;) {
    const m = /listening on (http:\/\/\S+)/.exec(output)
    if (m) {
      server.url = m[1]!
      server.port = Number(new URL(server.url).port)
      return server
    }
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Peak RSS so far (VmHWM), in bytes. */
function readPeakRss(proc: ChildProcess): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : NaN
  } catch {
    return NaN
  }
}

function kill9(server: Server): void {
  peakRss.push(readPeakRss(server.proc))
  server.stoppedByUs = true
  server.proc.kill('SIGKILL')
}

async function stop(server: Server): Promise<void> {
  peakRss.push(readPeakRss(server.proc))
  server.stoppedByUs = true
  server.proc.kill('SIGTERM')
  await server.exited
}

// ---------------------------------------------------------------------------------------------
// Helpers

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) })
}

/** Runs `task` for every item with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!)
    }),
  )
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
}

const ms = (n: number) => `${n.toFixed(1)} ms`
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`

// ---------------------------------------------------------------------------------------------
// 1. kill -9 cycles

interface Acknowledged {
  short_id: string
  name: string
}

async function killCycles(): Promise<Record<string, string | number>> {
  const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-probe-'))
  const file = join(dir, 'state.json')
  let previous: Acknowledged[] = []
  let acknowledged = 0
  let lost = 0
  let singles = 0
  let bursts = 0
  let torn = 0
  let diverged = 0
  let leftovers = 0
  const started = performance.now()
  for (let cycle = 0; cycle <= CYCLES; cycle++) {
    const server = await startServer(['--state', file])
    torn += (server.output().match(/ends in a torn record/g) ?? []).length
    diverged += (server.output().match(/replaying log record \d+ .* answered/g) ?? []).length
    leftovers += (server.output().match(/left by an interrupted write/g) ?? []).length
    // Every write acknowledged in the cycle before is there.
    let missing = 0
    await pool(previous, 32, async (p) => {
      const res = await fetch(`${server.url}${PLAYLISTS}${p.short_id}/`, { headers: AUTH })
      const body = res.status === 200 ? await res.json() : null
      if (!body || body.name !== p.name) missing++
    })
    lost += missing
    if (missing) console.error(`cycle ${cycle}: ${missing} of ${previous.length} acknowledged writes are missing`)
    if (cycle === CYCLES) {
      await stop(server)
      break
    }
    // Back to the seeded data (itself an acknowledged write), so each cycle's store stays small.
    if ((await post(`${server.url}/_mock/reset`, {})).status !== 200) throw new Error('reset failed')
    const acked: Acknowledged[] = []
    const write = async (name: string) => {
      try {
        const res = await post(server.url + PLAYLISTS, { name, type: 'collection' })
        if (res.status === 201) acked.push({ short_id: (await res.json()).short_id, name })
      } catch {
        // killed while in flight: not acknowledged, so not counted
      }
    }
    if (cycle % 2 === 0) {
      singles++
      const count = 5 + (cycle % 7)
      for (let i = 0; i < count - 1; i++) await write(`c${cycle} single ${i}`)
      // One more: killed the moment its answer is in, with another write already on its way.
      const res = await post(server.url + PLAYLISTS, { name: `c${cycle} last`, type: 'collection' })
      void write(`c${cycle} in flight`)
      if (res.status === 201) {
        kill9(server)
        acked.push({ short_id: (await res.json()).short_id, name: `c${cycle} last` })
      } else kill9(server)
    } else {
      bursts++
      // Killed in the middle: once a random share (50-100%) of the burst has been answered.
      const killAt = Math.floor(BURST * (0.5 + (0.5 * ((cycle * 7919) % 101)) / 100))
      let killed = false
      const names = Array.from({ length: BURST }, (_, i) => `c${cycle} burst ${i}`)
      await pool(names, 64, async (name) => {
        if (killed) return
        await write(name)
        if (!killed && acked.length >= killAt) {
          killed = true
          kill9(server)
        }
      })
      if (!killed) kill9(server)
    }
    await server.exited
    acknowledged += acked.length
    previous = acked
    if ((cycle + 1) % 10 === 0)
      process.stderr.write(`  ${cycle + 1} cycles, ${acknowledged} acknowledged writes, ${lost} lost\n`)
  }
  rmSync(dir, { recursive: true, force: true })
  return {
    'kill -9 cycles': `${CYCLES} (${singles} after single writes, ${bursts} in ${BURST.toLocaleString('en-US')}-write bursts on 64 connections)`,
    'acknowledged writes': acknowledged,
    'acknowledged writes lost': lost,
    'torn last records dropped at restart': torn,
    'replays that answered otherwise': diverged,
    'leftovers removed': leftovers,
    time: `${((performance.now() - started) / 1000).toFixed(0)} s`,
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Duplicates under pipelined adds

async function duplicates(): Promise<Record<string, string | number>> {
  const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-probe-'))
  const file = join(dir, 'state.json')
  const server = await startServer(['--state', file])
  const recording = (
    await (await fetch(`${server.url}/api/environments/1/session_recordings/?limit=1`, { headers: AUTH })).json()
  ).results[0].id
  const playlists: string[] = []
  for (let i = 0; i < 20; i++)
    playlists.push(
      (await (await post(server.url + PLAYLISTS, { name: `dup ${i}`, type: 'collection' })).json()).short_id,
    )
  let answered = 0
  await Promise.all(
    playlists.map(async (shortId) => {
      const add = `POST ${PLAYLISTS}${shortId}/recordings/${recording}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${AUTH.authorization}\r\nContent-Length: 0\r\n\r\n`
      const statuses = await pipelined(
        server.port,
        Array.from({ length: 50 }, () => add),
      )
      answered += statuses.filter((s) => s === 200).length
    }),
  )
  const count = async (url: string) => {
    let extra = 0
    for (const shortId of playlists) {
      const body = await (await fetch(`${url}${PLAYLISTS}${shortId}/recordings/`, { headers: AUTH })).json()
      extra += Math.max(0, body.results.length - 1) + (body.results.length === 0 ? 1 : 0)
    }
    return extra
  }
  const before = await count(server.url)
  kill9(server)
  await server.exited
  const again = await startServer(['--state', file])
  const after = await count(again.url)
  await stop(again)
  rmSync(dir, { recursive: true, force: true })
  return {
    'pipelined adds': `20 playlists x 50 adds of one recording on one connection (${answered} answered 200)`,
    'duplicates (or missing items)': before,
    'duplicates after kill -9 and replay': after,
  }
}

// ---------------------------------------------------------------------------------------------
// 3. A cheap GET while heavy answers run

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number; bytes: number }> {
  const t = performance.now()
  const res = await fetch(url, init)
  const body = await res.arrayBuffer()
  return { ms: performance.now() - t, status: res.status, bytes: body.byteLength }
}

/**
 * A client asking for the heavy answers in turn (from `first`), back to back until told to stop; answers
 * [label, ms, status, bytes] for each. Plain JavaScript, run as a worker thread (see heavyAnswers).
 */
const HEAVY_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads')
const { base, first, heavy } = workerData
let running = true
parentPort.once('message', () => { running = false })
;(async () => {
  const out = []
  for (let i = first; running; i++) {
    const [label, path, init] = heavy[i % heavy.length]
    const t = performance.now()
    const res = await fetch(base + path, init)
    const body = await res.arrayBuffer()
    out.push([label, performance.now() - t, res.status, body.byteLength])
  }
  parentPort.postMessage(out)
})()
`

async function cheapGetLatencies(url: string, seconds: number): Promise<number[]> {
  const out: number[] = []
  const end = performance.now() + seconds * 1000
  while (performance.now() < end) {
    out.push((await timed(url, { headers: AUTH })).ms)
    await new Promise((r) => setTimeout(r, 5))
  }
  return out
}

const P0_SET = encodeURIComponent(JSON.stringify([{ key: 'p0', type: 'person', operator: 'is_set' }]))

async function heavyAnswers(): Promise<Record<string, string | number>> {
  const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-probe-'))
  const server = await startServer(['--state', join(dir, 'state.json'), '--fixtures', 'large-project'])
  const persons = (await (await fetch(`${server.url}/api/environments/1/persons/?limit=3`, { headers: AUTH })).json())
    .results
  const [a, b, cheap] = persons
  // Persons at the property caps: 1,000 properties, ~620 KiB of JSON; then one property changed again and again.
  for (const [person, changes] of [
    [a, 38],
    [b, 80],
  ] as const) {
    const room = 1000 - Object.keys(person.properties).length
    const props = Object.fromEntries(Array.from({ length: room }, (_, i) => [`p${i}`, `${i}`.padEnd(620, 'x')]))
    const first = await fetch(`${server.url}/api/environments/1/persons/${person.id}/`, {
      method: 'PATCH',
      headers: JSON_HEADERS,
      body: JSON.stringify({ properties: props }),
    })
    if (first.status !== 200) throw new Error(`PATCH at the caps: ${first.status} ${await first.text()}`)
    for (let i = 0; i < changes; i++) {
      await fetch(`${server.url}/api/environments/1/persons/${person.id}/`, {
        method: 'PATCH',
        headers: JSON_HEADERS,
        body: JSON.stringify({ properties: { p0: `change ${i}` } }),
      })
    }
  }
  const heavy: Array<[string, string, RequestInit?]> = [
    // Filtered on the property that changes, every change is a point carrying all 1,000 properties
    // (unfiltered, no change is relevant: one point, as the real service answers).
    [
      'properties timeline filtered on the changing property, 38 changes at the caps (~24 MB)',
      `/api/environments/1/persons/${a.id}/properties_timeline/?properties=${P0_SET}`,
    ],
    [
      'properties timeline filtered on the changing property, 80 changes at the caps (over --max-answer: 500)',
      `/api/environments/1/persons/${b.id}/properties_timeline/?properties=${P0_SET}`,
    ],
    [
      'properties timeline of a person at the caps, unfiltered (one point)',
      `/api/environments/1/persons/${a.id}/properties_timeline/`,
    ],
    ['persons list, limit=10000 (JSON)', '/api/environments/1/persons/?limit=10000'],
    ['persons list, limit=10000 (CSV)', '/api/environments/1/persons/?limit=10000&format=csv'],
    ['persons search over 12,000 persons', '/api/environments/1/persons/?search=a&limit=1000'],
    [
      'insight query over 120,000 events',
      '/api/environments/1/max_tools/create_and_query_insight/',
      {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ query: 'pageviews by day', insight_type: 'trends' }),
      },
    ],
  ]
  const cheapUrl = `${server.url}/api/environments/1/persons/${cheap.id}/`
  const alone = await cheapGetLatencies(cheapUrl, Math.max(3, HEAVY_SECONDS / 3))
  /**
   * The cheap GET's latencies while `concurrency` other clients ask for heavy answers back to back, in
   * turn. Each of those clients is a worker thread with its own event loop: asked from this one, reading
   * a 24 MB answer held up the cheap GET's own timing here (its p99 read ~210 ms against ~60 ms with the
   * same server, the heavy answers read in a worker), which measured the probe, not the server.
   */
  const during = async (concurrency: number) => {
    const times = new Map<string, { ms: number[]; status: Set<number>; bytes: number }>()
    const workers = Array.from({ length: concurrency }, (_, w) => {
      const worker = new Worker(HEAVY_CLIENT, {
        eval: true,
        workerData: {
          base: server.url,
          first: w,
          heavy: heavy.map(([label, path, init]) => [label, path, { headers: AUTH, ...init }]),
        },
      })
      const done = new Promise<Array<[string, number, number, number]>>((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
      })
      return { worker, done }
    })
    await new Promise((r) => setTimeout(r, 1_000))
    const latencies = await cheapGetLatencies(cheapUrl, HEAVY_SECONDS)
    for (const { worker } of workers) worker.postMessage('stop')
    for (const { worker, done } of workers) {
      for (const [label, took, status, bytes] of await done) {
        const entry = times.get(label) ?? { ms: [], status: new Set(), bytes: 0 }
        entry.ms.push(took)
        entry.status.add(status)
        entry.bytes = Math.max(entry.bytes, bytes)
        times.set(label, entry)
      }
      await worker.terminate()
    }
    return { latencies, times }
  }
  const one = await during(1)
  const three = await during(3)
  const alive = server.proc.exitCode === null
  await stop(server)
  rmSync(dir, { recursive: true, force: true })
  const summary = (l: number[]) =>
    `p50 ${ms(percentile(l, 50))}, p99 ${ms(percentile(l, 99))}, max ${ms(Math.max(...l))} (${l.length} requests)`
  const out: Record<string, string | number> = {
    'cheap GET alone (person retrieve)': summary(alone),
    'cheap GET while a heavy answer runs (one at a time, back to back)': summary(one.latencies),
    'cheap GET p99 during heavy answers (ms)': Number(percentile(one.latencies, 99).toFixed(1)),
    'cheap GET while three heavy answers run at once': summary(three.latencies),
  }
  for (const [label, t] of one.times) {
    out[`  heavy: ${label}`] =
      `${t.ms.length}x, each ${ms(percentile(t.ms, 50))} (p50), status ${[...t.status].join('/')}, ${mb(t.bytes)}`
  }
  out['server alive after the heavy answers'] = alive ? 'yes' : 'NO'
  return out
}

// ---------------------------------------------------------------------------------------------

const allSections: Array<[string, string, () => Promise<Record<string, string | number>>]> = [
  ['cycles', 'kill -9 cycles with --state', killCycles],
  ['duplicates', 'duplicates under pipelined adds', duplicates],
  ['heavy', 'a cheap GET while heavy answers run (large-project, --state)', heavyAnswers],
]
const only = args.only?.split(',')
const sections = allSections
  .filter(([key]) => !only || only.includes(key))
  .map(([, title, run]) => [title, run] as const)
console.log(
  `analytics-mock durability probe: node ${process.version}; ${CYCLES} cycles, bursts of ${BURST}, ${HEAVY_SECONDS} s of heavy answers\n`,
)
const results: Record<string, string | number> = {}
for (const [title, run] of sections) {
  process.stderr.write(`${title}...\n`)
  const figures = await run()
  console.log(`## ${title}`)
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k}: ${v}`)
  console.log()
  Object.assign(results, figures)
}
console.log('## the processes')
console.log(`  peak RSS of any server: ${mb(Math.max(...peakRss.filter(Number.isFinite)))}`)
console.log(`  exits the probe did not cause: ${unexpectedExits.length}`)
for (const exit of unexpectedExits) console.log(`    ${exit}`)
const ok =
  (results['acknowledged writes lost'] ?? 0) === 0 &&
  (results['duplicates (or missing items)'] ?? 0) === 0 &&
  (results['duplicates after kill -9 and replay'] ?? 0) === 0 &&
  ((results['cheap GET p99 during heavy answers (ms)'] as number | undefined) ?? 0) < 100 &&
  unexpectedExits.length === 0
console.log(
  `\n${ok ? 'PASS' : 'FAIL'}: 0 acknowledged writes lost, 0 duplicates, cheap GET p99 under 100 ms during heavy answers, no exit the probe did not cause`,
)
process.exit(ok ? 0 : 1)
