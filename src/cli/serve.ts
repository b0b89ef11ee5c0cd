// `analytics-mock serve`: the standalone mock server on its embedded data.
import { resolve } from 'node:path'
import { createApp, type App } from '../app.ts'
import { banner, docsLocation } from './banner.ts'
import { compactHeap } from '../server/heap.ts'
import { parseInstant } from '../core/clock.ts'
import { isProfile, PROFILES } from '../contract/profiles.ts'
import { parseNonPeakWindow } from '../domain/schedule.ts'
import { scenarioNames } from '../../fixtures/names.ts'
import type { DatasetSize } from '../seed/seed.ts'
import { isIP } from 'node:net'
import { DEFAULT_TIMEOUTS, MAX_ANSWER_BYTES, serve } from '../server/node.ts'
import { DurableState } from '../server/durable-state.ts'
import { defaultHeapCeiling } from '../server/memory-guard.ts'
import { StateFileError, type StateOrigin } from '../server/state-file.ts'
import { DEFAULT_PERSON_LIMITS } from '../store/store.ts'
import { MAX_BODY_BYTES } from '../core/drf/parsers.ts'
import { JOURNAL_BYTES, JOURNAL_ENTRY_BYTES } from '../core/journal.ts'
import { optionsHelp, UsageError, wholeNumber, type OptionTable, type OptionValues } from './options.ts'

export const SERVE_OPTIONS = {
  port: { short: 'p', value: 'N', help: 'port (default $PORT or 8010; 0 picks a free one)' },
  host: { short: 'H', value: 'H', help: 'address (default $HOST or 127.0.0.1)' },
  seed: { reads: 'number', value: 'N', help: 'seed of the generated data (default 1)' },
  fixtures: {
    short: 'f',
    value: 'NAME',
    help: `scenario from fixtures/ (default "default"; known: ${scenarioNames().join(', ')})`,
  },
  scenario: { value: 'FILE', help: 'serve a recorded scenario (written by analytics-mock record) instead' },
  persons: {
    reads: 'number',
    value: 'N',
    help: "persons in project 1 (default: the scenario's own; project 2 gets a fifth)",
  },
  'events-per-person': {
    reads: 'number',
    value: 'N',
    help: "events per person (default: the scenario's own, 5-15 on the default data)",
  },
  recordings: {
    reads: 'number',
    value: 'N',
    help: "session recordings in project 1 (default: the scenario's own; 1.5 per person\nwith --persons)",
  },
  profile: {
    value: 'NAME',
    help: `answer as the API description says (seed, the default) or as the real service\nanswers where they disagree (observed; see the contract's x-observed notes)`,
  },
  now: { value: 'ISO', help: 'freeze the clock at this instant (default: wall time)' },
  'non-peak': {
    value: 'H-H',
    help: 'UTC hours when POST delete_events tasks run (default 0-6; may cross midnight, e.g. 22-4)',
  },
  state: {
    short: 's',
    value: 'FILE',
    help: 'keep the data in FILE: every change is on disk (a log beside FILE) before its\nanswer leaves; restarts resume from it; a damaged or incompatible FILE stops\nthe start and is left as it is',
  },
  'allowed-host': {
    reads: 'list',
    value: 'NAME',
    help: 'accept requests whose Host header is NAME (repeatable; .example.test for its\nsubdomains too); loopback names and IP addresses are always accepted',
  },
  'cors-origin': {
    reads: 'list',
    value: 'ORIGIN',
    help: 'let web pages on ORIGIN (e.g. https://app.test:3000) call the API (repeatable);\npages on loopback origins (http://localhost:5173) always may; never /_mock/*',
  },
  'max-body': {
    reads: 'size',
    value: 'SIZE',
    help: `largest request body (default ${MAX_BODY_BYTES / 1024 / 1024}m); bigger is a 413`,
  },
  'max-answer': {
    reads: 'size',
    value: 'SIZE',
    help: `largest answer (default ${MAX_ANSWER_BYTES / 1024 / 1024}m); bigger is a 500 answer_too_large`,
  },
  'max-person-properties': {
    reads: 'number',
    value: 'N',
    help: `most properties one person may have (default ${DEFAULT_PERSON_LIMITS.properties})`,
  },
  'max-person-properties-size': {
    reads: 'size',
    value: 'SIZE',
    help: `largest size of one person's properties as JSON (default ${DEFAULT_PERSON_LIMITS.propertiesBytes / 1024}k)`,
  },
  'heap-ceiling': {
    reads: 'size',
    value: 'SIZE',
    help: `live heap above which writes that add data are refused with 507\n(default ${Math.round(defaultHeapCeiling() / 1024 / 1024)}m here: 1g, or half of Node's heap limit when smaller)`,
  },
  latency: { reads: 'number', value: 'MS', help: 'hold every API request back this long (also POST /_mock/faults)' },
  'rate-limits': {
    reads: 'rate',
    value: 'SPEC',
    help: `throttle API requests as the real service does (default off): real, or budgets such as\nburst=10/min,sustained=50/hour or clickhouse_burst=5/minute (see GET /_mock/rate-limits)`,
  },
  'journal-size': {
    reads: 'number',
    value: 'N',
    help: 'requests the journal keeps, newest first in the dashboard (default 1000; 0: none)',
  },
  'journal-bytes': {
    reads: 'size',
    value: 'SIZE',
    help: `request bodies and answers the journal keeps, the oldest let go first (default ${JOURNAL_BYTES / 1024 / 1024}m)`,
  },
  'journal-entry-bytes': {
    reads: 'size',
    value: 'SIZE',
    help: `largest request body or answer journaled; a bigger body is kept as a note of its size (default ${JOURNAL_ENTRY_BYTES / 1024}k)`,
  },
  'request-timeout': {
    reads: 'number',
    value: 'MS',
    help: `time a client has to send its whole request (default ${DEFAULT_TIMEOUTS.requestTimeoutMs})`,
  },
  'headers-timeout': {
    reads: 'number',
    value: 'MS',
    help: `time a client has to send its headers (default ${DEFAULT_TIMEOUTS.headersTimeoutMs})`,
  },
  'keep-alive-timeout': {
    reads: 'number',
    value: 'MS',
    help: `how long an idle keep-alive connection stays open (default ${DEFAULT_TIMEOUTS.keepAliveTimeoutMs})`,
  },
  'idle-timeout': {
    reads: 'number',
    value: 'MS',
    help: `how long a connection may see no traffic at all (default ${DEFAULT_TIMEOUTS.idleTimeoutMs})`,
  },
  'shutdown-timeout': {
    reads: 'number',
    value: 'MS',
    help: 'on SIGTERM/SIGINT, how long in-flight requests may take to finish (default 10000)',
  },
  help: { help: 'this text' },
} satisfies OptionTable

export const SERVE_HELP = `analytics-mock serve [options]

${optionsHelp(SERVE_OPTIONS)}
`

/** The server cannot start as asked (e.g. its state file is unusable); exit code 1. */
export class StartupError extends Error {}

/** Runs `analytics-mock serve` with these arguments (after the command name); resolves once it listens. */
export async function runServe(o: OptionValues<typeof SERVE_OPTIONS>): Promise<void> {
  const port = wholeNumber('port', o.port ?? process.env.PORT) ?? 8010
  const host = checkHost(
    o.host ?? process.env.HOST ?? '127.0.0.1',
    o.host === undefined && process.env.HOST !== undefined,
  )
  const seed = o.seed ?? 1
  const fixtures = o.fixtures ?? 'default'
  if (!scenarioNames().includes(fixtures))
    throw new UsageError(`unknown --fixtures "${fixtures}" (known: ${scenarioNames().join(', ')})`)
  if (o.scenario !== undefined) {
    const clash = (['fixtures', 'persons', 'events-per-person', 'recordings'] as const).find(
      (name) => o[name] !== undefined,
    )
    if (clash)
      throw new UsageError(`--${clash} does not apply to a recorded --scenario (it has the data it was recorded with)`)
  }
  const profile = o.profile ?? 'seed'
  if (!isProfile(profile)) throw new UsageError(`unknown --profile "${profile}" (known: ${PROFILES.join(', ')})`)
  const now = read('now', o.now, parseInstant, () => ` takes an ISO 8601 instant, not "${o.now}"`)
  const nonPeakWindow = read('non-peak', o['non-peak'], parseNonPeakWindow, (error) => `: ${error.message}`)
  const statePath = o.state
  if (statePath?.trim() === '') throw new UsageError('--state takes the path of a file (its directory must exist)')
  for (const origin of o['cors-origin'] ?? []) {
    if (!/^https?:\/\/[^/?#\s]+$/i.test(origin.replace(/\/+$/, '')))
      throw new UsageError(`--cors-origin takes an origin such as https://app.test:3000, not "${origin}"`)
  }
  // Whole seconds, as the data's instants are.
  const start = Math.floor(Date.now() / 1000) * 1000
  const app = await createApp({
    profile,
    seed,
    // A recorded scenario by its absolute path, so createApp reads it as a file whatever it is called
    // (a file it cannot use is a ScenarioFormatError: main.ts says why, exit code 1).
    fixtures: o.scenario === undefined ? fixtures : resolve(o.scenario),
    size: sizeOf(o),
    clock: now === undefined ? { now: start, frozen: false } : { now, frozen: true },
    // The data placed before the clock's start, so its recent recordings are in the recordings list's
    // default window (the last three days) when the server starts (docs/fidelity.md).
    anchor: now ?? start,
    faults: o.latency === undefined ? undefined : { latency_ms: o.latency },
    rateLimits: o['rate-limits'] ?? undefined,
    journalSize: o['journal-size'],
    journalBytes: o['journal-bytes'],
    journalEntryBytes: o['journal-entry-bytes'],
    nonPeakWindow,
    maxBodyBytes: o['max-body'],
    limits: { properties: o['max-person-properties'], propertiesBytes: o['max-person-properties-size'] },
  })
  // A recorded scenario goes by its identity (recorded:<hash>), so a state file knows which recording it grew from.
  const origin = {
    seed,
    fixtures: app.store.dataset.fixtures,
    ...(o.scenario === undefined ? {} : { scenario: o.scenario }),
  }
  const state = statePath === undefined ? undefined : await openState(app, statePath, origin)
  // The data is in memory: pack the heap before serving (seeding leaves its pages fragmented; not on a
  // heap as small as the default data's, where it gave back little: see heap.ts).
  compactHeap()
  const running = await serve(app, {
    port,
    host,
    requestTimeoutMs: o['request-timeout'],
    headersTimeoutMs: o['headers-timeout'],
    keepAliveTimeoutMs: o['keep-alive-timeout'],
    idleTimeoutMs: o['idle-timeout'],
    maxBodyBytes: o['max-body'],
    maxAnswerBytes: o['max-answer'],
    heapCeilingBytes: o['heap-ceiling'],
    allowedHosts: o['allowed-host'],
    corsOrigins: o['cors-origin'],
  }).catch(async (error: unknown) => {
    await state?.close()
    throw listenFailure(error, host, port)
  })
  // A mistake in a rarely used path must not take the server down with it.
  process.on('unhandledRejection', (error) =>
    console.error('[analytics-mock] unhandled rejection (the server keeps running):', error),
  )
  console.log(banner(app, running.url, docsLocation()))
  let closing = false
  const shutdownTimeout = o['shutdown-timeout'] ?? 10_000
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    console.log(`${signal}: closing (in-flight requests finish first)`)
    const finish = async () => {
      await state?.close()
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

/** An option's value read by `parse` (undefined when absent); what it throws is a usage error `why` words. */
function read<T>(name: string, value: string | undefined, parse: (text: string) => T, why: (error: Error) => string) {
  try {
    return value === undefined ? undefined : parse(value)
  } catch (error) {
    throw new UsageError(`--${name}${why(error as Error)}`)
  }
}

/** The dataset sizes given (the scenario keeps its own for the others). */
function sizeOf(o: OptionValues<typeof SERVE_OPTIONS>): DatasetSize | undefined {
  const given = { persons: o.persons, eventsPerPerson: o['events-per-person'], recordings: o.recordings }
  const size = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined))
  return Object.keys(size).length > 0 ? size : undefined
}

/** The state file opened (or begun); a file or path it cannot use is a StartupError saying what to do. */
async function openState(app: App, path: string, origin: StateOrigin): Promise<DurableState> {
  try {
    const opened = await DurableState.open(app, path, origin)
    const replayed = opened.state.stats.replayed ? ` (${opened.state.stats.replayed} logged changes replayed)` : ''
    console.log(
      opened.restored
        ? `state loaded from ${path}${replayed}`
        : `no state file at ${path} yet: starting from the seeded data`,
    )
    return opened.state
  } catch (error) {
    if (error instanceof StateFileError) {
      const wayOut = /^its directory .* does not exist$/.test(error.message)
        ? 'Create that directory, or give --state a path in one that exists.'
        : 'The file was left as it is. To start from the seeded data, move it aside or give --state another path.'
      throw new StartupError(`cannot use the state file ${path}: ${error.message}. ${wayOut}`, { cause: error })
    }
    const code = (error as NodeJS.ErrnoException).code
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
      throw new StartupError(
        `cannot write the state file ${path} (${(error as Error).message.split(', ')[0]}): give --state a path in a directory this user can write`,
        { cause: error },
      )
    throw error
  }
}

/** What a failed listen is told: the port or address that cannot be had, and what to do instead. */
function listenFailure(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException).code
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`
  const because: Record<string, string> = {
    EADDRINUSE: `${where} is already in use (another analytics-mock, or another server): stop it, or pick another port with --port N (--port 0 picks a free one)`,
    EACCES: `this user may not listen on ${where} (ports below 1024 need privileges): pick another port with --port N`,
    EADDRNOTAVAIL: `${host} is not an address of this machine: use 127.0.0.1 (the default), or one of this machine's addresses with --host`,
    ENOTFOUND: `the host name ${host} does not resolve: give --host an IP address such as 127.0.0.1`,
  }
  const reason = typeof code === 'string' ? (because[code] ?? because[code === 'EPERM' ? 'EACCES' : '']) : undefined
  return reason === undefined ? error : new StartupError(`cannot listen: ${reason}`, { cause: error })
}

/**
 * The address to listen on, checked: an empty HOST would listen on every interface, and a name that
 * is not one could not be resolved. `fromEnv`: the value came from $HOST (said so in the message).
 */
function checkHost(host: string, fromEnv: boolean): string {
  const where = fromEnv ? 'HOST' : '--host'
  if (host.trim() === '') {
    throw new UsageError(
      `${where} is empty, which would listen on every network interface; use 127.0.0.1 (the default), or 0.0.0.0 to listen on all on purpose`,
    )
  }
  const hostname = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i
  if (isIP(host) === 0 && !hostname.test(host))
    throw new UsageError(`${where} "${host}" is neither an IP address nor a host name`)
  return host
}
