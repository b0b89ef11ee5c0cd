// Side by side with `--state`: this tree's mock server against the one of another commit, both loaded at
// the same time (8 connections each, by default), round after round, so the machine's bursts hit both
// alike. On the shared 2-core machine rounds taken one after the other swung 0.2-3x between neighbours,
// too much to tell a 20% change from noise; taken at the same time, the per-round ratios stay within
// ~0.5-2x and their geometric mean settles in 30 rounds. Prints each side's req/s, the new side's
// geometric mean ratio (with 2 standard errors) and rounds won, process CPU per request (from
// /proc/PID/stat, all threads), p50, and records per flush of the log (NaN for a base whose
// scripts/bench/servers/mock.ts does not answer the `log` question yet).
//   npx tsx scripts/bench/state-ab.ts --base main [--case person|playlist|add|get-person|activity|playlists|create|insight|delete-events|get-playlist|playlist-recordings|timeline] [--rounds 30] [--seconds 1] [--connections 8] [--one-at-a-time] [--memory] [--node-args '--flag ...']
// (--memory: both servers without --state, as the in-memory rows run them.)
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'
import {
  asker,
  AUTH,
  load,
  percentile,
  ROOT,
  send,
  startChild,
  type BenchRequest,
  type ChildServer,
  type LoadResult,
} from './harness.ts'
import { serverEnv, steadyLoadGenerator } from './steady-client.ts'

steadyLoadGenerator()

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'main' },
    case: { type: 'string', default: 'person' },
    rounds: { type: 'string', default: '30' },
    seconds: { type: 'string', default: '1' },
    connections: { type: 'string', default: '8' },
    'one-at-a-time': { type: 'boolean', default: false },
    // In memory (no --state) instead: for the rows without the log too.
    memory: { type: 'boolean', default: false },
    // Node/V8 flags for this tree's server only (to weigh a flag against the same code without it).
    'node-args': { type: 'string', default: '' },
  },
})
const P = '/api/environments/1'
const H = { ...AUTH, 'content-type': 'application/json' }
/** The status every answer of the case must have. */
const EXPECTED = args.case === 'create' ? 201 : 200

/** The mock server of `ref`, compiled under tmp/ (so its npm imports resolve from this tree's node_modules). */
async function baseServer(ref: string, args: string[]): Promise<ChildServer> {
  const source = join(ROOT, 'tmp/state-ab/source')
  rmSync(source, { recursive: true, force: true })
  mkdirSync(source, { recursive: true })
  const archive = spawnSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(source)}`], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (archive.status !== 0) throw new Error(`git archive ${ref} failed`)
  if (!existsSync(join(source, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'))
  const outfile = join(ROOT, 'tmp/state-ab/base-mock.mjs')
  await build({
    entryPoints: ['scripts/bench/servers/mock.ts'],
    outfile,
    absWorkingDir: source,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  })
  const proc = spawn(process.execPath, [outfile, ...args], {
    cwd: ROOT,
    env: serverEnv(),
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const m = /listening on (http:\/\/\S+)/.exec(output)
      if (m) resolve(m[1]!)
    })
    proc.once('exit', (code) => reject(new Error(`the ${ref} server exited (${code}):\n${output}`)))
  })
  return {
    url,
    startupMs: 0,
    proc,
    ask: asker(proc),
    stop: async () => {
      proc.kill('SIGTERM')
      await new Promise((resolve) => proc.once('exit', resolve))
    },
  }
}

async function requestsFor(server: ChildServer): Promise<BenchRequest[]> {
  if (args.case === 'get-person') return [{ method: 'GET', path: `${P}/persons/1/`, headers: AUTH }]
  if (args.case === 'activity') return [{ method: 'GET', path: `${P}/persons/2/activity/`, headers: AUTH }]
  if (args.case === 'playlists') return [{ method: 'GET', path: `${P}/session_recording_playlists/`, headers: AUTH }]
  if (args.case === 'person')
    return [1, 2].map((n) => ({
      method: 'PATCH',
      path: `${P}/persons/1/`,
      headers: H,
      body: JSON.stringify({ properties: { plan: `bench-${n}`, seen: n } }),
    }))
  // The limit benchmark's other rows (scripts/bench/operations.ts), as it sends them.
  if (args.case === 'create')
    return [
      {
        method: 'POST',
        path: `${P}/session_recording_playlists/`,
        headers: H,
        body: JSON.stringify({ name: 'Made by the benchmark', type: 'collection' }),
      },
    ]
  if (args.case === 'insight') {
    return [
      {
        method: 'POST',
        path: `${P}/max_tools/create_and_query_insight/`,
        headers: H,
        body: JSON.stringify({ query: 'How many pageviews per day in the last 30 days?', insight_type: 'trends' }),
      },
    ]
  }
  if (args.case === 'delete-events')
    return [{ method: 'POST', path: `${P}/persons/3/delete_events/`, headers: H, body: '{}' }]
  if (args.case === 'timeline')
    return [
      {
        method: 'GET',
        path: `${P}/persons/4/properties_timeline/`,
        headers: { authorization: 'Bearer phx_mock_legacy' },
      },
    ]
  const made = await send(server.url, {
    method: 'POST',
    path: `${P}/session_recording_playlists/`,
    headers: H,
    body: JSON.stringify({ name: 'state-ab', type: 'collection' }),
  })
  const id = JSON.parse(made.body.toString()).short_id
  if (args.case === 'get-playlist' || args.case === 'playlist-recordings') {
    // As the limit benchmark: the project's first seeded collection (it has recordings).
    const list = await send(server.url, {
      method: 'GET',
      path: `${P}/session_recording_playlists/?limit=100`,
      headers: AUTH,
    })
    const playlists = JSON.parse(list.body.toString()).results as Array<{
      short_id: string
      type: string | null
      deleted: boolean
    }>
    const seeded = playlists.find((p) => p.type === 'collection' && !p.deleted)!.short_id
    if (args.case === 'get-playlist')
      return [{ method: 'GET', path: `${P}/session_recording_playlists/${seeded}/`, headers: AUTH }]
    return [
      {
        method: 'GET',
        path: `${P}/session_recording_playlists/${seeded}/recordings/`,
        headers: { authorization: 'Bearer phx_mock_legacy' },
      },
    ]
  }
  if (args.case === 'playlist') {
    return [1, 2].map((n) => ({
      method: 'PATCH',
      path: `${P}/session_recording_playlists/${id}/`,
      headers: H,
      body: JSON.stringify({ description: `Changed (${n})`, pinned: true }),
    }))
  }
  const prefix = `${P}/session_recording_playlists/${id}/recordings/ab-${Math.random().toString(36).slice(2, 8)}-`
  return [{ method: 'POST', path: `${prefix}0/`, headers: H, body: '{}', pathFor: (n) => `${prefix}${n}/` }]
}

/** CPU time of the process (every thread), in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

interface Side {
  label: string
  server: ChildServer
  requests: BenchRequest[]
  rounds: Array<{ rps: number; cpuUs: number; p50: number; perFlush: number }>
}

async function round(side: Side, connections: number, seconds: number): Promise<void> {
  const log0 = await side.server.ask<{ records?: number; flushes?: number }>({ type: 'log' })
  const cpu0 = cpuMs(side.server.proc.pid!)
  const result: LoadResult = await load(side.server.url, side.requests, { connections, seconds, expect: EXPECTED })
  const cpu1 = cpuMs(side.server.proc.pid!)
  const log1 = await side.server.ask<{ records?: number; flushes?: number }>({ type: 'log' })
  if (result.errors || result.unexpected)
    console.log(`${side.label}: ${result.errors} errors, ${result.unexpected} unexpected answers`)
  const flushes = (log1.flushes ?? NaN) - (log0.flushes ?? NaN)
  side.rounds.push({
    rps: result.rps,
    cpuUs: ((cpu1 - cpu0) * 1000) / result.completed,
    p50: percentile(result.latencies, 50),
    perFlush: ((log1.records ?? NaN) - (log0.records ?? NaN)) / flushes,
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
const dirs = [mkdtempSync(join(tmpdir(), 'state-ab-')), mkdtempSync(join(tmpdir(), 'state-ab-'))]
const sides: Side[] = []
try {
  const stateArgs = (dir: string) => (args.memory ? [] : ['--state', join(dir, 'state.json')])
  const base = await baseServer(args.base!, stateArgs(dirs[0]!))
  sides.push({ label: args.base!, server: base, requests: await requestsFor(base), rounds: [] })
  const current = await startChild('scripts/bench/servers/mock.ts', stateArgs(dirs[1]!), {
    nodeArgs: args['node-args']!.split(' ').filter(Boolean),
  })
  sides.push({ label: 'this tree', server: current, requests: await requestsFor(current), rounds: [] })
  const connections = Number(args.connections)
  const seconds = Number(args.seconds)
  for (const side of sides) await load(side.server.url, side.requests, { connections, seconds: 2, expect: EXPECTED })
  for (let r = 0; r < Number(args.rounds); r++) {
    if (args['one-at-a-time'])
      for (const side of r % 2 ? [...sides].reverse() : sides) await round(side, connections, seconds)
    else await Promise.all(sides.map((side) => round(side, connections, seconds)))
  }
  console.log(
    `${args.case}, ${connections} connections each, ${args.rounds} rounds of ${seconds} s, ${args['one-at-a-time'] ? 'one side at a time' : 'both sides at once'}`,
  )
  for (const side of sides) {
    const rs = side.rounds
    console.log(
      `${side.label.padEnd(10)} ${median(rs.map((x) => x.rps)).toFixed(0)} req/s (median round), CPU ${median(rs.map((x) => x.cpuUs)).toFixed(0)} µs/request, ` +
        `p50 ${median(rs.map((x) => x.p50)).toFixed(2)} ms, ${median(rs.map((x) => x.perFlush)).toFixed(2)} records/flush`,
    )
  }
  const logs = sides[1]!.rounds.map((x, i) => Math.log(x.rps / sides[0]!.rounds[i]!.rps))
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length
  const se = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, logs.length - 1) / logs.length)
  console.log(
    `this tree / ${args.base}: ${Math.exp(mean).toFixed(3)}x (geometric mean of the rounds' ratios; 2 s.e. ${Math.exp(mean - 2 * se).toFixed(3)}-${Math.exp(mean + 2 * se).toFixed(3)}), ` +
      `ahead in ${logs.filter((x) => x > 0).length} of ${logs.length} rounds`,
  )
} finally {
  await Promise.all(sides.map((side) => side.server.stop()))
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}
