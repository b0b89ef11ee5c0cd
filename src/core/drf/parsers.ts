// Django REST framework's default parsers (rest_framework/parsers.py JSONParser, FormParser,
// MultiPartParser; the real viewsets set no parser list) and how a request picks one
// (rest_framework/negotiation.py DefaultContentNegotiation.select_parser, rest_framework/utils/mediatypes.py
// media_type_matches: the first parser whose media type the Content-Type matches, `*` matching anything).
// What none of them parses is a 415 (rest_framework/request.py Request._parse); a parser's failure is
// a 400 parse_error in its words:
// - JSON: strict UTF-8 (core/utf8.ts), then Python's json module (3.13) as DRF calls it, strict (NaN and
//   Infinity refused): `JSON parse error - <what>: line L column C (char N)`;
// - form data: Django's QueryDict (parse_qsl: `&`-separated, `+` a space, %-escapes as UTF-8 with
//   replacement, every value kept, a bare name an empty value);
// - multipart: Django's MultiPartParser (fields by Content-Disposition name; a part with a filename is an
//   UploadedFile), `Multipart form parse error - Invalid boundary in multipart: <boundary>` when the
//   boundary is missing or malformed.
// Form input is marked (isHtmlInput) so the serializer fields read it as DRF reads HTML input.
import { ApiError, parseError, validationError } from './exceptions.ts'
import { SAFE_METHODS } from '../http.ts'
import { jsonTooDeep, MAX_JSON_DEPTH } from '../json-depth.ts'
import { decodeUtf8, Utf8Error } from '../utf8.ts'

export type ParserName = 'json' | 'form' | 'multipart'
const MEDIA_TYPES: Record<ParserName, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
}
/** DRF's DEFAULT_PARSER_CLASSES, in their order. */
export const DRF_PARSERS: readonly ParserName[] = ['json', 'form', 'multipart']

/** media_type_matches(parser's type, the request's Content-Type): main and sub type equal, or `*`. */
function matches(parserType: string, contentType: string): boolean {
  const [main = '', sub = ''] = contentType.split(';')[0]!.trim().toLowerCase().split('/')
  const [pMain, pSub] = parserType.split('/') as [string, string]
  return (sub === '*' || sub === pSub) && (main === '*' || main === pMain)
}

/** The parser a Content-Type selects among `parsers`, or undefined (a 415). */
export const selectParser = (parsers: readonly ParserName[], contentType: string): ParserName | undefined =>
  parsers.find((name) => matches(MEDIA_TYPES[name], contentType))

/** DRF's answer to a body in a media type it has no parser for (the Content-Type as sent). */
const unsupportedMediaType = (contentType: string) =>
  new ApiError(415, 'invalid_request', 'unsupported_media_type', `Unsupported media type "${contentType}" in request.`)

const HTML_INPUT = Symbol('html input')

/** Whether a parsed body is form input (a QueryDict in DRF: its fields read it as HTML input). */
export const isHtmlInput = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as Record<symbol, unknown>)[HTML_INPUT] === true

/** A QueryDict as the handlers see it: each name's last value (QueryDict.__getitem__), marked as form input. */
function queryDict(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of entries) out[k] = v
  Object.defineProperty(out, HTML_INPUT, { value: true })
  return out
}

/** A file part of a multipart body (request.data holds it beside the fields). */
export class UploadedFile {
  constructor(
    readonly name: string,
    readonly contentType: string,
    readonly size: number,
  ) {}
}

/** `text`: a JSON body's text; `source`: the text a form or multipart body was read from. */
export type Parsed =
  { body: unknown; text?: string; source?: string } | { error: ApiError; text?: string; source?: string }

/** The body as the selected parser reads it. `raw` is not empty. */
export function parseWith(parser: ParserName, raw: string | Uint8Array, contentType: string): Parsed {
  if (parser === 'json') return parseJson(raw)
  const text = typeof raw === 'string' ? raw : latin1OrUtf8(raw)
  if (parser === 'form') return { body: queryDict(parseQsl(text)), source: text }
  return { ...parseMultipart(text, contentType), source: text }
}

/** JSONParser.parse. */
function parseJson(raw: string | Uint8Array): Parsed {
  let text: string
  try {
    text = typeof raw === 'string' ? raw : decodeUtf8(raw)
  } catch (e) {
    if (!(e instanceof Utf8Error)) throw e
    return { error: parseError(`JSON parse error - ${e.message}`) }
  }
  if (jsonTooDeep(text))
    return { text, error: parseError(`JSON parse error - nested deeper than ${MAX_JSON_DEPTH} levels`) }
  try {
    return { text, body: JSON.parse(text) }
  } catch (e) {
    return { text, error: parseError(`JSON parse error - ${pythonJsonError(text) ?? (e as Error).message}`) }
  }
}

/** QueryDict's decoding of a body: UTF-8, or ISO-8859-1 for bytes that are not. */
function latin1OrUtf8(bytes: Uint8Array): string {
  try {
    return decodeUtf8(bytes)
  } catch {
    return new TextDecoder('latin1').decode(bytes)
  }
}

const lenientUtf8 = new TextDecoder('utf-8')

/** Python's unquote_plus: `+` a space, %XX escapes as UTF-8 bytes (invalid ones U+FFFD). */
function unquotePlus(text: string): string {
  const s = text.replace(/\+/g, ' ')
  if (!s.includes('%')) return s
  return s.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) =>
    lenientUtf8.decode(Uint8Array.from(run.slice(1).split('%'), (h) => parseInt(h, 16))),
  )
}

/** urllib.parse.parse_qsl(keep_blank_values=True): `&`-separated pairs, a name without `=` an empty value. */
export function parseQsl(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (const piece of text.split('&')) {
    if (piece === '') continue
    const eq = piece.indexOf('=')
    out.push(eq === -1 ? [unquotePlus(piece), ''] : [unquotePlus(piece.slice(0, eq)), unquotePlus(piece.slice(eq + 1))])
  }
  return out
}

const BOUNDARY = /^[ -~]{0,200}[!-~]$/

/** The value of a header parameter (`boundary=...`, `name="..."`), unquoted. */
function headerParam(header: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(header)
  if (!m) return undefined
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!.trim()
}

/** Django's MultiPartParser, leniently: the named parts between the boundaries, files as UploadedFile. */
function parseMultipart(text: string, contentType: string): Parsed {
  const boundary = headerParam(contentType, 'boundary')
  if (!boundary || !BOUNDARY.test(boundary))
    return { error: parseError(`Multipart form parse error - Invalid boundary in multipart: ${boundary ?? 'None'}`) }
  const entries: Array<[string, unknown]> = []
  for (const part of text.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break
    const blank = /\r?\n\r?\n/.exec(part)
    if (!blank) continue
    const headers = part.slice(0, blank.index)
    const data = part.slice(blank.index + blank[0].length).replace(/\r?\n$/, '')
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? ''
    const name = headerParam(disposition, 'name')
    if (name === undefined) continue
    const filename = headerParam(disposition, 'filename')
    const type = /^content-type:(.*)$/im.exec(headers)?.[1]?.trim() ?? 'text/plain'
    entries.push([
      name,
      filename === undefined ? data : new UploadedFile(filename, type, new TextEncoder().encode(data).length),
    ])
  }
  return { body: queryDict(entries) }
}

// JSONParser's words: why a JSON text does not parse, as Python's json module says it (`<what>: line L
// column C (char N)`, the first problem a left-to-right scan meets), and DRF's own message for NaN and
// Infinity. Null when the text parses (JSON.parse decides that; this only words it).

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/

class Failure extends Error {
  constructor(
    readonly what: string,
    readonly at: number,
  ) {
    super(what)
  }
}

/** `what: line L column C (char N)`, Python's JSONDecodeError text. */
function located(text: string, what: string, at: number): string {
  const line = text.slice(0, at).split('\n').length
  const column = at - text.lastIndexOf('\n', at - 1)
  return `${what}: line ${line} column ${column} (char ${at})`
}

export function pythonJsonError(text: string): string | null {
  try {
    if (text.startsWith('\ufeff')) throw new Failure('Unexpected UTF-8 BOM (decode using utf-8-sig)', 0)
    const scan = new Scan(text)
    scan.value()
    scan.skip()
    if (scan.i < text.length) throw new Failure('Extra data', scan.i)
    return null
  } catch (error) {
    if (!(error instanceof Failure)) throw error
    return error.at < 0 ? error.what : located(text, error.what, error.at)
  }
}

/** A left-to-right scan of a JSON text that throws a Failure at the first problem, as Python's decoder. */
class Scan {
  i = 0
  constructor(readonly text: string) {}

  skip(): void {
    while (this.i < this.text.length && WHITESPACE.has(this.text[this.i]!)) this.i++
  }

  value(): void {
    this.skip()
    const { text, i } = this
    const ch = text[i]
    if (ch === '"') return this.string()
    if (ch === '{') return this.object()
    if (ch === '[') return this.sequence(']', 'array', () => this.value())
    for (const constant of ['NaN', 'Infinity', '-Infinity']) {
      if (text.startsWith(constant, i))
        throw new Failure(`Out of range float values are not JSON compliant: '${constant}'`, -1)
    }
    for (const literal of ['null', 'true', 'false']) {
      if (text.startsWith(literal, i)) {
        this.i += literal.length
        return
      }
    }
    const m = NUMBER.exec(text.slice(i))
    if (!m) throw new Failure('Expecting value', i)
    this.i += m[0].length
  }

  string(): void {
    const { text } = this
    const start = this.i
    this.i++ // the opening quote
    for (;;) {
      if (this.i >= text.length) throw new Failure('Unterminated string starting at', start)
      const ch = text[this.i]!
      if (ch === '"') {
        this.i++
        return
      }
      if (ch === '\\') this.escape(start)
      else if (ch.charCodeAt(0) < 0x20) throw new Failure('Invalid control character at', this.i)
      else this.i++
    }
  }

  escape(start: number): void {
    const next = this.text[this.i + 1]
    if (next === undefined) throw new Failure('Unterminated string starting at', start)
    if (next === 'u') {
      if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 2, this.i + 6)))
        throw new Failure('Invalid \\uXXXX escape', this.i + 1)
      this.i += 6
    } else if ('"\\/bfnrt'.includes(next)) this.i += 2
    else throw new Failure('Invalid \\escape', this.i)
  }

  /** An object or an array: members between the brackets, separated by commas, none after the last. */
  sequence(close: '}' | ']', kind: 'object' | 'array', member: () => void): void {
    this.i++
    this.skip()
    if (this.text[this.i] === close) {
      this.i++
      return
    }
    for (;;) {
      member()
      this.skip()
      if (this.text[this.i] === close) {
        this.i++
        return
      }
      if (this.text[this.i] !== ',') throw new Failure("Expecting ',' delimiter", this.i)
      const comma = this.i
      this.i++
      this.skip()
      if (this.text[this.i] === close) throw new Failure(`Illegal trailing comma before end of ${kind}`, comma)
    }
  }

  object(): void {
    this.sequence('}', 'object', () => {
      if (this.text[this.i] !== '"') throw new Failure('Expecting property name enclosed in double quotes', this.i)
      this.string()
      this.skip()
      if (this.text[this.i] !== ':') throw new Failure("Expecting ':' delimiter", this.i)
      this.i++
      this.value()
    })
  }
}

// Reading the request's body
//
// Reading a request's body and JSON query values before anything else looks at them: the size limit
// (413), the parser its media type selects (core/drf/parsers.ts: 400 parse_error, 415), the nesting limit
// and null characters (400). Errors are returned, not thrown, because authentication and the scope
// check answer first.

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
  return text.length === 0 || (LEADING_SPACE.test(text[0]!) && text.trim() === '')
}

const LEADING_SPACE = /\s/

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
