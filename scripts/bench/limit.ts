// Against the limit: the standalone mock server (response validation on) vs a bare node:http server
// answering the very bytes the mock answered (the ceiling), same requests, alternating rounds.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  AUTH,
  fmt,
  load,
  loadProblem,
  notApplicable,
  percentile,
  roundRatios,
  send,
  sideBySide,
  startChild,
  verdict,
  type BenchConfig,
  type BenchRequest,
  type Captured,
  type ChildServer,
  type Row,
} from './harness.ts'

const PERSONS = '/api/environments/1/persons/'
const PLAYLISTS = '/api/environments/1/session_recording_playlists/'

/** A PATCH of a collection playlist of project 1 (its short id read from the list), or why there is none. */
export async function playlistPatch(mock: ChildServer): Promise<BenchRequest[] | string> {
  const list = await send(mock.url, { method: 'GET', path: `${PLAYLISTS}?limit=100`, headers: AUTH })
  if (list.status !== 200) return 'not implemented'
  const playlists = JSON.parse(list.body.toString()).results as Array<{ short_id: string; type: string | null; deleted: boolean }>
  const target = playlists.find((p) => p.type === 'collection' && !p.deleted)
  if (!target) return 'no collection playlist in the default data'
  // Two bodies in turn, so every PATCH changes the playlist (and writes an activity entry).
  return [1, 2].map((n) => ({
    method: 'PATCH',
    path: `${PLAYLISTS}${target.short_id}/`,
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ description: `Changed by the benchmark (${n})`, pinned: true }),
  }))
}

interface Case {
  name: string
  target: number
  request: (mock: ChildServer) => Promise<BenchRequest[] | string>
  /** Against the server with durable state (`--state`: each change flushed to disk before its answer). */
  durable?: boolean
  /** Connections for both sides (default: the run's, 8). */
  connections?: number
  /** Only printed, not judged. */
  printed?: boolean
}

const CASES: Case[] = [
  {
    name: 'GET person retrieve',
    target: 0.5,
    request: async () => [{ method: 'GET', path: `${PERSONS}1/`, headers: AUTH }],
  },
  {
    name: 'GET persons list, limit=100',
    target: 0.3,
    request: async () => [{ method: 'GET', path: `${PERSONS}?limit=100`, headers: AUTH }],
  },
  { name: 'PATCH playlist', target: 0.3, request: playlistPatch },
  // With --state every answer waits for its change to be flushed to disk; concurrent writes share a
  // flush (group commit), so the figure depends on how many writes are in flight: printed at the
  // run's 8 connections, judged at 64 (both sides at 64).
  { name: 'PATCH playlist, --state (flushed before each answer)', target: 0.3, request: playlistPatch, durable: true, printed: true },
  { name: 'PATCH playlist, --state, 64 connections', target: 0.3, request: playlistPatch, durable: true, connections: 64 },
]

/** Headers the ceiling repeats: the payload's own (hop-by-hop and per-response ones are node's to write). */
function cannedHeaders(captured: Captured): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(captured.headers)) {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)) out[name] = value
  }
  out['content-length'] = String(captured.body.length)
  return out
}

export async function runLimit(config: BenchConfig): Promise<Row[]> {
  const stateDir = mkdtempSync(join(tmpdir(), 'analytics-mock-bench-'))
  const mock = await startChild('scripts/bench/servers/mock.ts')
  const ceiling = await startChild('scripts/bench/servers/ceiling.ts').catch(async (error) => {
    await mock.stop()
    throw error
  })
  let durableMock: ChildServer | undefined
  const rows: Row[] = []
  try {
    for (const c of CASES) {
      // Started when first needed, and only one mock runs at a time beside the ceiling.
      if (c.durable && !durableMock) {
        await mock.stop()
        durableMock = await startChild('scripts/bench/servers/mock.ts', ['--state', join(stateDir, 'state.json')])
      }
      const mockServer = c.durable ? durableMock! : mock
      const label = `Limit: ${c.name}`
      const target = c.printed ? 'printed' : `>= ${c.target} of ceiling`
      const connections = c.connections ?? config.connections
      const requests = await c.request(mockServer)
      if (typeof requests === 'string') {
        rows.push(notApplicable(label, requests, target))
        continue
      }
      const captured = await send(mockServer.url, requests[0]!)
      if (captured.status === 501) {
        rows.push(notApplicable(label, 'not implemented', target))
        continue
      }
      if (captured.status !== 200) {
        rows.push(notApplicable(label, `mock answered ${captured.status}: ${captured.body.toString().slice(0, 120)}`, target))
        continue
      }
      const routes: Record<string, { status: number; headers: Record<string, string>; body: string }> = {}
      for (const r of requests) routes[`${r.method} ${r.path}`] = { status: captured.status, headers: cannedHeaders(captured), body: captured.body.toString('base64') }
      await ceiling.ask({ type: 'routes', routes })
      const run = (server: ChildServer) => () => load(server.url, requests, { connections, seconds: config.roundSeconds })
      // Warm both (JIT, memo caches) before measuring.
      await load(mockServer.url, requests, { connections, seconds: 1 })
      await load(ceiling.url, requests, { connections, seconds: 1 })
      const r = await sideBySide(config.rounds, { ceiling: run(ceiling), mock: run(mockServer) })
      const ratios = roundRatios(r.mock, r.ceiling)
      const ratio = ratios.median
      rows.push({
        benchmark: `${label} (${captured.body.length.toLocaleString('en-US')} B)`,
        ours: fmt.rps(r.mock.rps),
        reference: `ceiling ${fmt.rps(r.ceiling.rps)}`,
        ratio: fmt.ratios(ratios),
        latency: `${fmt.latency(r.mock)} (ceiling ${fmt.ms(percentile(r.ceiling.latencies, 50))} / ${fmt.ms(percentile(r.ceiling.latencies, 99))})`,
        target,
        verdict: loadProblem(r.mock, r.ceiling) ?? (c.printed ? 'printed' : verdict(ratio >= c.target)),
      })
    }
  } finally {
    await Promise.all([mock.stop(), ceiling.stop(), durableMock?.stop()])
    rmSync(stateDir, { recursive: true, force: true })
  }
  return rows
}
