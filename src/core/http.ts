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
  /** Already-serialized text (CSV, plain text). */
  text?: string
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

/** The serialized body and final headers of a response. */
export function serialize(res: MockResponse): { body: string; headers: Record<string, string> } {
  if (res.json !== undefined) {
    return {
      body: toJson(res.json),
      headers: { 'content-type': 'application/json', ...res.headers },
    }
  }
  if (res.pieces !== undefined && res.text === undefined) {
    res.text = [...res.pieces].join('') // made once
    res.pieces = undefined
  }
  return { body: res.text ?? '', headers: res.headers }
}
