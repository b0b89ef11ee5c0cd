// The server face, on node:http: node reads and frames every request (its parser, llhttp) and keeps the
// connections (keep-alive, pipelining, time-outs, back-pressure); here, for each request: who is asking
// (Host, Origin: origin-policy.ts), writes over the heap ceiling refused (memory-guard.ts), the body read
// (one over the limit refused early), the core's `handle` (or, under /_mock/ui, the dashboard's files:
// ../ui/assets.ts), and the answer written (write-answer.ts: a big one in slices, so other requests are
// not held back; one over --max-answer is refused). No WHATWG Request/Response objects on this path.
//
// Every refusal a client can get here is an answer in the error shape, never a bare reset: a body over
// the limit (413, also for chunked bodies and `Expect: 100-continue`; the rest of the body is read and
// dropped, so the client reads the answer), a request line and headers too large for the parser (431),
// a client too slow to send its request (408), HTTP the parser refuses (400: client-errors.ts), an expectation other
// than 100-continue (417), a Host or Origin not allowed (403), a write over the heap ceiling (507). Slow
// or stalled clients are cut off by the time-outs below.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { isIP, type Socket } from 'node:net'
import type { App } from '../app.ts'
import { bodyTooLarge, MAX_BODY_BYTES } from '../core/drf/parsers.ts'
import { ApiError, serverError } from '../core/drf/exceptions.ts'
import type { MockResponse } from '../core/http.ts'
import { addsData, MemoryGuard } from './memory-guard.ts'
import { OriginPolicy, type OriginPolicyOptions } from './origin-policy.ts'
import { answerClientError } from './client-errors.ts'
import { send, writeAnswer, writeResponse } from './write-answer.ts'
import { isUiPath, UiFiles } from '../ui/assets.ts'
import { SEND_PATH, sendAgain } from '../ui/send-again.ts'
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

export const DEFAULT_TIMEOUTS = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
}
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024

export interface RunningServer {
  server: Server
  url: string
  /** Stops accepting connections, lets in-flight requests finish, closes idle connections. */
  close(): Promise<void>
}

/** How long a refused upload is still read (and thrown away) so the client sees the answer, not a reset. */
const LINGER_MS = 5_000

/**
 * Answers a refusal, then reads (and drops) what the client still sends, so it reads the answer instead
 * of a reset; a client still sending after a while is cut off. `close`: when the client has not sent its
 * body (Expect: 100-continue), the connection is closed after the answer.
 */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  error: ApiError,
  extra: Record<string, string> = {},
  close = false,
): void {
  const mock = error.toResponse()
  if (close) mock.headers.connection = 'close'
  writeResponse(res, mock, extra)
  req.resume()
  if (req.complete) return
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS)
  timer.unref()
  req.once('end', () => clearTimeout(timer))
  req.once('close', () => clearTimeout(timer))
}

/** Who is asking, and what the server may add: the checks made before a request reaches the core. */
type Screened =
  | { kind: 'refuse'; error: ApiError; cors: Record<string, string> }
  | { kind: 'preflight'; headers: Record<string, string> }
  | { kind: 'pass'; cors: Record<string, string> }

const pathOf = (target: string) => {
  const query = target.indexOf('?')
  return query === -1 ? target : target.slice(0, query)
}

/**
 * The request listener: what the server does with each request node has read the head of. `policy`:
 * who may ask; `guard`: the heap ceiling for writes; `ui`: the dashboard's files, if served.
 */
function createNodeListener(
  app: App,
  maxBody: number,
  maxAnswer: number,
  policy: OriginPolicy,
  guard: MemoryGuard,
  ui: UiFiles | undefined,
) {
  /** `guarded`: a write over the heap ceiling is refused too (not for the dashboard's files). */
  const screen = (method: string, path: string, headers: IncomingMessage['headers'], guarded = true): Screened => {
    const verdict = policy.check(method, path, headers)
    if (verdict.kind !== 'allow')
      return verdict.kind === 'refuse' ? { kind: 'refuse', error: verdict.error, cors: {} } : verdict
    if (guarded && addsData(method, path) && guard.over())
      return { kind: 'refuse', error: guard.refusal(), cors: verdict.headers }
    return { kind: 'pass', cors: verdict.headers }
  }
  /**
   * `Expect: 100-continue`: a declared body over the limit is refused before the client sends it (after
   * the same checks: a page another origin serves gets a 403, not a 413), and the connection closed.
   */
  const onContinue = (req: IncomingMessage, res: ServerResponse) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBody) {
      const screened = screen(req.method ?? 'POST', pathOf(req.url ?? '/'), req.headers)
      if (screened.kind === 'refuse') return refuse(req, res, screened.error, screened.cors, true)
      return refuse(req, res, bodyTooLarge(maxBody), screened.kind === 'pass' ? screened.cors : {}, true)
    }
    res.writeContinue()
    onRequest(req, res)
  }
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET'
    const target = req.url ?? '/'
    const path = pathOf(target)
    // The dashboard's files get the same Host and Origin checks as the control API it calls.
    const isUi = ui !== undefined && isUiPath(path)
    const screened = screen(method, path, req.headers, !isUi)
    if (screened.kind === 'refuse') return refuse(req, res, screened.error, screened.cors)
    if (screened.kind === 'preflight') {
      req.resume()
      return send(res, 204, screened.headers)
    }
    if (isUi && method === 'POST' && path === SEND_PATH)
      return readBody(req, res, screened.cors, (body) => sendAgainFrom(req, res, body))
    if (isUi) {
      req.resume()
      const answer = ui!.answer(method, path)
      return send(res, answer.status, { ...answer.headers }, answer.body)
    }
    readBody(req, res, screened.cors, (body) => handle(req, res, body, screened.cors))
  }
  /** The dashboard's "send again": the request sent is held to the heap ceiling as one sent from outside would be. */
  const sendAgainFrom = (req: IncomingMessage, res: ServerResponse, body: Buffer | undefined) => {
    sendAgain(app, body, req.headers['content-type'], (inner) =>
      addsData(inner.method, inner.url.pathname) && guard.over() ? guard.refusal() : undefined,
    ).then(
      (answer) => send(res, answer.status, { ...answer.headers }, answer.body),
      (error) => writeResponse(res, serverError(`Send again failed: ${(error as Error).message}`).toResponse(), {}),
    )
  }
  /** Reads a request's body up to the limit (a 413 past it, the rest drained), then hands it on. */
  const readBody = (
    req: IncomingMessage,
    res: ServerResponse,
    cors: Record<string, string>,
    then: (body: Buffer | undefined) => void,
  ) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBody) return refuse(req, res, bodyTooLarge(maxBody), cors)
    // A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112 6.3).
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
      req.resume()
      return then(undefined)
    }
    const chunks: Buffer[] = []
    let size = 0
    let refused = false
    req.on('data', (chunk: Buffer) => {
      if (refused) return
      size += chunk.length
      if (size > maxBody) {
        refused = true
        chunks.length = 0
        return refuse(req, res, bodyTooLarge(maxBody), cors)
      }
      chunks.push(chunk)
    })
    req.on('error', () => {
      refused = true
    })
    req.on('end', () => {
      // (One chunk, as a small body comes, is the body: no copy.)
      if (!refused) then(chunks.length === 1 ? chunks[0] : chunks.length ? Buffer.concat(chunks) : undefined)
    })
  }
  /** Hands a whole request to the core and writes its answer. */
  const handle = (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer | undefined,
    cors: Record<string, string>,
  ) => {
    const method = req.method ?? 'GET'
    const target = req.url ?? '/'
    const host = req.headers.host ?? 'localhost'
    let url: URL
    try {
      url = new URL(target, `http://${host}`)
    } catch {
      return writeResponse(
        res,
        new ApiError(400, 'invalid_request', 'bad_request', 'The request URL could not be parsed.').toResponse(),
        cors,
      )
    }
    // A handler's failure costs its own request only.
    const failed = (error: unknown) => {
      console.error('[analytics-mock] unexpected failure:', error)
      if (!res.headersSent) writeResponse(res, serverError().toResponse(), cors)
      else res.destroy()
    }
    const write = (mock: MockResponse) => {
      try {
        const writing = writeAnswer(res, mock, cors, maxAnswer)
        if (writing) writing.catch(failed)
      } catch (error) {
        failed(error)
      }
    }
    try {
      app.handle({ method, url, headers: req.headers as Record<string, string | undefined>, body }).then(write, failed)
    } catch (error) {
      failed(error)
    }
  }
  /** An expectation other than 100-continue: 417, the connection kept as node keeps it. */
  const onOtherExpectation = (req: IncomingMessage, res: ServerResponse) =>
    refuse(
      req,
      res,
      new ApiError(417, 'invalid_request', 'expectation_failed', 'Only the expectation 100-continue is supported.'),
    )
  return { onRequest, onContinue, onOtherExpectation }
}
/** How often node looks at connections for the header and request time-outs: a quarter of the shorter one, between 10 ms and 1 s. */
const checkingInterval = (timeoutMs: number) => Math.max(10, Math.min(1_000, Math.floor(timeoutMs / 4)))

export function serve(app: App, options: ServeOptions = {}): Promise<RunningServer> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_TIMEOUTS.requestTimeoutMs
  const headersTimeout = Math.min(options.headersTimeoutMs ?? DEFAULT_TIMEOUTS.headersTimeoutMs, requestTimeout)
  const idleTimeout = options.idleTimeoutMs ?? DEFAULT_TIMEOUTS.idleTimeoutMs
  const host = options.host ?? '127.0.0.1'
  if (host.trim() === '')
    return Promise.reject(
      new Error('serve: the host to listen on is empty (use 127.0.0.1, or 0.0.0.0 to listen on every interface)'),
    )
  // The name the server was bound to is a Host its clients use.
  const boundName = isIP(host) === 0 && host !== 'localhost' ? [host] : []
  const listener = createNodeListener(
    app,
    options.maxBodyBytes ?? app.options.maxBodyBytes ?? MAX_BODY_BYTES,
    options.maxAnswerBytes ?? MAX_ANSWER_BYTES,
    new OriginPolicy({ ...options, allowedHosts: [...(options.allowedHosts ?? []), ...boundName] }),
    new MemoryGuard(options.heapCeilingBytes),
    options.ui === false ? undefined : new UiFiles(),
  )
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULT_TIMEOUTS.keepAliveTimeoutMs,
      // Node checks the two time-outs above on this interval (30 s by default): short ones need a short one.
      connectionsCheckingInterval: checkingInterval(headersTimeout),
      maxHeaderSize: options.maxHeaderBytes ?? 64 * 1024,
      noDelay: true,
    },
    listener.onRequest,
  )
  // A client that ends its side after sending a request (HTTP/1.0 tools, `nc -q`) still reads the answer,
  // even one that comes later (a latency fault, a write waiting for its flush): node's server otherwise
  // drops the requests in hand when the client's side ends. (A node:http server's own switch for it; the
  // socket then ends after the last answer; node reads it, its types do not declare it.)
  ;(server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true
  // The idle time-out: a connection with no traffic at all for that long (a client that stops reading
  // its answer, or never sends a byte) is closed, unless a request on it is still being handled (held
  // back by a latency fault, say): that one is looked at again after another idle time.
  server.setTimeout(idleTimeout, (socket: Socket) => {
    const pending = (socket as { _httpMessage?: ServerResponse })._httpMessage
    if (pending && !pending.headersSent) socket.setTimeout(idleTimeout)
    else socket.destroy()
  })
  // The open connections, so that those that never sent a byte are closed at once at shutdown (node's
  // closeIdleConnections leaves them to their time-out).
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  server.on('clientError', answerClientError)
  server.on('checkContinue', listener.onContinue)
  server.on('checkExpectation', listener.onOtherExpectation)
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
            // In-flight requests finish; idle keep-alive sockets (and those that never sent a request)
            // are closed now, busy ones after their answer.
            server.close(() => done())
            server.closeIdleConnections()
            for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy()
          }),
      })
    })
  })
}
