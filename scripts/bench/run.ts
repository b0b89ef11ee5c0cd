// `npm run bench`: every benchmark, one table.
//   npm run bench                      the four: limit, scale, in-process, startup (~20 minutes)
//   npm run bench -- --quick           shorter rounds (a smoke run; figures are noisier)
//   npm run bench -- --only limit,scale run some: limit, scale, in-process, startup, and four more
//                                      run only when named: reset, compaction, start, test-files
//   npm run bench -- --only startup --cases million   the million-person start only (or: default)
//   npm run bench -- --only test-files   what the mock adds to each test file (fresh process, vitest, Jest)
//   npm run bench -- --peer openapi-backend   openapi-backend's mock mode as the peer instead of Prism
//   npm run bench -- --cases person,list      only the limit cases whose names contain one of these
//   BENCH_MOCK_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench -- --only limit
//                                      the limit benchmark's mock servers started with these node options
//   BENCH_MALLOC=default npm run bench  without keeping the load generator's malloc steady (steady-client.ts)
import os from 'node:os'
import { runCompaction } from './compaction.ts'
import { configFrom, fmt, notApplicable, renderTable, type Row } from './harness.ts'
import { ABOVE_CEILING, runLimit, type RatioRow } from './limit.ts'
import { runReset } from './reset.ts'
import { runScale } from './scale.ts'
import { runInProcess } from './in-process.ts'
import { runStartTime } from './start-time.ts'
import { runStartup } from './startup.ts'
import { runTestFiles } from './test-files.ts'
import { steadyLoadGenerator } from './steady-client.ts'
import { cpuTimes, stealShare } from './steal.ts'

// Restarted with the load generator's malloc kept steady (steady-client.ts), before anything is measured.
steadyLoadGenerator()

const BENCHMARKS: Record<string, (config: ReturnType<typeof configFrom>) => Promise<Row[]>> = {
  limit: runLimit,
  scale: runScale,
  'in-process': runInProcess,
  startup: runStartup,
  // Only when named in --only:
  reset: runReset,
  compaction: runCompaction,
  start: runStartTime,
  'test-files': runTestFiles,
}
const DEFAULT = ['limit', 'scale', 'in-process', 'startup']

const argv = process.argv.slice(2)
const config = configFrom(argv)
const onlyIndex = argv.indexOf('--only')
const only = onlyIndex >= 0 ? argv[onlyIndex + 1]!.split(',') : DEFAULT
const unknown = only.filter((name) => !BENCHMARKS[name])
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')} (known: ${Object.keys(BENCHMARKS).join(', ')})`)
  process.exit(2)
}

/** Rows measured while the hypervisor took more than this share of the CPU time are named after the table. */
const STEAL_NOTED = 0.05
const pct = (share: number) => `${(share * 100).toFixed(1)}%`

const load = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ')
console.log(
  `analytics-mock benchmarks: node ${process.version}, ${os.cpus().length} cpu (${os.cpus()[0]?.model ?? '?'}), load average ${load}`,
)
console.log(
  `rounds: ${config.rounds} x ${config.roundSeconds} s per side, ${config.connections} connections${config.quick ? ' (--quick)' : ''}\n`,
)

const rows: Row[] = []
const runStarted = cpuTimes()
for (const name of only) {
  const started = performance.now()
  process.stderr.write(`running ${name}...`)
  try {
    rows.push(...(await BENCHMARKS[name]!(config)))
  } catch (error) {
    // One benchmark failing (a server that does not start, say) still leaves the others' figures.
    rows.push(notApplicable(name, `failed: ${String((error as Error).message ?? error).split('\n')[0]}`))
  }
  process.stderr.write(` ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
}
console.log(renderTable(rows))
const judged = rows.filter((r) => r.verdict === 'pass' || r.verdict.startsWith('FAIL'))
console.log(
  `\n${judged.filter((r) => r.verdict === 'pass').length} of ${judged.length} targets met; ${rows.filter((r) => r.verdict.startsWith('n/a')).length} not applicable`,
)
const ratios = (rows as RatioRow[]).filter((r) => r.ratioValue !== undefined)
// How much CPU the hypervisor took meanwhile (steal.ts): ratios read lower in rows it took much from.
const steal = stealShare(runStarted, cpuTimes())
if (steal !== undefined) {
  const stolenFrom = ratios
    .filter((r) => (r.steal ?? 0) > STEAL_NOTED)
    .map((r) => `${r.benchmark.replace(/^Limit: /, '')} ${pct(r.steal!)}`)
  console.log(
    `the hypervisor took ${pct(steal)} of this machine's CPU time during the run (steal)${stolenFrom.length ? `; more than ${pct(STEAL_NOTED)} during: ${stolenFrom.join(', ')}` : ''}`,
  )
}
// A row above the ceiling is a broken comparison (the ceiling replays the mock's own answers), never a win.
const above = (rows as RatioRow[]).filter((r) => r.verdict.startsWith('FAIL: above'))
if (above.length)
  console.log(
    `BROKEN COMPARISON: ${above.length} row(s) above ${ABOVE_CEILING}x the ceiling: ${above.map((r) => r.benchmark.replace(/^Limit: /, '')).join(', ')}`,
  )
// Last: the worst judged ratio to the ceiling in memory, and with --state.
for (const [label, durable] of [
  ['with --state', true],
  ['in memory', false],
] as const) {
  const worst = ratios.filter((r) => !!r.durable === durable).sort((a, b) => a.ratioValue! - b.ratioValue!)[0]
  if (worst) console.log(`worst ratio to the ceiling ${label}: ${fmt.ratio(worst.ratioValue!)} (${worst.benchmark})`)
}
// Figures are for reading, not a gate: the exit code says only whether the benchmarks ran.
process.exit(rows.some((r) => r.verdict.startsWith('n/a: failed')) ? 1 : 0)
