// The request's turn: the part of a request that reads and changes state (scheduled work that fell due,
// auth, validation, the handler) runs for a write while nothing else runs, and for reads while no write
// runs (core/serial.ts), with the clock pinned to one instant. A change the turn made is handed to the
// change listeners before the turn ends (core/changes.ts), so they see changes in the order applied.
import type { Clock } from './clock.ts'
import type { OperationInfo } from './contract.ts'
import { ApiError, serverError } from './drf/exceptions.ts'
import { SAFE_METHODS, type MockRequest, type MockResponse } from './http.ts'
import { isPromise } from './promise.ts'
import type { SerialQueue } from './serial.ts'
import { recorded, type ChangeFeed } from './changes.ts'
import type { Dispatched, Dispatcher, ReadBody, Routed } from './dispatch.ts'

/** What a request came to: its answer, and what the journal and the durability wait need of it. */
export interface Outcome {
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

export interface TurnOptions {
  serial: SerialQueue
  clock: Clock
  dispatch: Dispatcher['dispatch']
  changes: ChangeFeed
  /** Runs the scheduled work that fell due; resolves true when it changed state. */
  beforeRequest?: () => Promise<boolean>
  /** Whether `beforeRequest` has work to do now; without it every request takes a write's turn. */
  hasDueWork?: () => boolean
}

export interface Turns {
  /** Waits for the request's turn (a write's or a read's) and runs it; a plain value when nothing waits. */
  take(req: MockRequest, match: Routed, parsed: ReadBody): Outcome | Promise<Outcome>
  /**
   * Runs a turn already held: scheduled work, dispatch, and handing the change (if any) to the listeners.
   * `exclusive`: the turn is a write's (only then does scheduled work run); `replaying`: restoring a log
   * (no faults, no listeners).
   */
  run(
    req: MockRequest,
    match: Routed,
    parsed: ReadBody,
    replaying: boolean,
    exclusive: boolean,
  ): Outcome | Promise<Outcome>
}

export function createTurns(options: TurnOptions): Turns {
  const { serial, clock, dispatch, changes, beforeRequest, hasDueWork } = options

  function take(req: MockRequest, match: Routed, parsed: ReadBody): Outcome | Promise<Outcome> {
    const write = !SAFE_METHODS.has(req.method)
    // A read takes a write's turn when scheduled work fell due (it runs it first); an observer never does.
    const exclusive = write || (!(match.kind === 'operation' && match.op.observer) && (hasDueWork?.() ?? true))
    return serial.runNow(() => run(req, match, parsed, false, exclusive), exclusive)
  }

  /**
   * The clock stays pinned until the handler's answer is made. Synchronous when the handler is (most
   * are): no promise is made for a request that does not wait for anything.
   */
  function run(
    req: MockRequest,
    match: Routed,
    parsed: ReadBody,
    replaying: boolean,
    exclusive: boolean,
  ): Outcome | Promise<Outcome> {
    // Scheduled work changes state: only in a write's turn (a read that finds work due takes one).
    if (exclusive && beforeRequest && (hasDueWork?.() ?? true)) return runAfterDueWork(req, match, parsed, replaying)
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
  async function runAfterDueWork(
    req: MockRequest,
    match: Routed,
    parsed: ReadBody,
    replaying: boolean,
  ): Promise<Outcome> {
    const at = clock.pin()
    try {
      const changedBefore = await beforeRequest!()
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
    match: Routed,
    parsed: ReadBody,
    replaying: boolean,
    at: number,
    changedBefore: boolean,
    progress: { ran: boolean },
    { res, op }: Dispatched,
  ): Outcome {
    const refused = res.status >= 400 && res.status < 500
    const wrote = progress.ran && !SAFE_METHODS.has(req.method) && !refused
    let durable: Promise<unknown> | undefined
    if (!replaying && (wrote || changedBefore) && changes.listening) {
      durable = changes.notify({ at, request: wrote ? recorded(req, parsed.text, res.status) : null })
    }
    return { res, op, named: match.kind === 'operation' ? match.op : null, body: parsed.body, at, durable }
  }

  return { take, run }
}

/** What a thrown error answers: an ApiError its own answer, anything else (a crash) a 500, logged. */
export function errorResponse(error: unknown): MockResponse {
  if (error instanceof ApiError) return error.toResponse()
  console.error('[analytics-mock] handler crashed:', error)
  return serverError().toResponse()
}
