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
  /** status -> validators of the application/json body */
  responseValidators: Map<number, BodyValidator>
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

/**
 * A response body's validator; for a list envelope (`results: [...]`) also the envelope alone and one
 * item, so items already known valid need not be validated again (see response-validation.ts).
 */
export interface BodyValidator {
  validate: ValidateFunction
  envelope?: ValidateFunction
  item?: ValidateFunction
  /**
   * For an object body holding records of their own (a playlist's created_by and last_modified_by
   * users): the body with those members let through (`outer`) and each member's own validator, so a
   * member known valid, a marked value shared by answer after answer, is not validated again. The two
   * together accept exactly what `validate` does; a body they refuse is validated whole again, for
   * `validate`'s own first error.
   */
  members?: { outer: ValidateFunction; each: Array<{ key: string; validate: ValidateFunction }> }
}

/** An object schema with properties of its own (a record: a user, a person), not a free-form object. */
const isRecordSchema = (schema: any): boolean =>
  typeof schema === 'object' &&
  schema !== null &&
  (schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'))) &&
  typeof schema.properties === 'object'

/** A property holding a record (or null, or one of several shapes that include a record). */
const holdsRecord = (schema: any): boolean =>
  isRecordSchema(schema) ||
  (typeof schema === 'object' &&
    schema !== null &&
    ['oneOf', 'anyOf'].some((k) => Array.isArray(schema[k]) && schema[k].some(isRecordSchema)))

/**
 * Whether `schema` stands on its own: no $ref (which could point outside it, as openapi-backend's
 * compile writes reference cycles) and no cycle. Only such a member is validated apart from its body.
 */
function selfContained(schema: unknown): boolean {
  try {
    return !JSON.stringify(schema).includes('"$ref"')
  } catch {
    return false // a cycle
  }
}

/** The properties of an object body that are validated apart (see BodyValidator.members); [] for none. */
function memberKeys(schema: any): string[] {
  if (schema.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null) return []
  // Keywords whose outcome depends on which properties were evaluated: the body is then validated whole.
  if ('unevaluatedProperties' in schema || 'dependentSchemas' in schema || 'patternProperties' in schema) return []
  return Object.keys(schema.properties).filter(
    (key) => holdsRecord(schema.properties[key]) && selfContained(schema.properties[key]),
  )
}

let cached: Contract | undefined

/** The contract is immutable, so every app in a process shares one compiled copy. */
export function loadContract(): Contract {
  if (cached) return cached
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
  const api = { router, validator }
  // Response validators, by status, compiled once per distinct schema: after dereferencing, the
  // contract's 168 JSON response schemas are 20 objects (most are the shared Error). openapi-backend's
  // preCompileResponseValidators compiled each of them, plus a oneOf of them all per operation that
  // nothing here uses.
  const responseAjv = api.validator.getAjv(ValidationContext.Response)
  const compiled = new Map<object, ValidateFunction>()
  const compile = (schema: object): ValidateFunction => {
    let validate = compiled.get(schema)
    // openapi-backend's own compile step (it replaces reference cycles with $refs first); private in its types.
    if (!validate)
      compiled.set(
        schema,
        (validate = (OpenAPIValidator as any).compileSchema(responseAjv, schema) as ValidateFunction),
      )
    return validate
  }
  const bodyValidators = new Map<object, BodyValidator>()
  const responseValidator = (schema: any): BodyValidator => {
    let body = bodyValidators.get(schema)
    if (body) return body
    // Compiled on first use (each getter then becomes the plain value): compiling them all up front
    // was ~1/3 of start-up, and most runs answer a few operations.
    const lazy = <K extends keyof BodyValidator>(target: BodyValidator, key: K, make: () => BodyValidator[K]) =>
      Object.defineProperty(target, key, {
        configurable: true,
        enumerable: true,
        get: () => {
          const value = make()
          Object.defineProperty(target, key, { value, enumerable: true })
          return value
        },
      })
    body = {} as BodyValidator
    lazy(body, 'validate', () => compile(schema))
    const results = schema.type === 'object' ? schema.properties?.results : undefined
    if (
      results?.type === 'array' &&
      results.items &&
      typeof results.items === 'object' &&
      Object.keys(results).length === 2
    ) {
      lazy(body, 'envelope', () =>
        compile({ ...schema, properties: { ...schema.properties, results: { type: 'array' } } }),
      )
      lazy(body, 'item', () => compile(results.items))
    } else {
      const keys = memberKeys(schema)
      if (keys.length > 0) {
        lazy(body, 'members', () => ({
          outer: compile({
            ...schema,
            properties: { ...schema.properties, ...Object.fromEntries(keys.map((key) => [key, true])) },
          }),
          each: keys.map((key) => ({ key, validate: compile(schema.properties[key]) })),
        }))
      }
    }
    bodyValidators.set(schema, body)
    return body
  }

  const aliases = ((document as any)['x-path-aliases'] ?? []) as Array<{ from: string; to: string }>
  const templatesOf = (path: string) => {
    const templates = [path]
    for (const alias of aliases) {
      if (path.startsWith(alias.from)) templates.push(alias.to + path.slice(alias.from.length))
    }
    return templates
  }
  const responsesOf = (documented: Record<string, any>) => {
    const responses = new Map<number, string[]>()
    const responseValidators = new Map<number, BodyValidator>()
    for (const [status, response] of Object.entries(documented)) {
      const content = (response as any).content ?? {}
      responses.set(Number(status), Object.keys(content))
      const schema = content['application/json']?.schema
      if (schema) responseValidators.set(Number(status), responseValidator(schema))
    }
    return { responses, responseValidators }
  }
  const operations: OperationInfo[] = api.router.getOperations().map((operation) => {
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
      ...responsesOf(seedResponses),
    }
    const observedScopes = profileScopes(doc, scopes, 'observed')
    const formats = profileFormats(doc, 'observed')
    const observedAnswers =
      observedResponses === seedResponses
        ? { responses: seed.responses, responseValidators: seed.responseValidators }
        : responsesOf(observedResponses)
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
  })
  const notMocked: NotMocked[] = (
    ((document as any)['x-not-mocked'] ?? []) as Array<{ method: string; path: string }>
  ).map((e) => ({
    method: e.method.toUpperCase(),
    path: e.path,
    templates: templatesOf(e.path),
  }))
  cached = { api, operations, byId: new Map(operations.map((op) => [op.operationId, op])), notMocked, document }
  return cached
}
