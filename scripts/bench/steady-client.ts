// The load generator's memory, kept steady, so that what a benchmark measures is the servers.
//
// The load generator (autocannon, in the benchmark's own process) reads every answer into a buffer from
// glibc's malloc. With glibc's defaults the top of its heap is given back to the system whenever enough
// of it is free (the trim threshold, which glibc also moves as it goes), and taken again moments later:
// every page then faults in afresh. On the VM of 2026-11-25 that came and went with the answers' sizes
// and the moment (the same 47 kB answer from the bare server read at 5-7k req/s in one load and ~20k in
// the next): 5-9 page faults a request in the load generator, ~80-125 µs more of its CPU a request. The
// load generator was then the slower side of the loop, so both servers read alike (GET persons list at
// 1k: 1.0x) or a row read whichever side's load happened to fault (the same list at 100k: 0.43-0.66x).
// With the heap's top kept (and big buffers taken from it, not mapped and unmapped each time) the
// load generator took 0.02-0.26 faults and 37-49 µs of CPU a request, whatever the size.
//
// glibc reads its tunables when a process starts, so the benchmark starts itself again with them
// (`steadyLoadGenerator`). The servers measured run as users run them: `serverEnv` gives them the
// environment the benchmark was started with. Elsewhere than Linux (or with another C library, which
// ignores the variable) nothing changes.
import { spawnSync } from 'node:child_process'

/** glibc's malloc: keep the heap's top (up to 1 GiB free), grow it 64 MiB at a time, take blocks up to 32 MiB from it. */
export const CLIENT_TUNABLES =
  'glibc.malloc.trim_threshold=1073741824:glibc.malloc.top_pad=67108864:glibc.malloc.mmap_threshold=33554432'
/** Set in the restarted benchmark: GLIBC_TUNABLES as it was before ('' when unset), for the servers. */
const ORIGINAL = 'ANALYTICS_MOCK_BENCH_ORIGINAL_GLIBC_TUNABLES'

/**
 * Restarts this benchmark script with CLIENT_TUNABLES (once; on Linux only) and exits with its status.
 * Call it first thing in a script that runs a load.
 */
export function steadyLoadGenerator(): void {
  if (process.platform !== 'linux' || process.env[ORIGINAL] !== undefined || process.env.BENCH_MALLOC === 'default')
    return
  const original = process.env.GLIBC_TUNABLES ?? ''
  const env = {
    ...process.env,
    GLIBC_TUNABLES: original ? `${original}:${CLIENT_TUNABLES}` : CLIENT_TUNABLES,
    [ORIGINAL]: original,
  }
  const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env })
  if (run.error) throw run.error
  process.exit(run.status ?? 1)
}

/** The environment for a server the benchmark starts: the one the benchmark was started with. */
export function serverEnv(): NodeJS.ProcessEnv {
  const original = process.env[ORIGINAL]
  if (original === undefined) return process.env
  const env = { ...process.env }
  delete env[ORIGINAL]
  if (original === '') delete env.GLIBC_TUNABLES
  else env.GLIBC_TUNABLES = original
  return env
}
