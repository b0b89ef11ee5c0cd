// The one core: a Fetch-style app. Every face (node:http server, msw handlers, the verify kit's
// in-process mode) calls `handle` or `fetch`; nothing else answers requests.
//
// Order of checks, as the real service: route -> authenticate (401) -> scope (403) -> project (404/403)
// -> method (405) -> body (413, malformed JSON 400) -> contract validation (400) -> handler.
// Every response is then validated against the contract (unless turned off): a violation is a 500.
import { authenticate, checkProjectAccess, checkScopes, type Principal } from './auth.ts'
import { Clock, type ClockOptions } from './clock.ts'
import { loadContract, type Contract, type OperationInfo } from './contract.ts'
import type { AppServices, Handler, HandlerContext, HandlerMap } from './context.ts'
import { ApiError, methodNotAllowed, notFound, serverError } from './errors.ts'
import { serialize, type MockRequest, type MockResponse } from './http.ts'
import { Faults, sleep, type FaultSettings } from './faults.ts'
import { Journal } from './journal.ts'
import { bodyTooLarge, checkQueryDepth, MAX_BODY_BYTES, parseBody } from './request-body.ts'
import { requestValidationError } from './request-errors.ts'
import { createRequestValidator } from './request-validation.ts'
import { createRouter, type Router } from './router.ts'
import { checkNonPeakWindow, DEFAULT_NON_PEAK, type NonPeakWindow } from './schedule.ts'
import { runDueTasks } from './tasks.ts'
import { checkResponse, type ContractViolation } from './response-validation.ts'
import { loadFixtures } from '../fixtures.ts'
import type { Dataset } from '../store/dataset.ts'
import type { DatasetSize } from '../store/seed.ts'
import { restoreStore, snapshotStore, SnapshotFormatError, type StoreSnapshot } from '../store/snapshot.ts'
import { Store } from '../store/store.ts'
import { handlers as defaultHandlers } from '../handlers/index.ts'

export { MAX_BODY_BYTES }
/** Longest request target (path and query) accepted; longer ones are a 414. */
export const MAX_URL_BYTES = 16 * 1024
const DRF_METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

export interface AppOptions {
  /** Seed for the generated data (default 1). */
  seed?: number
  /** A named scenario from fixtures/ (default "default"). */
  fixtures?: string
  /** Size of the generated data (persons, eventsPerPerson, recordings); default: the scenario's own. Kept across resets. */
  size?: DatasetSize
  /** Clock: `now` (ISO or ms) and whether it is frozen. Default: frozen at the dataset's anchor. */
  clock?: ClockOptions
  /** Validate every response against the contract (default true). Turn off only for benchmarks. */
  validateResponses?: boolean
  /** Called for each contract violation (the response is a 500 either way). Default: console.error. */
  onViolation?: (violation: ContractViolation) => void
  /** Non-peak window for POST delete_events (default 00:00-06:00 UTC; may cross midnight). A bad window throws a RangeError. */
  nonPeakWindow?: NonPeakWindow
  /** Request journal capacity (default 1000; 0 turns it off). */
  journalSize?: number
  /** Replace handlers by operationId (tests of the validator use a deliberately broken one). */
  handlers?: Partial<HandlerMap>
  /** Largest request body accepted (default 1 MiB). */
  maxBodyBytes?: number
  /** Longest path plus query accepted (default 16 KiB); longer is a 414. */
  maxUrlBytes?: number
  /** Latency and injected errors for API requests (default none; changeable at /_mock/faults). */
  faults?: Partial<FaultSettings>
}

export interface App {
  /** Fetch-style entry point. */
  fetch(request: Request): Promise<Response>
  /** The same, on the core's own request shape (used by the node:http face to skip WHATWG objects). */
  handle(request: MockRequest): Promise<MockResponse>
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
  /**
   * Calls `listener` after each request that may have changed the store (a write that was not refused
   * with a 4xx, or one during which scheduled tasks ran). Returns the function that unsubscribes.
   */
  onChange(listener: () => void): () => void
  readonly options: Readonly<AppOptions>
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Seeded datasets kept for resets (the current one and a few recent ones). */
const DATASET_CACHE_SIZE = 4

export async function createApp(options: AppOptions = {}): Promise<App> {
  const contract = loadContract()
  const router: Router = createRouter(contract)
  const validateRequest = createRequestValidator(contract)
  let seed = options.seed ?? 1
  let fixtures = options.fixtures ?? 'default'
  const datasets = new Map<string, Dataset>()
  const datasetFor = (s: number, f: string): Dataset => {
    const key = `${f}\u0000${s}`
    let ds = datasets.get(key)
    if (ds) datasets.delete(key) // re-inserted below as the most recently used
    else ds = loadFixtures(f, s, options.size)
    datasets.set(key, ds)
    // Kept for fast resets, but bounded: a client resetting to ever new seeds must not grow memory without end.
    while (datasets.size > DATASET_CACHE_SIZE) datasets.delete(datasets.keys().next().value!)
    return ds
  }
  const dataset = datasetFor(seed, fixtures)
  const store = await Store.create(dataset)
  const clock = new Clock(options.clock ?? { now: dataset.anchor, frozen: true })
  const journal = new Journal(options.journalSize ?? 1000)
  const validateResponses = options.validateResponses ?? true
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES
  const maxUrl = options.maxUrlBytes ?? MAX_URL_BYTES
  const faults = new Faults(options.faults)
  const onViolation =
    options.onViolation ??
    ((v: ContractViolation) => console.error(`[analytics-mock] CONTRACT VIOLATION ${v.operationId} ${v.status}: ${v.message}`))
  const handlers: HandlerMap = { ...defaultHandlers, ...(options.handlers as HandlerMap | undefined) }
  const changeListeners = new Set<() => void>()

  const services: AppServices = {
    store,
    clock,
    journal,
    faults,
    nonPeakWindow: checkNonPeakWindow(options.nonPeakWindow ?? DEFAULT_NON_PEAK),
    async reset(next = {}) {
      // Nothing changes unless the new seed and scenario load (an unknown scenario is refused as it was).
      const nextSeed = next.seed ?? seed
      const nextFixtures = next.fixtures ?? fixtures
      await store.load(datasetFor(nextSeed, nextFixtures))
      seed = nextSeed
      fixtures = nextFixtures
      journal.clear()
    },
    runDueTasks: () => runDueTasks(store, clock.now()),
  }

  async function dispatch(req: MockRequest): Promise<{ res: MockResponse; op: OperationInfo | null; body?: unknown }> {
    if (req.url.pathname.length + req.url.search.length > maxUrl) {
      return { res: new ApiError(414, 'invalid_request', 'request_uri_too_long', `Request URI exceeds ${maxUrl} bytes.`).toResponse(), op: null }
    }
    const match = router.match(req.method, req.url.pathname)
    if (match.kind === 'not-found') return { res: notFound().toResponse(), op: null }
    if (match.kind === 'operation' && match.op.scopes !== null) {
      const delay = faults.delayFor(match.op.operationId)
      if (delay > 0) await sleep(delay)
    }

    const isApi = match.kind === 'method-not-allowed' ? !req.url.pathname.startsWith('/_mock/') : match.op.scopes !== null
    const parsed = parseBody(req.body, maxBody)
    if (parsed.kind === 'too-large') return { res: bodyTooLarge(maxBody).toResponse(), op: null }
    const { body, error: bodyError } = parsed

    let principal: Principal | undefined
    if (isApi) principal = authenticate(store, req.headers, body, req.url.searchParams)
    if (match.kind === 'method-not-allowed') {
      // DRF lists the allowed methods in http_method_names order.
      const allow = DRF_METHOD_ORDER.filter(
        (m) => match.allow.includes(m) || (m === 'HEAD' && match.allow.includes('GET')) || m === 'OPTIONS',
      )
      return { res: methodNotAllowed(req.method, allow).toResponse(), op: null }
    }
    const { op, params } = match
    if (principal && op.scopes) checkScopes(principal.key, op.scopes)
    const project = principal && params.project_id !== undefined ? checkProjectAccess(store, principal, params.project_id) : undefined
    if (bodyError) throw bodyError
    checkQueryDepth(req.url.searchParams)

    // Contract validation of parameters and body (openapi-backend's ajv validators, compiled at start).
    const validation = validateRequest(op, { params, searchParams: req.url.searchParams, headers: req.headers, body })
    if (!validation.valid) throw requestValidationError(validation.errors, validation.input)
    const handler: Handler | undefined = handlers[op.operationId]
    if (!handler) {
      return { res: new ApiError(501, 'server_error', 'not_implemented', `${op.operationId} is not implemented yet.`).toResponse(), op }
    }
    if (op.scopes !== null) {
      const failure = faults.failureFor(op.operationId)
      if (failure) return { res: failure.toResponse(), op, body }
    }
    const ctx: HandlerContext = {
      op,
      req,
      url: req.url,
      params,
      query: validation.query,
      body,
      principal,
      project,
      services,
    }
    return { res: await handler(ctx), op, body }
  }

  async function handle(req: MockRequest): Promise<MockResponse> {
    const started = performance.now()
    const ranTasks = (await runDueTasks(store, clock.now())).length > 0
    let res: MockResponse
    let op: OperationInfo | null = null
    let body: unknown
    try {
      ;({ res, op, body } = await dispatch(req))
    } catch (error) {
      if (error instanceof ApiError) res = error.toResponse()
      else {
        console.error('[analytics-mock] handler crashed:', error)
        res = serverError().toResponse()
      }
    }
    if (validateResponses && op && res.status < 500) {
      const violation = checkResponse(op, res)
      if (violation) {
        onViolation(violation)
        res = serverError(`Response violates the contract: ${violation.operationId} ${violation.status}: ${violation.message}`, 'contract_violation').toResponse()
      }
    }
    journal.record({
      at_ms: clock.now(),
      method: req.method,
      path: req.url.pathname,
      search: req.url.search,
      operation_id: op?.operationId ?? null,
      status: res.status,
      request_body: body,
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    })
    const refused = res.status >= 400 && res.status < 500
    if (changeListeners.size > 0 && (ranTasks || (!SAFE_METHODS.has(req.method) && !refused))) {
      for (const listener of changeListeners) listener()
    }
    return res
  }

  async function fetchFace(request: Request): Promise<Response> {
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => (headers[name] = value))
    const text = request.body ? await request.text() : undefined
    const res = await handle({ method: request.method.toUpperCase(), url: new URL(request.url), headers, body: text })
    const out = serialize(res)
    const noBody = res.status === 204 || res.status === 304 || (out.body === '' && res.json === undefined)
    return new Response(noBody ? null : out.body, { status: res.status, headers: out.headers })
  }

  return {
    fetch: fetchFace,
    handle,
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
      try {
        base = datasetFor(snapshot.seed, snapshot.fixtures)
      } catch (error) {
        throw new SnapshotFormatError((error as Error).message)
      }
      await restoreStore(store, snapshot, base)
      seed = snapshot.seed
      fixtures = snapshot.fixtures
    },
    onChange(listener) {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
    options,
  }
}
