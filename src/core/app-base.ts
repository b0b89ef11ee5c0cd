// The core: a Fetch-style app over the contract. It routes, authenticates, validates and dispatches to
// the handlers it is given, then validates every answer against the contract. It knows nothing of the
// product: handlers, the services they use and the key directory come from the composition (src/app.ts).
//
// Order of checks, as the real service: route -> authenticate (401) -> scope (403) -> project (404/403)
// -> method (405) -> body (413, malformed JSON 400) -> contract validation (400) -> handler.
// Every response is then validated against the contract (unless turned off): a violation is a 500.
import type { Profile } from '../contract/profiles.ts'
import { authenticate, checkProjectAccess, checkScopes, type KeyDirectory, type Principal } from './auth.ts'
import { viewOf, type Contract, type OperationInfo } from './contract.ts'
import { observedFor, type HandlerContext, type HandlerMap } from './context.ts'
import { ApiError, methodNotAllowed, notFound, notMocked, serverError } from './errors.ts'
import { json, serialize, type MockRequest, type MockResponse } from './http.ts'
import { optionsMetadata, optionsScopes } from './options-metadata.ts'
import { sleep, type Faults } from './faults.ts'
import type { Journal } from './journal.ts'
import { bodyTooLarge, checkQueryDepth, MAX_BODY_BYTES, parseBody } from './request-body.ts'
import { requestValidationError } from './request-errors.ts'
import { createRequestValidator } from './request-validation.ts'
import { createRouter, type Router } from './router.ts'
import { checkResponse, type ContractViolation } from './response-validation.ts'

export { MAX_BODY_BYTES }
/** Longest request target (path and query) accepted; longer ones are a 414. */
export const MAX_URL_BYTES = 16 * 1024
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

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
  /** The app's clock (epoch ms), for the journal. */
  now(): number
  /** Runs before every request (e.g. scheduled work that fell due); resolves true when it changed state. */
  beforeRequest?(): Promise<boolean>
  /** Validate every response against the contract (default true). */
  validateResponses?: boolean
  /** Called for each contract violation (the response is a 500 either way). Default: console.error. */
  onViolation?: (violation: ContractViolation) => void
  maxBodyBytes?: number
  maxUrlBytes?: number
}

export interface CoreApp {
  /** Fetch-style entry point. */
  fetch(request: Request): Promise<Response>
  /** The same, on the core's own request shape (used by the node:http face to skip WHATWG objects). */
  handle(request: MockRequest): Promise<MockResponse>
  /**
   * Calls `listener` after each request that may have changed state (a write that was not refused
   * with a 4xx, or one before which `beforeRequest` changed state). Returns the function that unsubscribes.
   */
  onChange(listener: () => void): () => void
}

export function createCoreApp<S>(options: CoreOptions<S>): CoreApp {
  const { contract, handlers, services, directory, journal, faults } = options
  const profile: Profile = options.profile ?? 'seed'
  const router: Router = createRouter(contract)
  const validateRequest = createRequestValidator(contract)
  const validateResponses = options.validateResponses ?? true
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES
  const maxUrl = options.maxUrlBytes ?? MAX_URL_BYTES
  const onViolation =
    options.onViolation ??
    ((v: ContractViolation) => console.error(`[analytics-mock] CONTRACT VIOLATION ${v.operationId} ${v.status}: ${v.message}`))
  const changeListeners = new Set<() => void>()

  async function dispatch(req: MockRequest): Promise<{ res: MockResponse; op: OperationInfo | null; body?: unknown }> {
    if (req.url.pathname.length + req.url.search.length > maxUrl) {
      return { res: new ApiError(414, 'invalid_request', 'request_uri_too_long', `Request URI exceeds ${maxUrl} bytes.`).toResponse(), op: null }
    }
    const match = router.match(req.method, req.url.pathname)
    if (match.kind === 'not-found') return { res: notFound().toResponse(), op: null }
    const view = match.kind === 'operation' ? viewOf(match.op, profile) : null
    if (view && view.scopes !== null) {
      const delay = faults.delayFor(view.operationId)
      if (delay > 0) await sleep(delay)
    }

    const isApi = view ? view.scopes !== null : !req.url.pathname.startsWith('/_mock/')
    const parsed = parseBody(req.body, maxBody)
    if (parsed.kind === 'too-large') return { res: bodyTooLarge(maxBody).toResponse(), op: null }
    const { body, error: bodyError } = parsed

    let principal: Principal | undefined
    if (isApi) principal = authenticate(directory, req.headers, body, req.url.searchParams)
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
    if (bodyError) throw bodyError
    checkQueryDepth(req.url.searchParams)

    // Contract validation of parameters and body (openapi-backend's ajv validators, compiled at start).
    const validation = validateRequest(op, { params, searchParams: req.url.searchParams, headers: req.headers, body })
    if (!validation.valid) throw requestValidationError(validation.errors, validation.input)
    const handler = handlers[op.operationId]
    if (!handler) {
      return { res: new ApiError(501, 'server_error', 'not_implemented', `${op.operationId} is not implemented yet.`).toResponse(), op }
    }
    if (op.scopes !== null) {
      const failure = faults.failureFor(op.operationId)
      if (failure) return { res: failure.toResponse(), op, body }
    }
    const ctx: HandlerContext<S, any, any> = {
      op,
      profile,
      observed: observedFor(op, profile),
      req,
      url: req.url,
      params,
      query: validation.query,
      body,
      principal,
      project,
      services,
    }
    const res = await handler(ctx)
    // A 405 names the path's methods, whoever answered it (the playlist DELETE's empty 405 included).
    if (res.status === 405 && res.headers.allow === undefined) res.headers = { ...res.headers, allow: route.allow.join(', ') }
    return { res, op, body }
  }

  async function handle(req: MockRequest): Promise<MockResponse> {
    const started = performance.now()
    const changedBefore = options.beforeRequest ? await options.beforeRequest() : false
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
      const violation = checkResponse(viewOf(op, profile), res)
      if (violation) {
        onViolation(violation)
        res = serverError(`Response violates the contract: ${violation.operationId} ${violation.status}: ${violation.message}`, 'contract_violation').toResponse()
      }
    }
    journal.record({
      at_ms: options.now(),
      method: req.method,
      path: req.url.pathname,
      search: req.url.search,
      operation_id: op?.operationId ?? null,
      status: res.status,
      request_body: body,
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    })
    const refused = res.status >= 400 && res.status < 500
    if (changeListeners.size > 0 && (changedBefore || (!SAFE_METHODS.has(req.method) && !refused))) {
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
    onChange(listener) {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
  }
}
