// The thread that puts `serve --state`'s log on disk. The main thread copies each record into a ring of
// shared memory (one per open log segment: a channel) and moves the channel's tail; this thread writes
// everything between what is on disk and the tail in one write (O_DSYNC: on disk when it returns), then
// says how far the log is on disk. While it writes, the next records gather in the ring and go out in
// its next write as soon as this one returns (group commit), without waiting for the main thread to
// hear of the first: with the thread pool (`fs.write`) each flush was queued, and the next one started,
// by the main thread between two requests, and the queueing itself (a thread woken per write) was a
// measurable share of a durable write's time there.
//
// Nothing here acknowledges anything: a channel only reports positions that are on disk, and the log
// writer (wal.ts) answers a record's promise once the position after it is.
import { Worker } from 'node:worker_threads'

/** Bytes of each channel's ring; a record that does not fit waits on the main thread for room. */
export const RING_BYTES = 4 * 1024 * 1024
/** Zeros are written ahead of the records in steps of this much (see LogWriter in wal.ts). */
export const ALLOCATE_BYTES = 4 * 1024 * 1024

/** The channel's positions, shared: [tail: bytes the main thread has put in the ring, durable: bytes on disk]. */
const TAIL = 0
const DURABLE = 1
/** The thread's doorbell, shared: [rings, whether the thread sleeps]. */
const RINGS = 0
const SLEEPING = 1
/** Writes done by the thread, all channels: the main thread waits for it to move (Atomics.waitAsync). */
const PROGRESS = 2

/**
 * The thread's code (run with `eval`, so it works from the sources, tests and every build alike). It only
 * uses node's own modules. Messages in: open {id, fd, position, allocated, dsync, ring, ctrl} and close
 * {id}; out: {id, durable} after each write, {id, error} once a write failed (the channel writes no more).
 */
const THREAD_SOURCE = String.raw`
'use strict'
const { parentPort, receiveMessageOnPort, workerData } = require('node:worker_threads')
const { writeSync, writevSync, fdatasyncSync } = require('node:fs')
const bell = new Int32Array(workerData.bell)
const { TAIL, DURABLE, RINGS, SLEEPING, PROGRESS, RING_BYTES, ALLOCATE_BYTES } = workerData
const channels = new Map()
let zeros

function take() {
  for (let m = receiveMessageOnPort(parentPort); m; m = receiveMessageOnPort(parentPort)) {
    const msg = m.message
    if (msg.open) channels.set(msg.id, { ...msg, ring: Buffer.from(msg.ring), ctrl: new BigInt64Array(msg.ctrl), done: msg.position, failed: false })
    else channels.delete(msg.id)
  }
}

/** Zeros (on disk, the file's size with them) so that end bytes are there to be written over. */
function allocate(ch, end) {
  const target = Math.ceil(end / ALLOCATE_BYTES) * ALLOCATE_BYTES
  zeros ??= Buffer.alloc(1024 * 1024)
  while (ch.allocated < target) ch.allocated += writeSync(ch.fd, zeros, 0, Math.min(zeros.length, target - ch.allocated), ch.allocated)
  fdatasyncSync(ch.fd)
}

/** Writes what the channel holds beyond what is on disk; whether there was anything. */
function flush(ch) {
  if (ch.failed) return false
  const tail = Number(Atomics.load(ch.ctrl, TAIL))
  if (tail === ch.done) return false
  try {
    if (tail > ch.allocated) allocate(ch, tail)
    let at = ch.done
    while (at < tail) {
      const from = (at - ch.start) % RING_BYTES
      const length = tail - at
      const pieces = from + length <= RING_BYTES ? [ch.ring.subarray(from, from + length)] : [ch.ring.subarray(from), ch.ring.subarray(0, from + length - RING_BYTES)]
      at += writevSync(ch.fd, pieces, at)
    }
    if (!ch.dsync) fdatasyncSync(ch.fd)
    ch.done = tail
    Atomics.store(ch.ctrl, DURABLE, BigInt(tail))
    Atomics.add(bell, PROGRESS, 1)
    Atomics.notify(bell, PROGRESS)
  } catch (error) {
    ch.failed = true
    parentPort.postMessage({ id: ch.id, error: String(error && error.message || error) })
  }
  return true
}

for (;;) {
  const rung = Atomics.load(bell, RINGS)
  take()
  let wrote = false
  for (const ch of channels.values()) if (flush(ch)) wrote = true
  if (wrote) continue
  Atomics.store(bell, SLEEPING, 1)
  let pending = false
  for (const ch of channels.values()) if (!ch.failed && Number(Atomics.load(ch.ctrl, TAIL)) !== ch.done) pending = true
  if (!pending) Atomics.wait(bell, RINGS, rung, 5000)
  Atomics.store(bell, SLEEPING, 0)
}
`

interface Listener {
  /** The position up to which the channel's bytes are on disk (after one write). */
  durable(position: number): void
  /** A write failed: nothing more is written for the channel. */
  failed(message: string): void
}

/** The one flusher thread of the process (started with the first channel), serving every open channel. */
class FlusherThread {
  readonly worker: Worker
  readonly bell = new Int32Array(new SharedArrayBuffer(12))
  readonly channels = new Map<number, { ctrl: BigInt64Array; reported: number }>()
  #watching = false
  readonly listeners = new Map<number, Listener>()
  #nextId = 1
  /** Channels with bytes not yet reported on disk: the thread keeps the process alive while there are any. */
  #busy = 0
  dead = false

  constructor() {
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { bell: this.bell.buffer, TAIL, DURABLE, RINGS, SLEEPING, PROGRESS, RING_BYTES, ALLOCATE_BYTES },
      // Named in a heap snapshot or a profile.
      name: 'analytics-mock log flusher',
    })
    this.worker.unref()
    this.worker.on('message', (m: { id: number; durable?: number; error?: string }) => {
      const listener = this.listeners.get(m.id)
      if (!listener) return
      if (m.error !== undefined) {
        this.#report()
        listener.failed(m.error)
      }
    })
    const stop = (why: string) => {
      if (this.dead) return
      this.dead = true
      if (thread === this) thread = undefined
      for (const listener of this.listeners.values()) listener.failed(why)
      this.listeners.clear()
    }
    this.worker.on('error', (error) => stop(`the log flusher failed (${error.message})`))
    this.worker.on('exit', (code) => stop(`the log flusher exited (${code})`))
  }

  open(fd: number, position: number, allocated: number, dsync: boolean, listener: Listener): { id: number; ring: Buffer; ctrl: BigInt64Array } {
    const id = this.#nextId++
    const ring = new SharedArrayBuffer(RING_BYTES)
    const ctrl = new SharedArrayBuffer(16)
    const view = new BigInt64Array(ctrl)
    view[TAIL] = view[DURABLE] = BigInt(position)
    this.listeners.set(id, listener)
    this.channels.set(id, { ctrl: view, reported: position })
    this.worker.postMessage({ open: true, id, fd, position, start: position, allocated, dsync, ring, ctrl })
    this.wake(true)
    return { id, ring: Buffer.from(ring), ctrl: view }
  }

  close(id: number): void {
    this.channels.delete(id)
    if (!this.listeners.delete(id) || this.dead) return
    this.worker.postMessage({ id })
    this.wake(true)
  }

  /** Rings the doorbell if the thread sleeps (or always, for a message: it reads them only when awake). */
  wake(always = false): void {
    if (!always && Atomics.load(this.bell, SLEEPING) === 0) return
    Atomics.add(this.bell, RINGS, 1)
    Atomics.notify(this.bell, RINGS)
  }

  busy(delta: 1 | -1): void {
    this.#busy += delta
    if (delta === 1 && this.#busy === 1) {
      this.worker.ref()
      this.#watch()
    } else if (this.#busy === 0) this.worker.unref()
  }

  /** While any channel waits, one Atomics.waitAsync on the thread's progress: each move reports the channels' new positions. */
  #watch(): void {
    if (this.#watching || this.dead) return
    this.#watching = true
    const seen = Atomics.load(this.bell, PROGRESS)
    const waited = waitAsync(this.bell, PROGRESS, seen)
    const next = () => {
      this.#watching = false
      this.#report()
      if (this.#busy > 0) this.#watch()
    }
    if (waited.async) void (waited.value as Promise<string>).then(next)
    else queueMicrotask(next)
  }

  #report(): void {
    for (const [id, channel] of this.channels) {
      const at = Number(Atomics.load(channel.ctrl, DURABLE))
      if (at === channel.reported) continue
      channel.reported = at
      this.listeners.get(id)?.durable(at)
    }
  }
}

let thread: FlusherThread | undefined

/** Node 20 has it; TypeScript's library for the project's target does not declare it yet. */
const waitAsync = (Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: Promise<string> | string } }).waitAsync

/**
 * One log segment's way to the disk: `ring` takes the bytes from stream position `position` on (byte
 * `p` of the stream at `(p - position) % RING_BYTES` of the ring, file offset `p`); `publish(tail)`
 * hands everything before `tail` to the thread; the listener hears each position that reaches the disk.
 */
export class FlushChannel {
  readonly ring: Buffer
  readonly #ctrl: BigInt64Array
  readonly #thread: FlusherThread
  readonly #id: number
  #busy = false
  #closed = false

  /** `fd` is written at explicit offsets; bytes before `allocated` exist (the rest are made as zeros first). */
  constructor(fd: number, position: number, allocated: number, dsync: boolean, listener: Listener) {
    if (!thread || thread.dead) thread = new FlusherThread()
    this.#thread = thread
    const { id, ring, ctrl } = thread.open(fd, position, allocated, dsync, {
      durable: (at) => {
        if (this.#busy && at === Number(this.#ctrl[TAIL])) this.#idle()
        listener.durable(at)
      },
      failed: (message) => {
        this.#idle()
        listener.failed(message)
      },
    })
    this.#id = id
    this.ring = ring
    this.#ctrl = ctrl
  }

  /** Everything before stream position `tail` is in the ring: the thread writes it. */
  publish(tail: number): void {
    Atomics.store(this.#ctrl, TAIL, BigInt(tail))
    if (!this.#busy) {
      this.#busy = true
      this.#thread.busy(1)
    }
    this.#thread.wake()
  }

  #idle(): void {
    if (!this.#busy) return
    this.#busy = false
    this.#thread.busy(-1)
  }

  /** No more writes (call once everything published is on disk or has failed). */
  close(): void {
    if (this.#closed) return
    this.#closed = true
    this.#idle()
    this.#thread.close(this.#id)
  }
}
