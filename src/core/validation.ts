// Validation against the contract, both ways. A request, in the real service's order: the body's
// serializer fields first (core/drf/fields.ts, from the contract's x-drf entries: DRF coerces, trims and
// refuses in its own words), then the contract's schemas over the query, path and the validated body,
// with openapi-backend's request validators (compiled ahead of time: validators.gen.ts), fed directly: the path
// params come from the route and the query from URLSearchParams, so the per-request work is one
// validator call. A schema's refusal is worded as DRF's fields word theirs (drf-exceptions-hog renders
// the first error only, `attr` the field path joined with "__"). An answer: its status, media type and
// body as the contract documents them (a violation is the pipeline's loud 500).
import type { ErrorObject, ValidateFunction } from 'ajv'
import { queryValidators, requestValidators } from '../contract/validators.gen.ts'
import type { OperationInfo, OperationView } from './contract.ts'
import { validationErrors, type ApiError, type FieldError } from './drf/exceptions.ts'
import { runSerializer, serializerOf, type Serializer } from './drf/fields.ts'
import type { MockResponse } from './http.ts'

interface QueryParamSpec {
  name: string
  /** `x-lenient`: passed to the handler as sent (the last value), not validated or coerced here. */
  lenient: boolean
  /**
   * `content: application/json` parameters arrive JSON-encoded. They are validated on their own, without
   * the type coercion plain query strings need (coercion would quietly turn a number into a string).
   */
  json: ValidateFunction | null
  array: boolean
}

export interface RequestInput {
  params: Record<string, string>
  searchParams: URLSearchParams
  headers: Record<string, string | undefined>
  body: unknown
  /** The body's JSON text (for the fields' reading of numbers). */
  text?: string
}

export type RequestValidation =
  /** `body`: the body as the handler reads it (the serializer's validated data where the contract declares fields). */
  | { valid: true; query: Record<string, unknown>; body: unknown }
  | { valid: false; errors: ErrorObject[]; input: Record<string, unknown> }

interface OperationSpec {
  query: QueryParamSpec[]
  validators: ValidateFunction[]
  hasBody: boolean
  serializer: Serializer | null
}

/** An operation's parameters and validators, read when it is first asked for. */
function specOf(op: OperationInfo): OperationSpec {
  const parameters = (op.operation.parameters ?? []) as Array<Record<string, any>>
  return {
    query: parameters
      .filter((p) => p.in === 'query')
      .map((p) => ({
        name: p.name,
        lenient: p['x-lenient'] === true,
        json: queryValidators[op.operationId]?.[p.name] ?? null,
        array: p.schema?.type === 'array',
      })),
    validators: requestValidators[op.operationId] ?? [],
    hasBody: Boolean(op.operation.requestBody) && !op.bodyUnread,
    serializer: op.bodyUnread ? null : serializerOf(bodySchema(op)),
  }
}

const NO_PARAMS: QueryParamSpec[] = []

interface QueryRead {
  query: Record<string, unknown>
  jsonValues?: Record<string, unknown>
  lenient?: Record<string, unknown>
  errors?: ErrorObject[]
}

/** The query as the view reads it: the last value of each, lists whole, JSON parameters parsed and checked. */
function readQuery(spec: OperationSpec, searchParams: URLSearchParams): QueryRead {
  const read: QueryRead = { query: {} }
  // (No query string, nothing to look up: most writes.)
  for (const param of searchParams.size === 0 ? NO_PARAMS : spec.query) {
    const values = searchParams.getAll(param.name)
    if (values.length === 0) continue
    // Like Django's QueryDict.get: the last value wins for single-valued parameters.
    const raw = values[values.length - 1]!
    if (param.lenient) (read.lenient ??= {})[param.name] = raw
    else if (!param.json) read.query[param.name] = param.array ? values : raw
    else {
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch (e) {
        const at = { instancePath: `/query/${param.name}`, schemaPath: `#/parameters/${param.name}`, params: {} }
        return { ...read, errors: [{ keyword: 'parse', ...at, message: (e as Error).message }] }
      }
      ;(read.jsonValues ??= {})[param.name] = value
      if (!param.json(value)) {
        const errors = param.json.errors ?? []
        return { ...read, errors: errors.map((e) => ({ ...e, instancePath: `/query/${param.name}${e.instancePath}` })) }
      }
    }
  }
  return read
}

export function createRequestValidator() {
  // Each operation's spec is read when it is first asked for (its serializer made), not all up front.
  const specs = new Map<string, OperationSpec>()
  return function validate(op: OperationInfo, input: RequestInput): RequestValidation {
    let spec = specs.get(op.operationId)
    if (!spec) specs.set(op.operationId, (spec = specOf(op)))
    // The serializer's fields before anything else (their 400 is the first error; DRF parses the body first).
    const body = spec.serializer
      ? runSerializer(spec.serializer, input.body ?? {}, { partial: op.method === 'PATCH', text: input.text })
      : input.body
    const read = readQuery(spec, input.searchParams)
    const combined: Record<string, unknown> = {
      path: { ...input.params },
      query: read.query,
      header: input.headers,
      cookie: {},
    }
    // No body is validated as an empty object, as the real service reads one (its own 400s follow);
    // a body the contract requires is then refused by its schema (required fields, minProperties).
    if (spec.hasBody) combined.requestBody = body === undefined ? {} : body
    const fail = (errors: ErrorObject[]): RequestValidation => ({
      valid: false,
      errors,
      input: { ...combined, query: { ...read.query, ...read.jsonValues } },
    })
    if (read.errors) return fail(read.errors)
    for (const validator of spec.validators) {
      if (!validator(combined)) return fail(validator.errors ?? [])
    }
    const query = read.jsonValues || read.lenient ? { ...read.query, ...read.jsonValues, ...read.lenient } : read.query
    return { valid: true, query, body }
  }
}

/** The operation's JSON request body schema (dereferenced). */
const bodySchema = (op: OperationInfo) => (op.operation.requestBody as any)?.content?.['application/json']?.schema

// Schema errors in DRF's words.

const typeMessages: Record<string, string> = {
  integer: 'A valid integer is required.',
  number: 'A valid number is required.',
  boolean: 'Must be a valid boolean.',
  string: 'Not a valid string.',
}

function jsonTypeName(value: unknown): string {
  if (value === null) return 'NoneType'
  if (Array.isArray(value)) return 'list'
  if (typeof value === 'object') return 'dict'
  if (typeof value === 'string') return 'str'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float'
  return typeof value
}

function valueAt(root: unknown, pointer: string): unknown {
  let node: any = root
  for (const part of pointer.split('/').slice(1)) {
    if (node == null) return undefined
    // Query parameters declared with content: application/json arrive as their raw JSON text.
    if (typeof node === 'string') {
      try {
        node = JSON.parse(node)
      } catch {
        return undefined
      }
    }
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return node
}

/** A combinator's summary of the errors beneath it, which names no field of its own. */
const SUMMARIES = new Set(['oneOf', 'anyOf', 'if'])

/**
 * The request's schema errors as the ValidationError DRF's fields would raise, answered by the exception
 * handler (drf/exceptions.ts, which shows the first).
 * @param errors ajv errors for the combined {path, query, header, cookie, requestBody} object
 * @param input  that combined object, to quote the offending value
 */
export function requestValidationError(errors: ErrorObject[], input: unknown): ApiError {
  const fields = errors.filter((e) => !SUMMARIES.has(e.keyword))
  return validationErrors((fields.length ? fields : errors).map((e) => fieldError(e, input)))
}

type Raise = (message: string, code?: string) => FieldError

/** One schema error as the field's error: its field path, DRF's message and code. */
function fieldError(e: ErrorObject, input: unknown): FieldError {
  const segments = e.instancePath.split('/').slice(1)
  const location = segments.shift() // requestBody | query | path | header
  const path = e.keyword === 'required' ? [...segments, String(e.params.missingProperty)] : segments
  const value = valueAt(input, e.instancePath)
  const raise: Raise = (message, code = 'invalid') => ({ path, message, code })
  if (e.keyword === 'parse') return raise(`Invalid JSON in query parameter: ${e.message}`)
  // DRF refuses null for a field that does not allow it before looking at its type or choices
  // (rest_framework/fields.py: Field.validate_empty_values, default_error_messages 'null').
  const inBody = location === 'requestBody'
  if (value === null && inBody && segments.length > 0 && (e.keyword === 'type' || e.keyword === 'enum')) {
    return raise('This field may not be null.', 'null')
  }
  if (e.keyword === 'type') return typeError(e, value, raise, inBody && segments.length === 0)
  return keywordError(e, value, raise)
}

/** DRF's words for a value of the wrong type (`whole`: the body itself). */
function typeError(e: ErrorObject, value: unknown, raise: Raise, whole: boolean): FieldError {
  const expected = String(e.params.type).split(',')
  if (whole) return raise(`Invalid data. Expected a dictionary, but got ${jsonTypeName(value)}.`)
  if (expected.includes('object')) return raise(`Expected a dictionary of items but got type "${jsonTypeName(value)}".`)
  if (expected.includes('array')) return raise(`Expected a list of items but got type "${jsonTypeName(value)}".`)
  return raise(typeMessages[expected[0]!] ?? `Invalid value: ${e.message}.`)
}

/** DRF's words for the other keywords a schema refuses with. */
function keywordError(e: ErrorObject, value: unknown, raise: Raise): FieldError {
  const limit = e.params.limit
  switch (e.keyword) {
    case 'required':
      return raise('This field is required.', 'required')
    case 'enum': {
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
      return raise(`"${text}" is not a valid choice.`, 'invalid_choice')
    }
    case 'maxLength':
      return raise(`Ensure this field has no more than ${limit} characters.`, 'max_length')
    case 'minLength':
      return limit === 1
        ? raise('This field may not be blank.', 'blank')
        : raise(`Ensure this field has at least ${limit} characters.`, 'min_length')
    case 'minimum':
      return raise(`Ensure this value is greater than or equal to ${limit}.`, 'min_value')
    case 'maximum':
      return raise(`Ensure this value is less than or equal to ${limit}.`, 'max_value')
    case 'format':
      if (e.params.format === 'date-time') {
        return raise(
          'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
        )
      }
      return raise(`Enter a valid ${e.params.format}.`)
    case 'minProperties':
      return raise(`Give at least ${limit} of the fields.`, 'required')
    default:
      return raise(`Invalid value: ${e.message ?? e.keyword}.`)
  }
}

// Answers.

export interface ContractViolation {
  operationId: string
  status: number
  message: string
}

export function checkResponse(op: OperationView, res: MockResponse): ContractViolation | null {
  const fail = (message: string): ContractViolation => ({ operationId: op.operationId, status: res.status, message })
  const mediaTypes = op.responses.get(res.status)
  if (!mediaTypes) return fail(`status ${res.status} is not documented for ${op.operationId}`)
  const contentType = res.json !== undefined ? 'application/json' : res.headers['content-type']?.split(';')[0]?.trim()
  if (mediaTypes.length === 0) {
    if (res.json !== undefined || (res.text !== undefined && res.text !== '') || contentType) {
      return fail(
        `status ${res.status} is documented without a body, but the response has one (${contentType ?? 'no content type'})`,
      )
    }
    return null
  }
  if (!contentType || !mediaTypes.includes(contentType)) {
    return fail(
      `content type ${contentType ?? '(none)'} is not documented for status ${res.status} (documented: ${mediaTypes.join(', ')})`,
    )
  }
  const validate = contentType === 'application/json' ? op.responseValidators.get(res.status) : undefined
  if (!validate || validate(res.json)) return null
  const first = validate.errors![0]!
  const params = first.params && Object.keys(first.params).length ? ' ' + JSON.stringify(first.params) : ''
  return fail(`${first.instancePath || '(root)'} ${first.message}${params}`)
}
