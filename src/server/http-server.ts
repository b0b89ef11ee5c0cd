// The HTTP/1.1 server over node:net that the mock's server face listens with (http-connection.ts has
// why not node:http): accepts connections, times out those whose clients are too slow and closes those
// with no traffic at all for the idle time (connections.ts; one sweep looks at every connection a few
// times per time-out, instead of a timer per request), and closes as node's server does: no new
// connections, idle ones now, busy ones after their answer.
import { createServer, type Server, type Socket } from 'node:net'
import { Connections, sweepInterval } from './connections.ts'
import { HttpConnection, type ConnectionOptions } from './http-connection.ts'

export interface HttpServerOptions extends ConnectionOptions {
  /** Milliseconds a client may take to send a request's head, from its first byte. */
  headersTimeoutMs: number
  /** Milliseconds a client may take to send a whole request, head and body. */
  requestTimeoutMs: number
  /** Milliseconds a connection may see no traffic at all, unless a request on it is being handled (connections.ts; 0: never closed for it). */
  idleTimeoutMs: number
}

export class HttpServer {
  readonly server: Server
  /** The open connections; those with no traffic at all for the idle time are closed (byte counts looked at: connections.ts). */
  readonly connections: Connections<HttpConnection>
  #timer: NodeJS.Timeout | undefined
  readonly #sweepMs: number

  constructor(readonly options: HttpServerOptions) {
    this.connections = new Connections(options.idleTimeoutMs, (connection) => connection.busy)
    const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, idleTimeoutMs } = options
    this.#sweepMs = sweepInterval(Math.min(headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs || Infinity, idleTimeoutMs || Infinity))
    // allowHalfOpen: a client that ends its side after sending a request still reads the answer.
    this.server = createServer({ allowHalfOpen: true, noDelay: true }, (socket) => this.#accept(socket))
  }

  #accept(socket: Socket): void {
    this.connections.add(socket, new HttpConnection(socket, this.options), () => {
      if (this.connections.size === 0) this.#stopTimer()
    })
    if (!this.#timer) {
      this.#timer = setInterval(this.#sweep, this.#sweepMs)
      this.#timer.unref()
    }
  }

  readonly #sweep = (): void => {
    this.checkTimeouts()
    this.connections.closeIdle()
  }

  /** Answers 408 to clients too slow with their requests, and closes connections idle for the keep-alive time after an answer. */
  checkTimeouts(now = performance.now()): void {
    const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = this.options
    for (const connection of this.connections.values()) {
      const waited = now - connection.since
      switch (connection.phase) {
        case 'head':
          if (waited >= headersTimeoutMs || waited >= requestTimeoutMs) connection.timeOut()
          break
        case 'body':
          if (waited >= requestTimeoutMs) connection.timeOut()
          break
        case 'idle':
          // Idle from when its last answer has gone: one still being written (a client reading slowly) is not.
          if (connection.socket.writableLength > 0) connection.since = now
          // (A connection that has not sent a request yet is left to the idle time-out: connections.ts.)
          else if (connection.served && keepAliveTimeoutMs > 0 && waited >= keepAliveTimeoutMs) connection.socket.destroy()
          break
        default:
          break
      }
    }
  }

  /** Stops accepting connections; idle ones end now, busy ones after their answer. Resolves when all are gone. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve())
      for (const connection of this.connections.values()) connection.closeWhenIdle()
    })
  }

  #stopTimer(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = undefined
  }
}
