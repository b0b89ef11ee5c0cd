// `analytics-mock serve`: the standalone mock server on its embedded data.
import { createApp } from '../app.ts'
import { compactHeap } from '../server/heap.ts'
import { parseInstant } from '../core/clock.ts'
import { isProfile, PROFILES } from '../contract/profiles.ts'
import { parseNonPeakWindow, type NonPeakWindow } from '../domain/schedule.ts'
import { scenarioNames } from '../../fixtures/index.ts'
import type { DatasetSize } from '../seed/seed.ts'
import { DEFAULT_TIMEOUTS, serve } from '../server/node.ts'
import { loadStateFile, StateFileError, StateWriter } from '../server/state-file.ts'
import { integerValue, optionsHelp, parseCommandLine, stringValue, UsageError, wholeNumber, type OptionTable } from './options.ts'

export const SERVE_OPTIONS = {
  port: { type: 'string', value: 'N', help: 'port (default $PORT or 8010; 0 picks a free one)' },
  host: { type: 'string', value: 'H', help: 'address (default $HOST or 127.0.0.1)' },
  seed: { type: 'string', value: 'N', help: 'seed of the generated data (default 1)' },
  fixtures: { type: 'string', value: 'NAME', help: `scenario from fixtures/ (default "default"; known: ${scenarioNames().join(', ')})` },
  persons: { type: 'string', value: 'N', help: "persons in project 1 (default: the scenario's own; project 2 gets a fifth)" },
  'events-per-person': { type: 'string', value: 'N', help: "events per person (default: the scenario's own, 5-15 on the default data)" },
  recordings: { type: 'string', value: 'N', help: "session recordings in project 1 (default: the scenario's own)" },
  profile: {
    type: 'string',
    value: 'NAME',
    help: `answer as the API description says (seed, the default) or as the real service\nanswers where they disagree (observed; see the contract's x-observed notes)`,
  },
  now: { type: 'string', value: 'ISO', help: 'freeze the clock at this instant (default: wall time)' },
  'non-peak': { type: 'string', value: 'H-H', help: 'UTC hours when POST delete_events tasks run (default 0-6; may cross midnight, e.g. 22-4)' },
  'no-validate': { type: 'boolean', help: 'skip response validation (benchmarks only)' },
  state: {
    type: 'string',
    value: 'FILE',
    help: 'keep the data in FILE: loaded at start (missing: the seeded data), written\natomically soon after every change and on shutdown; a damaged or incompatible\nFILE stops the start and is left as it is',
  },
  latency: { type: 'string', value: 'MS', help: 'hold every API request back this long (also POST /_mock/faults)' },
  'request-timeout': { type: 'string', value: 'MS', help: `time a client has to send its whole request (default ${DEFAULT_TIMEOUTS.requestTimeoutMs})` },
  'headers-timeout': { type: 'string', value: 'MS', help: `time a client has to send its headers (default ${DEFAULT_TIMEOUTS.headersTimeoutMs})` },
  'keep-alive-timeout': { type: 'string', value: 'MS', help: `how long an idle keep-alive connection stays open (default ${DEFAULT_TIMEOUTS.keepAliveTimeoutMs})` },
  'idle-timeout': { type: 'string', value: 'MS', help: `how long a connection may see no traffic at all (default ${DEFAULT_TIMEOUTS.idleTimeoutMs})` },
  'shutdown-timeout': { type: 'string', value: 'MS', help: 'on SIGTERM/SIGINT, how long in-flight requests may take to finish (default 10000)' },
  help: { type: 'boolean', help: 'this text' },
} satisfies OptionTable

export const SERVE_HELP = `analytics-mock serve [options]

${optionsHelp(SERVE_OPTIONS)}
`

/** The server cannot start as asked (e.g. its state file is unusable); exit code 1. */
export class StartupError extends Error {}

/** Runs `analytics-mock serve` with these arguments (after the command name); resolves once it listens. */
export async function runServe(argv: string[]): Promise<void> {
  const o = parseCommandLine(argv, SERVE_OPTIONS).values
  const port = wholeNumber('port', stringValue(o, 'port') ?? process.env.PORT) ?? 8010
  const host = stringValue(o, 'host') ?? process.env.HOST ?? '127.0.0.1'
  const seed = integerValue(o, 'seed', 1)
  const fixtures = stringValue(o, 'fixtures') ?? 'default'
  // Only the sizes given: the scenario keeps its own for the others.
  const size = Object.fromEntries(
    Object.entries({ persons: 'persons', eventsPerPerson: 'events-per-person', recordings: 'recordings' })
      .map(([field, option]) => [field, integerValue(o, option)])
      .filter(([, value]) => value !== undefined),
  ) as DatasetSize
  if (!scenarioNames().includes(fixtures)) throw new UsageError(`unknown --fixtures "${fixtures}" (known: ${scenarioNames().join(', ')})`)
  const profile = stringValue(o, 'profile') ?? 'seed'
  if (!isProfile(profile)) throw new UsageError(`unknown --profile "${profile}" (known: ${PROFILES.join(', ')})`)
  const nowArg = stringValue(o, 'now')
  let now: number | undefined
  if (nowArg !== undefined) {
    try {
      now = parseInstant(nowArg)
    } catch {
      throw new UsageError(`--now takes an ISO 8601 instant, not "${nowArg}"`)
    }
  }
  const nonPeakArg = stringValue(o, 'non-peak')
  let nonPeakWindow: NonPeakWindow | undefined
  if (nonPeakArg !== undefined) {
    try {
      nonPeakWindow = parseNonPeakWindow(nonPeakArg)
    } catch (error) {
      throw new UsageError(`--non-peak: ${(error as Error).message}`)
    }
  }
  const optionalMs = (name: string) => integerValue(o, name)
  const latency = optionalMs('latency')
  const shutdownTimeout = optionalMs('shutdown-timeout') ?? 10_000
  const statePath = stringValue(o, 'state')
  const app = await createApp({
    profile,
    seed,
    fixtures,
    size: Object.keys(size).length > 0 ? size : undefined,
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
