// The node:http face: reads the request (refusing bodies over the limit early), hands it to the core's
// `handle`, writes the answer. No WHATWG Request/Response objects on this path.
//
// Every refusal a client can get here is an answer in the error shape, never a bare reset: a body
// over the limit (413, also for chunked bodies and `Expect: 100-continue`), a request line or headers
// too large for the parser (414 / 431), a client too slow to send its request (408), unparseable
// HTTP (400). Slow or stalled clients are cut off by the time-outs below.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { App } from '../app.ts'
import { bodyTooLarge, MAX_BODY_BYTES } from '../core/request-body.ts'
import { ApiError } from '../core/errors.ts'
import { serialize, type MockResponse } from '../core/http.ts'
import './linear-regexp.ts'

export interface ServeOptions {
  port?: number
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
}

export const DEFAULT_TIMEOUTS = { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, idleTimeoutMs: 60_000 }

export interface RunningServer {
  server: Server
  url: string
  /** Stops accepting connections, lets in-flight requests finish, closes idle connections. */
  close(): Promise<void>
}

/** How long a refused upload is still read (and thrown away) so the client sees the answer, not a reset. */
const LINGER_MS = 5_000

function writeResponse(res: ServerResponse, mock: MockResponse, method: string): void {
  const { body, headers } = serialize(mock)
  const hasBody = body !== '' && mock.status !== 204 && mock.status !== 304 && method !== 'HEAD'
  if (hasBody) headers['content-length'] = String(Buffer.byteLength(body))
  res.writeHead(mock.status, headers)
  res.end(hasBody ? body : undefined)
}


/** Answers 413, reads (and drops) what the client still sends for a while, then closes the connection. */
function refuseBody(req: IncomingMessage, res: ServerResponse, method: string, maxBody: number): void {
  const mock = bodyTooLarge(maxBody).toResponse()
  mock.headers.connection = 'close'
  writeResponse(res, mock, method)
  req.resume()
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS)
  timer.unref()
  req.once('end', () => clearTimeout(timer))
  req.once('close', () => clearTimeout(timer))
}

export function createNodeListener(app: App, options: { maxBodyBytes?: number } = {}) {
  const maxBody = options.maxBodyBytes ?? app.options.maxBodyBytes ?? MAX_BODY_BYTES
  return (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? 'GET').toUpperCase()
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > maxBody) return refuseBody(req, res, method, maxBody)
    const chunks: Buffer[] = []
    let size = 0
    let aborted = false
    req.on('data', (chunk: Buffer) => {
      if (aborted) return
      size += chunk.length
      if (size > maxBody) {
        aborted = true
        chunks.length = 0
        refuseBody(req, res, method, maxBody)
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
        url = new URL(req.url ?? '/', `http://${host}`)
      } catch {
        writeResponse(res, new ApiError(400, 'invalid_request', 'bad_request', 'The request URL could not be parsed.').toResponse(), method)
        return
      }
      const body = chunks.length ? Buffer.concat(chunks) : undefined
      app
        .handle({ method, url, headers: req.headers as Record<string, string | undefined>, body })
        .then((mock) => writeResponse(res, mock, method))
        .catch((error) => {
          console.error('[analytics-mock] unexpected failure:', error)
          if (!res.headersSent) writeResponse(res, new ApiError(500, 'server_error', 'error', 'A server error occurred.').toResponse(), method)
        })
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
  const listener = createNodeListener(app, { maxBodyBytes: options.maxBodyBytes })
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULT_TIMEOUTS.keepAliveTimeoutMs,
      // Node checks the two time-outs above on this interval (30 s by default): short time-outs need a short interval.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 4))),
      maxHeaderSize: options.maxHeaderBytes ?? 64 * 1024,
    },
    listener,
  )
  server.timeout = options.idleTimeoutMs ?? DEFAULT_TIMEOUTS.idleTimeoutMs
  server.on('timeout', (socket: Duplex) => {
    // A request still being handled (e.g. held back by a latency fault) is not idle; everything else is.
    const pending = (socket as any)._httpMessage as ServerResponse | undefined
    if (pending && !pending.headersSent) return
    socket.destroy()
  })
  server.on('clientError', answerClientError)
  // `Expect: 100-continue`: refuse a declared body over the limit before the client sends it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBody) return refuseBody(req, res, (req.method ?? 'POST').toUpperCase(), maxBody)
    res.writeContinue()
    listener(req, res)
  })
  const host = options.host ?? '127.0.0.1'
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
            // In-flight requests finish; idle keep-alive sockets are closed now, busy ones after their answer.
            server.close(() => done())
            server.closeIdleConnections()
          }),
      })
    })
  })
}
