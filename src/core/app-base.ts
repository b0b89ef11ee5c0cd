// The core: a Fetch-style app over the contract. It routes, authenticates, validates and dispatches to
// the handlers it is given, then validates every answer against the contract. It knows nothing of the
// product: handlers, the services they use and the key directory come from the composition (src/app.ts).
//
// Order of checks, as the real service: route -> authenticate (401) -> scope (403) -> project (404/403)
// -> throttles (429, when asked for: core/throttle.ts) -> method (405) -> body (413 first of all; malformed JSON or invalid UTF-8 400, a body that is not
// JSON 415) -> null characters (400) -> contract validation (400) -> handler.
// Every response is then validated against the contract (unless turned off): a violation is a 500.
//
// Requests are atomic: the part that reads and changes state (scheduled work that fell due, auth,
// validation, the handler) runs for a write while nothing else runs, and for reads while no write
// runs (src/core/serial.ts), with the clock pinned to one instant. Each
// change is handed to the change listeners in the order applied, as a record that replays it exactly
// (`replay`); an answer waits until the listeners have made the changes it may have seen durable.
import { isPromise, promiseOf } from './promise.ts'
import type { Profile } from '../contract/profiles.ts'
import { authenticate, checkProjectAccess, checkScopes, type KeyDirectory, type Principal } from './auth.ts'
import type { Clock } from './clock.ts'
import { viewOf, type Contract, type OperationInfo } from './contract.ts'
import { observedFor, type HandlerContext, type HandlerMap } from './context.ts'
import { ApiError, methodNotAllowed, notFound, notMocked, serverError } from './errors.ts'
import { json, SAFE_METHODS, serialize, type MockRequest, type MockResponse } from './http.ts'
import { optionsMetadata, optionsScopes } from './options-metadata.ts'
import { sleep, type Faults } from './faults.ts'
import type { Journal, JournalValidation } from './journal.ts'
import { bodyTooLarge, checkQueryDepth, MAX_BODY_BYTES, nullCharacterPath, nullCharacters, parseBody, type ParsedBody } from './request-body.ts'
import { requestValidationError } from './request-errors.ts'
import { createRequestValidator } from './request-validation.ts'
import { createRouter, type Route, type RouteMatch, type Router } from './router.ts'
import { checkResponse, type ContractViolation } from './response-validation.ts'
import { SerialQueue } from './serial.ts'

export { MAX_BODY_BYTES }
/** Longest request target (path and query) accepted; longer ones are a 414. */
export const MAX_URL_BYTES = 16 * 1024
/** The query of a URL without one, for the pipeline's own checks (read only). */
const NO_QUERY: URLSearchParams = new URLSearchParams()
/** The headers the pipeline reads, so the ones a replay needs. */
const REPLAYED_HEADERS = ['authorization', 'content-type', 'accept']

/** A request that changed state, as it must be replayed to change it again in exactly the same way. */
export interface RecordedRequest {
  method: string
  /** The full URL. */
  url: string
  /** The headers the pipeline reads (authorization, content-type, accept), when sent. */
  headers: Record<string, string>
  /** The body as text (valid UTF-8 by then); absent when there was none. */
  body?: string
  /** The status it was answered with (a replay answering another one has gone astray). */
  status: number
}

/** One request's change to the state. */
export interface AppliedChange {
  /** The clock's reading for the whole request (pinned while it ran). */
  at: number
  /** The request, when its handler ran and did not refuse it; null when only scheduled work that fell due ran. */
  request: RecordedRequest | null
}

/**
 * Sees each change in the order the changes were applied (it runs while the request still holds its
 * turn). The request's answer waits for the promise it returns; a rejection turns the answer into a 500.
 */
export type ChangeListener = (change: AppliedChange) => void | Promise<void>

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
  throttle?(operationId: string, principal: Principal): ApiError | null
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

/** What dispatching a request gave: the answer, and the operation whose handler made it (null for a refusal before it). */
interface Dispatched {
  res: MockResponse
  op: OperationInfo | null
}


interface Outcome {
  res: MockResponse
  /** The operation whose handler answered (its answer is validated against the contract). */
  op: OperationInfo | null
  /** The operation the route named, whoever answered (a 401 or 400 included): what the journal shows. */
  named?: OperationInfo | null
  body?: unknown
  at?: number
  /** Settles once the change this request made is durable. */
  durable?: Promise<unknown>
}

export function createCoreApp<S>(options: CoreOptions<S>): CoreApp {
  const { contract, handlers, services, directory, journal, faults, clock } = options
  const profile: Profile = options.profile ?? 'seed'
  const router: Router = createRouter(contract)
  const validateRequest = createRequestValidator(contract)
  const validateResponses = options.validateResponses ?? true
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES
  const maxUrl = options.maxUrlBytes ?? MAX_URL_BYTES
  const onViolation =
    options.onViolation ??
    ((v: ContractViolation) => console.error(`[analytics-mock] CONTRACT VIOLATION ${v.operationId} ${v.status}: ${v.message}`))
  const changeListeners = new Set<ChangeListener>()
  const serial = new SerialQueue()
  /** The newest change not yet known durable: answers that may have read it wait for it. */
  let pendingDurable: Promise<unknown> | undefined

  /** `ctx.observed` of each operation, made once (a closure per request otherwise). */
  const observedFns = new Map<OperationInfo, HandlerContext['observed']>()
  const observedOf = (op: OperationInfo) => {
    let fn = observedFns.get(op)
    if (!fn) observedFns.set(op, (fn = observedFor(op, profile)))
    return fn
  }

  /** Refusals that need no state: the URL's length, the route. */
  function route(req: MockRequest): { res: MockResponse } | { match: Exclude<RouteMatch, { kind: 'not-found' }> } {
    const pathname = req.url.pathname
    if (pathname.length + req.url.search.length > maxUrl) {
      return { res: new ApiError(414, 'invalid_request', 'request_uri_too_long', `Request URI exceeds ${maxUrl} bytes.`).toResponse() }
    }
    const match = router.match(req.method, pathname)
    if (match.kind === 'not-found') return { res: notFound().toResponse() }
    return { match }
  }

  /** Auth, validation and the handler; runs in the request's turn. `ran` is set once the handler is called. */
  function dispatch(
    req: MockRequest,
    match: Exclude<RouteMatch, { kind: 'not-found' }>,
    parsed: Extract<ParsedBody, { kind: 'parsed' }>,
    replaying: boolean,
    progress: { ran: boolean },
  ): Dispatched | Promise<Dispatched> {
    const view = match.kind === 'operation' ? viewOf(match.op, profile) : null
    const isApi = view ? view.scopes !== null : !req.url.pathname.startsWith('/_mock/')
    const { body, error: bodyError } = parsed
    // Without a query, the checks read an empty list kept for them: the URL's own is made when first
    // asked for (~0.4 µs a request), and only a handler that reads the query needs it.
    const searchParams = req.url.search === '' ? NO_QUERY : req.url.searchParams

    let principal: Principal | undefined
    if (isApi) principal = authenticate(directory, req.headers, body, searchParams)
    if (match.kind === 'method-not-allowed') return { res: methodNotAllowed(req.method, match.allow).toResponse(), op: null }
    const { params, route } = match
    const checkProject = () => (principal && params.project_id !== undefined ? checkProjectAccess(directory, principal, params.project_id) : undefined)
    if (match.kind === 'options') {
      // As the real service's framework: the key, the path's read scope and the project, then its metadata.
      if (principal) checkScopes(principal.key, optionsScopes(route, profile))
      checkProject()
      return { res: json(200, optionsMetadata(route), { allow: route.allow.join(', ') }), op: null }
    }
    if (match.kind === 'not-mocked') {
      checkProject()
      return { res: notMocked(match.endpoint.method, match.endpoint.path).toResponse(), op: null }
    }
    const { op } = match
    if (principal && view!.scopes) checkScopes(principal.key, view!.scopes, view!.noneDeclared)
    const project = checkProject()
    // Throttles after authentication and permissions, before anything the handler reads (DRF's initial()).
    const throttled = principal && !replaying ? options.throttle?.(op.operationId, principal) : null
    if (throttled) throw throttled
    if (bodyError) throw bodyError
    checkQueryDepth(searchParams)
    if (!SAFE_METHODS.has(req.method) && op.responses.has(400)) checkNullCharacters(op, searchParams, body, parsed.text)

    // Contract validation of parameters and body (openapi-backend's ajv validators, compiled on first use).
    const validation = validateRequest(op, { params, searchParams, headers: req.headers, body })
    if (!validation.valid) throw requestValidationError(validation.errors, validation.input)
    const handler = handlers[op.operationId]
    if (!handler) {
      return { res: new ApiError(501, 'server_error', 'not_implemented', `${op.operationId} is not implemented yet.`).toResponse(), op }
    }
    if (op.scopes !== null && !replaying) {
      const failure = faults.failureFor(op.operationId)
      if (failure) return { res: failure.toResponse(), op }
    }
    const ctx: HandlerContext<S, any, any> = {
      op,
      req,
      url: req.url,
      params,
      query: validation.query,
      body,
      principal,
      project,
      services,
      profile,
      observed: observedOf(op),
    }
    progress.ran = true
    const res = handler(ctx)
    return isPromise(res) ? res.then((answered) => named(answered, op, route)) : named(res, op, route)
  }

  /** The handler's answer; a 405 names the path's methods, whoever answered it (the playlist DELETE's empty 405 included). */
  function named(res: MockResponse, op: OperationInfo, route: Route): Dispatched {
    if (res.status === 405 && res.headers.allow === undefined) res.headers = { ...res.headers, allow: route.allow.join(', ') }
    return { res, op }
  }

  /**
   * The request's turn: scheduled work, dispatch, and handing the change (if any) to the listeners. The
   * clock stays pinned until the handler's answer is made. Synchronous when the handler is (most are):
   * no promise is made for a request that does not wait for anything.
   */
  function turn(
    req: MockRequest,
    match: Exclude<RouteMatch, { kind: 'not-found' }>,
    parsed: Extract<ParsedBody, { kind: 'parsed' }>,
    replaying: boolean,
    exclusive: boolean,
  ): Outcome | Promise<Outcome> {
    // Scheduled work changes state: only in a write's turn (a read that finds work due takes one).
    if (exclusive && options.beforeRequest && (options.hasDueWork?.() ?? true)) return turnAfterDueWork(req, match, parsed, replaying)
    const at = clock.pin()
    let dispatched: Dispatched | Promise<Dispatched>
    const progress = { ran: false }
    try {
      dispatched = dispatch(req, match, parsed, replaying, progress)
    } catch (error) {
      dispatched = { res: errorResponse(error), op: null }
    }
    if (!isPromise(dispatched)) {
      clock.unpin()
      return outcomeOf(req, match, parsed, replaying, at, false, progress, dispatched)
    }
    // A read that waits (a long scan, done in slices: src/core/slices.ts) lets the clock run meanwhile:
    // it changes nothing, so nothing needs its one instant kept, and the requests answered between its
    // slices read their own. A write keeps it until it is answered (a replay gives it that instant).
    const read = SAFE_METHODS.has(req.method)
    if (read) clock.unpin()
    const release = () => void (read || clock.unpin())
    return dispatched.then(
      (done) => {
        release()
        return outcomeOf(req, match, parsed, replaying, at, false, progress, done)
      },
      (error) => {
        release()
        return outcomeOf(req, match, parsed, replaying, at, false, progress, { res: errorResponse(error), op: null })
      },
    )
  }

  /** A turn that first runs the scheduled work that fell due (a change of its own, even when the request changes nothing). */
  async function turnAfterDueWork(
    req: MockRequest,
    match: Exclude<RouteMatch, { kind: 'not-found' }>,
    parsed: Extract<ParsedBody, { kind: 'parsed' }>,
    replaying: boolean,
  ): Promise<Outcome> {
    const at = clock.pin()
    try {
      const changedBefore = await options.beforeRequest!()
      const progress = { ran: false }
      let done: Dispatched
      try {
        done = await dispatch(req, match, parsed, replaying, progress)
      } catch (error) {
        done = { res: errorResponse(error), op: null }
      }
      return outcomeOf(req, match, parsed, replaying, at, changedBefore, progress, done)
    } finally {
      clock.unpin()
    }
  }

  /** What a turn leaves: the answer, and the change it made handed to the listeners. */
  function outcomeOf(
    req: MockRequest,
    match: Exclude<RouteMatch, { kind: 'not-found' }>,
    parsed: Extract<ParsedBody, { kind: 'parsed' }>,
    replaying: boolean,
    at: number,
    changedBefore: boolean,
    progress: { ran: boolean },
    { res, op }: Dispatched,
  ): Outcome {
    const refused = res.status >= 400 && res.status < 500
    const wrote = progress.ran && !SAFE_METHODS.has(req.method) && !refused
    let durable: Promise<unknown> | undefined
    if (!replaying && (wrote || changedBefore) && changeListeners.size > 0) {
      durable = notify({ at, request: wrote ? recorded(req, parsed.text, res.status) : null })
    }
    return { res, op, named: match.kind === 'operation' ? match.op : null, body: parsed.body, at, durable }
  }

  function notify(change: AppliedChange): Promise<unknown> | undefined {
    let durable: Promise<unknown> | undefined
    let more: Promise<unknown>[] | undefined
    for (const listener of changeListeners) {
      const wait = listener(change)
      if (!wait) continue
      if (!durable) durable = wait
      else (more ??= [durable]).push(wait)
    }
    if (more) durable = Promise.all(more)
    if (!durable) return undefined
    pendingDurable = durable
    const forget = () => {
      if (pendingDurable === durable) pendingDurable = undefined
    }
    durable.then(forget, forget)
    return durable
  }

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

  /** The answer checked, its change made durable (or waited for), journaled. */
  function finish(req: MockRequest, outcome: Outcome, started: number): MockResponse | Promise<MockResponse> {
    let { res } = outcome
    const { op } = outcome
    // The answer is checked against the contract while its change is being made durable (the check
    // needs nothing from the disk): under --state the flush's wait overlaps this work instead of adding to it.
    let validation: JournalValidation = 'skipped'
    let violated: string | undefined
    if (validateResponses && op && res.status < 500) {
      const violation = checkResponse(viewOf(op, profile), res)
      validation = violation ? 'failed' : 'passed'
      if (violation) {
        onViolation(violation)
        violated = `${violation.operationId} ${violation.status}: ${violation.message}`
        res = serverError(`Response violates the contract: ${violated}`, 'contract_violation').toResponse()
      }
    }
    if (outcome.durable) {
      return outcome.durable.then(
        () => journaled(req, outcome, started, res, validation, violated),
        (error) =>
          journaled(
            req,
            outcome,
            started,
            serverError(
              `The change was made but could not be saved, so it may be lost at a restart: ${(error as Error).message ?? error}`,
              'state_not_saved',
            ).toResponse(),
            'skipped',
            undefined,
          ),
      )
    }
    if (pendingDurable) {
      // This answer may show changes not yet durable: it waits for them (their failure is theirs to report).
      const answered = res
      return pendingDurable.then(
        () => journaled(req, outcome, started, answered, validation, violated),
        () => journaled(req, outcome, started, answered, validation, violated),
      )
    }
    return journaled(req, outcome, started, res, validation, violated)
  }

  function journaled(req: MockRequest, outcome: Outcome, started: number, res: MockResponse, validation: JournalValidation, violated: string | undefined): MockResponse {
    const { op, named } = outcome
    // Reads of the mock's own state (x-observer) are not journaled: watching the mock leaves no trace.
    if (named?.observer) return res
    journal.record(
      {
        method: req.method,
        // References only (shaped, masked and redacted when read): the URL, the key's header, the answer.
        url: req.url,
        operation_id: (named ?? op)?.operationId ?? null,
        status: res.status,
        request_body: outcome.body,
        authorization: req.headers.authorization,
        response: res,
        validation,
        violation: violated,
      },
      outcome.at ?? clock.now(),
      Math.round((performance.now() - started) * 1000) / 1000,
    )
    return res
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

  function afterDelay(req: MockRequest, match: Exclude<RouteMatch, { kind: 'not-found' }>): Outcome | Promise<Outcome> {
    const write = !SAFE_METHODS.has(req.method)
    const parsed = parseBody(req.body, maxBody, req.headers['content-type'], write)
    const named = match.kind === 'operation' ? match.op : null
    if (parsed.kind === 'too-large') return { res: bodyTooLarge(maxBody).toResponse(), op: null, named }
    // A read takes a write's turn when scheduled work fell due (it runs it first); an observer never does.
    const exclusive = write || (!named?.observer && (options.hasDueWork?.() ?? true))
    return serial.runNow(() => turn(req, match, parsed, false, exclusive), exclusive)
  }

  async function replay(change: AppliedChange): Promise<number | null> {
    return serial.run(async () => {
      const saved = clock.saveState()
      clock.restoreState({ frozenAt: change.at, offset: 0 })
      try {
        const r = change.request
        if (!r) {
          clock.pin()
          try {
            await options.beforeRequest?.()
          } finally {
            clock.unpin()
          }
          return null
        }
        const req: MockRequest = { method: r.method, url: new URL(r.url), headers: { ...r.headers }, body: r.body }
        const routed = route(req)
        if ('res' in routed) return routed.res.status
        const parsed = parseBody(req.body, Infinity, req.headers['content-type'], !SAFE_METHODS.has(req.method))
        if (parsed.kind === 'too-large') return 413
        return (await turn(req, routed.match, parsed, true, true)).res.status
      } finally {
        clock.restoreState(saved)
      }
    })
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
    onChange(listener) {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
    replay,
    exclusive: (task) => serial.run(task),
  }
}


function errorResponse(error: unknown): MockResponse {
  if (error instanceof ApiError) return error.toResponse()
  console.error('[analytics-mock] handler crashed:', error)
  return serverError().toResponse()
}

function recorded(req: MockRequest, text: string | undefined, status: number): RecordedRequest {
  const headers: Record<string, string> = {}
  for (const name of REPLAYED_HEADERS) {
    const value = req.headers[name]
    if (value !== undefined) headers[name] = value
  }
  const out: RecordedRequest = { method: req.method, url: req.url.href, headers, status }
  if (text !== undefined) out.body = text
  return out
}

/** Null characters in a write's body (where the operation takes one) or query: a 400 naming the field. */
function checkNullCharacters(op: OperationInfo, searchParams: URLSearchParams, body: unknown, text: string | undefined): void {
  // A parsed body holds a null character only where its JSON text has the escape `\u0000` (JSON has no other way to write one).
  if (op.operation.requestBody && body !== undefined && (text === undefined || text.includes('\\u0000'))) {
    const attr = nullCharacterPath(body)
    if (attr !== undefined) throw nullCharacters(attr)
  }
  for (const [name, value] of searchParams) {
    if (value.includes('\u0000') || name.includes('\u0000')) throw nullCharacters(name.includes('\u0000') ? null : name)
  }
}
