// `analytics-mock serve`: the standalone mock server on its embedded data.
import { createApp } from '../core/app.ts'
import { compactHeap } from '../adapter/heap.ts'
import { parseInstant } from '../core/clock.ts'
import { parseNonPeakWindow, type NonPeakWindow } from '../core/schedule.ts'
import { scenarioNames } from '../fixtures.ts'
import { DEFAULT_TIMEOUTS, serve } from '../adapter/node.ts'
import { loadStateFile, StateFileError, StateWriter } from '../adapter/state-file.ts'
import { stringOption, type ParsedArgs } from './args.ts'

export const SERVE_HELP = `analytics-mock serve [options]

  --port N         port (default $PORT or 8010)
  --host H         address (default $HOST or 127.0.0.1)
  --seed N         seed of the generated data (default 1)
  --fixtures NAME  scenario from fixtures/ (default "default"; known: ${scenarioNames().join(', ')})
  --now ISO        freeze the clock at this instant (default: wall time)
  --non-peak H-H   UTC hours when POST delete_events tasks run (default 0-6; may cross midnight, e.g. 22-4)
  --no-validate    skip response validation (benchmarks only)
  --state FILE     keep the data in FILE: loaded at start (missing: the seeded data), written
                   atomically soon after every change and on shutdown; a damaged or incompatible
                   FILE stops the start and is left as it is
  --latency MS     hold every API request back this long (also POST /_mock/faults)
  --request-timeout MS     time a client has to send its whole request (default ${DEFAULT_TIMEOUTS.requestTimeoutMs})
  --headers-timeout MS     time a client has to send its headers (default ${DEFAULT_TIMEOUTS.headersTimeoutMs})
  --keep-alive-timeout MS  how long an idle keep-alive connection stays open (default ${DEFAULT_TIMEOUTS.keepAliveTimeoutMs})
  --idle-timeout MS        how long a connection may see no traffic at all (default ${DEFAULT_TIMEOUTS.idleTimeoutMs})
  --shutdown-timeout MS    on SIGTERM/SIGINT, how long in-flight requests may take to finish (default 10000)
`

/** The server cannot start as asked (e.g. its state file is unusable); exit code 1. */
export class StartupError extends Error {}

export class UsageError extends Error {}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, not "${value}"`)
  return Number(value)
}

export async function runServe(args: ParsedArgs): Promise<void> {
  const o = args.options
  const port = integer('port', stringOption(o, 'port') ?? process.env.PORT, 8010)
  const host = stringOption(o, 'host') ?? process.env.HOST ?? '127.0.0.1'
  const seed = integer('seed', stringOption(o, 'seed'), 1)
  const fixtures = stringOption(o, 'fixtures') ?? 'default'
  if (!scenarioNames().includes(fixtures)) throw new UsageError(`unknown --fixtures "${fixtures}" (known: ${scenarioNames().join(', ')})`)
  const nowArg = stringOption(o, 'now')
  let now: number | undefined
  if (nowArg !== undefined) {
    try {
      now = parseInstant(nowArg)
    } catch {
      throw new UsageError(`--now takes an ISO 8601 instant, not "${nowArg}"`)
    }
  }
  const nonPeakArg = stringOption(o, 'non-peak')
  let nonPeakWindow: NonPeakWindow | undefined
  if (nonPeakArg !== undefined) {
    try {
      nonPeakWindow = parseNonPeakWindow(nonPeakArg)
    } catch (error) {
      throw new UsageError(`--non-peak: ${(error as Error).message}`)
    }
  }
  const optionalMs = (name: string) => {
    const value = stringOption(o, name)
    return value === undefined ? undefined : integer(name, value, 0)
  }
  const latency = optionalMs('latency')
  const shutdownTimeout = optionalMs('shutdown-timeout') ?? 10_000
  const statePath = stringOption(o, 'state')
  if (o.state === true) throw new UsageError('--state takes a file name')
  const app = await createApp({
    seed,
    fixtures,
    clock: now === undefined ? { frozen: false } : { now, frozen: true },
    validateResponses: o['no-validate'] !== true,
    faults: latency === undefined ? undefined : { latency_ms: latency },
    nonPeakWindow,
  })
  let writer: StateWriter | undefined
  if (statePath !== undefined) {
    try {
      const restored = await loadStateFile(app, statePath, { seed, fixtures })
      console.log(restored ? `state loaded from ${statePath}` : `no state file at ${statePath} yet: starting from the seeded data`)
    } catch (error) {
      if (error instanceof StateFileError) {
        throw new StartupError(`cannot use the state file ${statePath}: ${error.message}. The file was left as it is.`)
      }
      throw error
    }
    writer = new StateWriter(app, statePath, { seed, fixtures })
  }
  // The data is in memory: pack the heap before serving (seeding leaves its pages fragmented).
  compactHeap()
  const running = await serve(app, {
    port,
    host,
    requestTimeoutMs: optionalMs('request-timeout'),
    headersTimeoutMs: optionalMs('headers-timeout'),
    keepAliveTimeoutMs: optionalMs('keep-alive-timeout'),
    idleTimeoutMs: optionalMs('idle-timeout'),
  })
  console.log(`listening on ${running.url}`)
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    console.log(`${signal}: closing (in-flight requests finish first)`)
    const finish = async () => {
      await writer?.close()
      process.exit(0)
    }
    // In-flight requests finish (their writes included), then the state is written one last time.
    running.close().then(finish)
    setTimeout(() => {
      console.error(`requests still running after ${shutdownTimeout} ms: stopping anyway`)
      void finish()
    }, shutdownTimeout).unref()
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}
