// The node:http face: checks who is asking (Host, Origin: origin-policy.ts), refuses writes over the
// heap ceiling (memory-guard.ts), reads the request (refusing bodies over the limit early), hands it to
// the core's `handle` (or, under /_mock/ui, answers the dashboard's files: ../ui/assets.ts), writes the answer (a big one in slices, so other requests are not held back;
// one over --max-answer is refused). No WHATWG Request/Response objects on this path.
//
// Every refusal a client can get here is an answer in the error shape, never a bare reset: a body
// over the limit (413, also for chunked bodies and `Expect: 100-continue`; the rest of the body is
// read and dropped, so the client reads the answer), a request line or headers too large for the
// parser (414 / 431), a client too slow to send its request (408), unparseable HTTP (400), a Host or
// Origin not allowed (403), a write over the heap ceiling (507). Slow or stalled clients are cut off by
// the time-outs below.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { isIP, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { App } from '../app.ts'
import { BoundedCache } from '../core/bounded-cache.ts'
import { bodyTooLarge, MAX_BODY_BYTES } from '../core/request-body.ts'
import { ApiError } from '../core/errors.ts'
import { SAFE_METHODS, serialize, type MockResponse } from '../core/http.ts'
import { isPromise } from '../core/promise.ts'
import { jsonChunks, toJsonIfLight } from '../core/json.ts'
import { addsData, MemoryGuard } from './memory-guard.ts'
import { OriginPolicy, type OriginPolicyOptions } from './origin-policy.ts'
import { collectSliced } from './sliced.ts'
import { EndOfTurn } from './end-of-turn.ts'
import { Connections, sweepInterval } from './connections.ts'
import { isUiPath, UiFiles } from '../ui/assets.ts'
import './linear-regexp.ts'

export interface ServeOptions extends OriginPolicyOptions {
  port?: number
  /** Address to listen on (default 127.0.0.1); an empty one is refused. */
  host?: string
  /** Milliseconds a client may take to send its whole request, headers and body (default 30 s). */
  requestTimeoutMs?: number
  /** Milliseconds a client may take to send its headers (default 10 s). */
  headersTimeoutMs?: number
  /** Milliseconds an idle keep-alive connection stays open (default 5 s). */
  keepAliveTimeoutMs?: number
  /** Milliseconds a connection may sit with no traffic at all, e.g. a client that stops reading (default 60 s). */
  idleTimeoutMs?: number
  maxBodyBytes?: number
  /** Largest request line plus headers the parser accepts (default 64 KiB). */
  maxHeaderBytes?: number
  /** Largest answer written (default 32 MiB); a bigger one is a 500 `answer_too_large`. */
  maxAnswerBytes?: number
  /** Live heap above which writes that add data are refused with 507 (default 1 GiB or half of V8's limit). */
  heapCeilingBytes?: number
  /** Serve the dashboard at /_mock/ui (default true). */
  ui?: boolean
}

export const DEFAULT_TIMEOUTS = { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, idleTimeoutMs: 60_000 }
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024

export interface RunningServer {
  server: Server
  url: string
  /** Stops accepting connections, lets in-flight requests finish, closes idle connections. */
  close(): Promise<void>
}

/** A Host header that is a name, an IPv4 or bracketed IPv6 address, and a port: nothing that would end the authority early. */
const PLAIN_HOST = /^[A-Za-z0-9.:[\]-]+$/

/**
 * Request URLs parsed lately, by the text parsed: clients send the same targets again and again, and a
 * parse was ~2.5 µs of a request's CPU under load (~5% of a GET person's, where the bare server parses
 * nothing). A kept URL serves every request that sends its text: nothing changes a request's URL (see
 * MockRequest). Bounded; long targets are parsed each time.
 */
const parsedUrls = new BoundedCache<string, URL>(1_024)
const MAX_KEPT_URL = 512

function parsedUrl(text: string): URL {
  if (text.length > MAX_KEPT_URL) return new URL(text)
  let url = parsedUrls.get(text)
  if (url === undefined) parsedUrls.set(text, (url = new URL(text)))
  return url
}

/** How long a refused upload is still read (and thrown away) so the client sees the answer, not a reset. */
const LINGER_MS = 5_000

function writeResponse(res: ServerResponse, mock: MockResponse, method: string, extra: Record<string, string> = {}): void {
  const { body, headers } = serialize(mock)
  const hasBody = body !== '' && mock.status !== 204 && mock.status !== 304 && method !== 'HEAD'
  if (hasBody) headers['content-length'] = String(Buffer.byteLength(body))
  res.writeHead(mock.status, { ...headers, ...extra })
  res.end(hasBody ? body : undefined)
}

/** Resolves when `res` can take more (or is gone). */
function drained(res: ServerResponse): Promise<void> {
  if (res.destroyed || !res.writable) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

const answerTooLarge = (maxAnswer: number) =>
  new ApiError(
    500,
    'server_error',
    'answer_too_large',
    `The answer would be larger than this server's limit (${maxAnswer} bytes, --max-answer): ask for less (a smaller limit, a narrower date range or filter).`,
  )

/**
 * Writes the core's answer. A small body is written at once, as a string (node writes a string body
 * with its head in one go). A big JSON body, or a text made in pieces (a CSV export), is made a piece
 * at a time in slices of a few milliseconds with the event loop in between, then written with
 * back-pressure. One over `maxAnswer` is refused instead.
 */
function writeAnswer(res: ServerResponse, mock: MockResponse, method: string, extra: Record<string, string>, maxAnswer: number): void | Promise<void> {
  let body: string | undefined
  /** The body's UTF-8 length, when known without counting (JSON: from its parts). */
  let bytes: number | undefined
  let pieces: Iterable<string> | undefined
  if (mock.json !== undefined) {
    const json = toJsonIfLight(mock.json)
    if (json === undefined) pieces = jsonChunks(mock.json)
    else ({ text: body, bytes } = json)
  } else if (mock.pieces !== undefined && mock.text === undefined) pieces = mock.pieces
  else body = mock.text ?? ''
  if (pieces) return writeSliced(res, mock, method, extra, maxAnswer, pieces)
  if (body!.length > maxAnswer) return refuseAnswer(res, method, extra, maxAnswer)
  const headers: Record<string, string> = mock.json !== undefined ? { 'content-type': 'application/json', ...mock.headers } : { ...mock.headers }
  for (const name in extra) headers[name] = extra[name]!
  const hasBody = mock.status !== 204 && mock.status !== 304 && method !== 'HEAD' && (mock.json !== undefined || body !== '')
  // Buffer.byteLength of a page made of a hundred cached texts flattened the whole string first: ~15% of a list request.
  const length = hasBody ? (bytes ?? Buffer.byteLength(body!)) : 0
  if (hasBody) headers['content-length'] = String(length)
  res.writeHead(mock.status, headers)
  if (!hasBody) res.end()
  // ASCII (one byte per character: nearly every answer) is the same bytes as Latin-1, which node writes
  // as they are; as UTF-8 it encoded them again (measured: a 47 kB page ~24 against ~27 µs of CPU).
  else res.end(body, length === body!.length ? 'latin1' : 'utf8')
}

function refuseAnswer(res: ServerResponse, method: string, extra: Record<string, string>, maxAnswer: number): void {
  console.error(`[analytics-mock] an answer over ${maxAnswer} bytes was refused (${method} ${res.req?.url?.split('?')[0] ?? ''})`)
  writeResponse(res, answerTooLarge(maxAnswer).toResponse(), method, extra)
}

async function writeSliced(res: ServerResponse, mock: MockResponse, method: string, extra: Record<string, string>, maxAnswer: number, pieces: Iterable<string>): Promise<void> {
  const buffers = await collectSliced(pieces, maxAnswer)
  if (!buffers) return refuseAnswer(res, method, extra, maxAnswer)
  const headers: Record<string, string> = { ...(mock.json !== undefined ? { 'content-type': 'application/json' } : {}), ...mock.headers, ...extra }
  const bytes = buffers.reduce((n, b) => n + b.length, 0)
  const hasBody = mock.status !== 204 && mock.status !== 304 && method !== 'HEAD' && (mock.json !== undefined || bytes > 0)
  if (!hasBody) {
    res.writeHead(mock.status, headers)
    res.end()
    return
  }
  headers['content-length'] = String(bytes)
  res.writeHead(mock.status, headers)
  for (const buffer of buffers) {
    if (res.destroyed) return
    if (!res.write(buffer)) await drained(res)
  }
  res.end()
}

/**
 * Answers a refusal, then reads (and drops) what the client still sends, so it reads the answer
 * instead of a reset; a client still sending after a while is cut off. `close`: when the client has not
 * sent its body (Expect: 100-continue), the connection is closed after the answer.
 */
function refuse(req: IncomingMessage, res: ServerResponse, method: string, error: ApiError, close = false, extra: Record<string, string> = {}): void {
  const mock = error.toResponse()
  if (close) mock.headers.connection = 'close'
  writeResponse(res, mock, method, extra)
  req.resume()
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS)
  timer.unref()
  req.once('end', () => clearTimeout(timer))
  req.once('close', () => clearTimeout(timer))
}

export interface ListenerOptions {
  maxBodyBytes?: number
  maxAnswerBytes?: number
  /** Who may ask (default: loopback hosts; API CORS for loopback origins). */
  policy?: OriginPolicy
  /** The heap ceiling for writes (default none). */
  guard?: MemoryGuard
  /** The dashboard's files, served at /_mock/ui (default none). */
  ui?: UiFiles
  /** How many connections are open (without it, requests are handled at the end of the turn that read them, never gathered over more: end-of-turn.ts). */
  openConnections?: () => number
}

export function createNodeListener(app: App, options: ListenerOptions = {}) {
  const maxBody = options.maxBodyBytes ?? app.options.maxBodyBytes ?? MAX_BODY_BYTES
  const maxAnswer = options.maxAnswerBytes ?? MAX_ANSWER_BYTES
  const policy = options.policy ?? new OriginPolicy()
  const guard = options.guard
  const openConnections = options.openConnections
  const turn = new EndOfTurn(undefined, openConnections ? { expected: openConnections } : undefined)
  return (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? 'GET').toUpperCase()
    const target = req.url ?? '/'
    const query = target.indexOf('?')
    const path = query === -1 ? target : target.slice(0, query)
    const verdict = policy.check(method, path, req.headers)
    if (verdict.kind === 'refuse') return refuse(req, res, method, verdict.error)
    if (verdict.kind === 'preflight') {
      req.resume()
      res.writeHead(204, verdict.headers)
      res.end()
      return
    }
    const cors = verdict.headers
    if (options.ui && isUiPath(path)) {
      // The dashboard: files, after the same Host and Origin checks as the control API it calls.
      req.resume()
      const answer = options.ui.answer(method, path)
      res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) })
      res.end(method === 'HEAD' ? undefined : answer.body)
      return
    }
    if (guard && addsData(method, path) && guard.over()) return refuse(req, res, method, guard.refusal(), false, cors)
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > maxBody) return refuse(req, res, method, bodyTooLarge(maxBody), false, cors)
    const chunks: Buffer[] = []
    let size = 0
    let aborted = false
    // A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112 6.3): it is only
    // let run to its end. A 'data' listener on it was removed again by node when the answer finished
    // (IncomingMessage._dump: ~1.6% of a GET person's samples in the server).
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) req.resume()
    else
      req.on('data', (chunk: Buffer) => {
        if (aborted) return
        size += chunk.length
        if (size > maxBody) {
          aborted = true
          chunks.length = 0
          refuse(req, res, method, bodyTooLarge(maxBody), false, cors)
          return
        }
        chunks.push(chunk)
      })
    req.on('error', () => {
      aborted = true
    })
    req.on('end', () => {
      if (aborted) return
      const host = req.headers.host ?? 'localhost'
      let url: URL
      try {
        const target = req.url ?? '/'
        // One parse of the whole URL where joining is exactly what resolving against the base gives (a
        // plain host, a target that is a path not starting with // or /\, which would name a host):
        // parsing the base as well was ~3% of a GET person's samples in the server.
        const second = target.charCodeAt(1)
        url =
          target.charCodeAt(0) === 0x2f && second !== 0x2f && second !== 0x5c && PLAIN_HOST.test(host)
            ? parsedUrl(`http://${host}${target}`)
            : new URL(target, `http://${host}`)
      } catch {
        writeResponse(res, new ApiError(400, 'invalid_request', 'bad_request', 'The request URL could not be parsed.').toResponse(), method, cors)
        return
      }
      // (One chunk, as a small body comes, is the body: no copy.)
      const body = chunks.length === 1 ? chunks[0] : chunks.length ? Buffer.concat(chunks) : undefined
      const failed = (error: unknown) => {
        console.error('[analytics-mock] unexpected failure:', error)
        if (!res.headersSent) writeResponse(res, new ApiError(500, 'server_error', 'error', 'A server error occurred.').toResponse(), method, cors)
        else res.destroy()
      }
      // Written at the end of this turn, with the other answers made in it (see end-of-turn.ts).
      const write = (mock: MockResponse) =>
        turn.add(() => {
          try {
            const writing = writeAnswer(res, mock, method, cors, maxAnswer)
            if (writing) writing.catch(failed)
          } catch (error) {
            failed(error)
          }
        })
      // Queued as soon as it is made when the answer is there (most are): no promise between it and the queue.
      const handle = () => {
        try {
          const answered = app.handleNow({ method, url, headers: req.headers as Record<string, string | undefined>, body })
          if (isPromise(answered)) answered.then(write).catch(failed)
          else write(answered)
        } catch (error) {
          failed(error)
        }
      }
      // Handled with the other requests read in this turn, at its end (see end-of-turn.ts).
      turn.defer(handle, !SAFE_METHODS.has(method))
    })
  }
}

/** The answer, in the error shape, to a request the HTTP parser or the time-outs refused. */
export function clientErrorResponse(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): ApiError | null {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
    case 'HPE_INVALID_EOF_STATE':
      return null // the client is gone
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'invalid_request', 'request_timeout', 'The request was not received in time.')
    case 'HPE_HEADER_OVERFLOW': {
      // The parser stopped in the request line (the request target) when it stopped before the first
      // line end of the packet it was reading; past it, it was in the headers.
      const text = error.rawPacket?.toString('latin1') ?? ''
      const stoppedAt = (error as { bytesParsed?: number }).bytesParsed ?? text.length
      const lineEnd = text.indexOf('\r\n')
      if (lineEnd === -1 || lineEnd >= stoppedAt) {
        return new ApiError(414, 'invalid_request', 'request_uri_too_long', 'Request URI too long.')
      }
      return new ApiError(431, 'invalid_request', 'request_header_fields_too_large', 'Request header fields too large.')
    }
    default:
      return new ApiError(400, 'invalid_request', 'bad_request', `The request could not be parsed (${error.code ?? error.message}).`)
  }
}

function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  const refusal = clientErrorResponse(error)
  if (!refusal || !socket.writable || (socket as any)._httpMessage?.headersSent) {
    socket.destroy()
    return
  }
  const { body, headers } = serialize(refusal.toResponse())
  const head = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')
  socket.end(`HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status] ?? 'Error'}\r\n${head}\r\n\r\n${body}`)
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
}

export function serve(app: App, options: ServeOptions = {}): Promise<RunningServer> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_TIMEOUTS.requestTimeoutMs
  const headersTimeout = Math.min(options.headersTimeoutMs ?? DEFAULT_TIMEOUTS.headersTimeoutMs, requestTimeout)
  const maxBody = options.maxBodyBytes ?? app.options.maxBodyBytes ?? MAX_BODY_BYTES
  const host = options.host ?? '127.0.0.1'
  if (host.trim() === '') return Promise.reject(new Error('serve: the host to listen on is empty (use 127.0.0.1, or 0.0.0.0 to listen on every interface)'))
  // The name the server was bound to is a Host its clients use.
  const boundName = isIP(host) === 0 && host !== 'localhost' ? [host] : []
  const listener = createNodeListener(app, {
    maxBodyBytes: options.maxBodyBytes,
    maxAnswerBytes: options.maxAnswerBytes,
    policy: new OriginPolicy({ ...options, allowedHosts: [...(options.allowedHosts ?? []), ...boundName] }),
    guard: new MemoryGuard(options.heapCeilingBytes),
    ui: options.ui === false ? undefined : new UiFiles(),
    openConnections: () => connections.size,
  })
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULT_TIMEOUTS.keepAliveTimeoutMs,
      // Node checks the two time-outs above on this interval (30 s by default): short time-outs need a
      // short one, as idle connections are looked at (connections.ts).
      connectionsCheckingInterval: sweepInterval(headersTimeout),
      maxHeaderSize: options.maxHeaderBytes ?? 64 * 1024,
    },
    listener,
  )
  // Idle ones closed (not with node's server.timeout, a timer per socket set again on every request),
  // and those that never sent a byte closed at shutdown: connections.ts.
  const connections = new Connections(options.idleTimeoutMs ?? DEFAULT_TIMEOUTS.idleTimeoutMs, (socket) => {
    // A request still being handled (e.g. held back by a latency fault) is not idle; everything else is.
    const pending = (socket as any)._httpMessage as ServerResponse | null | undefined
    return !!pending && !pending.headersSent
  })
  server.on('clientError', answerClientError)
  server.on('connection', (socket: Socket) => connections.add(socket))
  // `Expect: 100-continue`: refuse a declared body over the limit before the client sends it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBody) return refuse(req, res, (req.method ?? 'POST').toUpperCase(), bodyTooLarge(maxBody), true)
    res.writeContinue()
    listener(req, res)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8010, host, () => {
      server.off('error', reject)
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : options.port
      const shownHost = host.includes(':') ? `[${host}]` : host
      resolve({
        server,
        url: `http://${shownHost}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            // In-flight requests finish; idle keep-alive sockets are closed now, busy ones after their
            // answer, and connections that never sent anything at once.
            server.close(() => done())
            server.closeIdleConnections()
            connections.closeUnused()
          }),
      })
    })
  })
}
