// CPU per request of the mock's server and the ceiling's, split by thread (main, V8's GC helpers,
// libuv's pool, the rest), both loaded at once as in face-cpu.ts. Shows how much of the gap runs
// off the main thread (the collector's parallel and concurrent work), which a CPU profile misses.
//   [ALONE=1] npx tsx scripts/bench/thread-cpu.ts [PATH [METHOD BODY...]]
// CANNED_CORE=1: the mock's core answers only the first request, every later one gets a copy of that
// answer (servers/mock.ts --canned-core), so the gap left to the ceiling is the HTTP face's own.
// MOCK_NODE_ARGS='--flag ...' starts the mock's node with them; MOCK_ARGS='--state FILE' passes arguments to the mock server itself. PROF=DIR writes a CPU profile of each server on exit. ALONE=1 loads them one after the other (as the limit benchmark does) and prints req/s too.
import { readdirSync, readFileSync } from 'node:fs'
import { load } from './harness.ts'
import { startMockAndCeiling } from './mock-and-ceiling.ts'
import { steadyLoadGenerator } from './steady-client.ts'

steadyLoadGenerator()
const P = '/api/environments/1'
const path = process.argv[2] ?? `${P}/persons/1/`
const method = process.argv[3] ?? 'GET'
const bodies = process.argv.slice(4)
const threads = (pid: number): Map<string, number> => {
  const out = new Map<string, number>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const s = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      const name = s.slice(s.indexOf('(') + 1, s.lastIndexOf(')'))
      const f = s.split(') ')[1]!.split(' ')
      const key = Number(tid) === pid ? 'main' : name
      out.set(key, (out.get(key) ?? 0) + (Number(f[11]) + Number(f[12])) * 10)
    } catch {
      // The thread ended while it was read.
    }
  }
  return out
}
const prof = process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : []
const mockArgs = [...prof, ...(process.env.MOCK_NODE_ARGS?.split(' ').filter(Boolean) ?? [])]
const {
  mock,
  ceiling,
  requests: reqs,
} = await startMockAndCeiling(path, method, bodies, { mock: mockArgs, ceiling: prof }, [
  ...(process.env.CANNED_CORE === '1' ? ['--canned-core'] : []),
  ...(process.env.MOCK_ARGS?.split(' ').filter(Boolean) ?? []),
])
const alone = process.env.ALONE === '1'
const m0 = threads(mock.proc.pid!),
  c0 = threads(ceiling.proc.pid!)
let nm = 0,
  nc = 0
for (let r = 0; r < 6; r++) {
  if (alone) {
    nm += (await load(mock.url, reqs, { connections: 8, seconds: 1 })).completed
    nc += (await load(ceiling.url, reqs, { connections: 8, seconds: 1 })).completed
    continue
  }
  const [a, b] = await Promise.all([
    load(mock.url, reqs, { connections: 8, seconds: 1 }),
    load(ceiling.url, reqs, { connections: 8, seconds: 1 }),
  ])
  nm += a.completed
  nc += b.completed
}
const m1 = threads(mock.proc.pid!),
  c1 = threads(ceiling.proc.pid!)
for (const [label, t0, t1, n] of [
  ['mock', m0, m1, nm],
  ['ceiling', c0, c1, nc],
] as const) {
  const parts = [...t1]
    .map(([k, v]) => [k, ((v - (t0.get(k) ?? 0)) * 1000) / n] as const)
    .filter(([, v]) => v >= 0.5)
    .sort((x, y) => y[1] - x[1])
  const sum = parts.reduce((s, [, v]) => s + v, 0)
  console.log(
    `${label}: ${n} requests${alone ? ` (${(n / 6).toFixed(0)} req/s alone)` : ''}, CPU µs/request ${sum.toFixed(0)} = ${parts.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`,
  )
}
await mock.stop()
await ceiling.stop()
