// The answers to requests node's parser or its time-outs refused (node's 'clientError'), in the error
// shape instead of node's bare ones: 400 naming the parser's code, 408 for a client too slow, 431 for a
// head over the size limit; then the connection is closed, as node does.
import type { Duplex } from 'node:stream'
import type { ServerResponse } from 'node:http'
import { ApiError } from '../core/drf/exceptions.ts'
import { serialize } from '../core/http.ts'

/** The answer, in the error shape, to a request node's parser or its time-outs refused (null: the client is gone). */
export function clientErrorResponse(error: NodeJS.ErrnoException): ApiError | null {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
    case 'HPE_INVALID_EOF_STATE':
      return null
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'invalid_request', 'request_timeout', 'The request was not received in time.')
    case 'HPE_HEADER_OVERFLOW':
      // (node's parser counts the request line and the headers together, and does not say which ran over.)
      return new ApiError(431, 'invalid_request', 'request_header_fields_too_large', 'Request header fields too large.')
    default:
      return new ApiError(
        400,
        'invalid_request',
        'bad_request',
        `The request could not be parsed (${error.code ?? error.message}).`,
      )
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
}

/** node's 'clientError': the refusal in the error shape, then the connection closed (as node does without a listener). */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage
  // Bytes after a request that closes its connection (Connection: close, HTTP/1.0 without keep-alive):
  // that request is still answered and nothing after it is read (RFC 9112 9.6), as node shows when the
  // answer is out first. node closes the connection once the answer is written.
  if (error.code === 'HPE_CLOSED_CONNECTION' && inFlight && !inFlight.writableEnded) return
  const refusal = clientErrorResponse(error)
  if (!refusal || !socket.writable || inFlight?.headersSent) {
    socket.destroy()
    return
  }
  const { body, headers } = serialize(refusal.toResponse())
  const head = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')
  socket.end(`HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status] ?? 'Error'}\r\n${head}\r\n\r\n${body}`)
}
