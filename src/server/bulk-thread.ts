// A big dataset's draws made on a worker thread (bulk-plan-worker.ts) while this thread makes its
// objects (src/seed/bulk.ts): the PlanSource the Node server gives createApp. The builder is synchronous,
// so the plan's messages are read synchronously too: receiveMessageOnPort, and Atomics.wait on a counter
// the worker bumps after each post while there is none. The plan is the same as planBulk's in this
// thread, message for message, so when the thread cannot be had (it does not start, fails or stalls)
// the rest of the plan is made here instead, and the dataset is the same.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import type { PlanSource } from '../seed/bulk.ts'
import { batchBytes, PERSON_BATCH, planBulk, type PlanInput, type PlanMessage } from '../seed/bulk-plan.ts'

/** Batches of persons the draws may run ahead of the objects (bulk-plan-worker.ts): 8 MB. */
const SLOTS = 16

export interface ThreadPlanOptions {
  /** How long the thread may take to start (default 10 s). */
  readyTimeoutMs?: number
  /** How long the thread may go without sending a message once started (default 60 s). */
  stallTimeoutMs?: number
  /** Told why the rest of a plan is made in this thread after all (default: a line on stderr). */
  onFallback?: (reason: string) => void
  /** (Tests) the thread fails after posting this many messages of the plan. */
  failAfter?: number
}

/** Run from the sources (tsx, vitest) the worker is TypeScript: it registers tsx before loading it. */
const FROM_SOURCE = import.meta.url.endsWith('.ts')
const WORKER_URL = new URL(`./bulk-plan-worker.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url)

/** Plans made on a worker thread (see the top of this file). */
export function planOnThread(options: ThreadPlanOptions = {}): PlanSource {
  const readyTimeoutMs = options.readyTimeoutMs ?? 10_000
  const stallTimeoutMs = options.stallTimeoutMs ?? 60_000
  const onFallback =
    options.onFallback ??
    ((reason) => console.error(`analytics-mock: ${reason}; generating the data on the main thread instead`))
  return (input) => {
    if (!existsSync(fileURLToPath(WORKER_URL))) {
      onFallback(`no worker file at ${fileURLToPath(WORKER_URL)}`)
      return planBulk(input)
    }
    return new ThreadPlan(input, readyTimeoutMs, stallTimeoutMs, onFallback, options.failAfter)
  }
}

function startWorker(input: PlanInput, port: MessagePort, counters: SharedArrayBuffer, failAfter?: number): Worker {
  const workerData = {
    input,
    port,
    counters,
    ring: new SharedArrayBuffer(SLOTS * batchBytes(PERSON_BATCH)),
    slots: SLOTS,
    failAfter,
  }
  const transferList = [port]
  if (!FROM_SOURCE) return new Worker(WORKER_URL, { workerData, transferList })
  // A worker does not take the loader tsx gave this thread (Node 20): the worker registers it itself.
  // (tsx's ESM entry: `require.resolve` answers its CommonJS one, whose register does not load TypeScript modules.)
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}) })`
  return new Worker(code, { eval: true, workerData, transferList })
}

class ThreadPlan implements Iterator<PlanMessage, void, void> {
  readonly #input: PlanInput
  readonly #port: MessagePort
  /** [0] messages the worker posted, [1] batches of persons let go here (their slots free again). */
  readonly #counters: Int32Array
  readonly #worker: Worker
  readonly #stallTimeoutMs: number
  readonly #onFallback: (reason: string) => void
  /** Plan messages handed to the builder. */
  #taken = 0
  /** Whether the last message handed over was a batch of persons (the builder is done with it when it asks for the next). */
  #holdsBatch = false
  #done = false
  /** The rest of the plan made in this thread, once the worker has failed. */
  #here: Iterator<PlanMessage, void, void> | undefined

  constructor(
    input: PlanInput,
    readyTimeoutMs: number,
    stallTimeoutMs: number,
    onFallback: (reason: string) => void,
    failAfter?: number,
  ) {
    this.#input = input
    this.#stallTimeoutMs = stallTimeoutMs
    this.#onFallback = onFallback
    const buffer = new SharedArrayBuffer(8)
    this.#counters = new Int32Array(buffer)
    const { port1, port2 } = new MessageChannel()
    this.#port = port1
    this.#worker = startWorker(input, port2, buffer, failAfter)
    // A worker left behind must not keep the process alive.
    this.#worker.unref()
    this.#worker.on('error', () => {}) // (what it failed with arrives as a message, or the wait runs out)
    const ready = this.#receive(readyTimeoutMs) as { kind: string } | undefined
    if (ready?.kind !== 'ready')
      this.#fallBack(
        ready
          ? `the data's thread sent ${ready.kind} first`
          : `the data's thread did not start within ${readyTimeoutMs} ms`,
      )
  }

  next(): IteratorResult<PlanMessage, void> {
    if (this.#here) return this.#here.next()
    if (this.#done) return { done: true, value: undefined }
    if (this.#holdsBatch) {
      Atomics.add(this.#counters, 1, 1)
      Atomics.notify(this.#counters, 1)
    }
    const message = this.#receive(this.#stallTimeoutMs) as PlanMessage | { kind: 'error'; message: string } | undefined
    if (!message || message.kind === 'error') {
      this.#fallBack(
        message
          ? `the data's thread failed: ${message.message.split('\n')[0]}`
          : `the data's thread sent nothing for ${this.#stallTimeoutMs} ms`,
      )
      return this.#here!.next()
    }
    this.#taken++
    this.#holdsBatch = message.kind === 'persons'
    if (message.kind === 'end') {
      this.#done = true
      this.#port.close()
    }
    return { done: false, value: message }
  }

  /** The worker's next message, or undefined when none came within `timeoutMs`. */
  #receive(timeoutMs: number): unknown {
    const counters = this.#counters
    const deadline = performance.now() + timeoutMs
    for (;;) {
      // (The count read before looking: a post after the look changes it, so the wait returns at once.)
      const posted = Atomics.load(counters, 0)
      const got = receiveMessageOnPort(this.#port)
      if (got) return got.message
      const left = deadline - performance.now()
      if (left <= 0) return undefined
      Atomics.wait(counters, 0, posted, Math.min(left, 1000))
    }
  }

  /** The rest of the plan made here: planBulk again, the messages already taken skipped (the same ones). */
  #fallBack(reason: string): void {
    this.#onFallback(reason)
    void this.#worker.terminate()
    this.#port.close()
    const here = planBulk(this.#input)
    for (let i = 0; i < this.#taken; i++) here.next()
    this.#here = here
  }
}
