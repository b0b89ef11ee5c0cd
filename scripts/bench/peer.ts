// Against a peer: Stoplight Prism (@stoplight/prism-cli 5.14.2, the last version whose engines allow
// Node 20) mocking contracts/openapi.yaml, vs our standalone server with response validation on, same
// requests, alternating rounds. Prism runs with logging silenced (its default "info" logging would
// slow it down). If Prism does not run here, the output says so and openapi-backend's own mock mode
// is the peer.
import { createRequire } from 'node:module'
import path from 'node:path'
import {
  AUTH,
  fmt,
  freePort,
  load,
  loadProblem,
  notApplicable,
  percentile,
  roundRatios,
  ROOT,
  send,
  sideBySide,
  startChild,
  startPolled,
  verdict,
  type BenchConfig,
  type BenchRequest,
  type ChildServer,
  type Row,
} from './harness.ts'
import { playlistPatch } from './limit.ts'

const TARGET = 3
const PERSONS = '/api/environments/1/persons/'

async function startPeer(config: BenchConfig): Promise<{ server: ChildServer; name: string; note?: string }> {
  try {
    if (config.peer === 'openapi-backend') throw new Error('--peer openapi-backend given')
    const require = createRequire(import.meta.url)
    const pkg = require.resolve('@stoplight/prism-cli/package.json')
    const version = (require(pkg) as { version: string }).version
    const cli = path.join(path.dirname(pkg), 'dist', 'index.js')
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const server = await startPolled(
      process.execPath,
      [cli, 'mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'silent', path.join(ROOT, 'contracts/openapi.yaml')],
      `${url}${PERSONS}1/`,
    )
    return { server, name: `Prism ${version}` }
  } catch (error) {
    const why = String((error as Error).message).split('\n')[0]
    const server = await startChild('scripts/bench/servers/openapi-backend-mock.ts')
    return { server, name: 'openapi-backend mock', note: `Prism did not run here (${why}); peer is openapi-backend's mock mode` }
  }
}

export async function runPeer(config: BenchConfig): Promise<Row[]> {
  const mock = await startChild('scripts/bench/servers/mock.ts')
  const peer = await startPeer(config).catch(async (error) => {
    await mock.stop()
    throw error
  })
  const rows: Row[] = []
  if (peer.note) {
    console.log(peer.note)
    rows.push(notApplicable('Peer: Prism', peer.note))
  }
  try {
    const patch = await playlistPatch(mock)
    const cases: Array<[string, BenchRequest[] | string]> = [
      ['GET person retrieve', [{ method: 'GET', path: `${PERSONS}1/`, headers: AUTH }]],
      ['GET persons list, limit=100', [{ method: 'GET', path: `${PERSONS}?limit=100`, headers: AUTH }]],
      ['PATCH playlist', patch],
    ]
    for (const [name, requests] of cases) {
      const label = `Peer: ${name}`
      const target = `>= ${TARGET}x ${peer.name}`
      if (typeof requests === 'string') {
        rows.push(notApplicable(label, requests, target))
        continue
      }
      const ours = await send(mock.url, requests[0]!)
      const theirs = await send(peer.server.url, requests[0]!)
      if (ours.status !== 200) {
        rows.push(notApplicable(label, ours.status === 501 ? 'not implemented' : `mock answered ${ours.status}`, target))
        continue
      }
      if (theirs.status !== 200) {
        rows.push(notApplicable(label, `${peer.name} answered ${theirs.status}: ${theirs.body.toString().slice(0, 100)}`, target))
        continue
      }
      const run = (server: ChildServer) => () => load(server.url, requests, { connections: config.connections, seconds: config.roundSeconds })
      await load(mock.url, requests, { connections: config.connections, seconds: 1 })
      await load(peer.server.url, requests, { connections: config.connections, seconds: 1 })
      const r = await sideBySide(config.rounds, { peer: run(peer.server), mock: run(mock) })
      const ratios = roundRatios(r.mock, r.peer)
      const ratio = ratios.median
      rows.push({
        benchmark: `${label} (ours ${ours.body.length.toLocaleString('en-US')} B, theirs ${theirs.body.length.toLocaleString('en-US')} B)`,
        ours: fmt.rps(r.mock.rps),
        reference: `${peer.name} ${fmt.rps(r.peer.rps)}`,
        ratio: fmt.ratios(ratios),
        latency: `${fmt.latency(r.mock)} (${peer.name} ${fmt.ms(percentile(r.peer.latencies, 50))} / ${fmt.ms(percentile(r.peer.latencies, 99))})`,
        target,
        verdict: loadProblem(r.mock, r.peer) ?? verdict(ratio >= TARGET),
      })
    }
  } finally {
    await Promise.all([mock.stop(), peer.server.stop()])
  }
  return rows
}
