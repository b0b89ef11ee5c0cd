// The HTTP/1.1 server over node:net that the mock's server face listens with (http-connection.ts has
// why not node:http): accepts connections, times out those whose clients are too slow (one timer looks at
// every connection a few times per time-out, instead of a timer per request), closes those with no
// traffic at all for the idle time (connections.ts), and closes as node's server does: no new
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
  readonly connections = new Map<Socket, HttpConnection>()
  /** Those with no traffic at all for the idle time are closed (byte counts looked at: connections.ts). */
  readonly #idle: Connections
  #timer: NodeJS.Timeout | undefined

  constructor(readonly options: HttpServerOptions) {
    this.#idle = new Connections(options.idleTimeoutMs, (socket) => this.connections.get(socket)?.busy ?? false)
    // allowHalfOpen: a client that ends its side after sending a request still reads the answer.
    this.server = createServer({ allowHalfOpen: true, noDelay: true }, (socket) => this.#accept(socket))
  }

  #accept(socket: Socket): void {
    const connection = new HttpConnection(socket, this.options)
    this.connections.set(socket, connection)
    socket.once('close', () => {
      this.connections.delete(socket)
      if (this.connections.size === 0) this.#stopTimer()
    })
    this.#idle.add(socket)
    if (!this.#timer) {
      const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = this.options
      this.#timer = setInterval(() => this.checkTimeouts(), sweepInterval(Math.min(headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs || Infinity)))
      this.#timer.unref()
    }
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
