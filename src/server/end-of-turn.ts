// Answers made during one turn of the event loop, written together at its end.
//
// Node reads every request that arrived on its connections in one I/O phase, and each was answered
// (written to its socket) as soon as it was made, between the handling of the others. Each such write
// found its client asleep, waiting for that answer, and woke it: on this VM a wake-up costs the writer
// 10-20 µs of kernel time, and it came once per answer. Written back to back at the end of the turn
// (setImmediate: the check phase, right after the I/O phase that read them), the first wakes the
// client and the rest arrive while it runs. Measured on PATCH and GET person, one server of each kind
// loaded after the other in alternating rounds: 1.2-1.45x the requests a second. An answer waits at
// most for the other requests of its turn.

export class EndOfTurn {
  #queue: Array<() => void> = []

  /** Runs `write` at the end of this turn, after the writes queued before it. */
  add(write: () => void): void {
    this.#queue.push(write)
    if (this.#queue.length === 1) setImmediate(this.#flush)
  }

  readonly #flush = (): void => {
    const queue = this.#queue
    this.#queue = []
    // (Each write catches its own failures: one answer that cannot be written holds up none of the others.)
    for (let i = 0; i < queue.length; i++) queue[i]!()
  }
}
