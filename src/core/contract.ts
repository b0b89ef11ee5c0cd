// Loads the contract once: dereferences it (synchronously, as openapi-backend's quick mode does), builds
// openapi-backend's router and validator on it, and lists each operation with the facts the pipeline needs.
// OpenAPIBackend itself is not constructed: its init() parses the document again through
// json-schema-ref-parser, a promise nothing awaits (in a browser it failed, uncaught, on Node's Buffer). Validators (ajv + ajv-formats) are compiled on first use: each response
// validator here, each operation's request validators in request-validation.ts.
import type { ValidateFunction } from 'ajv'
import ajvFormats from 'ajv-formats'
// A CommonJS module whose exports ESM loaders cannot list (Node's, Jest's): the whole module, then its member.
import dereferenceJsonSchema from 'dereference-json-schema'
import { OpenAPIRouter, OpenAPIValidator, ValidationContext, type Document, type Operation } from 'openapi-backend'
import { document } from '../contract/document.gen.ts'
import { profileFormats, profileResponses, profileScopes } from '../contract/profiles.ts'

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const

/** What an operation needs and answers under one profile (see contract/profiles.ts). */
export interface OperationView {
  operationId: string
  /** Scopes the operation needs; [] = any valid key; null = no key at all (security: []). */
  scopes: string[] | null
  /** The action declares no scope: scoped personal API keys are refused (the observed profile's notes). */
  noneDeclared: boolean
  /** The formats it renders: another in `?format=` is a 404 before the key is read (null: not checked here). */
  formats: string[] | null
  /** status -> media types documented (empty array: no body) */
  responses: Map<number, string[]>
  /** status -> validator of the application/json body */
  responseValidators: Map<number, ValidateFunction>
}

/** An operation; as a view, the seed profile (the contract as written). */
export interface OperationInfo extends OperationView {
  method: string // upper-case
  /** Canonical path template from the contract, e.g. /api/environments/{project_id}/persons/{id}/ */
  path: string
  /** The same template under every alias prefix (x-path-aliases), canonical first. */
  templates: string[]
  tags: string[]
  /**
   * `x-observer`: a read of the mock's own state (the control API's GETs): it is not journaled and does
   * not run scheduled work that fell due, so watching the mock (the dashboard's polls) changes nothing.
   */
  observer: boolean
  /** Ids of the operation's x-observed notes. */
  notes: Set<string>
  /**
   * `x-body-unread`: the real view never reads the request body, so no body is refused (not its JSON,
   * its media type or its fields) and the handler is given none. Its documented schema stays for clients.
   */
  bodyUnread: boolean
  /** The operation under the observed profile (the same object's seed view when no note changes it). */
  observed: OperationView
  operation: Operation
}

/** An endpoint the real service has and the mock does not serve (the contract's x-not-mocked). */
export interface NotMocked {
  method: string
  /** Canonical template. */
  path: string
  /** The template under every alias prefix, canonical first. */
  templates: string[]
}

export interface Contract {
  /** openapi-backend's router and validator over the dereferenced contract. */
  api: { router: OpenAPIRouter; validator: OpenAPIValidator }
  operations: OperationInfo[]
  byId: Map<string, OperationInfo>
  notMocked: NotMocked[]
  document: typeof document
}

let cached: Contract | undefined

/** The contract is immutable, so every app in a process shares one compiled copy. */
export function loadContract(): Contract {
  if (cached) return cached
  const api = openapiBackend()
  const info = operationInfo(responseValidatorOf(api.validator))
  const operations = api.router.getOperations().map(info)
  const notMocked: NotMocked[] = (
    ((document as any)['x-not-mocked'] ?? []) as Array<{ method: string; path: string }>
  ).map((e) => ({ method: e.method.toUpperCase(), path: e.path, templates: templatesOf(e.path) }))
  cached = { api, operations, byId: new Map(operations.map((op) => [op.operationId, op])), notMocked, document }
  return cached
}

/** openapi-backend's router and validator over the dereferenced contract. */
function openapiBackend(): Contract['api'] {
  // One ajv instance per kind of validator: openapi-backend makes a new one for every validator, and
  // each new instance compiles the JSON Schema meta-schema again to check the schemas it is given.
  const ajvs = new Map<string, ReturnType<OpenAPIValidator['getAjv']>>()
  const definition = dereferenceJsonSchema.dereferenceSync(structuredClone(document) as any) as Document
  const router = new OpenAPIRouter({ definition, ignoreTrailingSlashes: false })
  const validator = new OpenAPIValidator({
    definition,
    router,
    lazyCompileValidators: true, // validators are compiled on first use (see above), once
    coerceTypes: true,
    ajvOpts: { validateSchema: false },
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
  return { router, validator }
}

/**
 * Response validators, one per distinct schema (after dereferencing, the contract's 168 JSON response
 * schemas are 20 objects, most of them the shared Error), each compiled when first called: most runs
 * answer a few operations. openapi-backend's own compile step (it replaces reference cycles with $refs
 * first) is private in its types.
 */
function responseValidatorOf(validator: OpenAPIValidator): (schema: object) => ValidateFunction {
  const responseAjv = validator.getAjv(ValidationContext.Response)
  const validators = new Map<object, ValidateFunction>()
  return (schema) => {
    let lazy = validators.get(schema)
    if (lazy) return lazy
    let validate: ValidateFunction | undefined
    const compile = () => (OpenAPIValidator as any).compileSchema(responseAjv, schema) as ValidateFunction
    lazy = ((body: unknown) => (validate ??= compile())(body)) as ValidateFunction
    Object.defineProperty(lazy, 'errors', { get: () => validate?.errors })
    Object.defineProperty(lazy, 'schema', { value: schema })
    validators.set(schema, lazy)
    return lazy
  }
}

/** The path template under every alias prefix (x-path-aliases), canonical first. */
function templatesOf(path: string): string[] {
  const aliases = ((document as any)['x-path-aliases'] ?? []) as Array<{ from: string; to: string }>
  const templates = [path]
  for (const alias of aliases) {
    if (path.startsWith(alias.from)) templates.push(alias.to + path.slice(alias.from.length))
  }
  return templates
}

/** What an operation documents: its statuses' media types and its JSON bodies' validators. */
function responsesOf(documented: Record<string, any>, validatorOf: (schema: object) => ValidateFunction) {
  const responses = new Map<number, string[]>()
  const responseValidators = new Map<number, ValidateFunction>()
  for (const [status, response] of Object.entries(documented)) {
    const content = (response as any).content ?? {}
    responses.set(Number(status), Object.keys(content))
    const schema = content['application/json']?.schema
    if (schema) responseValidators.set(Number(status), validatorOf(schema))
  }
  return { responses, responseValidators }
}

/** The facts of one of openapi-backend's operations, under the seed profile and the observed one. */
const operationInfo =
  (validatorOf: (schema: object) => ValidateFunction) =>
  (operation: Operation): OperationInfo => {
    const security = (operation.security ?? (document as any).security ?? []) as Array<Record<string, string[]>>
    const scopes = security.length === 0 ? null : security.flatMap((req) => Object.values(req).flat())
    const doc = operation as any
    const seedResponses = doc.responses ?? {}
    const observedResponses = profileResponses(doc, 'observed')
    const seed = {
      operationId: operation.operationId!,
      scopes,
      noneDeclared: false,
      formats: null,
      ...responsesOf(seedResponses, validatorOf),
    }
    const observedScopes = profileScopes(doc, scopes, 'observed')
    const formats = profileFormats(doc, 'observed')
    const observedAnswers =
      observedResponses === seedResponses
        ? { responses: seed.responses, responseValidators: seed.responseValidators }
        : responsesOf(observedResponses, validatorOf)
    const observed: OperationView =
      observedResponses === seedResponses && observedScopes.scopes === scopes && formats === null
        ? seed
        : { operationId: seed.operationId, ...observedScopes, formats, ...observedAnswers }
    return {
      ...seed,
      method: operation.method.toUpperCase(),
      path: operation.path,
      templates: templatesOf(operation.path),
      tags: operation.tags ?? [],
      observer: doc['x-observer'] === true,
      notes: new Set(((doc['x-observed'] ?? []) as Array<{ id: string }>).map((n) => n.id)),
      bodyUnread: doc['x-body-unread'] === true,
      observed,
      operation,
    }
  }
