// The rounds of the in-process benchmarks (bench-reads.ts, bench-writes.ts): each operation alone in a
// loop through `app.handle`, rounds alternating between operations, CPU time of the process per call
// (not wall time: on a shared machine the wall clock counts others' work), an optional CPU profile of
// the timed rounds only, one line per operation.
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import type { App } from '../src/app.ts'
import { serialize, type MockRequest } from '../src/core/http.ts'

export interface InProcessOperation {
  name: string
  app: App
  status: number
  /** The i-th request of a loop. */
  next: (i: number) => MockRequest
  /** Before each loop, untimed (e.g. back to the seed so a destructive write has targets again). */
  before?: () => Promise<void>
}

/** µs of this process's CPU time per call of `o`, `n` calls (the answer serialized as the server would). */
async function loop(o: InProcessOperation, n: number): Promise<number> {
  await o.before?.()
  const started = process.cpuUsage()
  for (let i = 0; i < n; i++) {
    const res = await o.app.handle(o.next(i))
    if (res.status !== o.status) throw new Error(`${o.name}: status ${res.status}: ${JSON.stringify(res.json)}`)
    serialize(res)
  }
  const used = process.cpuUsage(started)
  return (used.user + used.system) / n
}

/** A warm-up loop each, then `rounds` rounds of `calls` calls; prints each operation's min and median. */
export async function runRounds(
  chosen: InProcessOperation[],
  options: { calls: number; rounds: number; warmup: number; profile?: string },
): Promise<void> {
  for (const o of chosen) await loop(o, Math.min(options.warmup, options.calls))
  const figures = new Map<string, number[]>(chosen.map((o) => [o.name, []]))
  const session = options.profile ? new Session() : undefined
  if (session) {
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.setSamplingInterval', { interval: 50 })
    await session.post('Profiler.start')
  }
  for (let r = 0; r < options.rounds; r++) {
    for (const o of chosen) figures.get(o.name)!.push(await loop(o, options.calls))
  }
  if (session) {
    const { profile } = await session.post('Profiler.stop')
    writeFileSync(options.profile!, JSON.stringify(profile))
    session.disconnect()
  }
  for (const [name, times] of figures) {
    const sorted = [...times].sort((a, b) => a - b)
    // The least disturbed round (min) next to the median: other work on a shared machine only adds.
    console.log(
      `${name.padEnd(48)} min ${sorted[0]!.toFixed(1).padStart(6)}  median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1).padStart(6)} µs/call  (${times.map((t) => t.toFixed(1)).join(', ')})`,
    )
  }
}
