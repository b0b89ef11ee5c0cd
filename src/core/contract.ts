// Loads the contract once: dereferences it through openapi-backend, compiles every request and response
// validator up front (ajv + ajv-formats), and lists each operation with the facts the pipeline needs.
import type { ValidateFunction } from 'ajv'
import ajvFormats from 'ajv-formats'
import { OpenAPIBackend, OpenAPIValidator, ValidationContext, type Operation } from 'openapi-backend'
import { document } from '../contract/document.gen.ts'

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const

export interface OperationInfo {
  operationId: string
  method: string // upper-case
  /** Canonical path template from the contract, e.g. /api/environments/{project_id}/persons/{id}/ */
  path: string
  /** The same template under every alias prefix (x-path-aliases), canonical first. */
  templates: string[]
  /** Scopes the operation needs; [] = any valid key; null = no key at all (security: []). */
  scopes: string[] | null
  tags: string[]
  /** status -> media types documented (empty array: no body) */
  responses: Map<number, string[]>
  /** status -> validators of the application/json body */
  responseValidators: Map<number, BodyValidator>
  operation: Operation
}

export interface Contract {
  api: OpenAPIBackend
  operations: OperationInfo[]
  byId: Map<string, OperationInfo>
  document: typeof document
}

/**
 * A response body's validator; for a list envelope (`results: [...]`) also the envelope alone and one
 * item, so items already known valid need not be validated again (see response-validation.ts).
 */
export interface BodyValidator {
  validate: ValidateFunction
  envelope?: ValidateFunction
  item?: ValidateFunction
}

let cached: Contract | undefined

/** The contract is immutable, so every app in a process shares one compiled copy. */
export function loadContract(): Contract {
  if (cached) return cached
  // One ajv instance per kind of validator: openapi-backend makes a new one for every validator, and
  // each new instance compiles the JSON Schema meta-schema again to check the schemas it is given.
  const ajvs = new Map<string, ReturnType<OpenAPIValidator['getAjv']>>()
  const api = new OpenAPIBackend({
    definition: structuredClone(document) as any,
    quick: true, // sync dereference; validators are compiled below, once
    validate: true,
    coerceTypes: true,
    ignoreTrailingSlashes: false,
    customizeAjv: (ajv, ajvOptions, context) => {
      const key = `${context} ${JSON.stringify(ajvOptions)}`
      const shared = ajvs.get(key)
      if (shared) return shared
      // CommonJS default export seen through ESM: the plugin is the module's `default`.
      const addFormats = ((ajvFormats as any).default ?? ajvFormats) as (a: typeof ajv, o: object) => void
      // "fast" mode: the formats' simpler regular expressions (full mode parses every date-time).
      addFormats(ajv, { mode: 'fast' })
      ajvs.set(key, ajv)
      return ajv
    },
  })
  api.init()
  api.validator.preCompileRequestValidators()
  // Response validators, by status, compiled once per distinct schema: after dereferencing, the
  // contract's 168 JSON response schemas are 20 objects (most are the shared Error). openapi-backend's
  // preCompileResponseValidators compiled each of them, plus a oneOf of them all per operation that
  // nothing here uses.
  const responseAjv = api.validator.getAjv(ValidationContext.Response)
  const compiled = new Map<object, ValidateFunction>()
  const compile = (schema: object): ValidateFunction => {
    let validate = compiled.get(schema)
    // openapi-backend's own compile step (it replaces reference cycles with $refs first); private in its types.
    if (!validate) compiled.set(schema, (validate = (OpenAPIValidator as any).compileSchema(responseAjv, schema) as ValidateFunction))
    return validate
  }
  const bodyValidators = new Map<object, BodyValidator>()
  const responseValidator = (schema: any): BodyValidator => {
    let body = bodyValidators.get(schema)
    if (body) return body
    body = { validate: compile(schema) }
    const results = schema.type === 'object' ? schema.properties?.results : undefined
    if (results?.type === 'array' && results.items && typeof results.items === 'object' && Object.keys(results).length === 2) {
      body.envelope = compile({ ...schema, properties: { ...schema.properties, results: { type: 'array' } } })
      body.item = compile(results.items)
    }
    bodyValidators.set(schema, body)
    return body
  }

  const aliases = ((document as any)['x-path-aliases'] ?? []) as Array<{ from: string; to: string }>
  const operations: OperationInfo[] = api.router.getOperations().map((operation) => {
    const templates = [operation.path]
    for (const alias of aliases) {
      if (operation.path.startsWith(alias.from)) templates.push(alias.to + operation.path.slice(alias.from.length))
    }
    const security = (operation.security ?? (document as any).security ?? []) as Array<Record<string, string[]>>
    const scopes = security.length === 0 ? null : security.flatMap((req) => Object.values(req).flat())
    const responses = new Map<number, string[]>()
    const responseValidators = new Map<number, BodyValidator>()
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const content = (response as any).content ?? {}
      responses.set(Number(status), Object.keys(content))
      const schema = content['application/json']?.schema
      if (schema) responseValidators.set(Number(status), responseValidator(schema))
    }
    return {
      operationId: operation.operationId!,
      method: operation.method.toUpperCase(),
      path: operation.path,
      templates,
      scopes,
      tags: operation.tags ?? [],
      responses,
      responseValidators,
      operation,
    }
  })
  cached = { api, operations, byId: new Map(operations.map((op) => [op.operationId, op])), document }
  return cached
}
