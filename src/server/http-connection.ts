// One HTTP/1.1 connection (RFC 9112) over a node:net socket: reads requests (request-head.ts; bodies by
// Content-Length or chunked: chunked-body.ts), hands each whole request to the server's handler, writes
// its answer, and goes on to the next request on the connection (keep-alive; pipelined requests are read
// one at a time, so their answers leave in order).
//
// Why not node:http: for each request node builds a readable stream (IncomingMessage), a writable one
// (ServerResponse), their events and the parser's callbacks into JavaScript, ~10 µs of a request's CPU
// on this project's benchmark machine, a third of a bare node:http server's (measured: a server over
// node:net answering the same bytes used 21-27 µs a request against node:http's 29-35). The mock reads
// every body whole anyway (it is JSON, at most --max-body), so a request here is one object, its answer
// one write.
//
// Refusals a client can get here, each an answer in the error shape (`refusal`) and then the end of the
// connection: a head that is not HTTP/1.x (400, 414 or 431 when over the size limit), a malformed chunked
// body (400), an expectation other than 100-continue (417), a client too slow to send its head or its
// body (408). A body over --max-body is refused with 413 as soon as it is known (by its Content-Length,
// or by its chunks as they come); its bytes are then read and dropped, so the client reads the answer
// rather than a reset, and the connection goes on. With `Expect: 100-continue` the 413 is sent instead
// of the 100 and the connection is closed.
import type { Socket } from 'node:net'
import { STATUS_CODES } from 'node:http'
import { ChunkedBody } from './chunked-body.ts'
import { isHeadError, isToken, readRequestHead, type RequestHead } from './request-head.ts'

export interface HttpRequest {
  method: string
  /** The request target as sent. */
  url: string
  headers: Record<string, string>
  body: Buffer | undefined
}

/** An answer in the error shape, for a refusal made here. */
export interface Refusal {
  status: number
  headers: Record<string, string>
  body: string
}

export interface ConnectionOptions {
  maxBodyBytes: number
  maxHeaderBytes: number
  keepAliveTimeoutMs: number
  /**
   * The answer to a refused request: `code` is node's parser's code (HPE_...), `ERR_HTTP_REQUEST_TIMEOUT`,
   * `EXPECTATION_FAILED` or `BODY_TOO_LARGE`, or `SERVER_ERROR` for a request the handler failed on;
   * `request`, the refused request's head when it was read.
   */
  refusal(code: string, inRequestLine?: boolean, request?: { method: string; url: string; headers: Record<string, string> }): Refusal
  onRequest(request: HttpRequest, response: HttpResponse): void
}

/** How long a refused upload is still read (and dropped) so the client sees the answer, not a reset. */
const LINGER_MS = 5_000

type Phase = 'idle' | 'head' | 'body' | 'handling' | 'discard' | 'closed'

/** A field value a client could be sent: no line breaks or other controls (node refuses them too). */
const SAFE_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/

let dateText = ''
let dateSecond = -1
/** The Date field's value, made once a second (node does the same). */
function httpDate(): string {
  const now = Date.now()
  const second = Math.floor(now / 1000)
  if (second !== dateSecond) {
    dateSecond = second
    dateText = new Date(second * 1000).toUTCString()
  }
  return dateText
}

export class HttpConnection {
  #phase: Phase = 'idle'
  /** Bytes received and not yet read: `#buffer[#pos, #length)`. */
  #buffer: Buffer | null = null
  #pos = 0
  #length = 0
  /** Whether `#buffer` was made here (bytes may be added after `#length`); else it is a chunk as read. */
  #owned = false
  /** How far the head being received has been looked at. */
  #checked = 0
  /** When the request being received began (its first byte), or the connection went idle. */
  since: number
  /** Whether a request has been answered on it (an idle connection then waits at most the keep-alive time). */
  served = false
  #head: RequestHead | null = null
  #pieces: Buffer[] = []
  #size = 0
  /** Body bytes still to come (Content-Length), or to drop (a refused body). */
  #left = 0
  #chunked: ChunkedBody | null = null
  /** The request being answered. */
  #response: HttpResponse | null = null
  /** Whether the connection ends after the answer being written (the server is closing, or the client has ended its side). */
  #endAfter = false
  #processing = false
  /** Waiting for the answers written to drain before reading the next request. */
  #waitingDrain = false
  #lingerTimer: NodeJS.Timeout | undefined

  constructor(
    readonly socket: Socket,
    readonly options: ConnectionOptions,
  ) {
    this.since = performance.now()
    socket.on('data', this.#onData)
    socket.on('end', this.#onEnd)
    socket.on('error', this.#onError)
    socket.on('close', this.#onClose)
  }

  get phase(): Phase {
    return this.#phase
  }

  /** Whether a request on it is being handled and not yet answered. */
  get busy(): boolean {
    return this.#phase === 'handling' && this.#response !== null && !this.#response.headersSent
  }

  /** Whether the connection ends after the answer being made (so the answer says `Connection: close`). */
  get endsAfterAnswer(): boolean {
    return this.#endAfter
  }

  /** The server is closing: an idle connection is closed now (as node's closeIdleConnections does), a busy one after its answer. */
  closeWhenIdle(): void {
    if (this.#phase === 'idle') this.socket.destroy()
    else this.#endAfter = true
  }

  /** Answers 408 and ends the connection (its request did not arrive in time). */
  timeOut(): void {
    if (this.#phase === 'closed') return
    this.#refuse('ERR_HTTP_REQUEST_TIMEOUT')
  }

  readonly #onData = (chunk: Buffer): void => {
    if (this.#phase === 'closed') return
    this.#append(chunk)
    this.#process()
  }

  /**
   * Adds `chunk` to the unread bytes. A whole request comes in one chunk, read where it is; bytes kept
   * for more (a head, a chunk-size line or a pipelined request not all there yet) are copied into a
   * buffer made here that grows by doubling, so a head sent a byte at a time is not copied whole for
   * every byte.
   */
  #append(chunk: Buffer): void {
    const buffer = this.#buffer
    if (buffer === null) {
      this.#buffer = chunk
      this.#pos = 0
      this.#length = chunk.length
      this.#owned = false
      return
    }
    if (this.#owned && this.#length + chunk.length <= buffer.length) {
      chunk.copy(buffer, this.#length)
      this.#length += chunk.length
      return
    }
    const live = this.#length - this.#pos
    const next = Buffer.allocUnsafe(Math.max(2 * (live + chunk.length), 4_096))
    buffer.copy(next, 0, this.#pos, this.#length)
    chunk.copy(next, live)
    this.#checked -= this.#pos
    this.#buffer = next
    this.#pos = 0
    this.#length = live + chunk.length
    this.#owned = true
  }

  readonly #onEnd = (): void => {
    // The client sends nothing more: the request being answered still gets its answer.
    if (this.#phase === 'handling' || this.#phase === 'discard') this.#endAfter = true
    else this.#end()
  }

  readonly #onError = (): void => {
    this.socket.destroy()
  }

  readonly #onClose = (): void => {
    this.#phase = 'closed'
    this.#buffer = null
    this.#pieces = []
    if (this.#lingerTimer) clearTimeout(this.#lingerTimer)
  }

  /** Reads what has arrived: requests, one at a time. */
  #process(): void {
    if (this.#processing) return
    this.#processing = true
    try {
      while (this.#buffer !== null && !this.#waitingDrain && this.#step()) {
        // next request, or more of this one
      }
    } finally {
      this.#processing = false
    }
  }

  /** One step of reading; false when it must wait (for bytes, or for the answer being made). */
  #step(): boolean {
    const buffer = this.#buffer!
    const end = this.#length
    switch (this.#phase) {
      case 'idle':
      case 'head': {
        if (this.#pos >= end) return this.#drop()
        const result = readRequestHead(buffer, this.#pos, end, this.options.maxHeaderBytes, this.#phase === 'head' ? this.#checked : this.#pos)
        if (result === null) {
          if (this.#phase === 'idle') {
            this.#phase = 'head'
            this.since = performance.now()
          }
          this.#checked = end
          return false
        }
        if (isHeadError(result)) {
          this.#refuse(result.code, result.inRequestLine)
          return false
        }
        if (this.#phase === 'idle') this.since = performance.now()
        this.#pos += result.length
        return this.#begin(result)
      }
      case 'body':
        return this.#readBody(buffer, end)
      case 'discard':
        return this.#discard(buffer, end)
      case 'handling':
        // A pipelined request waits for the answer before it; a client that sends more than a whole
        // request's worth meanwhile is not read from until then.
        if (end - this.#pos > this.options.maxHeaderBytes + this.options.maxBodyBytes) this.socket.pause()
        return false
      case 'closed':
        return this.#drop()
    }
  }

  /** No unread bytes are kept. */
  #drop(): false {
    this.#buffer = null
    this.#pos = 0
    this.#length = 0
    this.#checked = 0
    return false
  }

  /** A head has been read: refuse it, or read its body. */
  #begin(head: RequestHead): boolean {
    this.#head = head
    this.#pieces = []
    this.#size = 0
    if (head.expect === 'other') {
      this.#refuse('EXPECTATION_FAILED')
      return false
    }
    const declared = head.contentLength
    if (declared > this.options.maxBodyBytes) {
      if (head.expect === 'continue') {
        // Refused before the client sends it.
        this.#refuse('BODY_TOO_LARGE')
        return false
      }
      this.#refuseBody(declared)
      return true
    }
    if (head.expect === 'continue') this.socket.write('HTTP/1.1 100 Continue\r\n\r\n')
    if (declared === -1) {
      this.#chunked = new ChunkedBody()
      this.#phase = 'body'
      return true
    }
    this.#left = declared
    this.#phase = 'body'
    return true
  }

  #readBody(buffer: Buffer, end: number): boolean {
    const chunked = this.#chunked
    if (chunked === null) {
      const take = Math.min(this.#left, end - this.#pos)
      if (take > 0) {
        this.#pieces.push(buffer.subarray(this.#pos, this.#pos + take))
        this.#pos += take
        this.#left -= take
      }
      if (this.#left > 0) return this.#keepUnread(end)
      return this.#handOver()
    }
    this.#pos = chunked.read(buffer, this.#pos, end, (piece) => {
      this.#size += piece.length
      if (this.#size <= this.options.maxBodyBytes) this.#pieces.push(piece)
    })
    if (chunked.error !== null) {
      this.#refuse(chunked.error)
      return false
    }
    if (this.#size > this.options.maxBodyBytes) {
      // Refused as soon as it is over; the rest of its chunks are read and dropped.
      this.#pieces = []
      this.#refuseBody(-1)
      return true
    }
    if (!chunked.done) return this.#keepUnread(end)
    this.#chunked = null
    return this.#handOver()
  }

  /** Waits for more bytes, keeping those not read yet (a part of a line). */
  #keepUnread(end: number): false {
    if (this.#pos >= end) return this.#drop()
    return false
  }

  /** The whole request is here: the handler answers it. */
  #handOver(): boolean {
    const head = this.#head!
    const pieces = this.#pieces
    const body = pieces.length === 0 ? undefined : pieces.length === 1 ? pieces[0] : Buffer.concat(pieces)
    this.#pieces = []
    this.#phase = 'handling'
    const response = new HttpResponse(this, head)
    this.#response = response
    if (this.#pos >= this.#length) this.#drop()
    try {
      this.options.onRequest({ method: head.method, url: head.target, headers: head.headers, body: head.contentLength === 0 ? undefined : body }, response)
    } catch (error) {
      // A mistake in the handler costs this request, never the server.
      console.error('[analytics-mock] unexpected failure:', error)
      if (response.headersSent) this.socket.destroy()
      else {
        const failed = this.options.refusal('SERVER_ERROR')
        response.send(failed.status, failed.headers, failed.body)
      }
    }
    return this.#phase !== 'handling' && this.#buffer !== null
  }

  /** Answers 413 for a body over the limit; its bytes are read and dropped, for at most LINGER_MS. */
  #refuseBody(declared: number): void {
    const head = this.#head!
    this.#phase = 'discard'
    this.#left = declared
    writeRefusal(this, head, this.options.refusal('BODY_TOO_LARGE', undefined, { method: head.method, url: head.target, headers: head.headers }))
    this.#lingerTimer = setTimeout(() => this.socket.destroy(), LINGER_MS)
    this.#lingerTimer.unref()
  }

  #discard(buffer: Buffer, end: number): boolean {
    const chunked = this.#chunked
    if (chunked !== null) {
      this.#pos = chunked.read(buffer, this.#pos, end, () => {})
      if (chunked.error !== null) {
        this.socket.destroy()
        return false
      }
      if (!chunked.done) return this.#keepUnread(end)
      this.#chunked = null
    } else {
      const take = Math.min(this.#left, end - this.#pos)
      this.#pos += take
      this.#left -= take
      if (this.#left > 0) return this.#drop()
    }
    clearTimeout(this.#lingerTimer)
    this.#lingerTimer = undefined
    this.#finished(this.#head!.keepAlive)
    return this.#buffer !== null
  }

  /** Answers a refusal and ends the connection. */
  #refuse(code: string, inRequestLine?: boolean): void {
    const head = this.#head
    const refusal = this.options.refusal(code, inRequestLine, head ? { method: head.method, url: head.target, headers: head.headers } : undefined)
    this.#phase = 'closed'
    this.#buffer = null
    if (this.socket.destroyed) return
    this.socket.end(answerHead(refusal.status, refusal.headers, false, this.options.keepAliveTimeoutMs, Buffer.byteLength(refusal.body)) + refusal.body, 'utf8')
    closeOnceWritten(this.socket)
  }

  /**
   * Called by the response once its answer is written: the next request, or the end. A client that does
   * not read its answers is not read from either (node's server does the same): its next requests wait
   * until what was written has drained.
   */
  finished(keepAlive: boolean): void {
    this.#response = null
    if (this.#phase === 'discard') return // (the refused body is still being read)
    this.#finished(keepAlive)
    if (this.#phase !== 'idle') return
    if (this.socket.writableNeedDrain) {
      this.#waitingDrain = true
      this.socket.pause()
      this.socket.once('drain', this.#drained)
      return
    }
    if (this.#buffer !== null) {
      if (this.socket.isPaused()) this.socket.resume()
      this.#process()
    }
  }

  readonly #drained = (): void => {
    this.#waitingDrain = false
    if (this.#phase === 'closed') return
    this.socket.resume()
    if (this.#buffer !== null) this.#process()
  }

  #finished(keepAlive: boolean): void {
    this.served = true
    this.#head = null
    if (!keepAlive || this.#endAfter) {
      this.#end()
      return
    }
    this.#phase = 'idle'
    this.since = performance.now()
  }

  #end(): void {
    this.#phase = 'closed'
    this.#buffer = null
    if (this.socket.destroyed) return
    this.socket.end()
    closeOnceWritten(this.socket)
  }
}

/**
 * Closes `socket` once what was written to it has gone (node's server does the same, destroySoon): a
 * client that never ends its side does not hold the connection open.
 */
function closeOnceWritten(socket: Socket): void {
  if (socket.writableFinished) socket.destroy()
  else socket.once('finish', () => socket.destroy())
}

/**
 * The status line and fields of an answer: those given (but `connection`, which the answer's keep-alive
 * says), then Date and the connection's fate, as node writes them. `length`: the Content-Length to add
 * when the fields have none (undefined: none added). Throws on a field that cannot be sent.
 */
function answerHead(status: number, headers: Record<string, string>, keepAlive: boolean, keepAliveMs: number, length: number | undefined): string {
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`
  let hasLength = false
  for (const name in headers) {
    const value = headers[name]!
    if (!isToken(name) || !SAFE_VALUE.test(value)) throw new TypeError(`An answer's header field ${JSON.stringify(name)} has a name or value that cannot be sent.`)
    const lower = name.length === 14 || name.length === 10 ? name.toLowerCase() : ''
    if (lower === 'connection') continue
    if (lower === 'content-length') hasLength = true
    head += `${name}: ${value}\r\n`
  }
  if (!hasLength && length !== undefined) head += `content-length: ${length}\r\n`
  head += `Date: ${httpDate()}\r\n`
  head += keepAlive ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(keepAliveMs / 1000)}\r\n\r\n` : 'Connection: close\r\n\r\n'
  return head
}

/**
 * Whether the connection goes on after this answer: the request allows it, the answer's own fields do
 * not close it (`connection: close`), and the connection is not ending (the server closing, the client
 * gone quiet).
 */
function keepsAlive(connection: HttpConnection, head: RequestHead, headers: Record<string, string>): boolean {
  const value = headers.connection ?? headers.Connection
  return head.keepAlive && !(value !== undefined && value.toLowerCase() === 'close') && !connection.endsAfterAnswer
}

/** An answer ready to write: its head, and whether the connection goes on after it. */
interface Prepared {
  text: string
  keepAlive: boolean
  /** Whether the body is left out (HEAD, 204, 304, or none given). */
  noBody: boolean
}

function prepare(connection: HttpConnection, head: RequestHead, status: number, headers: Record<string, string>, body: string | Buffer | undefined, encoding: 'latin1' | 'utf8'): Prepared {
  const keepAlive = keepsAlive(connection, head, headers)
  const bodiless = status === 204 || status === 304
  const noBody = bodiless || head.method === 'HEAD' || body === undefined
  // The body's length (for HEAD, of the body a GET would be sent, when it is given: it is not sent).
  const length = bodiless ? undefined : body === undefined ? (head.method === 'HEAD' ? undefined : 0) : typeof body === 'string' ? Buffer.byteLength(body, encoding) : body.length
  return { text: answerHead(status, headers, keepAlive, connection.options.keepAliveTimeoutMs, length), keepAlive, noBody }
}

/** Writes a prepared answer (its head and body in one write when the body is Latin-1 text: nearly every answer). */
function write(socket: Socket, prepared: Prepared, body: string | Buffer | undefined, encoding: 'latin1' | 'utf8'): void {
  if (socket.destroyed) return
  if (prepared.noBody) socket.write(prepared.text, 'latin1')
  else if (typeof body === 'string' && encoding === 'latin1') socket.write(prepared.text + body, 'latin1')
  else {
    socket.cork()
    socket.write(prepared.text, 'latin1')
    if (typeof body === 'string') socket.write(body, 'utf8')
    else socket.write(body!)
    socket.uncork()
  }
}

/** The answer to one request: written whole (`send`), or its head then buffers with back-pressure (`sendBuffers`). */
export class HttpResponse {
  headersSent = false
  constructor(
    readonly connection: HttpConnection,
    readonly head: RequestHead,
  ) {}

  get destroyed(): boolean {
    return this.connection.socket.destroyed
  }

  /** The request target (for messages). */
  get url(): string {
    return this.head.target
  }

  /** Writes the answer: `body` a string (in `encoding`) or bytes, or none. */
  send(status: number, headers: Record<string, string>, body?: string | Buffer, encoding: 'latin1' | 'utf8' = 'utf8'): void {
    if (this.headersSent) throw new Error('This request has been answered already.')
    const prepared = prepare(this.connection, this.head, status, headers, body, encoding)
    this.headersSent = true
    write(this.connection.socket, prepared, body, encoding)
    this.connection.finished(prepared.keepAlive)
  }

  /** Writes the head (with the buffers' total as its content-length), then `buffers` one by one, waiting while the client reads. */
  async sendBuffers(status: number, headers: Record<string, string>, buffers: Buffer[]): Promise<void> {
    if (this.headersSent) throw new Error('This request has been answered already.')
    const bytes = buffers.reduce((n, b) => n + b.length, 0)
    const keepAlive = keepsAlive(this.connection, this.head, headers)
    const text = answerHead(status, headers, keepAlive, this.connection.options.keepAliveTimeoutMs, bytes)
    this.headersSent = true
    const socket = this.connection.socket
    if (!socket.destroyed) socket.write(text, 'latin1')
    if (this.head.method !== 'HEAD') {
      for (const buffer of buffers) {
        if (socket.destroyed) return
        if (!socket.write(buffer)) await drained(socket)
      }
    }
    this.connection.finished(keepAlive)
  }

  destroy(): void {
    this.connection.socket.destroy()
  }
}

/** Writes a refusal made here: the 413 sent while a refused body is still coming. */
function writeRefusal(connection: HttpConnection, head: RequestHead, refusal: Refusal): void {
  write(connection.socket, prepare(connection, head, refusal.status, refusal.headers, refusal.body, 'utf8'), refusal.body, 'utf8')
}

/** Resolves when `socket` can take more (or is gone). */
function drained(socket: Socket): Promise<void> {
  if (socket.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done)
      socket.off('close', done)
      resolve()
    }
    socket.on('drain', done)
    socket.on('close', done)
  })
}
