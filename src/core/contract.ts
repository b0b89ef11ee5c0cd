// Loads the contract: lists its operations with openapi-backend's router, and gives each the facts the
// pipeline needs. It reads the document as the run time needs it, dereferenced ahead of time
// (run-time.gen.ts), and its response validators are the contract's compiled ahead of time
// (validators.gen.ts); both come from `npm run gen:types`, so a start neither dereferences the document
// nor compiles a schema. OpenAPIBackend itself is not constructed: its init() parses the document again
// through json-schema-ref-parser, a promise nothing awaits (in a browser it failed, uncaught, on Node's Buffer).
import type { ValidateFunction } from 'ajv'
import type { Document, Operation } from 'openapi-backend'
// Its router's module alone: the package's main module loads its validator, and with it ajv's compiler.
import { OpenAPIRouter } from 'openapi-backend/router.js'
import { profileFormats, profileResponses, profileScopes, type Profile } from '../contract/profiles.ts'
import { definition as document } from '../contract/run-time.gen.ts'
import { responseValidators } from '../contract/validators.gen.ts'

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
  operations: OperationInfo[]
  byId: Map<string, OperationInfo>
  notMocked: NotMocked[]
  /** The document as the run time reads it: dereferenced, without prose or response schemas (run-time.gen.ts). */
  document: Document
}

/** Each app's own contract, made from the one document the module holds (which nothing changes). */
export function loadContract(): Contract {
  const operations = new OpenAPIRouter({ definition: document, ignoreTrailingSlashes: false })
    .getOperations()
    .map(operationInfo)
  const notMocked: NotMocked[] = (
    ((document as any)['x-not-mocked'] ?? []) as Array<{ method: string; path: string }>
  ).map((e) => ({ method: e.method.toUpperCase(), path: e.path, templates: templatesOf(e.path) }))
  return { operations, byId: new Map(operations.map((op) => [op.operationId, op])), notMocked, document }
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

/** What an operation documents under a profile: its statuses' media types and its JSON bodies' validators. */
function responsesOf(operationId: string, documented: Record<string, any>, profile: Profile) {
  const responses = new Map<number, string[]>()
  const validators = new Map<number, ValidateFunction>()
  for (const [status, response] of Object.entries(documented)) {
    responses.set(Number(status), Object.keys((response as any).content ?? {}))
    const validate = responseValidators[operationId]?.[profile]?.[status]
    if (validate) validators.set(Number(status), validate)
  }
  return { responses, responseValidators: validators }
}

/** The facts of one of openapi-backend's operations, under the seed profile and the observed one. */
function operationInfo(operation: Operation): OperationInfo {
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
    ...responsesOf(operation.operationId!, seedResponses, 'seed'),
  }
  const observedScopes = profileScopes(doc, scopes, 'observed')
  const formats = profileFormats(doc, 'observed')
  const observedAnswers =
    observedResponses === seedResponses
      ? { responses: seed.responses, responseValidators: seed.responseValidators }
      : responsesOf(seed.operationId, observedResponses, 'observed')
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
