// The request's turn, and the changes turns make.
//
// The part of a request that reads and changes state runs, for a write, while nothing else runs, and
// for reads while no write runs: a readers-writer lock in arrival order (once a write waits, later reads
// wait behind it, so writes are never starved). Handlers may wait between reading and writing, so
// without it two requests interleave: 50 pipelined adds of one recording to a playlist each found it
// absent and added it. Reads share their turn, so a cheap read never queues behind heavy reads.
//
// Each change a turn made goes to the change listeners in the order applied, as a record that replays
// it exactly (the pipeline's `replay`); answers wait until the listeners have made durable the changes
// they may have seen (`serve --state`'s log: src/server/durable-state.ts).
import type { MockRequest } from './http.ts'

export class Turns {
  #readers = 0
  #writing = false
  #waiting: Array<{ exclusive: boolean; enter: () => void }> = []

  /** Runs `task` in its turn: `exclusive` (a write) once nothing else runs, else once no write runs or waits ahead. */
  async run<T>(exclusive: boolean, task: () => T | Promise<T>): Promise<T> {
    if (this.#waiting.length === 0 && !this.#writing && (!exclusive || this.#readers === 0)) this.#enter(exclusive)
    else await new Promise<void>((enter) => this.#waiting.push({ exclusive, enter }))
    try {
      return await task()
    } finally {
      if (exclusive) this.#writing = false
      else this.#readers--
      this.#admit()
    }
  }

  #enter(exclusive: boolean): void {
    if (exclusive) this.#writing = true
    else this.#readers++
  }

  /** Lets in, in order, whoever may now run (they enter on being let in). */
  #admit(): void {
    while (this.#waiting.length > 0 && !this.#writing) {
      const next = this.#waiting[0]!
      if (next.exclusive && this.#readers > 0) return
      this.#waiting.shift()
      this.#enter(next.exclusive)
      next.enter()
    }
  }
}

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
    const waits = [...this.#listeners].map((listener) => listener(change)).filter((wait) => wait !== undefined)
    if (waits.length === 0) return undefined
    const durable = waits.length === 1 ? waits[0]! : Promise.all(waits)
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
