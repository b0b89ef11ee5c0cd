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
// Gathering: even so, the first request of each batch paid for the others' warmth. Timed by its place in
// the batch in the server under PATCH person's load (8 connections), the first took 40-55 µs and the
// rest 13-18 (JSON.parse of the 42-byte body 7 against 2, the properties' JSON text 7 against 2.5,
// rendering 5 against 1.6): the kernel's writes of the last batch's answers and node's reading of the
// next requests leave the core's code and data cold once per batch, and batches were 3-4 requests.
// So, on a server under load (its last batch handled more than one request) with more connections open
// than requests in hand, a write among them, the requests wait up to two more turns of the event loop
// (each a poll of the sockets that does not block, as an immediate is pending) for those their clients
// are sending, and are handled with them: batches of 5-6 at 8 connections. A client sending one request
// at a time is never held (its batches are one request), nor is a turn that has a request per open
// connection, nor reads alone (served from kept renderings, they lose little cold and gained nothing:
// GET person activity 0.974x and 0.883x held, within the noise, their CPU a request the same).
// Measured with scripts/bench/state-ab.ts (one server loaded at a time, 16-20 rounds): PATCH person
// 1.06-1.24x the requests a second, POST playlist 1.08-1.11x, PATCH playlist 1.11x, GET person 1.00x;
// with --state PATCH person 1.16x (3.9 records a flush against 2.6, CPU 198 -> 158 µs a request).
// Sequential GETs with seven idle connections open: p50 317 against 323 µs.
//
// Work that should follow the requests of the turn (the log's write under --state, which gathers the
// changes they made) asks for it with `afterRequests`: it then runs once the turn's requests are
// handled, not a turn of the event loop later.
//
// An answer waits for the other requests handled in its turn, but not for long: once the oldest waiting
// answer has waited `maxWaitMs`, they are all written before the next request is handled or
// with the next answer made. So an answer waits at most that long plus the one request running then
// (and a request gathered, at most two turns of the event loop before it is handled).

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

  /** Turns of the event loop the waiting requests have been held for others (see #run). */
  #gathered = 0
  /** How many requests the last batch handled. */
  #lastBatch = 0
  /** How many of the waiting requests are writes. */
  #writes = 0

  /**
   * @param maxWaitMs how long an answer may wait for the others of its turn
   * @param gather when a few requests may wait for others: `expected`, how many could come in a turn (the
   *   open connections); `turns`, for how many more turns of the event loop at most (default 2). Without
   *   it, the requests of a turn are handled at its end.
   */
  constructor(
    readonly maxWaitMs = 1,
    readonly gather?: { expected: () => number; turns?: number },
  ) {}

  /**
   * Runs `handle` (a request's handling) at the end of this turn, after those deferred before it and
   * before the answers are written. `write`: the request changes something (the costly kind, whose
   * handling may wait for others: see #gathering).
   */
  defer(handle: () => void, write = false): void {
    this.#requests.push(handle)
    if (write) this.#writes++
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

  /** Whether the requests read so far wait another turn for more (see the file's comment: gathering). */
  #gathering(): boolean {
    const gather = this.gather
    if (gather === undefined || this.#lastBatch < 2 || this.#writes === 0) return false
    const waiting = this.#requests.length
    return waiting > 0 && this.#gathered < (gather.turns ?? 2) && waiting < gather.expected()
  }

  readonly #run = (): void => {
    if (this.#gathering()) {
      this.#gathered++
      // (An answer made meanwhile, by a request that waited on something, does not wait for the gathering.)
      this.#flush()
      setImmediate(this.#run)
      return
    }
    this.#gathered = 0
    try {
      const requests = this.#requests
      if (requests.length === 0) return
      this.#lastBatch = requests.length
      this.#requests = []
      this.#writes = 0
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
