// Against the limit: every operation (scripts/bench/operations.ts) on the standalone mock server
// (response validation on) vs a bare node:http server answering the very bytes the mock answered (the
// ceiling), same requests, alternating rounds; Prism on the same request alongside (one round).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  AUTH,
  cannedAnswer,
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
  type ChildServer,
  type LoadResult,
  type Row,
} from './harness.ts'
import { OPERATIONS, type CaseContext, type OperationCase, type ServerKind } from './operations.ts'
import { startPeer, type Peer } from './peer.ts'
import { cpuTimes, stealShare } from './steal.ts'

/**
 * A ratio above this is not a win but a broken comparison: the ceiling is a bare node:http server
 * replaying the mock's own answers, so the mock cannot be faster than it.
 */
export const ABOVE_CEILING = 1.05

/** Persons in project 1 of the large server (events and recordings in proportion). */
export const LARGE_PERSONS = 100_000

const isRead = (c: OperationCase) => c.server === 'default' && (c.status === 405 || c.name.startsWith('GET'))
/** Reads first (before the writes grow the data), then writes, then the large server's, then --state. */
const ORDER: Array<(c: OperationCase) => boolean> = [
  isRead,
  (c) => c.server === 'default' && !isRead(c),
  (c) => c.server === 'large',
  (c) => c.server === 'state',
]

function contextFor(server: ChildServer, collection: string): CaseContext {
  return {
    url: server.url,
    collection,
    async newCollection(name) {
      const res = await send(server.url, {
        method: 'POST',
        path: '/api/environments/1/session_recording_playlists/',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ name, type: 'collection' }),
      })
      if (res.status !== 201) throw new Error(`creating a playlist answered ${res.status}`)
      return JSON.parse(res.body.toString()).short_id
    },
  }
}

async function firstCollection(server: ChildServer): Promise<string> {
  const list = await send(server.url, {
    method: 'GET',
    path: '/api/environments/1/session_recording_playlists/?limit=100',
    headers: AUTH,
  })
  const playlists = JSON.parse(list.body.toString()).results as Array<{
    short_id: string
    type: string | null
    deleted: boolean
  }>
  const found = playlists.find((p) => p.type === 'collection' && !p.deleted)
  if (!found) throw new Error('no collection playlist in the default data')
  return found.short_id
}

/** The worst judged in-memory ratio of a run (see run.ts), kept on the rows. */
export interface RatioRow extends Row {
  ratioValue?: number
  durable?: boolean
  /** The hypervisor's share of the machine's CPU time while the row's rounds ran (steal.ts). */
  steal?: number
}

export async function runLimit(config: BenchConfig): Promise<Row[]> {
  const stateDir = mkdtempSync(join(tmpdir(), 'analytics-mock-bench-'))
  const ceiling = await startChild('scripts/bench/servers/ceiling.ts')
  let peer: Peer | undefined
  const rows: RatioRow[] = []
  const servers: Partial<Record<ServerKind, ChildServer>> = {}
  const args: Record<ServerKind, string[]> = {
    default: [],
    large: ['--persons', String(LARGE_PERSONS)],
    state: ['--state', join(stateDir, 'state.json')],
  }
  try {
    try {
      peer = await startPeer(config)
      if (peer.note) rows.push(notApplicable('Peer', peer.note))
    } catch (error) {
      rows.push(notApplicable('Peer', `did not start: ${String((error as Error).message).split('\n')[0]}`))
    }
    const chosen = OPERATIONS.filter(
      (c) => !config.cases || config.cases.some((word) => c.name.toLowerCase().includes(word)),
    )
    const cases = ORDER.flatMap((pick) => chosen.filter(pick))
    for (const c of cases) {
      // One mock at a time beside the ceiling (and the peer): started when first needed.
      if (!servers[c.server]) {
        await Promise.all(Object.values(servers).map((s) => s!.stop()))
        for (const key of Object.keys(servers) as ServerKind[]) delete servers[key]
        servers[c.server] = await startChild('scripts/bench/servers/mock.ts', args[c.server], {
          timeoutMs: 600_000,
          nodeArgs: process.env.BENCH_MOCK_NODE_ARGS?.split(' ').filter(Boolean),
        })
      }
      const server = servers[c.server]!
      const ctx = contextFor(server, await firstCollection(server))
      rows.push(await runCase(c, ctx, server, ceiling, peer, config))
    }
  } finally {
    await Promise.all([ceiling.stop(), peer?.server.stop(), ...Object.values(servers).map((s) => s!.stop())])
    rmSync(stateDir, { recursive: true, force: true })
  }
  return rows
}

async function runCase(
  c: OperationCase,
  ctx: CaseContext,
  mock: ChildServer,
  ceiling: ChildServer,
  peer: Peer | undefined,
  config: BenchConfig,
): Promise<RatioRow> {
  const label = `Limit: ${c.name}`
  const target = c.target === null ? 'printed' : `>= ${c.target} of ceiling`
  const connections = c.connections ?? config.connections
  const fixed = c.beforeRound !== undefined
  // Capture the answer the ceiling replays (a write is made once for it).
  if (fixed) await c.beforeRound!(ctx, -2, 1)
  const sample = await c.requests(ctx, -2)
  const captured = await send(mock.url, sample[0]!)
  if (captured.status !== c.status) {
    return notApplicable(label, `mock answered ${captured.status}: ${captured.body.toString().slice(0, 120)}`, target)
  }
  const routes: Record<string, ReturnType<typeof cannedAnswer>> = {}
  for (const r of sample)
    routes[r.prefix ? `${r.method} ${r.prefix}*` : `${r.method} ${r.path}`] = cannedAnswer(captured)
  await ceiling.ask({ type: 'routes', routes })

  // Warm both (JIT, caches); a case that acts on targets made per round runs a fixed count per round,
  // sized from the warm-up's rate.
  let count = 0
  const mockRound = async (round: number, options: { seconds?: number; amount?: number }) => {
    if (fixed) await c.beforeRound!(ctx, round, options.amount!)
    return load(mock.url, await c.requests(ctx, round), { connections, expect: c.status, ...options })
  }
  const ceilingRound = async (round: number, options: { seconds?: number; amount?: number }) =>
    load(ceiling.url, await c.requests(ctx, round), { connections, expect: c.status, ...options })
  if (fixed) {
    const warm = Math.min(2_000, c.maxCount ?? Infinity)
    const warmed = await mockRound(-1, { amount: warm })
    count = Math.max(500, Math.min(c.maxCount ?? Infinity, Math.round(warmed.rps * config.roundSeconds)))
    await ceilingRound(-1, { amount: warm })
  } else {
    await mockRound(-1, { seconds: 1 })
    await ceilingRound(-1, { seconds: 1 })
  }
  const amount = fixed ? { amount: count } : { seconds: config.roundSeconds }
  let mockRoundNo = 0
  let ceilingRoundNo = 0
  const before = cpuTimes()
  const r = await sideBySide(config.rounds, {
    ceiling: () => ceilingRound(ceilingRoundNo++, amount),
    mock: () => mockRound(mockRoundNo++, amount),
  })
  const steal = stealShare(before, cpuTimes())
  const ratios = roundRatios(r.mock, r.ceiling)
  const problem = loadProblem(r.mock, r.ceiling)
  return {
    benchmark: `${label} (${captured.body.length.toLocaleString('en-US')} B)`,
    ours: fmt.rps(r.mock.rps),
    reference: `ceiling ${fmt.rps(r.ceiling.rps)}`,
    ratio: fmt.ratios(ratios),
    latency: `${fmt.latency(r.mock)} (ceiling ${fmt.ms(percentile(r.ceiling.latencies, 50))} / ${fmt.ms(percentile(r.ceiling.latencies, 99))})`,
    peer: c.noPeer || !peer ? '' : await peerFigure(c, sample, peer, r.mock, connections, config),
    target,
    verdict:
      problem ??
      (ratios.median > ABOVE_CEILING
        ? 'FAIL: above the ceiling (a broken comparison)'
        : c.target === null
          ? 'printed'
          : verdict(ratios.median >= c.target)),
    ratioValue: problem || c.target === null ? undefined : ratios.median,
    durable: c.server === 'state',
    steal,
  }
}

/** The peer on the same request (one round, not judged): its rate, and ours as a multiple of it. */
async function peerFigure(
  c: OperationCase,
  sample: BenchRequest[],
  peer: Peer,
  ours: LoadResult,
  connections: number,
  config: BenchConfig,
): Promise<string> {
  const requests = sample.map(({ pathFor: _pathFor, prefix: _prefix, ...r }) => r)
  const first = await send(peer.server.url, requests[0]!)
  if (first.status >= 400 && first.status !== c.status) return `${peer.name} answers ${first.status}`
  await load(peer.server.url, requests, { connections, seconds: 1, expect: first.status })
  const theirs = await load(peer.server.url, requests, {
    connections,
    seconds: config.roundSeconds,
    expect: first.status,
  })
  if (theirs.errors || theirs.unexpected)
    return `${peer.name}: ${theirs.errors} errors, ${theirs.unexpected} unexpected`
  return `${fmt.rps(theirs.rps)}, ${fmt.ms(percentile(theirs.latencies, 50))} / ${fmt.ms(percentile(theirs.latencies, 99))} (ours ${fmt.ratio(ours.rps / theirs.rps)})`
}
