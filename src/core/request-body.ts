// Reading a request's body and JSON query values before anything else looks at them: the size limit
// (413), the parser its media type selects (core/drf/parsers.ts: 400 parse_error, 415), the nesting limit
// and null characters (400). Errors are returned, not thrown, because authentication and the scope
// check answer first.
import { ApiError, validationError } from './drf/exceptions.ts'
import { SAFE_METHODS } from './http.ts'
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth.ts'
import { DRF_PARSERS, parseWith, selectParser, unsupportedMediaType, type ParserName } from './drf/parsers.ts'

export const MAX_BODY_BYTES = 1024 * 1024

/**
 * UTF-8 size of a string as compared with `limit` (works in browsers too): above `limit` exactly when
 * the size is. Encodes only when the length alone cannot tell.
 */
export function utf8Length(text: string, limit: number): number {
  if (text.length > limit) return text.length // at least one byte per UTF-16 unit
  if (text.length * 3 <= limit) return text.length // at most three bytes per UTF-16 unit
  return new TextEncoder().encode(text).length
}

export const bodyTooLarge = (maxBytes: number) =>
  new ApiError(413, 'invalid_request', 'request_too_large', `Request body exceeds ${maxBytes} bytes.`)

export type ParsedBody =
  | { kind: 'too-large' }
  /**
   * `text`: the body as text, for a JSON body (undefined otherwise); `source`: the body's text whatever
   * parsed it (what a replay sends again); `error`: why it cannot be used.
   */
  | { kind: 'parsed'; body: unknown; text?: string; source?: string; error?: ApiError }

/**
 * The parsers a request's body may be read with: DRF's defaults on the API, JSON only on the mock's own
 * control API (/_mock/*), and none that refuses for a safe method (a GET's body is nobody's business:
 * JSON is read, for a key sent in it, anything else left unread).
 */
export function parsersFor(method: string, pathname: string): readonly ParserName[] | null {
  if (SAFE_METHODS.has(method)) return null
  return pathname.startsWith('/_mock/') ? JSON_ONLY : DRF_PARSERS
}
const JSON_ONLY: readonly ParserName[] = ['json']

/**
 * Reads a request body (raw bytes, or text) with the parser its Content-Type selects among `parsers`
 * (core/drf/parsers.ts); none selected is a 415 (`parsers` null: the body is left unread instead).
 */
export function parseBody(
  raw: string | Uint8Array | undefined,
  maxBytes: number,
  contentType: string | undefined,
  parsers: readonly ParserName[] | null,
): ParsedBody {
  if (raw !== undefined && (typeof raw === 'string' ? utf8Length(raw, maxBytes) : raw.byteLength) > maxBytes)
    return { kind: 'too-large' }
  // An empty body is not parsed (DRF reads no stream of length 0).
  if (raw === undefined || raw.length === 0) return { kind: 'parsed', body: undefined }
  const type = contentType ?? ''
  const parser = selectParser(parsers ?? JSON_ONLY, type)
  if (parser === undefined) {
    // Only whitespace counts as no body: there is nothing for a parser to read.
    if (isBlank(raw) || parsers === null) return { kind: 'parsed', body: undefined }
    return { kind: 'parsed', body: undefined, error: unsupportedMediaType(type) }
  }
  const parsed = parseWith(parser, raw, type)
  if (parser === 'json' && parsed.text !== undefined && isBlankText(parsed.text))
    return { kind: 'parsed', body: undefined }
  const source = parsed.source ?? parsed.text
  if ('error' in parsed) return { kind: 'parsed', body: undefined, text: parsed.text, source, error: parsed.error }
  return { kind: 'parsed', body: parsed.body, text: parsed.text, source }
}

/** Whether `text` is empty or whitespace only (as `trim() === ''`, without making the trimmed copy of a body that is not). */
function isBlankText(text: string): boolean {
  return text.length === 0 || (WHITESPACE.test(text[0]!) && text.trim() === '')
}

const WHITESPACE = /\s/

function isBlank(raw: string | Uint8Array): boolean {
  if (typeof raw === 'string') return isBlankText(raw)
  for (const byte of raw) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false
  return true
}

/**
 * The first string in `value` (a member's value or its name) that holds a null character, as the field
 * path DRF's exception handler prints (`properties__email`), or undefined when there is none. Postgres
 * cannot store U+0000 in text or JSON, so the real service refuses it.
 */
export function nullCharacterPath(value: unknown): string | null | undefined {
  const path: string[] = []
  const visit = (node: unknown): boolean => {
    if (typeof node === 'string') return node.includes('\u0000')
    if (typeof node !== 'object' || node === null) return false
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(String(i))
        if (visit(node[i])) return true
        path.pop()
      }
      return false
    }
    for (const key of Object.keys(node)) {
      if (key.includes('\u0000')) return true // named by the object that holds it
      path.push(key)
      if (visit((node as Record<string, unknown>)[key])) return true
      path.pop()
    }
    return false
  }
  if (!visit(value)) return undefined
  return path.length ? path.join('__') : null
}

/** DRF's field error for a null character. */
export const nullCharacters = (attr: string | null) =>
  validationError('Null characters are not allowed.', attr, 'null_characters_not_allowed')

/** JSON-looking query values nested too deep are refused before validation copies them. */
export function checkQueryDepth(searchParams: URLSearchParams): void {
  for (const [name, value] of searchParams) {
    if ((value.startsWith('[') || value.startsWith('{')) && jsonTooDeep(value)) {
      throw validationError(`Invalid JSON in query parameter: nested deeper than ${MAX_JSON_DEPTH} levels`, name)
    }
  }
}
