// The core's own request/response shapes. The Fetch face (`app.fetch`) and the server face both
// translate to these, so the hot path never builds WHATWG Request/Response objects it does not need.
import { toJson } from './json.ts'

/** The methods that change nothing (every other one is a write). */
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
