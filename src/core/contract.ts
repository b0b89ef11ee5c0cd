// Loads the contract once: dereferences it through openapi-backend, compiles every request and response
// validator up front (ajv + ajv-formats), and lists each operation with the facts the pipeline needs.
import ajvFormats from 'ajv-formats'
import { OpenAPIBackend, type Operation } from 'openapi-backend'
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
  operation: Operation
}

export interface Contract {
  api: OpenAPIBackend
  operations: OperationInfo[]
  byId: Map<string, OperationInfo>
  document: typeof document
}

let cached: Contract | undefined

/** The contract is immutable, so every app in a process shares one compiled copy. */
export function loadContract(): Contract {
  if (cached) return cached
  const api = new OpenAPIBackend({
    definition: structuredClone(document) as any,
    quick: true, // sync dereference; validators are compiled below, once
    validate: true,
    coerceTypes: true,
    ignoreTrailingSlashes: false,
    customizeAjv: (ajv) => {
      // CommonJS default export seen through ESM: the plugin is the module's `default`.
      const addFormats = ((ajvFormats as any).default ?? ajvFormats) as (a: typeof ajv, o: object) => void
      // "fast" mode: the formats' simpler regular expressions (full mode parses every date-time).
      addFormats(ajv, { mode: 'fast' })
      return ajv
    },
  })
  api.init()
  api.validator.preCompileRequestValidators()
  api.validator.preCompileResponseValidators()

  const aliases = ((document as any)['x-path-aliases'] ?? []) as Array<{ from: string; to: string }>
  const operations: OperationInfo[] = api.router.getOperations().map((operation) => {
    const templates = [operation.path]
    for (const alias of aliases) {
      if (operation.path.startsWith(alias.from)) templates.push(alias.to + operation.path.slice(alias.from.length))
    }
    const security = (operation.security ?? (document as any).security ?? []) as Array<Record<string, string[]>>
    const scopes = security.length === 0 ? null : security.flatMap((req) => Object.values(req).flat())
    const responses = new Map<number, string[]>()
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      responses.set(Number(status), Object.keys((response as any).content ?? {}))
    }
    return {
      operationId: operation.operationId!,
      method: operation.method.toUpperCase(),
      path: operation.path,
      templates,
      scopes,
      tags: operation.tags ?? [],
      responses,
      operation,
    }
  })
  cached = { api, operations, byId: new Map(operations.map((op) => [op.operationId, op])), document }
  return cached
}
