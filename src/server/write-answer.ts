// Writing the core's answer on node:http: a small body at once, as a string (node writes it with its
// head in one go); a big JSON body, or a text made in pieces (a CSV export), made a piece at a time in
// slices of a few milliseconds with the event loop in between (sliced.ts), then written with
// back-pressure ('drain'); one over the answer limit refused with a 500 `answer_too_large`.
import type { ServerResponse } from 'node:http'
import { ApiError } from '../core/drf/exceptions.ts'
import { serialize, type MockResponse } from '../core/http.ts'
import { jsonChunks, toJsonIfLight } from '../core/json.ts'
import { collectSliced } from './sliced.ts'

/** 204 and 304 answers have no body (node leaves out a HEAD answer's body itself, after its Content-Length). */
const mayHaveBody = (status: number) => status !== 204 && status !== 304

/** Writes a whole answer: its head, its Content-Length and its body. */
export function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body?: string,
  encoding: BufferEncoding = 'utf8',
): void {
  if (body === undefined || !mayHaveBody(status)) {
    res.writeHead(status, headers)
    res.end()
    return
  }
  if (headers['content-length'] === undefined) headers['content-length'] = String(Buffer.byteLength(body, encoding))
  res.writeHead(status, headers)
  res.end(body, encoding)
}

export function writeResponse(res: ServerResponse, mock: MockResponse, extra: Record<string, string> = {}): void {
  const { body, headers } = serialize(mock)
  send(res, mock.status, { ...headers, ...extra }, body === '' ? undefined : body)
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
 * Writes the core's answer. A small body is written at once, as a string (node writes it with its head
 * in one go). A big JSON body, or a text made in pieces (a CSV export), is made a piece at a time in
 * slices of a few milliseconds with the event loop in between, then written with back-pressure ('drain').
 * One over `maxAnswer` is refused instead.
 */
export function writeAnswer(
  res: ServerResponse,
  mock: MockResponse,
  extra: Record<string, string>,
  maxAnswer: number,
): void | Promise<void> {
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
  if (pieces) return writeSliced(res, mock, extra, maxAnswer, pieces)
  if (body!.length > maxAnswer) return refuseAnswer(res, extra, maxAnswer)
  const headers: Record<string, string> =
    mock.json !== undefined ? { 'content-type': 'application/json', ...mock.headers } : { ...mock.headers }
  for (const name in extra) headers[name] = extra[name]!
  if (mock.json === undefined && body === '') return send(res, mock.status, headers)
  // (Buffer.byteLength of a page made of many cached texts flattens the whole string first: JSON knows its length.)
  if (bytes !== undefined) headers['content-length'] = String(bytes)
  // ASCII (nearly every answer) is the same bytes as Latin-1, which node writes as they are.
  send(res, mock.status, headers, body, bytes === body!.length ? 'latin1' : 'utf8')
}

function refuseAnswer(res: ServerResponse, extra: Record<string, string>, maxAnswer: number): void {
  console.error(
    `[analytics-mock] an answer over ${maxAnswer} bytes was refused (${res.req.method} ${res.req.url?.split('?')[0] ?? ''})`,
  )
  writeResponse(res, answerTooLarge(maxAnswer).toResponse(), extra)
}

async function writeSliced(
  res: ServerResponse,
  mock: MockResponse,
  extra: Record<string, string>,
  maxAnswer: number,
  pieces: Iterable<string>,
): Promise<void> {
  const buffers = await collectSliced(pieces, maxAnswer)
  if (!buffers) return refuseAnswer(res, extra, maxAnswer)
  const headers: Record<string, string> = {
    ...(mock.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...mock.headers,
    ...extra,
  }
  const bytes = buffers.reduce((n, b) => n + b.length, 0)
  if (!mayHaveBody(mock.status) || (mock.json === undefined && bytes === 0)) return send(res, mock.status, headers)
  headers['content-length'] = String(bytes)
  res.writeHead(mock.status, headers)
  for (const buffer of buffers) {
    if (res.destroyed) return
    if (!res.write(buffer)) await drained(res)
  }
  res.end()
}
