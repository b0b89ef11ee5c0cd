// The changes requests make, as the core hands them on: each change goes to the change listeners in the
// order applied, as a record that replays it exactly (core/replay.ts), and answers wait until the
// listeners have made durable the changes they may have seen (e.g. --state's log, src/server/durable-state.ts).
import type { MockRequest } from './http.ts'

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

/** The change listeners, and the newest change they have not yet made durable. */
export class ChangeFeed {
  readonly #listeners = new Set<ChangeListener>()
  /** The newest change not yet known durable: answers that may have read it wait for it. */
  pending: Promise<unknown> | undefined

  /** Whether anyone listens (no change record is made otherwise). */
  get listening(): boolean {
    return this.#listeners.size > 0
  }

  /** Adds `listener`; returns the function that removes it. */
  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Hands `change` to every listener; settles once all have made it durable (undefined when none waits). */
  notify(change: AppliedChange): Promise<unknown> | undefined {
    let durable: Promise<unknown> | undefined
    let more: Promise<unknown>[] | undefined
    for (const listener of this.#listeners) {
      const wait = listener(change)
      if (!wait) continue
      if (!durable) durable = wait
      else (more ??= [durable]).push(wait)
    }
    if (more) durable = Promise.all(more)
    if (!durable) return undefined
    this.pending = durable
    const forget = () => {
      if (this.pending === durable) this.pending = undefined
    }
    durable.then(forget, forget)
    return durable
  }
}

/** `req` as its change's record: the headers a replay needs, the body's text, the status it was answered with. */
export function recorded(req: MockRequest, text: string | undefined, status: number): RecordedRequest {
  const headers: Record<string, string> = {}
  for (const name of REPLAYED_HEADERS) {
    const value = req.headers[name]
    if (value !== undefined) headers[name] = value
  }
  const out: RecordedRequest = { method: req.method, url: req.url.href, headers, status }
  if (text !== undefined) out.body = text
  return out
}
