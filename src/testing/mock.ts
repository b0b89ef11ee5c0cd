// The test helper: one mock per test file (or suite), usable from vitest, jest, node:test or a browser
// test. It owns the core app, hands msw its handlers, restores everything between tests, moves the
// clock (running what falls due), writes the store through factories and reads the request journal.
import type { HttpHandler } from 'msw'
import { createApp, type App, type AppOptions } from '../app.ts'
import type { Clock } from '../core/clock.ts'
import type { JournalEntry } from '../core/journal.ts'
import type { OperationId, RequestBody } from '../contract/api-types.ts'
import { createHandlers, resolveBaseUrl, type HandlerOptions } from '../msw/handlers.ts'
import type { TaskRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { createFactories, type Factories } from './factories.ts'
import { faultControl, type MockFaults } from './faults.ts'

export interface MockOptions extends Omit<AppOptions, 'clock'>, HandlerOptions {
  /** The instant the clock starts at, ISO 8601 or epoch ms (default: the dataset's anchor, 2026-11-01T00:00:00Z). */
  now?: string | number
  /** Keep the clock still (default true); `false` lets it follow wall time from `now` (or from the wall time). */
  frozen?: boolean
}

/** A journal entry for one operation, its request body typed from the contract. */
export interface Call<Op extends OperationId = OperationId> extends Omit<
  JournalEntry,
  'operation_id' | 'request_body'
> {
  operation_id: Op
  request_body: RequestBody<Op> | undefined
}

export interface Mock {
  app: App
  /** msw handlers for the base URL: `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  handlers: HttpHandler[]
  /** The store the handlers work on (the same object across resets). */
  store: Store
  clock: Clock
  /** Writes to the store: `create.person()`, `create.recording()`, `create.playlist()`. */
  create: Factories
  /**
   * Latency and injected errors for API requests: `faults.set({ error_rate: 1, error_status: 503 })`,
   * `faults.clear()`, `faults.settings`. `reset()` puts back the ones the mock was created with (none by default).
   */
  faults: MockFaults
  /** Calls the mock without msw; a path ("/api/...") is resolved against the base URL. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>
  /**
   * Back to the start: the seeded data (the mock's own seed and scenario unless given here), no tasks,
   * an empty journal, the clock at its starting instant, the faults the mock was created with. Datasets
   * are cached, so this takes milliseconds.
   */
  reset(options?: { seed?: number; fixtures?: string }): Promise<void>
  /** Moves the clock forward (ms or an ISO 8601 duration such as 'PT1H', 'P7D') and runs the tasks now due. */
  advance(by: number | string): Promise<TaskRecord[]>
  /** Sets the clock (forward or back) and runs the tasks now due. */
  setNow(instant: string | number): Promise<TaskRecord[]>
  /** Scheduled tasks (event deletions), oldest first. */
  tasks(state?: TaskRecord['state']): TaskRecord[]
  /** The request journal: every call, or the calls of one operation, oldest first. */
  calls(): JournalEntry[]
  calls<Op extends OperationId>(operationId: Op): Call<Op>[]
  clearCalls(): void
}

export async function createMock(options: MockOptions = {}): Promise<Mock> {
  const { now, frozen, baseUrl, ...appOptions } = options
  const app = await createApp({
    ...appOptions,
    clock: now === undefined ? (frozen === false ? { frozen: false } : undefined) : { now, frozen: frozen ?? true },
  })
  const { clock, store, journal } = app
  const start = clock.now()
  const startFrozen = clock.frozen
  const seed = store.dataset.seed
  const fixtures = store.dataset.fixtures
  const origin = resolveBaseUrl(baseUrl) ?? 'http://localhost'
  const startFaults = { ...app.faults.settings }

  function calls(): JournalEntry[]
  function calls<Op extends OperationId>(operationId: Op): Call<Op>[]
  function calls(operationId?: OperationId) {
    return journal.entries(operationId ? { operationId } : undefined)
  }

  return {
    app,
    handlers: createHandlers(app, { baseUrl }),
    store,
    clock,
    create: createFactories(store, clock, app.exclusive),
    faults: faultControl(app),
    fetch(input, init) {
      const request = input instanceof Request ? input : new Request(new URL(String(input), origin), init)
      return app.fetch(request)
    },
    async reset(next = {}) {
      await app.reset({ seed: next.seed ?? seed, fixtures: next.fixtures ?? fixtures })
      if (startFrozen) clock.freeze()
      else clock.unfreeze()
      clock.set(start)
      app.faults.update(startFaults)
    },
    async advance(by) {
      clock.advance(by)
      return (await app.runDueTasks()) as TaskRecord[]
    },
    async setNow(instant) {
      clock.set(instant)
      return (await app.runDueTasks()) as TaskRecord[]
    },
    tasks(state) {
      const tasks = state ? store.tasks.all().filter((t) => t.state === state) : store.tasks.all()
      return tasks.sort((a, b) => a.id - b.id)
    },
    calls,
    clearCalls: () => journal.clear(),
  }
}
