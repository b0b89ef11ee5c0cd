// The request pipeline: a Fetch-style app over the contract. It knows nothing of the product: the
// handlers, the services they use and the key directory come from the composition (src/app.ts).
//
// A request, top to bottom (each step a function below; the files it calls, in order):
//   answer   the URL's length (414), the route (404: router.ts), latency injected, the body read
//            (413 first of all: drf/parsers.ts), then the request's turn (turns.ts)
//   turn     with the clock pinned: scheduled work that fell due, `dispatch`, and the change it made
//            handed to the change listeners
//   dispatch content negotiation (404), the key (401), the method (405), scopes (403), the project
//            (404/403), throttles (429) (auth.ts), a body that did not parse (400/415), null characters
//   operate  the answer memo (answer-memo.ts), else request validation (validation.ts), injected
//            failures and the handler
//   finish   the answer checked against the contract (validation.ts; a violation is a 500),
//            held until the changes it may show are durable, journaled (journal.ts)
import type { Profile } from '../contract/profiles.ts'
import { AnswerMemo } from './answer-memo.ts'
import { authenticate, checkProjectAccess, checkScopes, type KeyDirectory, type Principal } from './auth.ts'
import type { Clock } from './clock.ts'
import type { Contract, OperationInfo, OperationView } from './contract.ts'
import type { HandlerContext, HandlerMap } from './context.ts'
import { ApiError, methodNotAllowed, notFound, notMocked, serverError } from './drf/exceptions.ts'
import type { Faults } from './faults.ts'
import { json, MAX_URL_BYTES, SAFE_METHODS, serialize, type MockRequest, type MockResponse } from './http.ts'
import type { Journal, JournalValidation } from './journal.ts'
import { optionsMetadata, optionsScopes } from './options-metadata.ts'
import {
  bodyTooLarge,
  checkQueryDepth,
  MAX_BODY_BYTES,
  nullCharacterPath,
  nullCharacters,
  parseBody,
  parsersFor,
  type ParsedBody,
} from './drf/parsers.ts'
import { checkResponse, createRequestValidator, requestValidationError, type ContractViolation } from './validation.ts'
import { createRouter, type RouteMatch } from './router.ts'
import { ChangeFeed, recorded, Turns, type AppliedChange, type ChangeListener, type RecordedRequest } from './turns.ts'

export type { AppliedChange, ChangeListener, RecordedRequest }

export interface CoreOptions<S> {
  contract: Contract
  /**
   * Answer as the seed describes the API (`seed`, the default) or as the real service answers where the
   * two disagree (`observed`): the contract's x-observed notes, see contracts/openapi.yaml.
   */
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
  /** Runs the scheduled work that fell due; resolves true when it changed state. */
  runDueWork(): Promise<boolean>
  /** Whether there is scheduled work due now (then even a read takes a write's turn, and runs it). */
  hasDueWork(): boolean
  /** Validate every response against the contract (default true). Off: for handlers that answer outside the contract on purpose (a test of `verify`). */
  validateResponses?: boolean
  /** Called for each contract violation (the response is a 500 either way). Default: console.error. */
  onViolation?: (violation: ContractViolation) => void
  /** Largest request body accepted (default 1 MiB). */
  maxBodyBytes?: number
  /** Longest path plus query accepted (default 16 KiB); longer is a 414. */
  maxUrlBytes?: number
  /** Rate limits: the 429 to answer instead of handling an API request, or null (see core/drf/throttling.ts). */
  throttle?(operationId: string, principal: Principal): ApiError | null
}

export interface CoreApp {
  /** The Fetch-style entry point. */
  fetch(request: Request): Promise<Response>
  /** The same on the core's own request shape: the server face's adapter (no WHATWG objects on its path). */
  handle(request: MockRequest): Promise<MockResponse>
  /**
   * Calls `listener` with each change a request made to the state (a write whose handler ran and did not
   * refuse it with a 4xx, or scheduled work that fell due before a request), in the order applied, as a
   * record `replay` applies again. The request's answer waits for the promise the listener returns
   * (how `serve --state` keeps a 2xx from leaving before its change is on disk). Returns the function that unsubscribes.
   */
  onChange(listener: ChangeListener): () => void
  /**
   * Applies a recorded change again (restoring a log), with the clock at its instant and then back as
   * it was; no faults, no journal, no listeners. Resolves to the status the replayed request was
   * answered with (null for scheduled work alone).
   */
  replay(change: AppliedChange): Promise<number | null>
  /** Runs `task` while no request is between its reading and its writing; answers made before it are not given again. */
  exclusive<T>(task: () => T | Promise<T>): Promise<T>
  /** Lets go of every answer the memo keeps (the state was changed from outside a request). */
  forgetAnswers(): void
}

type Routed = Exclude<RouteMatch, { kind: 'not-found' }>
type ReadBody = Extract<ParsedBody, { kind: 'parsed' }>

/** What a request came to: its answer, and what the journal, the memo and the durability wait need of it. */
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
  /** Where the answer is kept once validated (a read's), or `hit` when it came from the memo. */
  memo?: { key: string; generation: number; holds: number } | 'hit'
}

/** What a thrown error answers: an ApiError its own answer, anything else (a crash) a 500, logged. */
function errorResponse(error: unknown): MockResponse {
  if (error instanceof ApiError) return error.toResponse()
  console.error('[analytics-mock] handler crashed:', error)
  return serverError().toResponse()
}

const refusal = (error: ApiError): Outcome => ({ res: error.toResponse(), op: null })

async function settle(outcome: Promise<Outcome>): Promise<Outcome> {
  try {
    return await outcome
  } catch (error) {
    return { res: errorResponse(error), op: null }
  }
}

/** Whether `?format=` names a format not in `formats` (DRF reads the last value; an empty one is no format). */
function unrenderedFormat(query: URLSearchParams, formats: readonly string[]): boolean {
  const format = query.getAll('format').at(-1)
  return format !== undefined && format !== '' && !formats.includes(format)
}

/** Null characters in a write's body (where the operation takes one) or query: a 400 naming the field. */
function checkNullCharacters(op: OperationInfo, query: URLSearchParams, parsed: ReadBody): void {
  // A parsed body holds a null character only where its JSON text has the escape `\u0000`.
  const { body, text } = parsed
  if (op.operation.requestBody && body !== undefined && (text === undefined || text.includes('\\u0000'))) {
    const attr = nullCharacterPath(body)
    if (attr !== undefined) throw nullCharacters(attr)
  }
  for (const [name, value] of query) {
    if (value.includes('\u0000') || name.includes('\u0000')) throw nullCharacters(name.includes('\u0000') ? null : name)
  }
}

export class Pipeline<S> implements CoreApp {
  readonly profile: Profile
  readonly clock: Clock
  readonly faults: Faults
  readonly maxBody: number
  readonly maxUrl: number
  readonly router: ReturnType<typeof createRouter>
  readonly validateRequest: ReturnType<typeof createRequestValidator>
  readonly turns = new Turns()
  readonly changes = new ChangeFeed()
  readonly memo: AnswerMemo
  readonly observers: Map<OperationInfo, (noteId: string) => boolean>

  constructor(readonly options: CoreOptions<S>) {
    const { contract } = options
    ;({ clock: this.clock, faults: this.faults } = options)
    this.profile = options.profile ?? 'seed'
    this.maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES
    this.maxUrl = options.maxUrlBytes ?? MAX_URL_BYTES
    this.router = createRouter(contract)
    this.validateRequest = createRequestValidator()
    this.memo = new AnswerMemo(this.clock)
    this.observers = new Map(contract.operations.map((op) => [op, observedFor(op, this.profile)]))
  }

  /** The Fetch-style entry point. */
  fetch = async (request: Request): Promise<Response> => {
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => (headers[name] = value))
    // Bytes, not text(): text() quietly replaces what is not UTF-8.
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined
    const res = await this.handle({ method: request.method.toUpperCase(), url: new URL(request.url), headers, body })
    const out = serialize(res)
    const noBody = res.status === 204 || res.status === 304 || (out.body === '' && res.json === undefined)
    return new Response(noBody ? null : out.body, { status: res.status, headers: out.headers })
  }

  /** The same on the core's own request shape: the server face's adapter. */
  handle = async (req: MockRequest): Promise<MockResponse> => {
    const started = performance.now()
    return this.finish(req, await settle(this.answer(req)), started)
  }

  onChange = (listener: ChangeListener): (() => void) => this.changes.subscribe(listener)

  /** A recorded change applied again: in a write's turn, the clock at its instant, no faults, journal or listeners. */
  replay = (change: AppliedChange): Promise<number | null> =>
    this.turns.run(true, async () => {
      const saved = this.clock.saveState()
      this.clock.restoreState({ frozenAt: change.at, offset: 0 })
      this.memo.clear()
      try {
        const r = change.request
        if (!r) {
          this.clock.pin()
          await this.options.runDueWork().finally(() => this.clock.unpin())
          return null
        }
        const req: MockRequest = { method: r.method, url: new URL(r.url), headers: { ...r.headers }, body: r.body }
        const ready = await this.prepare(req, true)
        if ('res' in ready) return ready.res.status
        return (await settle(this.turn(req, ready.match, ready.parsed, true, true))).res.status
      } finally {
        this.clock.restoreState(saved)
        this.memo.clear()
      }
    })

  exclusive = <T>(task: () => T | Promise<T>): Promise<T> =>
    this.turns.run(true, () => {
      this.memo.clear()
      return task()
    })

  forgetAnswers = (): void => this.memo.clear()

  viewOf(op: OperationInfo): OperationView {
    return this.profile === 'observed' ? op.observed : op
  }

  /** Everything up to the answer: refusals that need no state, latency, the body, then the request's turn. */
  private async answer(req: MockRequest): Promise<Outcome> {
    const ready = await this.prepare(req, false)
    if ('res' in ready) return ready
    const named = ready.match.kind === 'operation' ? ready.match.op : null
    // A read takes a write's turn when scheduled work fell due (it runs it first); an observer never does.
    const exclusive = !SAFE_METHODS.has(req.method) || (!named?.observer && this.options.hasDueWork())
    return this.turns.run(exclusive, () => this.turn(req, ready.match, ready.parsed, exclusive, false))
  }

  /** The refusals that need no state (414, 404), latency injected, the body read (413): the turn's input, or the answer. */
  private async prepare(req: MockRequest, replaying: boolean): Promise<Outcome | { match: Routed; parsed: ReadBody }> {
    if (req.url.pathname.length + req.url.search.length > this.maxUrl) {
      return refusal(
        new ApiError(414, 'invalid_request', 'request_uri_too_long', `Request URI exceeds ${this.maxUrl} bytes.`),
      )
    }
    const match = this.router.match(req.method, req.url.pathname)
    if (match.kind === 'not-found') return refusal(notFound())
    const named = match.kind === 'operation' ? match.op : null
    const delay =
      this.faults.active && named && named.scopes !== null && !replaying ? this.faults.delayFor(named.operationId) : 0
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
    const parsed = parseBody(
      req.body,
      replaying ? Infinity : this.maxBody,
      req.headers['content-type'],
      parsersFor(req.method, req.url.pathname),
    )
    if (parsed.kind === 'too-large') return { ...refusal(bodyTooLarge(this.maxBody)), named }
    return { match, parsed }
  }

  /** The request's turn, with the clock pinned: scheduled work, `dispatch`, and the change it made handed on. */
  private async turn(req: MockRequest, match: Routed, parsed: ReadBody, exclusive: boolean, replaying: boolean) {
    // A write's turn may change what any answer shows.
    if (exclusive) this.memo.clear()
    const at = this.clock.pin()
    try {
      const dueRan = exclusive && this.options.hasDueWork() ? await this.options.runDueWork() : false
      const ran = { handler: false }
      const out = await settle(this.dispatch(req, match, parsed, replaying, ran))
      const refused = out.res.status >= 400 && out.res.status < 500
      const wrote = ran.handler && !SAFE_METHODS.has(req.method) && !refused
      let durable: Promise<unknown> | undefined
      if (!replaying && (wrote || dueRan) && this.changes.listening) {
        durable = this.changes.notify({ at, request: wrote ? recorded(req, parsed.source, out.res.status) : null })
      }
      return { ...out, named: match.kind === 'operation' ? match.op : null, body: parsed.body, at, durable }
    } finally {
      this.clock.unpin()
    }
  }

  /** The checks in the real service's order, up to the operation (DRF's `initial()`), then `operate`. */
  private async dispatch(
    req: MockRequest,
    match: Routed,
    parsed: ReadBody,
    replaying: boolean,
    ran: { handler: boolean },
  ) {
    const op = match.kind === 'operation' ? match.op : null
    const view = op ? this.viewOf(op) : null
    const query = req.url.searchParams
    // Content negotiation comes first in the real framework: a format the view does not render is a 404.
    if (view?.formats && unrenderedFormat(query, view.formats)) return refusal(notFound())
    const isApi = view ? view.scopes !== null : !req.url.pathname.startsWith('/_mock/')
    const principal = isApi ? authenticate(this.options.directory, req.headers, parsed.body, query) : undefined
    if (match.kind === 'method-not-allowed') return refusal(methodNotAllowed(req.method, match.allow))
    const projectId = match.params.project_id
    const project = () =>
      principal && projectId !== undefined
        ? checkProjectAccess(this.options.directory, principal, projectId)
        : undefined
    if (match.kind === 'options') {
      // As the real service's framework: the key, the path's read scope and the project, then its metadata.
      if (principal) checkScopes(principal.key, optionsScopes(match.route, this.profile))
      project()
      return { res: json(200, optionsMetadata(match.route), { allow: match.route.allow.join(', ') }), op: null }
    }
    if (match.kind === 'not-mocked') {
      project()
      return refusal(notMocked(match.endpoint.method, match.endpoint.path))
    }
    if (principal && view!.scopes) checkScopes(principal.key, view!.scopes, view!.noneDeclared)
    const ctxProject = project()
    // Throttles after authentication and permissions, before anything the handler reads.
    const throttled = principal && !replaying ? this.options.throttle?.(op!.operationId, principal) : null
    if (throttled) throw throttled
    // A view that never reads its body (x-body-unread) refuses none and is given none.
    const body = op!.bodyUnread ? undefined : { value: parsed.body, text: parsed.text }
    if (!op!.bodyUnread && parsed.error) throw parsed.error
    checkQueryDepth(query)
    if (!SAFE_METHODS.has(req.method) && op!.responses.has(400)) checkNullCharacters(op!, query, parsed)
    return this.operate(
      req,
      match as Extract<Routed, { kind: 'operation' }>,
      body,
      principal,
      ctxProject,
      replaying,
      ran,
    )
  }

  /** The memo's answer, or request validation, injected failures and the handler. */
  private async operate(
    req: MockRequest,
    match: Extract<Routed, { kind: 'operation' }>,
    body: { value: unknown; text?: string } | undefined,
    principal: Principal | undefined,
    project: unknown,
    replaying: boolean,
    ran: { handler: boolean },
  ): Promise<Outcome> {
    const { op, params, route } = match
    // A read of the API is kept by request: the operation, the URL, the key, what it accepts.
    const key = SAFE_METHODS.has(req.method) && principal && !replaying ? memoKey(op, req, principal) : undefined
    const kept = key === undefined ? undefined : this.memo.get(key)
    // (A hit is a request that passed validation before: the same URL passes again.)
    const validation = kept
      ? undefined
      : this.validateRequest(op, {
          params,
          searchParams: req.url.searchParams,
          headers: req.headers,
          body: body?.value,
          text: body?.text,
        })
    if (validation && !validation.valid) throw requestValidationError(validation.errors, validation.input)
    const handler = this.options.handlers[op.operationId]
    if (!handler)
      return refusal(new ApiError(501, 'server_error', 'not_implemented', `${op.operationId} is not implemented yet.`))
    const failure =
      this.faults.active && op.scopes !== null && !replaying ? this.faults.failureFor(op.operationId) : null
    if (failure) return { res: failure.toResponse(), op }
    if (kept) return { res: kept, op, memo: 'hit' }
    const query = validation?.valid ? validation.query : {}
    // The handler reads the serializer's validated data (core/drf/fields.ts), as a real view reads it.
    const ctx: HandlerContext<S, any, any> = {
      op,
      req,
      url: req.url,
      params,
      query,
      body: validation?.valid ? validation.body : body?.value,
      principal,
      project,
      services: this.options.services,
      profile: this.profile,
      observed: this.observers.get(op)!,
    }
    ran.handler = true
    const generation = this.memo.generation
    const { value, holds } = this.clock.observe(() => handler(ctx))
    // An answer that waited (a long scan in slices) is not kept: others ran while it was made.
    const res = value instanceof Promise ? await value : value
    // A 405 names the path's methods, whoever answered it (the playlist DELETE's empty 405 included).
    if (res.status === 405 && res.headers.allow === undefined)
      res.headers = { ...res.headers, allow: route.allow.join(', ') }
    const keep = key !== undefined && !(value instanceof Promise) && res.status < 300
    return { res, op, memo: keep ? { key, generation, holds } : undefined }
  }

  /** The answer checked, its change made durable (or waited for), journaled; `started` is when the request came in. */
  private async finish(req: MockRequest, outcome: Outcome, started: number): Promise<MockResponse> {
    let { res } = outcome
    let validation: JournalValidation = outcome.memo === 'hit' ? 'passed' : 'skipped'
    let violated: string | undefined
    if (validation === 'skipped' && this.options.validateResponses !== false && outcome.op && res.status < 500) {
      const violation = checkResponse(this.viewOf(outcome.op), res)
      validation = violation ? 'failed' : 'passed'
      if (violation) {
        ;(this.options.onViolation ?? logViolation)(violation)
        violated = `${violation.operationId} ${violation.status}: ${violation.message}`
        res = serverError(`Response violates the contract: ${violated}`, 'contract_violation').toResponse()
      }
    }
    const kept = outcome.memo
    if (kept && kept !== 'hit' && validation === 'passed') this.memo.set(kept.key, res, kept.generation, kept.holds)
    if (outcome.durable) {
      try {
        await outcome.durable
      } catch (error) {
        const detail = `The change was made but could not be saved, so it may be lost at a restart: ${(error as Error).message ?? error}`
        res = serverError(detail, 'state_not_saved').toResponse()
        validation = 'skipped'
      }
    } else if (this.changes.pending) {
      // This answer may show changes not yet durable: it waits for them (their failure is theirs to report).
      await this.changes.pending.catch(() => undefined)
    }
    // Reads of the mock's own state (x-observer) are not journaled: watching the mock leaves no trace.
    if (!outcome.named?.observer) this.journaled(req, outcome, res, validation, violated, started)
    return res
  }

  private journaled(
    req: MockRequest,
    outcome: Outcome,
    res: MockResponse,
    validation: JournalValidation,
    violated: string | undefined,
    started: number,
  ) {
    this.options.journal.record(
      {
        method: req.method,
        // References only (shaped, masked and redacted when read): the URL, the key's header, the answer.
        url: req.url,
        operation_id: (outcome.named ?? outcome.op)?.operationId ?? null,
        status: res.status,
        request_body: outcome.body,
        authorization: req.headers.authorization,
        response: res,
        validation,
        violation: violated,
      },
      outcome.at ?? this.clock.now(),
      Math.round((performance.now() - started) * 1000) / 1000,
    )
  }
}

const logViolation = (v: ContractViolation) =>
  console.error(`[analytics-mock] CONTRACT VIOLATION ${v.operationId} ${v.status}: ${v.message}`)

/** The memo's key for a read: the operation, the URL, the key that asked and the media types it accepts. */
function memoKey(op: OperationInfo, req: MockRequest, principal: Principal): string {
  return `${op.operationId}\n${req.url.href}\n${principal.key.id}\n${req.headers.accept ?? ''}`
}

/** `ctx.observed` for an operation under a profile. */
function observedFor(op: OperationInfo, profile: Profile): (noteId: string) => boolean {
  return (noteId) => {
    if (!op.notes.has(noteId)) throw new Error(`${op.operationId} has no x-observed note "${noteId}"`)
    return profile === 'observed'
  }
}
