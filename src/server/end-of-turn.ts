// The requests read in one turn of the event loop, handled together at its end, and their answers
// written together after them.
//
// Answers: node reads every request that arrived on its connections in one I/O phase, and each was
// answered (written to its socket) as soon as it was made, between the handling of the others. Each
// such write found its client asleep, waiting for that answer, and woke it: on this VM a wake-up costs
// the writer 10-20 µs of kernel time, and it came once per answer. Written back to back at the end of
// the turn (setImmediate: the check phase, right after the I/O phase that read them), the first wakes
// the client and the rest arrive while it runs. Measured on PATCH and GET person, one server of each
// kind loaded after the other in alternating rounds: 1.45x and 1.7x the requests a second.
//
// Requests: each was handled as soon as node had read it, between node's reading and parsing of the
// others, so the mock's code and data (tens of functions, the store's tables, the validators) were
// cold again for every one: the core took ~42 µs a PATCH person in the server against ~13 µs in a loop.
// Handled back to back once the I/O phase has read them all (`defer`), all but the first find them
// warm; the answers waited for the end of the turn already, so none is later for it. Measured with
// scripts/bench/state-ab.ts (the two servers loaded one after the other, 16 rounds): PATCH person
// 1.23x the requests a second (CPU 120 -> 98 µs a request), POST playlist 1.10x, GET person 1.04x.
//
// Work that should follow the requests of the turn (the log's write under --state, which gathers the
// changes they made) asks for it with `afterRequests`: it then runs once the turn's requests are
// handled, not a turn of the event loop later.
//
// An answer waits for the other requests handled in its turn, but not for long: once the oldest waiting
// answer has waited `maxWaitMs`, they are all written before the next request is handled or
// with the next answer made. So an answer waits at most that long plus the one request running then.

/** What is to run once the requests being handled (see EndOfTurn.defer) are done; null when none are. */
let afterBatch: Array<() => void> | null = null

/**
 * Runs `task` once the requests read in this turn have been handled: after the batch being handled,
 * or, when none is, at the end of this turn's I/O phase (setImmediate).
 */
export function afterRequests(task: () => void): void {
  if (afterBatch !== null) afterBatch.push(task)
  else setImmediate(task)
}

export class EndOfTurn {
  #queue: Array<() => void> = []
  #requests: Array<() => void> = []
  #since = 0
  #scheduled = false

  constructor(readonly maxWaitMs = 1) {}

  /** Runs `handle` (a request's handling) at the end of this turn, after those deferred before it and before the answers are written. */
  defer(handle: () => void): void {
    this.#requests.push(handle)
    this.#schedule()
  }

  /** Runs `write` at the end of this turn, after the writes queued before it. */
  add(write: () => void): void {
    this.#due()
    this.#queue.push(write)
    if (this.#queue.length === 1) {
      this.#since = performance.now()
      this.#schedule()
    }
  }

  /** Writes the waiting answers now if the oldest has waited `maxWaitMs` (before each deferred request, and with each answer added). */
  #due(): void {
    if (this.#queue.length > 0 && performance.now() - this.#since >= this.maxWaitMs) this.#flush()
  }

  #schedule(): void {
    if (this.#scheduled) return
    this.#scheduled = true
    setImmediate(this.#run)
  }

  readonly #run = (): void => {
    try {
      const requests = this.#requests
      if (requests.length === 0) return
      this.#requests = []
      const after: Array<() => void> = []
      afterBatch = after
      try {
        // (Each handling catches its own failures, as each write does.)
        for (let i = 0; i < requests.length; i++) {
          this.#due()
          requests[i]!()
        }
      } finally {
        afterBatch = null
      }
      for (let i = 0; i < after.length; i++) after[i]!()
    } finally {
      // The answers made above are written now; one added while they are written waits for the next turn.
      this.#scheduled = false
      this.#flush()
    }
  }

  readonly #flush = (): void => {
    const queue = this.#queue
    if (queue.length === 0) return // (written early by #due())
    this.#queue = []
    // (Each write catches its own failures: one answer that cannot be written holds up none of the others.)
    for (let i = 0; i < queue.length; i++) queue[i]!()
  }
}
