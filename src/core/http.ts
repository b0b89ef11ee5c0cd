// The core's own request and answer shapes, and the answer's text: the JSON writer (a heavy answer in
// pieces, so writing it can be sliced and other requests answered between the slices). The Fetch face
// (`app.fetch`) and the server face both translate to these shapes, so the server's path builds no
// WHATWG Request/Response objects.

/** The methods that change nothing (every other one is a write). */
/** The longest path and query string the mock reads (longer is a 414). */
export const MAX_URL_BYTES = 16 * 1024

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface MockRequest {
  method: string
  /**
   * Absolute URL of the request (origin included, so pagination links are absolute). Read only: a face
   * may hand the same URL object to every request that sends the same target (the server face does).
   */
  url: URL
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>
  /** The raw body: its bytes (decoded as strict UTF-8 when it is JSON), or its text; undefined when the request had none. */
  body?: string | Uint8Array
}

export interface MockResponse {
  status: number
  headers: Record<string, string>
  /** A JSON value to serialize; validated against the contract before it is serialized. */
  json?: unknown
  /** The body's text: a CSV or plain text answer's, or a JSON answer's once written (`bodyText`). */
  text?: string
  /** The body's UTF-8 bytes, once encoded (`bodyBytes`). */
  bytes?: Uint8Array
  /**
   * Or that text in pieces, made as they are read (a large CSV export): the server face writes them
   * in slices, so making it holds no other request back; `serialize` joins them for the other faces.
   */
  pieces?: Iterable<string>
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): MockResponse {
  return { status, headers, json: body }
}

export function text(status: number, body: string, contentType: string): MockResponse {
  return { status, headers: { 'content-type': contentType }, text: body }
}

/** A text answer made in pieces as it is written (see MockResponse.pieces). */
export function textPieces(status: number, pieces: Iterable<string>, contentType: string): MockResponse {
  return { status, headers: { 'content-type': contentType }, pieces }
}

/** A response without a body carries no Content-Type (clients generated from the OpenAPI choke on one). */
export function empty(status: number, headers: Record<string, string> = {}): MockResponse {
  return { status, headers }
}

/**
 * The body's text. A JSON answer's is written once and kept on the answer (an answer never changes
 * once made, and the answer memo gives the same one again); pieces are joined once.
 */
export function bodyText(res: MockResponse): string {
  if (res.text !== undefined) return res.text
  if (res.json !== undefined) return (res.text = toJson(res.json))
  if (res.pieces !== undefined) {
    res.text = [...res.pieces].join('')
    res.pieces = undefined
    return res.text
  }
  return ''
}

const utf8 = new TextEncoder()

/** The body's UTF-8 bytes, encoded once and kept on the answer (the memo's answers are written again and again). */
export function bodyBytes(res: MockResponse): Uint8Array {
  return (res.bytes ??= utf8.encode(bodyText(res)))
}

/** The serialized body and final headers of a response. */
export function serialize(res: MockResponse): { body: string; headers: Record<string, string> } {
  const headers = res.json !== undefined ? { 'content-type': 'application/json', ...res.headers } : res.headers
  return { body: bodyText(res), headers }
}

/** JSON.stringify(value), `null` for what it leaves out. */
export function toJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null'
}

/**
 * How much writing a value costs, roughly (an entry 1, a string 1 per 64 characters): a value weighing
 * this much or more is written in pieces (`jsonChunks`), lighter ones whole.
 */
const PIECE_WEIGHT = 4096
/** Below this depth values are written whole, whatever they weigh. */
const MAX_PIECE_DEPTH = 32

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** The weight of `value`, counted up to `limit` (the count stops there: weighing a big value stays cheap). */
function weigh(value: unknown, limit: number): number {
  if (typeof value === 'string') return 1 + (value.length >> 6)
  if (typeof value !== 'object' || value === null) return 1
  let weight = 1
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && weight < limit; i++) weight += weigh(value[i], limit - weight)
    return weight
  }
  if (!isPlainObject(value) || typeof value.toJSON === 'function') return weight
  for (const key in value) {
    weight += 1 + weigh(value[key], limit - weight)
    if (weight >= limit) break
  }
  return weight
}

/** Whether `value` is costly enough to write that it is written in pieces (`jsonChunks`). */
export const isHeavy = (value: unknown): boolean => weigh(value, PIECE_WEIGHT) >= PIECE_WEIGHT

/**
 * The text of `toJson(value)` in pieces: a heavy value (a page of thousands of records, an answer
 * holding large objects, a snapshot of the store) is written member by member, recursively, each piece
 * a bounded amount of work, so a caller can hand the pieces on a few at a time and let other work run
 * in between. A light value comes as one piece. Joined, the pieces are byte for byte JSON.stringify's text.
 */
export function* jsonChunks(value: unknown, depth = 0): Generator<string, void, undefined> {
  const whole =
    depth >= MAX_PIECE_DEPTH ||
    typeof value !== 'object' ||
    value === null ||
    (!Array.isArray(value) && (!isPlainObject(value) || typeof value.toJSON === 'function')) ||
    !isHeavy(value)
  if (whole) {
    yield toJson(value)
    return
  }
  if (Array.isArray(value)) {
    yield '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ','
      const item = value[i]
      // As JSON.stringify writes an array's undefined, functions and symbols.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null'
      else yield* jsonChunks(item, depth + 1)
    }
    yield ']'
    return
  }
  yield '{'
  let first = true
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key]
    // Left out, as JSON.stringify leaves them out of an object.
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue
    yield (first ? '' : ',') + JSON.stringify(key) + ':'
    yield* jsonChunks(member, depth + 1)
    first = false
  }
  yield '}'
}
