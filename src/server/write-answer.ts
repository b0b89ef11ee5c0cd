// Writing the core's answer on node:http: a light body at once (node writes it with its head in one
// go); a heavy JSON body, or a text made in pieces (a CSV export), made a piece at a time in slices with
// the event loop in between (core/slices.ts), then written with back-pressure ('drain'); one over the
// answer limit refused with a 500 `answer_too_large`.
import type { ServerResponse } from 'node:http'
import { ApiError } from '../core/errors.ts'
import { bodyBytes, isHeavy, jsonChunks, serialize, type MockResponse } from '../core/http.ts'
import { pumpSliced } from '../core/slices.ts'

/** 204 and 304 answers have no body (node leaves out a HEAD answer's body itself, after its Content-Length). */
const mayHaveBody = (status: number) => status !== 204 && status !== 304

/** Writes a whole answer: its head, its Content-Length and its body. */
export function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body?: string | Uint8Array,
): void {
  if (body === undefined || !mayHaveBody(status)) {
    res.writeHead(status, headers)
    res.end()
    return
  }
  headers['content-length'] ??= String(typeof body === 'string' ? Buffer.byteLength(body) : body.length)
  res.writeHead(status, headers)
  res.end(body)
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

function refuseAnswer(res: ServerResponse, extra: Record<string, string>, maxAnswer: number): void {
  console.error(
    `[analytics-mock] an answer over ${maxAnswer} bytes was refused (${res.req.method} ${res.req.url?.split('?')[0] ?? ''})`,
  )
  const detail = `The answer would be larger than this server's limit (${maxAnswer} bytes, --max-answer): ask for less (a smaller limit, a narrower date range or filter).`
  writeResponse(res, new ApiError(500, 'server_error', 'answer_too_large', detail).toResponse(), extra)
}

/** Writes the core's answer: a light body at once, a heavy one (or one made in pieces) in slices; one over `maxAnswer` refused. */
export function writeAnswer(
  res: ServerResponse,
  mock: MockResponse,
  extra: Record<string, string>,
  maxAnswer: number,
): void | Promise<void> {
  const headers = {
    ...(mock.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...mock.headers,
    ...extra,
  }
  if (mock.text === undefined && (mock.pieces !== undefined || isHeavy(mock.json))) {
    return writeSliced(res, mock, headers, extra, maxAnswer)
  }
  const bytes = bodyBytes(mock)
  if (bytes.length > maxAnswer) return refuseAnswer(res, extra, maxAnswer)
  if (mock.json === undefined && bytes.length === 0) return send(res, mock.status, headers)
  send(res, mock.status, headers, bytes)
}

async function writeSliced(
  res: ServerResponse,
  mock: MockResponse,
  headers: Record<string, string>,
  extra: Record<string, string>,
  maxAnswer: number,
): Promise<void> {
  const pieces = mock.pieces ?? jsonChunks(mock.json)
  const buffers: Buffer[] = []
  let bytes = 0
  const tooLong = Symbol('too long')
  try {
    await pumpSliced(pieces, (batch) => {
      const buffer = Buffer.from(batch, 'utf8')
      bytes += buffer.length
      if (bytes > maxAnswer) throw tooLong
      buffers.push(buffer)
    })
  } catch (error) {
    if (error === tooLong) return refuseAnswer(res, extra, maxAnswer)
    throw error
  }
  if (!mayHaveBody(mock.status) || (mock.json === undefined && bytes === 0)) return send(res, mock.status, headers)
  headers['content-length'] = String(bytes)
  res.writeHead(mock.status, headers)
  for (const buffer of buffers) {
    if (res.destroyed) return
    if (!res.write(buffer)) await drained(res)
  }
  res.end()
}
