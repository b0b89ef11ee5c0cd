// Reading a request's body and JSON query values before anything else looks at them: the size limit
// (413), the nesting limit, and JSON parsing (400 parse_error). A parse error is returned, not thrown,
// because authentication and the scope check answer first.
import { ApiError, parseError, validationError } from './errors.ts'
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth.ts'
import { pythonJsonError } from './python-json.ts'

export const MAX_BODY_BYTES = 1024 * 1024

/** UTF-8 size of a string (works in browsers too); encodes only when the length alone cannot tell. */
function utf8Length(text: string, limit: number): number {
  if (text.length > limit) return text.length // at least one byte per UTF-16 unit
  if (text.length * 3 <= limit) return text.length // at most three bytes per UTF-16 unit
  return new TextEncoder().encode(text).length
}

export const bodyTooLarge = (maxBytes: number) =>
  new ApiError(413, 'invalid_request', 'request_too_large', `Request body exceeds ${maxBytes} bytes.`)

export type ParsedBody = { kind: 'too-large' } | { kind: 'parsed'; body: unknown; error?: ApiError }

export function parseBody(raw: string | undefined, maxBytes: number): ParsedBody {
  if (raw !== undefined && utf8Length(raw, maxBytes) > maxBytes) return { kind: 'too-large' }
  if (raw === undefined || raw.trim() === '') return { kind: 'parsed', body: undefined }
  if (jsonTooDeep(raw)) return { kind: 'parsed', body: undefined, error: parseError(`JSON parse error - nested deeper than ${MAX_JSON_DEPTH} levels`) }
  try {
    return { kind: 'parsed', body: JSON.parse(raw) }
  } catch (e) {
    // In the words of the real service (Python's json module, through DRF).
    return { kind: 'parsed', body: undefined, error: parseError(`JSON parse error - ${pythonJsonError(raw) ?? (e as Error).message}`) }
  }
}

/** JSON-looking query values nested too deep are refused before validation copies them. */
export function checkQueryDepth(searchParams: URLSearchParams): void {
  for (const [name, value] of searchParams) {
    if ((value.startsWith('[') || value.startsWith('{')) && jsonTooDeep(value)) {
      throw validationError(`Invalid JSON in query parameter: nested deeper than ${MAX_JSON_DEPTH} levels`, name)
    }
  }
}
