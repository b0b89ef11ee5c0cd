// What validating a request means here, in the real service's order: the body's serializer fields
// first (core/drf/fields.ts, from the contract's x-drf entries: DRF coerces, trims and refuses in its own
// words), then the contract's schemas over the query, path and the validated body, with openapi-backend's
// ajv validators (compiled per operation on first use), fed directly: the path params come from our route
// table and the query from URLSearchParams, so the per-request work is one validator call.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import ajvFormats from 'ajv-formats'
import type { Contract, OperationInfo } from './contract.ts'
import { runSerializer, serializerOf, type Serializer } from './drf/fields.ts'

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

function jsonParamAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false })
  const addFormats = ((ajvFormats as any).default ?? ajvFormats) as (a: Ajv, o: object) => void
  addFormats(ajv, { mode: 'fast' })
  return ajv
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

export function createRequestValidator(contract: Contract) {
  let ajv: Ajv | undefined
  // Each operation's validators are compiled when it is first asked for, not all up front: compiling
  // the ~40 operations' validators (ajv code generation) was ~40% of the CLI's start-up, and most runs
  // answer a few operations. A schema that does not compile fails that operation's first request (a 500
  // naming it), and the contract's tests compile every one.
  const specs = new Map<string, OperationSpec>()
  const specOf = (op: OperationInfo): OperationSpec => {
    let spec = specs.get(op.operationId)
    if (spec) return spec
    const parameters = (op.operation.parameters ?? []) as Array<Record<string, any>>
    spec = {
      query: parameters
        .filter((p) => p.in === 'query')
        .map((p) => {
          const jsonSchema = p.content?.['application/json']?.schema
          return {
            name: p.name,
            lenient: p['x-lenient'] === true,
            json: jsonSchema ? (ajv ??= jsonParamAjv()).compile(jsonSchema) : null,
            array: p.schema?.type === 'array',
          }
        }),
      validators: contract.api.validator.getRequestValidatorsForOperation(op.operationId) ?? [],
      hasBody: Boolean(op.operation.requestBody) && !op.bodyUnread,
      serializer: op.bodyUnread ? null : serializerOf(bodySchema(op)),
    }
    specs.set(op.operationId, spec)
    return spec
  }

  const NO_PARAMS: QueryParamSpec[] = []
  return function validate(op: OperationInfo, input: RequestInput): RequestValidation {
    const spec = specOf(op)
    // The serializer's fields before anything else (their 400 is the first error; DRF parses the body first).
    const body = spec.serializer
      ? runSerializer(spec.serializer, input.body ?? {}, { partial: op.method === 'PATCH', text: input.text })
      : input.body
    const query: Record<string, unknown> = {}
    let jsonValues: Record<string, unknown> | undefined
    let lenient: Record<string, unknown> | undefined
    const combined: Record<string, unknown> = {
      path: { ...input.params },
      query,
      header: input.headers,
      cookie: {},
    }
    // No body is validated as an empty object, as the real service reads one (its own 400s follow);
    // a body the contract requires is then refused by its schema (required fields, minProperties).
    if (spec.hasBody) combined.requestBody = body === undefined ? {} : body
    const fail = (errors: ErrorObject[]): RequestValidation => failure(errors, combined, query, jsonValues)
    // (No query string, nothing to look up: most writes.)
    for (const param of input.searchParams.size === 0 ? NO_PARAMS : spec.query) {
      const values = input.searchParams.getAll(param.name)
      if (values.length === 0) continue
      // Like Django's QueryDict.get: the last value wins for single-valued parameters.
      const raw = values[values.length - 1]!
      if (param.lenient) {
        ;(lenient ??= {})[param.name] = raw
        continue
      }
      if (!param.json) {
        query[param.name] = param.array ? values : raw
        continue
      }
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch (e) {
        const message = (e as Error).message
        return fail([
          {
            keyword: 'parse',
            instancePath: `/query/${param.name}`,
            schemaPath: `#/parameters/${param.name}`,
            params: {},
            message,
          },
        ])
      }
      ;(jsonValues ??= {})[param.name] = value
      if (!param.json(value)) {
        return fail(
          (param.json.errors ?? []).map((e) => ({ ...e, instancePath: `/query/${param.name}${e.instancePath}` })),
        )
      }
    }
    for (const validator of spec.validators) {
      if (!validator(combined)) return fail(validator.errors ?? [])
    }
    return { valid: true, query: jsonValues || lenient ? { ...query, ...jsonValues, ...lenient } : query, body }
  }
}

/** The operation's JSON request body schema (dereferenced). */
const bodySchema = (op: OperationInfo) => (op.operation.requestBody as any)?.content?.['application/json']?.schema

/** A refusal, with what was validated (the query as read, JSON values parsed) for the error's words. */
function failure(
  errors: ErrorObject[],
  combined: Record<string, unknown>,
  query: Record<string, unknown>,
  jsonValues: Record<string, unknown> | undefined,
): RequestValidation {
  return { valid: false, errors, input: { ...combined, query: { ...query, ...jsonValues } } }
}
