// The server face: HTTP/1.1 over a socket (http-server.ts, http-connection.ts), then for each request:
// checks who is asking (Host, Origin: origin-policy.ts), refuses writes over the heap ceiling
// (memory-guard.ts), hands it to the core's `handle` (or, under /_mock/ui, answers the dashboard's files:
// ../ui/assets.ts), writes the answer (a big one in slices, so other requests are not held back; one
// over --max-answer is refused). No WHATWG Request/Response objects on this path.
//
// Every refusal a client can get here is an answer in the error shape, never a bare reset: a body
// over the limit (413, also for chunked bodies and `Expect: 100-continue`; the rest of the body is
// read and dropped, so the client reads the answer), a request line or headers too large (414 / 431),
// a client too slow to send its request (408), unparseable HTTP (400), an expectation other than
// 100-continue (417), a Host or Origin not allowed (403), a write over the heap ceiling (507). Slow or
// stalled clients are cut off by the time-outs below.
import { isIP, type Server } from 'node:net'
import type { App } from '../app.ts'
import { BoundedCache } from '../core/bounded-cache.ts'
import { bodyTooLarge, MAX_BODY_BYTES } from '../core/request-body.ts'
import { ApiError, serverError } from '../core/errors.ts'
import { SAFE_METHODS, serialize, type MockResponse } from '../core/http.ts'
import { isPromise } from '../core/promise.ts'
import { jsonChunks, toJsonIfLight } from '../core/json.ts'
import { addsData, MemoryGuard } from './memory-guard.ts'
import { OriginPolicy, type OriginPolicyOptions } from './origin-policy.ts'
import { collectSliced } from './sliced.ts'
import { EndOfTurn } from './end-of-turn.ts'
import { isUiPath, UiFiles } from '../ui/assets.ts'
import { SEND_PATH, sendAgain } from '../ui/send-again.ts'
import type { HttpRequest, HttpResponse, Refusal } from './http-connection.ts'
import { HttpServer } from './http-server.ts'
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

function writeResponse(res: HttpResponse, mock: MockResponse, method: string, extra: Record<string, string> = {}): void {
  const { body, headers } = serialize(mock)
  const hasBody = body !== '' && mock.status !== 204 && mock.status !== 304 && method !== 'HEAD'
  res.send(mock.status, { ...headers, ...extra }, hasBody ? body : undefined)
}

const answerTooLarge = (maxAnswer: number) =>
  new ApiError(
    500,
    'server_error',
    'answer_too_large',
    `The answer would be larger than this server's limit (${maxAnswer} bytes, --max-answer): ask for less (a smaller limit, a narrower date range or filter).`,
  )

/**
 * Writes the core's answer. A small body is written at once, as a string (its head with it, in one
 * write). A big JSON body, or a text made in pieces (a CSV export), is made a piece at a time in slices
 * of a few milliseconds with the event loop in between, then written with back-pressure. One over
 * `maxAnswer` is refused instead.
 */
function writeAnswer(res: HttpResponse, mock: MockResponse, method: string, extra: Record<string, string>, maxAnswer: number): void | Promise<void> {
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
  if (!hasBody) {
    res.send(mock.status, headers)
    return
  }
  // Buffer.byteLength of a page made of a hundred cached texts flattened the whole string first: ~15% of a list request.
  const length = bytes ?? Buffer.byteLength(body!)
  headers['content-length'] = String(length)
  // ASCII (one byte per character: nearly every answer) is the same bytes as Latin-1, which node writes
  // as they are; as UTF-8 it encoded them again (measured: a 47 kB page ~24 against ~27 µs of CPU).
  res.send(mock.status, headers, body, length === body!.length ? 'latin1' : 'utf8')
}

function refuseAnswer(res: HttpResponse, method: string, extra: Record<string, string>, maxAnswer: number): void {
  console.error(`[analytics-mock] an answer over ${maxAnswer} bytes was refused (${method} ${res.url.split('?')[0]})`)
  writeResponse(res, answerTooLarge(maxAnswer).toResponse(), method, extra)
}

async function writeSliced(res: HttpResponse, mock: MockResponse, method: string, extra: Record<string, string>, maxAnswer: number, pieces: Iterable<string>): Promise<void> {
  const buffers = await collectSliced(pieces, maxAnswer)
  if (!buffers) return refuseAnswer(res, method, extra, maxAnswer)
  const headers: Record<string, string> = { ...(mock.json !== undefined ? { 'content-type': 'application/json' } : {}), ...mock.headers, ...extra }
  const bytes = buffers.reduce((n, b) => n + b.length, 0)
  const hasBody = mock.status !== 204 && mock.status !== 304 && method !== 'HEAD' && (mock.json !== undefined || bytes > 0)
  if (!hasBody) {
    res.send(mock.status, headers)
    return
  }
  headers['content-length'] = String(bytes)
  await res.sendBuffers(mock.status, headers, buffers)
}

export interface ListenerOptions {
  /** Who may ask (default: loopback hosts; API CORS for loopback origins). */
  policy?: OriginPolicy
  /** The heap ceiling for writes (default none). */
  guard?: MemoryGuard
  /** The dashboard's files, served at /_mock/ui (default none). */
  ui?: UiFiles
  maxAnswerBytes?: number
  /** How many connections are open (without it, requests are handled at the end of the turn that read them, never gathered over more: end-of-turn.ts). */
  openConnections?: () => number
}

/** Who is asking, and what the server may add: the checks made before a request reaches the core. */
type Screened = { kind: 'refuse'; error: ApiError; cors: Record<string, string> } | { kind: 'preflight'; headers: Record<string, string> } | { kind: 'pass'; cors: Record<string, string> }

/**
 * What the server does with each whole request (its body read by the connection, which refuses one over
 * the limit: `bodyRefusal`), and the answer to such a refusal, made after the same checks (a page
 * another origin serves gets a 403, not a 413; an allowed one gets its CORS fields with the 413).
 */
export function createListener(app: App, options: ListenerOptions = {}) {
  const maxAnswer = options.maxAnswerBytes ?? MAX_ANSWER_BYTES
  const policy = options.policy ?? new OriginPolicy()
  const guard = options.guard
  const openConnections = options.openConnections
  const turn = new EndOfTurn(undefined, openConnections ? { expected: openConnections } : undefined)
  /** `guarded`: a write over the heap ceiling is refused too (not for the dashboard's files). */
  const screen = (method: string, path: string, headers: Record<string, string | undefined>, guarded = true): Screened => {
    const verdict = policy.check(method, path, headers)
    if (verdict.kind !== 'allow') return verdict.kind === 'refuse' ? { kind: 'refuse', error: verdict.error, cors: {} } : verdict
    if (guarded && guard && addsData(method, path) && guard.over()) return { kind: 'refuse', error: guard.refusal(), cors: verdict.headers }
    return { kind: 'pass', cors: verdict.headers }
  }
  const pathOf = (target: string) => {
    const query = target.indexOf('?')
    return query === -1 ? target : target.slice(0, query)
  }
  const bodyRefusal = (method: string, target: string, headers: Record<string, string>, tooLarge: ApiError): Refusal => {
    const screened = screen(method, pathOf(target), headers)
    if (screened.kind === 'preflight') return refusalAnswer(tooLarge)
    return refusalAnswer(screened.kind === 'refuse' ? screened.error : tooLarge, screened.cors)
  }
  const onRequest = (req: HttpRequest, res: HttpResponse) => {
    const method = req.method
    const target = req.url
    const path = pathOf(target)
    // The dashboard's files get the same Host and Origin checks as the control API it calls.
    const ui = options.ui !== undefined && isUiPath(path)
    const screened = screen(method, path, req.headers, !ui)
    if (screened.kind === 'refuse') return writeResponse(res, screened.error.toResponse(), method, screened.cors)
    if (screened.kind === 'preflight') return res.send(204, screened.headers)
    if (ui) {
      if (method === 'POST' && path === SEND_PATH) {
        // The request sent is held to the heap ceiling as one sent from outside would be.
        sendAgain(app, req.body, req.headers['content-type'], (inner) => (guard && addsData(inner.method, inner.url.pathname) && guard.over() ? guard.refusal() : undefined)).then(
          (answer) => res.send(answer.status, answer.headers, answer.body),
          (error) => writeResponse(res, serverError(`Send again failed: ${(error as Error).message}`).toResponse(), method, {}),
        )
        return
      }
      const answer = options.ui!.answer(method, path)
      return res.send(answer.status, answer.headers, answer.body)
    }
    const cors = screened.cors
    const host = req.headers.host ?? 'localhost'
    let url: URL
    try {
      // One parse of the whole URL where joining is exactly what resolving against the base gives (a
      // plain host, a target that is a path not starting with // or /\, which would name a host):
      // parsing the base as well was ~3% of a GET person's samples in the server.
      const second = target.charCodeAt(1)
      url =
        target.charCodeAt(0) === 0x2f && second !== 0x2f && second !== 0x5c && PLAIN_HOST.test(host)
          ? parsedUrl(`http://${host}${target}`)
          : new URL(target, `http://${host}`)
    } catch {
      return writeResponse(res, new ApiError(400, 'invalid_request', 'bad_request', 'The request URL could not be parsed.').toResponse(), method, cors)
    }
    const body = req.body
    const failed = (error: unknown) => {
      console.error('[analytics-mock] unexpected failure:', error)
      if (!res.headersSent) writeResponse(res, serverError().toResponse(), method, cors)
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
        const answered = app.handleNow({ method, url, headers: req.headers, body })
        if (isPromise(answered)) answered.then(write).catch(failed)
        else write(answered)
      } catch (error) {
        failed(error)
      }
    }
    // Handled with the other requests read in this turn, at its end (see end-of-turn.ts).
    turn.defer(handle, !SAFE_METHODS.has(method))
  }
  return { onRequest, bodyRefusal }
}

/** The answer, in the error shape, to a request the connection refused (`code`: see ConnectionOptions.refusal). */
export function refusalFor(code: string, inRequestLine: boolean | undefined, maxBody: number): ApiError {
  switch (code) {
    case 'BODY_TOO_LARGE':
      return bodyTooLarge(maxBody)
    case 'EXPECTATION_FAILED':
      return new ApiError(417, 'invalid_request', 'expectation_failed', 'Only the expectation 100-continue is supported.')
    case 'SERVER_ERROR':
      return serverError()
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'invalid_request', 'request_timeout', 'The request was not received in time.')
    case 'HPE_HEADER_OVERFLOW':
      return inRequestLine
        ? new ApiError(414, 'invalid_request', 'request_uri_too_long', 'Request URI too long.')
        : new ApiError(431, 'invalid_request', 'request_header_fields_too_large', 'Request header fields too large.')
    default:
      return new ApiError(400, 'invalid_request', 'bad_request', `The request could not be parsed (${code}).`)
  }
}

function refusalAnswer(error: ApiError, extra: Record<string, string> = {}): Refusal {
  const { body, headers } = serialize(error.toResponse())
  return { status: error.status, headers: { ...headers, ...extra }, body }
}

export function serve(app: App, options: ServeOptions = {}): Promise<RunningServer> {
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUTS.requestTimeoutMs
  const headersTimeoutMs = Math.min(options.headersTimeoutMs ?? DEFAULT_TIMEOUTS.headersTimeoutMs, requestTimeoutMs)
  const maxBody = options.maxBodyBytes ?? app.options.maxBodyBytes ?? MAX_BODY_BYTES
  const host = options.host ?? '127.0.0.1'
  if (host.trim() === '') return Promise.reject(new Error('serve: the host to listen on is empty (use 127.0.0.1, or 0.0.0.0 to listen on every interface)'))
  // The name the server was bound to is a Host its clients use.
  const boundName = isIP(host) === 0 && host !== 'localhost' ? [host] : []
  const listener = createListener(app, {
    maxAnswerBytes: options.maxAnswerBytes,
    policy: new OriginPolicy({ ...options, allowedHosts: [...(options.allowedHosts ?? []), ...boundName] }),
    guard: new MemoryGuard(options.heapCeilingBytes),
    ui: options.ui === false ? undefined : new UiFiles(),
    openConnections: () => http.connections.size,
  })
  // The refusals made before a request reaches the listener, made once each.
  const refusals = new Map<string, Refusal>()
  const http: HttpServer = new HttpServer({
    maxBodyBytes: maxBody,
    maxHeaderBytes: options.maxHeaderBytes ?? 64 * 1024,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? DEFAULT_TIMEOUTS.keepAliveTimeoutMs,
    headersTimeoutMs,
    requestTimeoutMs,
    refusal: (code, inRequestLine, request) => {
      if (request !== undefined && code === 'BODY_TOO_LARGE') return listener.bodyRefusal(request.method, request.url, request.headers, bodyTooLarge(maxBody))
      const key = `${code} ${inRequestLine === true}`
      let refusal = refusals.get(key)
      if (refusal === undefined) refusals.set(key, (refusal = refusalAnswer(refusalFor(code, inRequestLine, maxBody))))
      return refusal
    },
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_TIMEOUTS.idleTimeoutMs,
    onRequest: listener.onRequest,
  })
  const server = http.server
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
        // In-flight requests finish; idle keep-alive sockets are closed now, busy ones after their
        // answer, and connections that never sent anything at once.
        close: () => http.close(),
      })
    })
  })
}
