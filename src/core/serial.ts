// One at a time: the part of the pipeline that reads and changes state runs for one request while the
// others wait their turn (in arrival order). Handlers `await` between reading and writing (e.g. the
// store's async creates), so without this two requests interleave: 50 pipelined adds of one recording
// to a playlist each found it absent and added it. Latency faults and writing the answer stay outside.

export class SerialQueue {
  #busy = false
  #waiting: Array<() => void> = []

  /** Runs `task` once every task queued before it has finished; resolves or rejects as it does. */
  async run<T>(task: () => T | Promise<T>): Promise<T> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve))
    else this.#busy = true
    try {
      return await task()
    } finally {
      const next = this.#waiting.shift()
      if (next) next() // handed over: stays busy
      else this.#busy = false
    }
  }

  /** Tasks waiting for their turn (not counting the one running). */
  get waiting(): number {
    return this.#waiting.length
  }
}
