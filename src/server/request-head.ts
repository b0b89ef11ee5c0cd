// An HTTP/1.1 request's head (request line and header fields, RFC 9112), read from the bytes a
// connection received: strict where the HTTP spec lets a server refuse, and refusing what node's parser
// (llhttp) refuses, with its error codes. What it accepts, it reads as node does: header names in lower
// case, values without surrounding whitespace and decoded as Latin-1, and repeated fields joined or the
// first kept, by node's rules for each name.
//
// Refused besides (a server may, and a mock on a developer's machine should): a second Host, a
// Transfer-Encoding other than `chunked` alone (the body could not be read), HTTP versions other than
// 1.0 and 1.1, and more than one space between the request line's parts.
import { METHODS } from 'node:http'

export interface RequestHead {
  method: string
  /** The request target as sent (origin form `/path?query` nearly always). */
  target: string
  /** 1 for HTTP/1.1, 0 for HTTP/1.0. */
  minor: 0 | 1
  headers: Record<string, string>
  /** Bytes from the head's first byte (blank lines before it included) to the body's first. */
  length: number
  /** The declared body length (0 when none); -1 for a chunked body. */
  contentLength: number
  /** Whether the connection may carry another request after this one's answer. */
  keepAlive: boolean
  /** `Expect: 100-continue` (HTTP/1.1), another expectation (answered 417), or none. */
  expect: 'none' | 'continue' | 'other'
}

/** Why a head was refused: node's parser's code for it, and for an over-long head, whether it was still in the request line. */
export interface HeadError {
  code: string
  inRequestLine?: boolean
}

export type HeadResult = RequestHead | HeadError | null

export const isHeadError = (result: RequestHead | HeadError): result is HeadError => 'code' in result

const KNOWN_METHODS = new Set(METHODS)
const LONGEST_METHOD = Math.max(...METHODS.map((m) => m.length))
/** A request target: visible ASCII, no spaces or controls (RFC 9112 3.2). */
const TARGET = /^[\x21-\x7e]+$/
const DIGITS = /^[0-9]{1,15}$/

/** Names of which node keeps the first when a request repeats them (the rest it joins). */
const FIRST_WINS = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
])

/**
 * Reads the head that starts at `from` in `buffer` (bytes up to `end`). Null when the head is not all
 * there yet and nothing in it is wrong so far; a HeadError when it cannot be a request (or is longer
 * than `maxBytes`, node's maxHeaderSize: request line and fields).
 */
export function readRequestHead(buffer: Buffer, from: number, end: number, maxBytes: number, checked = from): HeadResult {
  let start = from
  // Blank lines before a request line are ignored (RFC 9112 2.2), as node does.
  while (start + 1 < end && buffer[start] === 0x0d && buffer[start + 1] === 0x0a) start += 2
  // (Bytes up to `checked` were looked at before: a head sent a byte at a time is not read again each time.)
  const close = buffer.indexOf('\r\n\r\n', Math.max(start, checked - 3), 'latin1')
  if (close === -1 || close + 4 > end) return incomplete(buffer, start, end, maxBytes, Math.max(start, checked - 1))
  if (close - start > maxBytes) return { code: 'HPE_HEADER_OVERFLOW', inRequestLine: lineEndAfter(buffer, start, end) >= start + maxBytes }
  const head = parseHead(buffer, start, close)
  if (isHeadError(head)) return head
  head.length = close + 4 - from
  return head
}

/** What an incomplete head says already: too long, bare line feeds, or a request line that cannot become one. */
function incomplete(buffer: Buffer, start: number, end: number, maxBytes: number, newFrom: number): HeadResult {
  if (end - start > maxBytes) return { code: 'HPE_HEADER_OVERFLOW', inRequestLine: lineEndAfter(buffer, start, end) >= start + maxBytes }
  for (let i = buffer.indexOf(0x0a, newFrom); i !== -1 && i < end; i = buffer.indexOf(0x0a, i + 1)) {
    if (i === start || buffer[i - 1] !== 0x0d) return { code: 'HPE_LF_EXPECTED' }
  }
  // The request line so far: a method (or the start of one), then the target.
  const line = buffer.toString('latin1', start, Math.min(end, start + LONGEST_METHOD + 1))
  const space = line.indexOf(' ')
  const method = space === -1 ? line : line.slice(0, space)
  if (space !== -1 ? !KNOWN_METHODS.has(method) : !METHODS.some((m) => m.startsWith(method))) return { code: 'HPE_INVALID_METHOD' }
  return null
}

/** Where the line starting at `start` ends (`end` when it does not before it). */
function lineEndAfter(buffer: Buffer, start: number, end: number): number {
  const at = buffer.indexOf('\r\n', start, 'latin1')
  return at === -1 || at > end ? end : at
}

/**
 * A request's fields, by lower-case name. Nothing is inherited (a field named __proto__ or constructor
 * is a field like any other), and unlike an object made with Object.create(null) it keeps V8's fast
 * properties (a null-prototype object is a hash table: its inserts were a third of a head's reading in
 * the profile). Fast properties pay off only with the names below: a name cut from the request's text
 * is internalized by V8 at each insert. The two together, alternated in a loop against a null-prototype
 * object and toLowerCase per name: ~1.7-2.4 against ~2.2-2.8 µs a head of 4 fields, ~4.4-5.6 against
 * ~5.3-7.0 of 16 (each alone did not tell from the noise).
 */
const Fields = function Fields() {} as unknown as new () => Record<string, string>
Fields.prototype = Object.create(null)

/**
 * Field names as sent, and the name each is read as: in lower case, and as V8 keeps property names
 * (internalized), so the Fields object's inserts need no internalizing. Bounded: names past the bound
 * are read each time.
 */
const names = new Map<string, string>()
const MAX_NAMES = 1_024

function fieldName(raw: string): string {
  let name = names.get(raw)
  if (name === undefined) {
    name = Object.keys({ [raw.toLowerCase()]: 0 })[0]!
    if (names.size < MAX_NAMES) names.set(raw, name)
  }
  return name
}

/** Token characters (RFC 9110 5.6.2), by byte: what a field name is made of. */
const TOKEN_BYTE = new Uint8Array(256)
for (const c of "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") TOKEN_BYTE[c.charCodeAt(0)] = 1

/** Whether `name` is a token: what a field's name must be, sent or received. */
export function isToken(name: string): boolean {
  if (name.length === 0) return false
  for (let i = 0; i < name.length; i++) if (TOKEN_BYTE[name.charCodeAt(i) & 0xff] === 0 || name.charCodeAt(i) > 0xff) return false
  return true
}

/** Where each field is in the head being read: its name's start, its colon, its line's end (reused: reading is synchronous). */
let fieldAt = new Int32Array(3 * 64)

/**
 * The head in `buffer[start, close)` (without its final CRLF CRLF). One pass over its bytes checks what
 * no head may hold (a CR or LF outside a CRLF; in a field, a name that is not a token, a control other
 * than tab) and finds the lines and colons; then the strings are cut from one Latin-1 decoding of it.
 */
function parseHead(buffer: Buffer, start: number, close: number): RequestHead | HeadError {
  let fields = 0
  let requestLineEnd = close
  /** 0: the request line; 1: a field's name; 2: a field's value. */
  let state = 0
  let lineStart = start
  for (let i = start; i < close; i++) {
    const b = buffer[i]!
    if (b === 0x0d) {
      if (buffer[i + 1] !== 0x0a) return { code: 'HPE_LF_EXPECTED' }
      if (state === 1) return { code: 'HPE_INVALID_HEADER_TOKEN' } // (a line with no colon)
      if (state === 2) fieldAt[3 * fields - 1] = i
      else requestLineEnd = i
      i++
      lineStart = i + 1
      state = 1
    } else if (b === 0x0a) return { code: 'HPE_LF_EXPECTED' }
    else if (state === 1) {
      if (b === 0x3a) {
        if (i === lineStart) return { code: 'HPE_INVALID_HEADER_TOKEN' }
        if (3 * fields + 3 > fieldAt.length) {
          const more = new Int32Array(fieldAt.length * 2)
          more.set(fieldAt)
          fieldAt = more
        }
        fieldAt[3 * fields] = lineStart
        fieldAt[3 * fields + 1] = i
        fields++
        state = 2
      } else if (TOKEN_BYTE[b] === 0) return { code: 'HPE_INVALID_HEADER_TOKEN' } // (folded lines and whitespace before the colon too)
    } else if (state === 2 && ((b < 0x20 && b !== 0x09) || b === 0x7f)) return { code: 'HPE_INVALID_HEADER_TOKEN' }
  }
  if (state === 1) return { code: 'HPE_INVALID_HEADER_TOKEN' }
  if (state === 2) fieldAt[3 * fields - 1] = close

  const text = buffer.toString('latin1', start, close)
  const requestLine = requestLineEnd === close ? text : text.slice(0, requestLineEnd - start)
  const first = requestLine.indexOf(' ')
  const second = requestLine.indexOf(' ', first + 1)
  if (first === -1) return { code: 'HPE_INVALID_METHOD' }
  const method = requestLine.slice(0, first)
  if (!KNOWN_METHODS.has(method)) return { code: 'HPE_INVALID_METHOD' }
  if (second === -1) return { code: 'HPE_INVALID_VERSION' }
  const target = requestLine.slice(first + 1, second)
  if (!TARGET.test(target)) return { code: 'HPE_INVALID_URL' }
  const version = requestLine.slice(second + 1)
  const minor = version === 'HTTP/1.1' ? 1 : version === 'HTTP/1.0' ? 0 : -1
  if (minor === -1) return { code: 'HPE_INVALID_VERSION' }

  const headers = new Fields()
  let hosts = 0
  let lengths = 0
  let encodings = 0
  for (let f = 0; f < fields; f++) {
    const colon = fieldAt[3 * f + 1]! - start
    const name = fieldName(text.slice(fieldAt[3 * f]! - start, colon))
    // The value, without the optional whitespace around it.
    let a = colon + 1
    let b = fieldAt[3 * f + 2]! - start
    while (a < b && (text.charCodeAt(a) === 0x20 || text.charCodeAt(a) === 0x09)) a++
    while (b > a && (text.charCodeAt(b - 1) === 0x20 || text.charCodeAt(b - 1) === 0x09)) b--
    const value = text.slice(a, b)
    if (name === 'host') hosts++
    else if (name === 'content-length') lengths++
    else if (name === 'transfer-encoding') encodings++
    const had = headers[name]
    if (had === undefined) headers[name] = value
    else if (!FIRST_WINS.has(name)) headers[name] = name === 'cookie' ? `${had}; ${value}` : `${had}, ${value}`
  }

  if (hosts > 1) return { code: 'HPE_INVALID_HOST' }
  if (hosts === 0 && minor === 1) return { code: 'HPE_MISSING_HOST' }
  if (lengths > 1) return { code: 'HPE_UNEXPECTED_CONTENT_LENGTH' }
  let contentLength = 0
  if (encodings > 0) {
    if (encodings > 1 || lengths > 0 || headers['transfer-encoding']!.toLowerCase() !== 'chunked') return { code: 'HPE_INVALID_TRANSFER_ENCODING' }
    contentLength = -1
  } else if (lengths === 1) {
    const declared = headers['content-length']!
    if (!DIGITS.test(declared)) return { code: 'HPE_INVALID_CONTENT_LENGTH' }
    contentLength = Number(declared)
  }
  const connection = headers.connection
  const keepAlive =
    connection === undefined || connection === 'keep-alive' ? minor === 1 || connection !== undefined : minor === 1 ? !hasToken(connection.toLowerCase(), 'close') : hasToken(connection.toLowerCase(), 'keep-alive')
  const expectation = headers.expect
  const expect = expectation === undefined ? 'none' : minor === 1 && expectation.toLowerCase() === '100-continue' ? 'continue' : 'other'
  return { method, target, minor, headers, length: 0, contentLength, keepAlive, expect }
}

/** Whether a comma-separated list (lower case) holds `token`. */
function hasToken(list: string, token: string): boolean {
  if (list === token) return true
  for (const part of list.split(',')) if (part.trim() === token) return true
  return false
}
