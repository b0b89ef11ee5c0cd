// Turns: the part of the pipeline that reads and changes state runs for a write while nothing else
// runs, and for reads while no write runs (a readers-writer lock, in arrival order: once a write
// waits, later reads wait behind it, so writes are never starved). Handlers `await` between reading
// and writing (e.g. the store's async creates), so without this two requests interleaved: 50
// pipelined adds of one recording to a playlist each found it absent and added it. Reads share their
// turn, so a cheap read never queues behind heavy reads. Latency faults and writing the answer stay outside.

import { isPromise, promiseOf } from './promise.ts'

interface Waiting {
  exclusive: boolean
  enter: () => void
}

export class SerialQueue {
  #readers = 0
  #writing = false
  #waiting: Waiting[] = []

  /**
   * Runs `task` in its turn: `exclusive` (a write) once nothing else runs, otherwise (a read) once no
   * write runs or waits ahead of it. Resolves or rejects as the task does. A task that can start at once
   * starts now, and a synchronous one leaves its turn as soon as it returns (no promise is waited on).
   */
  run<T>(task: () => T | Promise<T>, exclusive = true): Promise<T> {
    return promiseOf(() => this.runNow(task, exclusive))
  }

  /**
   * `run`, with a synchronous task that can start at once answered as its value (or its throw), not a
   * promise: the request pipeline then makes no promise for a request that waits for nothing.
   */
  runNow<T>(task: () => T | Promise<T>, exclusive = true): T | Promise<T> {
    if (!this.#canEnter(exclusive)) return this.#runLater(task, exclusive)
    this.#enter(exclusive)
    let result: T | Promise<T>
    try {
      result = task()
    } catch (error) {
      this.#leave(exclusive)
      throw error
    }
    if (!isPromise(result)) {
      this.#leave(exclusive)
      return result
    }
    return result.then(
      (value) => {
        this.#leave(exclusive)
        return value
      },
      (error) => {
        this.#leave(exclusive)
        throw error
      },
    )
  }

  async #runLater<T>(task: () => T | Promise<T>, exclusive: boolean): Promise<T> {
    await new Promise<void>((enter) => this.#waiting.push({ exclusive, enter }))
    try {
      return await task()
    } finally {
      this.#leave(exclusive)
    }
  }

  #canEnter(exclusive: boolean): boolean {
    return this.#waiting.length === 0 && !this.#writing && (!exclusive || this.#readers === 0)
  }

  #leave(exclusive: boolean): void {
    if (exclusive) this.#writing = false
    else this.#readers--
    this.#admit()
  }

  #enter(exclusive: boolean): void {
    if (exclusive) this.#writing = true
    else this.#readers++
  }

  /** Lets in, in order, whoever may now run (handing over the turn: they enter on being let in). */
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
