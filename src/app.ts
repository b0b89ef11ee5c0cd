// The composition root: the one place that wires the generic core (src/core/pipeline.ts) to this
// mock's store, seeded scenarios (fixtures/) and handlers. Every face (the HTTP server, msw handlers,
// the test helper, the verify kit's in-process mode) calls the app built here; nothing else answers requests.
import type { AppliedChange, ChangeListener, CoreApp, CoreOptions } from './core/pipeline.ts'
import { MAX_BODY_BYTES } from './core/drf/parsers.ts'
import { MAX_URL_BYTES } from './core/http.ts'
import { Clock, type ClockOptions } from './core/clock.ts'
import type { Contract } from './core/contract.ts'
import { isProfile, PROFILES } from './contract/profiles.ts'
import { Faults, type FaultSettings } from './core/faults.ts'
import { Journal } from './core/journal.ts'
import { parseRateLimits, type RateTable } from './contract/rate-limits.ts'
import { Throttle } from './core/drf/throttling.ts'
import { checkNonPeakWindow, DEFAULT_NON_PEAK, type NonPeakWindow } from './domain/schedule.ts'
import { InsightCache } from './domain/insight-cache.ts'
import { runDueTasks } from './domain/tasks.ts'
import type { AppServices, HandlerMap } from './handlers/context.ts'
import { handlers as defaultHandlers } from './handlers/index.ts'
import type { DatasetSize } from './seed/seed.ts'
import type { Dataset } from './store/dataset.ts'
import { restoreStore, snapshotStore, SnapshotFormatError, type StoreSnapshot } from './store/snapshot.ts'
import { DEFAULT_PERSON_LIMITS, Store, type PersonLimits } from './store/store.ts'
import type { ApiKeyRecord } from './store/models.ts'
import { looksLikePath, openRecorded, type RecordedScenario, type RecordedSource } from '../fixtures/recorded.ts'

export { MAX_BODY_BYTES, MAX_URL_BYTES }
export type { AppliedChange, ChangeListener }

export interface AppOptions extends Pick<
  CoreOptions<unknown>,
  'profile' | 'validateResponses' | 'onViolation' | 'maxBodyBytes' | 'maxUrlBytes'
> {
  /** Seed for the generated data (default 1). */
  seed?: number
  /**
   * A named scenario from fixtures/ (default "default"); or a recorded scenario (`analytics-mock record`):
   * a path to its file (Node only) or the scenario already parsed. A recorded scenario is then known by
   * its identity, `recorded:<hash>` (the dataset's `fixtures`), to resets and state files.
   */
  fixtures?: string | RecordedScenario
  /** Size of the generated data (persons, eventsPerPerson, recordings); default: the scenario's own. Kept across resets. */
  size?: DatasetSize
  /**
   * The instant generated data is placed before (persons created, events, recordings ending up to it):
   * default 2026-11-01T00:00:00Z. `serve` places it at its clock's start. Kept across resets; a recorded
   * scenario keeps its own (recorded_at).
   */
  anchor?: number
  /** Clock: `now` (ISO or ms) and whether it is frozen. Default: frozen at the dataset's anchor. */
  clock?: ClockOptions
  /** Non-peak window for POST delete_events (default 00:00-06:00 UTC; may cross midnight). A bad window throws a RangeError. */
  nonPeakWindow?: NonPeakWindow
  /** Request journal capacity (default 1000; 0 turns it off). */
  journalSize?: number
  /** Bytes of request bodies and answers the journal keeps, the oldest let go first (default 64 MiB). */
  journalBytes?: number
  /** A request body over this many bytes is journaled as a note of its size, an answer over it not kept (default 256 KiB). */
  journalEntryBytes?: number
  /** Replace handlers by operationId (tests of the validator use a deliberately broken one). */
  handlers?: Partial<HandlerMap>
  /** Latency and injected errors for API requests (default none; changeable at /_mock/faults). */
  faults?: Partial<FaultSettings>
  /** Caps on one person's properties (default 1,000 properties and 640 KiB of JSON); a write past them is a 400. */
  limits?: Partial<PersonLimits>
  /**
   * Throttle API requests as the real service does (default off): `real` (its classes and rates), or the
   * real ones with some replaced (`burst=10/min,sustained=50/hour`, `clickhouse_burst=5/minute`; see
   * contract/rate-limits.ts), or such a table already read. The windows follow the app's clock; a reset empties them.
   */
  rateLimits?: string | RateTable
}

export interface App extends Omit<CoreApp, 'forgetAnswers'> {
  store: Store
  clock: Clock
  journal: Journal
  contract: Contract
  /** Latency and error injection (see core/faults.ts). */
  faults: Faults
  /** Back to the seeded data (same seed and scenario unless given); clears tasks and the journal. */
  reset(options?: { seed?: number; fixtures?: string }): Promise<void>
  /** Runs scheduled tasks that are due at the clock's current instant. */
  runDueTasks(): Promise<unknown[]>
  /** The whole store as plain data (tables, collections, counters, random state; not the clock). */
  snapshot(): StoreSnapshot
  /** Puts the store in a snapshot's state; its seed and scenario become the ones a reset returns to. */
  restore(snapshot: StoreSnapshot): Promise<void>
  readonly options: Readonly<AppOptions>
}

/** The recorded scenario `fixtures` names (a path or parsed data), if it names one. */
async function recordedScenario(
  options: AppOptions,
  scenarioNames: () => string[],
): Promise<RecordedSource | undefined> {
  const given = options.fixtures
  const isRecorded =
    typeof given === 'object'
      ? given !== null
      : typeof given === 'string' && !scenarioNames().includes(given) && looksLikePath(given)
  if (!isRecorded) return undefined
  if (options.size)
    throw new RangeError(
      'size sets the size of generated scenarios; a recorded scenario has the size it was recorded with',
    )
  return openRecorded(given as string | object)
}

export async function createApp(options: AppOptions = {}): Promise<App> {
  if (options.profile !== undefined && !isProfile(options.profile)) {
    throw new RangeError(`profile "${String(options.profile)}" is not one of ${PROFILES.join(', ')}`)
  }
  // Loaded when an app is created, not when this module is: the pipeline (with ajv), the contract
  // (document, openapi-backend) and the seed (faker and its data) are most of the code, and a browser
  // bundle then gets them as chunks of their own (scripts/build-entries.ts), none over a bundler's size
  // warning.
  // One after another: Jest's ES module loader fails ("request for ... is not in cache") when imports
  // running at once share a chunk not yet loaded, and a module's loading is the main thread's work anyway.
  const { Pipeline } = await import('./core/pipeline.ts')
  const { loadContract } = await import('./core/contract.ts')
  const { loadFixtures, scenarioNames } = await import('../fixtures/index.ts')
  const contract = loadContract()
  let seed = options.seed ?? 1
  const recorded = await recordedScenario(options, scenarioNames)
  let fixtures = recorded?.id ?? (options.fixtures as string | undefined) ?? 'default'
  // Where generated data is placed: the option's, or after a restore the snapshot's (its base data).
  let anchor = options.anchor
  // The base data of the current seed, scenario and anchor: a reset to them rebuilds the store's indexes over it.
  let current: { key: string; dataset: Dataset } | undefined
  const datasetFor = async (s: number, f: string, a: number | undefined = anchor): Promise<Dataset> => {
    const key = `${f}\u0000${s}\u0000${a ?? ''}`
    if (current?.key !== key) {
      const size = {
        ...options.size,
        ...(a === undefined ? {} : { anchor: a }),
      }
      current = { key, dataset: await loadFixtures(f, s, Object.keys(size).length > 0 ? size : undefined, recorded) }
    }
    return current.dataset
  }
  const dataset = await datasetFor(seed, fixtures)
  const store = await Store.create(dataset)
  store.limits = {
    properties: options.limits?.properties ?? DEFAULT_PERSON_LIMITS.properties,
    propertiesBytes: options.limits?.propertiesBytes ?? DEFAULT_PERSON_LIMITS.propertiesBytes,
  }
  const clock = new Clock(options.clock ?? { now: dataset.anchor, frozen: true })
  const journal = new Journal(options.journalSize ?? 1000, undefined, options.journalBytes, options.journalEntryBytes)
  const faults = new Faults(options.faults)
  const rates =
    typeof options.rateLimits === 'string' ? parseRateLimits(options.rateLimits) : (options.rateLimits ?? null)
  const throttle = rates ? new Throttle(rates, () => clock.now()) : null

  const services: AppServices = {
    contract,
    store,
    clock,
    journal,
    faults,
    throttle,
    insights: new InsightCache(),
    nonPeakWindow: checkNonPeakWindow(options.nonPeakWindow ?? DEFAULT_NON_PEAK),
    startedAt: performance.now(),
    async reset(next = {}) {
      // Nothing changes unless the new seed and scenario load (an unknown scenario is refused as it was).
      const nextSeed = next.seed ?? seed
      const nextFixtures = next.fixtures ?? fixtures
      await store.load(await datasetFor(nextSeed, nextFixtures))
      core.forgetAnswers()
      seed = nextSeed
      fixtures = nextFixtures
      journal.clear()
      throttle?.clear()
    },
    runDueTasks: async () => {
      const ran = await runDueTasks(store, clock.now())
      if (ran.length > 0) core.forgetAnswers()
      return ran
    },
  }

  const core = new Pipeline({
    contract,
    profile: options.profile,
    handlers: { ...defaultHandlers, ...(options.handlers as HandlerMap | undefined) },
    services,
    // The store is the key directory; read through it on each request, so a reset or restore is seen.
    directory: store,
    journal,
    faults,
    clock,
    runDueWork: async () => (await runDueTasks(store, clock.now())).length > 0,
    hasDueWork: () => clock.now() >= store.nextTaskDueAt,
    validateResponses: options.validateResponses,
    onViolation: options.onViolation,
    maxBodyBytes: options.maxBodyBytes,
    maxUrlBytes: options.maxUrlBytes,
    // Each personal API key its own buckets, each user its own for the AI classes (contract/rate-limits.ts).
    throttle: throttle
      ? (operationId, p) => throttle.check(operationId, { key: (p.key as ApiKeyRecord).id, user: String(p.user.id) })
      : undefined,
  })

  return {
    fetch: core.fetch,
    handle: core.handle,
    onChange: core.onChange,
    replay: core.replay,
    exclusive: core.exclusive,
    store,
    clock,
    journal,
    contract,
    faults,
    reset: services.reset,
    runDueTasks: services.runDueTasks,
    snapshot: () => snapshotStore(store),
    async restore(snapshot) {
      let base: Dataset
      // A snapshot of data placed elsewhere in time (a `serve --state` started on another day) restores
      // onto its own base data, placed where it was.
      const at = snapshot.anchor === store.dataset.anchor ? anchor : snapshot.anchor
      try {
        base = await datasetFor(snapshot.seed, snapshot.fixtures, at)
      } catch (error) {
        throw new SnapshotFormatError((error as Error).message)
      }
      await restoreStore(store, snapshot, base)
      core.forgetAnswers()
      seed = snapshot.seed
      fixtures = snapshot.fixtures
      anchor = at
    },
    options,
  }
}
