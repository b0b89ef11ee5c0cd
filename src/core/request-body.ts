// Reading a request's body and JSON query values before anything else looks at them: the size limit
// (413), strict UTF-8 and JSON parsing (400 parse_error), the nesting limit, the media type (415) and
// null characters (400). Errors are returned, not thrown, because authentication and the scope check
// answer first.
import { ApiError, parseError, validationError } from './errors.ts'
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth.ts'
import { pythonJsonError } from './python-json.ts'
import { decodeUtf8, Utf8Error } from './utf8.ts'

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
  /** `text`: the body as text (undefined when there was none); `error`: why it cannot be used. */
  | { kind: 'parsed'; body: unknown; text?: string; error?: ApiError }

/**
 * Reads a request body: raw bytes (decoded as strict UTF-8) or text. Only a JSON body is parsed
 * (`application/json`, with or without parameters); any other media type is a 415 when `strictMediaType`
 * (writes), and otherwise the body is left unread (a GET's body is nobody's business).
 */
export function parseBody(
  raw: string | Uint8Array | undefined,
  maxBytes: number,
  contentType?: string,
  strictMediaType = true,
): ParsedBody {
  if (raw !== undefined && (typeof raw === 'string' ? utf8Length(raw, maxBytes) : raw.byteLength) > maxBytes)
    return { kind: 'too-large' }
  if (raw === undefined || raw.length === 0) return { kind: 'parsed', body: undefined }
  const media = mediaType(contentType)
  if (media !== 'application/json') {
    // Only whitespace counts as no body: DRF does not look for a parser when there is nothing to parse.
    if (isBlank(raw)) return { kind: 'parsed', body: undefined }
    return { kind: 'parsed', body: undefined, error: strictMediaType ? unsupportedMediaType(media) : undefined }
  }
  let text: string
  if (typeof raw === 'string') text = raw
  else {
    try {
      text = decodeUtf8(raw)
    } catch (e) {
      if (!(e instanceof Utf8Error)) throw e
      return { kind: 'parsed', body: undefined, error: parseError(`JSON parse error - ${e.message}`) }
    }
  }
  if (isBlankText(text)) return { kind: 'parsed', body: undefined }
  if (jsonTooDeep(text))
    return {
      kind: 'parsed',
      body: undefined,
      text,
      error: parseError(`JSON parse error - nested deeper than ${MAX_JSON_DEPTH} levels`),
    }
  try {
    return { kind: 'parsed', body: JSON.parse(text), text }
  } catch (e) {
    // In the words of the real service (Python's json module, through DRF).
    return {
      kind: 'parsed',
      body: undefined,
      text,
      error: parseError(`JSON parse error - ${pythonJsonError(text) ?? (e as Error).message}`),
    }
  }
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

/** The media type of a Content-Type header, lower-cased, without parameters ('' when absent). */
export function mediaType(contentType: string | undefined): string {
  if (contentType === 'application/json') return contentType // as almost every client sends it
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

/** DRF's answer to a body in a media type it has no parser for. */
export const unsupportedMediaType = (media: string) =>
  new ApiError(415, 'invalid_request', 'unsupported_media_type', `Unsupported media type "${media}" in request.`)

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
