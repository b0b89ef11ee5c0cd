// Routing and auth: from a request to its handler's answer. First the refusals that need no state (the
// URL's length, the route); then, in the request's turn, the checks in the real service's order:
// authenticate (401) -> scope (403) -> project (404/403) -> throttles (429, when asked for) -> method (405) -> body (malformed JSON or
// invalid UTF-8 400, a body that is not JSON 415) -> null characters (400) -> contract validation (400)
// -> injected faults -> the handler. (The body's 413 comes before all of these: core/app-base.ts.)
import type { Profile } from '../contract/profiles.ts'
import { authenticate, checkProjectAccess, checkScopes, type KeyDirectory, type Principal } from './auth.ts'
import type { Contract, OperationInfo } from './contract.ts'
import { viewOf } from './operation-view.ts'
import { observedFor, type HandlerContext, type HandlerMap } from './context.ts'
import { ApiError, methodNotAllowed, notFound, notMocked } from './drf/exceptions.ts'
import type { Faults } from './faults.ts'
import { json, SAFE_METHODS, type MockRequest, type MockResponse } from './http.ts'
import { optionsMetadata, optionsScopes } from './options-metadata.ts'
import { isPromise } from './promise.ts'
import { checkQueryDepth, nullCharacterPath, nullCharacters, type ParsedBody } from './request-body.ts'
import { requestValidationError } from './request-errors.ts'
import { createRequestValidator } from './request-validation.ts'
import { createRouter, type Route, type RouteMatch, type Router } from './router.ts'

/** Longest request target (path and query) accepted; longer ones are a 414. */
export const MAX_URL_BYTES = 16 * 1024
/** The query of a URL without one, for the pipeline's own checks (read only). */
const NO_QUERY: URLSearchParams = new URLSearchParams()
const NO_BODY: { body: undefined; error: undefined } = { body: undefined, error: undefined }

/** Whether `?format=` names a format not in `formats` (DRF reads the last value; an empty one is no format). */
function unrenderedFormat(searchParams: URLSearchParams, formats: readonly string[]): boolean {
  const format = searchParams.getAll('format').at(-1)
  return format !== undefined && format !== '' && !formats.includes(format)
}

/** A route the request found (a path the contract knows). */
export type Routed = Exclude<RouteMatch, { kind: 'not-found' }>
/** A body read without a 413. */
export type ReadBody = Extract<ParsedBody, { kind: 'parsed' }>

/** What dispatching a request gave: the answer, and the operation whose handler made it (null for a refusal before it). */
export interface Dispatched {
  res: MockResponse
  op: OperationInfo | null
}

export interface DispatchOptions<S> {
  contract: Contract
  profile: Profile
  handlers: HandlerMap<HandlerContext<S, any, any>>
  services: S
  directory: KeyDirectory<any, any, any>
  faults: Faults
  maxUrl: number
  /** Rate limits: the 429 to answer instead of handling an API request, or null (see core/throttle.ts). */
  throttle?(operationId: string, principal: Principal): ApiError | null
}

export interface Dispatcher {
  /** Refusals that need no state: the URL's length, the route. */
  route(req: MockRequest): { res: MockResponse } | { match: Routed }
  /**
   * Auth, validation and the handler; runs in the request's turn. Throws an ApiError for a refusal.
   * `progress.ran` is set once the handler is called; `replaying` skips injected faults.
   */
  dispatch(
    req: MockRequest,
    match: Routed,
    parsed: ReadBody,
    replaying: boolean,
    progress: { ran: boolean },
  ): Dispatched | Promise<Dispatched>
}

export function createDispatcher<S>(options: DispatchOptions<S>): Dispatcher {
  const { contract, profile, handlers, services, directory, faults, maxUrl, throttle } = options
  const router: Router = createRouter(contract)
  const validateRequest = createRequestValidator(contract)

  /** `ctx.observed` of each operation, made once (a closure per request otherwise). */
  const observedFns = new Map<OperationInfo, HandlerContext['observed']>()
  const observedOf = (op: OperationInfo) => {
    let fn = observedFns.get(op)
    if (!fn) observedFns.set(op, (fn = observedFor(op, profile)))
    return fn
  }

  function route(req: MockRequest): { res: MockResponse } | { match: Routed } {
    const pathname = req.url.pathname
    if (pathname.length + req.url.search.length > maxUrl) {
      return {
        res: new ApiError(
          414,
          'invalid_request',
          'request_uri_too_long',
          `Request URI exceeds ${maxUrl} bytes.`,
        ).toResponse(),
      }
    }
    const match = router.match(req.method, pathname)
    if (match.kind === 'not-found') return { res: notFound().toResponse() }
    return { match }
  }

  function dispatch(
    req: MockRequest,
    match: Routed,
    parsed: ReadBody,
    replaying: boolean,
    progress: { ran: boolean },
  ): Dispatched | Promise<Dispatched> {
    const view = match.kind === 'operation' ? viewOf(match.op, profile) : null
    const isApi = view ? view.scopes !== null : !req.url.pathname.startsWith('/_mock/')
    // A view that never reads its body (x-body-unread) refuses none and is given none (the key may still be read from it).
    const { body, error: bodyError } = match.kind === 'operation' && match.op.bodyUnread ? NO_BODY : parsed
    // Without a query, the checks read an empty list kept for them: the URL's own is made when first
    // asked for (~0.4 µs a request), and only a handler that reads the query needs it.
    const searchParams = req.url.search === '' ? NO_QUERY : req.url.searchParams

    // Content negotiation comes first in the real framework: a format the view does not render is a 404.
    if (view?.formats && unrenderedFormat(searchParams, view.formats)) return { res: notFound().toResponse(), op: null }
    let principal: Principal | undefined
    if (isApi) principal = authenticate(directory, req.headers, parsed.body, searchParams)
    if (match.kind === 'method-not-allowed')
      return { res: methodNotAllowed(req.method, match.allow).toResponse(), op: null }
    const { params, route } = match
    const checkProject = () =>
      principal && params.project_id !== undefined
        ? checkProjectAccess(directory, principal, params.project_id)
        : undefined
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
    const throttled = principal && !replaying ? throttle?.(op.operationId, principal) : null
    if (throttled) throw throttled
    if (bodyError) throw bodyError
    checkQueryDepth(searchParams)
    if (!SAFE_METHODS.has(req.method) && op.responses.has(400)) checkNullCharacters(op, searchParams, body, parsed.text)

    // Contract validation of parameters and body (openapi-backend's ajv validators, compiled on first use).
    const validation = validateRequest(op, { params, searchParams, headers: req.headers, body, text: parsed.text })
    if (!validation.valid) throw requestValidationError(validation.errors, validation.input)
    const handler = handlers[op.operationId]
    if (!handler) {
      return {
        res: new ApiError(
          501,
          'server_error',
          'not_implemented',
          `${op.operationId} is not implemented yet.`,
        ).toResponse(),
        op,
      }
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
      body: validation.body,
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

  return { route, dispatch }
}

/** The handler's answer; a 405 names the path's methods, whoever answered it (the playlist DELETE's empty 405 included). */
function named(res: MockResponse, op: OperationInfo, route: Route): Dispatched {
  if (res.status === 405 && res.headers.allow === undefined)
    res.headers = { ...res.headers, allow: route.allow.join(', ') }
  return { res, op }
}

/** Null characters in a write's body (where the operation takes one) or query: a 400 naming the field. */
function checkNullCharacters(
  op: OperationInfo,
  searchParams: URLSearchParams,
  body: unknown,
  text: string | undefined,
): void {
  // A parsed body holds a null character only where its JSON text has the escape `\u0000` (JSON has no other way to write one).
  if (op.operation.requestBody && body !== undefined && (text === undefined || text.includes('\\u0000'))) {
    const attr = nullCharacterPath(body)
    if (attr !== undefined) throw nullCharacters(attr)
  }
  for (const [name, value] of searchParams) {
    if (value.includes('\u0000') || name.includes('\u0000')) throw nullCharacters(name.includes('\u0000') ? null : name)
  }
}
