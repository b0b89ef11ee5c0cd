// The recordings list's query, read as the real service reads it: every parameter JSON-decoded when it
// can be (else kept as text), then validated against its RecordingsQuery model, which forbids fields it
// does not know. A failure is a 400 whose detail is the model's error list as JSON (pydantic's
// `errors()`: type, loc, msg, input, ctx when there is one, url), every error at once, in field order
// then unknown fields in the order sent.
//
// The fields and their types are the real model's; session-recording-list.ts says which the mock applies.
import { validationError } from '../core/drf/exceptions.ts'
import type { PropertyFilterInput } from './property-filters.ts'

/** The pydantic release the real service runs (its error links name it). */
const PYDANTIC_DOCS = 'https://errors.pydantic.dev/2.12/v/'

type FieldType =
  | 'int'
  | 'float'
  | 'str'
  | 'bool'
  | 'list'
  | 'list[str]'
  | 'dict'
  | { model: string }
  | { literal: string }
  | { enum: readonly string[] }

const RECORDING_ORDERS = [
  'duration',
  'recording_duration',
  'inactive_seconds',
  'active_seconds',
  'start_time',
  'console_error_count',
  'click_count',
  'keypress_count',
  'mouse_activity_count',
  'activity_score',
  'recording_ttl',
] as const
export type RecordingOrder = (typeof RECORDING_ORDERS)[number]

/** The real HideViewedRecordings choices (the frontend's "hide viewed" setting). */
const HIDE_VIEWED = ['current-user', 'any-user'] as const

/** The model's fields, in its order. */
const FIELDS: ReadonlyArray<[string, FieldType]> = [
  ['actions', 'list'],
  ['after', 'str'],
  ['comment_text', { model: 'RecordingPropertyFilter' }],
  ['console_log_filters', 'list'],
  ['date_from', 'str'],
  ['date_to', 'str'],
  ['distinct_ids', 'list[str]'],
  ['events', 'list'],
  ['filter_test_accounts', 'bool'],
  ['having_predicates', 'list'],
  ['hide_viewed_recordings', { enum: HIDE_VIEWED }],
  ['kind', { literal: 'RecordingsQuery' }],
  ['limit', 'int'],
  ['modifiers', { model: 'HogQLQueryModifiers' }],
  ['offset', 'int'],
  ['operand', { enum: ['AND', 'OR'] }],
  ['order', { enum: RECORDING_ORDERS }],
  ['order_direction', { enum: ['ASC', 'DESC'] }],
  ['person_uuid', 'str'],
  ['properties', 'list'],
  ['response', { model: 'RecordingsQueryResponse' }],
  ['session_ids', 'list[str]'],
  ['session_recording_id', 'str'],
  ['tags', { model: 'QueryLogTags' }],
  ['user_modified_filters', 'dict'],
]
const KNOWN = new Set(FIELDS.map(([name]) => name))
/** Parameters the real service drops before validating. */
const DROPPED = new Set(['add_events_to_property_queries', 'as_query', 'version', 'hogql_filtering'])

export interface RecordingsQuery {
  limit?: number
  offset?: number
  date_from?: string | null
  date_to?: string | null
  person_uuid?: string | null
  distinct_ids?: string[] | null
  session_ids?: string[] | null
  order?: RecordingOrder | null
  order_direction?: 'ASC' | 'DESC' | null
  hide_viewed_recordings?: (typeof HIDE_VIEWED)[number] | null
  session_recording_id?: string | null
  having_predicates?: PropertyFilterInput[] | null
}

interface PydanticError {
  type: string
  loc: Array<string | number>
  msg: string
  input: unknown
  ctx?: Record<string, unknown>
  url: string
}

const error = (
  type: string,
  loc: Array<string | number>,
  msg: string,
  input: unknown,
  ctx?: Record<string, unknown>,
): PydanticError => ({
  type,
  loc,
  msg,
  input,
  ...(ctx ? { ctx } : {}),
  url: PYDANTIC_DOCS + type,
})

/** Python's json.loads of a query value, or the text itself when it is not JSON. */
function decode(text: string): unknown {
  const t = text.trim()
  if (t === 'NaN') return Number.NaN
  if (t === 'Infinity') return Number.POSITIVE_INFINITY
  if (t === '-Infinity') return Number.NEGATIVE_INFINITY
  try {
    return JSON.parse(t)
  } catch {
    return text
  }
}

const quoted = (values: readonly string[]) => {
  const items = values.map((v) => `'${v}'`)
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`
}
const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v)
const BOOL_TEXT: Record<string, boolean> = {
  '0': false,
  off: false,
  f: false,
  false: false,
  n: false,
  no: false,
  '1': true,
  on: true,
  t: true,
  true: true,
  y: true,
  yes: true,
}

/** The simple types' checks: the error type, the noun its message names, and the test. */
const SIMPLE: Record<string, [string, string, (v: unknown) => boolean]> = {
  float: ['float_type', 'number', (v) => typeof v === 'number'],
  str: ['string_type', 'string', (v) => typeof v === 'string'],
  list: ['list_type', 'list', Array.isArray],
  dict: ['dict_type', 'dictionary', isObject],
}

/** Pydantic's lax-mode check of one value: the value it becomes, or its errors. */
function check(name: string, type: FieldType, value: unknown): { value?: unknown; errors: PydanticError[] } {
  const ok = (v: unknown = value) => ({ value: v, errors: [] })
  const fail = (kind: string, msg: string, ctx?: Record<string, unknown>) => ({
    errors: [error(kind, [name], msg, value, ctx)],
  })
  if (value === null) return ok() // every field is optional
  if (typeof type === 'object') {
    if ('literal' in type)
      return value === type.literal
        ? ok()
        : fail('literal_error', `Input should be '${type.literal}'`, { expected: `'${type.literal}'` })
    if ('enum' in type)
      return typeof value === 'string' && type.enum.includes(value)
        ? ok()
        : fail('enum', `Input should be ${quoted(type.enum)}`, { expected: quoted(type.enum) })
    return isObject(value)
      ? ok()
      : fail('model_type', `Input should be a valid dictionary or instance of ${type.model}`, {
          class_name: type.model,
        })
  }
  const simple = SIMPLE[type]
  if (simple) return simple[2](value) ? ok() : fail(simple[0], `Input should be a valid ${simple[1]}`)
  if (type === 'list[str]') {
    if (!Array.isArray(value)) return fail('list_type', 'Input should be a valid list')
    const errors = value.flatMap((item, i) =>
      typeof item === 'string' ? [] : [error('string_type', [name, i], 'Input should be a valid string', item)],
    )
    return errors.length ? { errors } : { value, errors }
  }
  if (type === 'int') {
    if (typeof value === 'boolean') return ok(value ? 1 : 0)
    if (typeof value === 'number') {
      if (Number.isInteger(value)) return ok()
      if (!Number.isFinite(value)) return fail('finite_number', 'Input should be a finite number')
      return fail('int_from_float', 'Input should be a valid integer, got a number with a fractional part')
    }
    if (typeof value !== 'string') return fail('int_type', 'Input should be a valid integer')
    const t = value.trim().replace(/_/g, '')
    return /^[+-]?\d+$/.test(t)
      ? ok(Number(t))
      : fail('int_parsing', 'Input should be a valid integer, unable to parse string as an integer')
  }
  // bool
  if (typeof value === 'boolean') return ok()
  if ((value === 0 || value === 1) && typeof value === 'number') return ok(value === 1)
  if (typeof value === 'string' && value.toLowerCase() in BOOL_TEXT) return ok(BOOL_TEXT[value.toLowerCase()])
  if (typeof value === 'string' || typeof value === 'number')
    return fail('bool_parsing', 'Input should be a valid boolean, unable to interpret input')
  return fail('bool_type', 'Input should be a valid boolean')
}

/** The query of `GET session_recordings/`, validated as the real service does; a 400 in its words otherwise. */
export function parseRecordingsQuery(search: URLSearchParams): RecordingsQuery {
  // Like Django's QueryDict.dict(): the last value of each parameter.
  const params = new Map<string, string>()
  for (const [key, value] of search) params.set(key, value)
  const errors: PydanticError[] = []
  const out: Record<string, unknown> = {}
  for (const [name, type] of FIELDS) {
    if (!params.has(name)) continue
    const result = check(name, type, decode(params.get(name)!))
    errors.push(...result.errors)
    if (result.errors.length === 0) out[name] = result.value
  }
  for (const [name, text] of params) {
    if (!KNOWN.has(name) && !DROPPED.has(name))
      errors.push(error('extra_forbidden', [name], 'Extra inputs are not permitted', decode(text)))
  }
  if (errors.length) throw validationError(pythonJson(errors))
  return out as RecordingsQuery
}

/** JSON as Python's json.dumps writes it: `, ` and `: ` separators, non-ASCII escaped, NaN and Infinity bare. */
function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  // (NaN, Infinity and -Infinity bare, as String writes them.)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'string')
    return JSON.stringify(value).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${pythonJson(k)}: ${pythonJson(v)}`)
    .join(', ')}}`
}
