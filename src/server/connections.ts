// The server's open connections, each with what it carries (its HTTP state: http-server.ts), and the
// idle time-out: those that see no traffic at all for a while are closed (`--idle-timeout`), so a client
// that stops reading an answer, or one that opens a connection and never sends a byte, holds no socket
// for good. (At shutdown the server closes every idle one at once: http-server.ts.)
//
// node's own way to close idle connections (`server.timeout`) is a timer per socket, set again on every
// request (node's server sets the socket's time-out to it when a request arrives, and to the keep-alive
// time when the answer is done): a new timer and a bound function each time, in a timer list, and a
// refresh of it on every read and write meanwhile. Without it a PATCH person took 0-8 µs less of the
// server's CPU (less in four runs of five; 66-82 against 71-90 µs a request), 1.01-1.09x the requests a
// second (five runs of scripts/bench/state-ab.ts). Here the server's one sweep (http-server.ts) looks at
// every connection a few times per idle time instead: one whose byte counts have not moved for the idle
// time is closed, unless a request on it is still being handled (held by a latency fault, say). So a
// connection is closed between `idleMs` and `idleMs` plus one look's interval after its last traffic.
import type { Socket } from 'node:net'

interface Seen<T> {
  /** What the connection carries. */
  value: T
  read: number
  written: number
  /** When its traffic was last seen to move (or the connection began). */
  since: number
}

/** How often connections are looked at for a time-out: every quarter of it, but no more often than every 10 ms and no less often than every second. */
export function sweepInterval(timeoutMs: number): number {
  return Math.max(10, Math.min(1_000, Math.floor(timeoutMs / 4)))
}

export class Connections<T> {
  #seen = new Map<Socket, Seen<T>>()

  /**
   * @param idleMs how long a connection may see no traffic (0: never closed for it)
   * @param busy whether a request on the connection is still being handled (then it is not idle)
   * @param now the time in ms (a test's clock)
   */
  constructor(
    readonly idleMs: number,
    readonly busy: (value: T, socket: Socket) => boolean,
    readonly now: () => number = () => performance.now(),
  ) {}

  /** Tracks `socket`, carrying `value`, until it closes; `closed` runs then (after it is no longer tracked). */
  add(socket: Socket, value: T, closed?: () => void): void {
    this.#seen.set(socket, { value, read: socket.bytesRead, written: socket.bytesWritten, since: this.now() })
    socket.once('close', () => {
      this.#seen.delete(socket)
      closed?.()
    })
  }

  get size(): number {
    return this.#seen.size
  }

  get(socket: Socket): T | undefined {
    return this.#seen.get(socket)?.value
  }

  /** What every open connection carries. */
  *values(): IterableIterator<T> {
    for (const seen of this.#seen.values()) yield seen.value
  }

  /** Closes the connections idle for `idleMs` (the server's sweep calls it; a test may too). */
  closeIdle(): void {
    if (this.idleMs <= 0) return
    const now = this.now()
    for (const [socket, seen] of this.#seen) {
      const read = socket.bytesRead
      const written = socket.bytesWritten
      if (read !== seen.read || written !== seen.written || this.busy(seen.value, socket)) {
        seen.read = read
        seen.written = written
        seen.since = now
      } else if (now - seen.since >= this.idleMs) {
        socket.destroy()
      }
    }
  }
}
