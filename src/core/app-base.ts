// The core: a Fetch-style app over the contract. It routes, authenticates, validates and dispatches to
// the handlers it is given, then validates every answer against the contract. It knows nothing of the
// product: handlers, the services they use and the key directory come from the composition (src/app.ts).
//
// A request, in order (each step in its own file):
// - refusals that need no state: the URL's length (414), the route (404)      core/dispatch.ts
// - latency injected, then the body's size (413 first of all)                 here
// - the request's turn: scheduled work that fell due, then auth, validation
//   and the handler, with the clock pinned; its change handed to the
//   change listeners in the order applied                                     core/turn.ts, core/dispatch.ts, core/changes.ts
// - the answer checked against the contract (a violation is a 500), held
//   until the changes it may show are durable, journaled                      core/journaling.ts
// A recorded change is applied again by `replay` (core/replay.ts).
import type { Profile } from '../contract/profiles.ts'
import type { KeyDirectory } from './auth.ts'
import { ChangeFeed, type AppliedChange, type ChangeListener, type RecordedRequest } from './changes.ts'
import type { Clock } from './clock.ts'
import type { Contract } from './contract.ts'
import type { HandlerContext, HandlerMap } from './context.ts'
import { createDispatcher, MAX_URL_BYTES, type DispatchOptions, type Routed } from './dispatch.ts'
import { sleep, type Faults } from './faults.ts'
import { serialize, type MockRequest, type MockResponse } from './http.ts'
import type { Journal } from './journal.ts'
import { createFinish } from './journaling.ts'
import { isPromise, promiseOf } from './promise.ts'
import { createReplay } from './replay.ts'
import { bodyTooLarge, MAX_BODY_BYTES, parseBody, parsersFor } from './request-body.ts'
import type { ContractViolation } from './response-validation.ts'
import { SerialQueue } from './serial.ts'
import { createTurns, errorResponse, type Outcome } from './turn.ts'

export { MAX_BODY_BYTES, MAX_URL_BYTES }
export type { AppliedChange, ChangeListener, RecordedRequest }

export interface CoreOptions<S> {
  contract: Contract
  /** Which of the contract's profiles to answer as (default `seed`; see contract/profiles.ts). */
  profile?: Profile
  /** operationId -> handler. An operation without one answers 501. */
  handlers: HandlerMap<HandlerContext<S, any, any>>
  /** Handed to every handler as `ctx.services`. */
  services: S
  /** Where keys, their users and projects are looked up. */
  directory: KeyDirectory<any, any, any>
  journal: Journal
  faults: Faults
  /** The app's clock: pinned to one instant while a request runs; the journal's times. */
  clock: Clock
  /** Runs before a request when `hasDueWork` says there is work (e.g. scheduled work that fell due); resolves true when it changed state. */
  beforeRequest?(): Promise<boolean>
  /**
   * Whether `beforeRequest` has work to do now (then even a read takes a write's turn, and runs it).
   * Without it every request takes a write's turn.
   */
  hasDueWork?(): boolean
  /** Validate every response against the contract (default true). */
  validateResponses?: boolean
  /** Called for each contract violation (the response is a 500 either way). Default: console.error. */
  onViolation?: (violation: ContractViolation) => void
  maxBodyBytes?: number
  maxUrlBytes?: number
  /** Rate limits: the 429 to answer instead of handling an API request, or null (see core/throttle.ts). */
  throttle?: DispatchOptions<S>['throttle']
}

export interface CoreApp {
  /** Fetch-style entry point. */
  fetch(request: Request): Promise<Response>
  /** The same, on the core's own request shape (used by the server face to skip WHATWG objects). */
  handle(request: MockRequest): Promise<MockResponse>
  /** `handle`, answered at once (not a promise) when nothing waits; may throw where `handle` rejects. */
  handleNow(request: MockRequest): MockResponse | Promise<MockResponse>
  /**
   * Calls `listener` with each change a request made (a write whose handler ran and did not refuse it
   * with a 4xx, or scheduled work that fell due before a request), in order. Returns the function that unsubscribes.
   */
  onChange(listener: ChangeListener): () => void
  /**
   * Applies a recorded change again (restoring a log), with the clock at its instant and then back as
   * it was; no faults, no journal, no listeners. Resolves to the status the replayed request was
   * answered with (null for scheduled work alone).
   */
  replay(change: AppliedChange): Promise<number | null>
  /** Runs `task` while no request is between its reading and its writing (e.g. to take a consistent snapshot). */
  exclusive<T>(task: () => T | Promise<T>): Promise<T>
}

export function createCoreApp<S>(options: CoreOptions<S>): CoreApp {
  const { contract, handlers, services, directory, journal, faults, clock, beforeRequest, hasDueWork } = options
  const profile: Profile = options.profile ?? 'seed'
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES
  const maxUrl = options.maxUrlBytes ?? MAX_URL_BYTES
  const onViolation =
    options.onViolation ??
    ((v: ContractViolation) =>
      console.error(`[analytics-mock] CONTRACT VIOLATION ${v.operationId} ${v.status}: ${v.message}`))
  const serial = new SerialQueue()
  const changes = new ChangeFeed()
  const { route, dispatch } = createDispatcher({
    contract,
    profile,
    handlers,
    services,
    directory,
    faults,
    maxUrl,
    throttle: options.throttle,
  })
  const turns = createTurns({ serial, clock, dispatch, changes, beforeRequest, hasDueWork })
  const finish = createFinish({
    journal,
    clock,
    profile,
    changes,
    validateResponses: options.validateResponses ?? true,
    onViolation,
  })

  // (A violation handler that throws, say: the caller gets a rejected promise, as from an async function.)
  const handle = (req: MockRequest): Promise<MockResponse> => promiseOf(() => handleNow(req))

  /**
   * `handle`, answered at once when nothing waits (most requests): no promise and no turn of the
   * microtask queue between the answer, its journal entry and the face's write of it. May throw where
   * `handle` rejects.
   */
  function handleNow(req: MockRequest): MockResponse | Promise<MockResponse> {
    const started = performance.now()
    let outcome: Outcome | Promise<Outcome>
    try {
      outcome = answer(req)
    } catch (error) {
      outcome = { res: errorResponse(error), op: null }
    }
    if (!isPromise(outcome)) return finish(req, outcome, started)
    return outcome.then(
      (done) => finish(req, done, started),
      (error) => finish(req, { res: errorResponse(error), op: null }, started),
    )
  }

  /** Everything up to the answer: refusals that need no state, latency, the body, then the request's turn. */
  function answer(req: MockRequest): Outcome | Promise<Outcome> {
    const routed = route(req)
    if ('res' in routed) return { res: routed.res, op: null }
    const { match } = routed
    const delay = match.kind === 'operation' && match.op.scopes !== null ? faults.delayFor(match.op.operationId) : 0
    if (delay > 0) return sleep(delay).then(() => afterDelay(req, match))
    return afterDelay(req, match)
  }

  function afterDelay(req: MockRequest, match: Routed): Outcome | Promise<Outcome> {
    const parsed = parseBody(req.body, maxBody, req.headers['content-type'], parsersFor(req.method, req.url.pathname))
    if (parsed.kind === 'too-large')
      return { res: bodyTooLarge(maxBody).toResponse(), op: null, named: match.kind === 'operation' ? match.op : null }
    return turns.take(req, match, parsed)
  }

  async function fetchFace(request: Request): Promise<Response> {
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => (headers[name] = value))
    // Bytes, not text(): text() quietly replaces what is not UTF-8.
    const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined
    const res = await handle({ method: request.method.toUpperCase(), url: new URL(request.url), headers, body: bytes })
    const out = serialize(res)
    const noBody = res.status === 204 || res.status === 304 || (out.body === '' && res.json === undefined)
    return new Response(noBody ? null : out.body, { status: res.status, headers: out.headers })
  }

  return {
    fetch: fetchFace,
    handle,
    handleNow,
    onChange: (listener) => changes.subscribe(listener),
    replay: createReplay({ serial, clock, route, turns, beforeRequest }),
    exclusive: (task) => serial.run(task),
  }
}
