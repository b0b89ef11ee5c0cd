// CPU per request of the mock's server against the ceiling's (a bare node:http server answering the
// same bytes), both loaded at the same time (8 connections each, 8 rounds of 1 s), read from
// /proc/PID/stat (user and kernel time, every thread). Loaded at once, the machine's bursts hit both
// alike, so the ratio holds on a shared machine where rounds one after the other swing 0.2-3x. The
// gap is what the mock adds per request over node:http itself: its own handling and its HTTP face.
//   npx tsx scripts/bench/face-cpu.ts [PATH]      (default: a person retrieve)
//   npx tsx scripts/bench/face-cpu.ts PATH METHOD BODY [BODY...]   (a write: the bodies sent in turn)
//   PROF=/tmp/dir npx tsx scripts/bench/face-cpu.ts  (also a CPU profile of each server, on exit)
import { readFileSync } from 'node:fs'
import { load } from './harness.ts'
import { startMockAndCeiling } from './mock-and-ceiling.ts'
import { steadyLoadGenerator } from './steady-client.ts'

steadyLoadGenerator()
const P = '/api/environments/1'
const path = process.argv[2] ?? `${P}/persons/1/`
const cpuMs = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(f[11]) + Number(f[12])) * 10
}
const prof = process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : []
const method = process.argv[3] ?? 'GET'
const {
  mock,
  ceiling,
  requests: reqs,
  status,
} = await startMockAndCeiling(path, method, process.argv.slice(4), { mock: prof, ceiling: prof })
const per: Record<string, number[]> = { mock: [], ceiling: [] }
for (let r = 0; r < 8; r++) {
  const c0 = [cpuMs(mock.proc.pid!), cpuMs(ceiling.proc.pid!)]
  const [a, b] = await Promise.all([
    load(mock.url, reqs, { connections: 8, seconds: 1 }),
    load(ceiling.url, reqs, { connections: 8, seconds: 1 }),
  ])
  const c1 = [cpuMs(mock.proc.pid!), cpuMs(ceiling.proc.pid!)]
  per.mock!.push(((c1[0]! - c0[0]!) * 1000) / a.completed)
  per.ceiling!.push(((c1[1]! - c0[1]!) * 1000) / b.completed)
}
const med = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1]!
console.log(
  `${method} ${path} (${status}): CPU µs/request (median of 8 rounds, both loaded at once): mock ${med(per.mock!).toFixed(0)}, ceiling ${med(per.ceiling!).toFixed(0)}`,
)
await mock.stop()
await ceiling.stop()
