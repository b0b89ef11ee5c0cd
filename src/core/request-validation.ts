// Request validation with openapi-backend's precompiled ajv validators, fed directly: the path params
// come from our route table and the query from URLSearchParams, so the per-request work is one
// validator call (openapi-backend's own validateRequest re-parses the request with lodash and
// recompiles the path template on every call).
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { Contract, OperationInfo } from './contract.ts'

interface QueryParamSpec {
  name: string
  /** `content: application/json` parameters arrive JSON-encoded. */
  json: boolean
  array: boolean
}

export interface RequestInput {
  params: Record<string, string>
  searchParams: URLSearchParams
  headers: Record<string, string | undefined>
  body: unknown
}

export type RequestValidation =
  | { valid: true; query: Record<string, unknown> }
  | { valid: false; errors: ErrorObject[]; input: Record<string, unknown> }

export function createRequestValidator(contract: Contract) {
  const specs = new Map<string, { query: QueryParamSpec[]; validators: ValidateFunction[]; hasBody: boolean }>()
  for (const op of contract.operations) {
    const parameters = (op.operation.parameters ?? []) as Array<Record<string, any>>
    specs.set(op.operationId, {
      query: parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, json: Boolean(p.content?.['application/json']), array: p.schema?.type === 'array' })),
      validators: contract.api.validator.getRequestValidatorsForOperation(op.operationId) ?? [],
      hasBody: Boolean(op.operation.requestBody),
    })
  }

  return function validate(op: OperationInfo, input: RequestInput): RequestValidation {
    const spec = specs.get(op.operationId)!
    const query: Record<string, unknown> = {}
    const errors: ErrorObject[] = []
    for (const param of spec.query) {
      const values = input.searchParams.getAll(param.name)
      if (values.length === 0) continue
      // Like Django's QueryDict.get: the last value wins for single-valued parameters.
      const raw = values[values.length - 1]!
      if (param.json) {
        try {
          query[param.name] = JSON.parse(raw)
        } catch (e) {
          errors.push({
            keyword: 'parse',
            instancePath: `/query/${param.name}`,
            schemaPath: `#/parameters/${param.name}`,
            params: {},
            message: (e as Error).message,
          })
        }
      } else query[param.name] = param.array ? values : raw
    }
    const combined: Record<string, unknown> = {
      path: { ...input.params },
      query,
      header: input.headers,
      cookie: {},
    }
    if (spec.hasBody) combined.requestBody = input.body === undefined ? {} : input.body
    if (errors.length) return { valid: false, errors, input: combined }
    for (const validator of spec.validators) {
      if (!validator(combined)) return { valid: false, errors: validator.errors ?? [], input: combined }
    }
    return { valid: true, query: combined.query as Record<string, unknown> }
  }
}
