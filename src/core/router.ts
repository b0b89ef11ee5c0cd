// Routing by openapi-backend's router over the contract's paths, each under every alias prefix
// (x-path-aliases), with a trailing slash optional as the real service's routes have it
// (`trailing_slash = r"/?"`). Every path takes OPTIONS in the real service's framework, so each path of
// the routing document has an OPTIONS operation: matching that one finds a path's route whatever the
// method, and the route then says which operation (or refusal) the method gets. A path may also carry
// methods the real service serves and the mock does not (`x-not-mocked`).
//
// openapi-backend's matchOperation lists its operations anew, builds a RegExp for each and sorts them
// on every call, a large part of a request's cost; CompiledRouter keeps its rules (an exact path first, then the
// templates with the longest literal part first, each parameter one non-empty segment) with the
// operations and patterns made once.
import type { Document, Operation } from 'openapi-backend'
import { OpenAPIRouter } from 'openapi-backend/router.js'
import type { Contract, NotMocked, OperationInfo } from './contract.ts'

export interface Route {
  template: string
  /** method (upper-case) -> operation */
  methods: Map<string, OperationInfo>
  /** method (upper-case) -> an endpoint the real service has and the mock does not serve */
  notMocked: Map<string, NotMocked>
  /** The Allow header for this path, in the real service's framework's order. */
  allow: string[]
}

type Params = Record<string, string>

export type RouteMatch =
  | { kind: 'operation'; op: OperationInfo; params: Params; route: Route }
  | { kind: 'not-mocked'; endpoint: NotMocked; params: Params; route: Route }
  | { kind: 'options'; params: Params; route: Route }
  | { kind: 'method-not-allowed'; allow: string[]; route: Route }
  | { kind: 'not-found' }

export interface Router {
  routes: Route[]
  match(method: string, pathname: string): RouteMatch
}

const DRF_METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']
/**
 * The route of each path asked, per app: a path asked again skips openapi-backend's patterns (tried in
 * order, several times a compiled match's time). Bound: ROUTES_KEPT paths of at most LONGEST_KEPT
 * characters. Needed by the Limit rows of `npm run bench` (every request of a row asks the same paths).
 */
const ROUTES_KEPT = 1024
const LONGEST_KEPT = 256

interface Template {
  /** openapi-backend's pattern for the template (each parameter one non-empty segment), capturing the parameters. */
  pattern: RegExp
  names: string[]
  operation: Operation
}

/** How many segments a path has (its slashes). */
function segments(path: string): number {
  let count = 0
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) count++
  return count
}

/** openapi-backend's router, its operations and patterns made once. */
class CompiledRouter extends OpenAPIRouter {
  readonly #operations: Operation[]
  readonly #exact: Map<string, Operation>
  /** The templates by their number of segments (a template matches paths with as many), longest literal part first. */
  readonly #templates = new Map<number, Template[]>()

  constructor(definition: Document) {
    super({ definition, ignoreTrailingSlashes: true })
    this.#operations = super.getOperations()
    this.#exact = new Map(this.#operations.map((op) => [op.path, op]))
    const literalLength = (path: string) => path.replace(/\{.*?\}/g, '').length
    const templates = this.#operations
      .filter((op) => op.path.includes('{'))
      .sort((a, b) => literalLength(b.path) - literalLength(a.path))
    for (const operation of templates) {
      const template: Template = {
        pattern: new RegExp(`^${operation.path.replace(/\{.*?\}/g, '([^/]+)')}$`),
        names: [...operation.path.matchAll(/\{(.*?)\}/g)].map((m) => m[1]!),
        operation,
      }
      const count = segments(operation.path)
      this.#templates.set(count, [...(this.#templates.get(count) ?? []), template])
    }
  }

  getOperations() {
    return this.#operations
  }

  /** The route's operation for `path` (a trailing slash dropped) and its parameters as sent, or undefined. */
  find(path: string): { operation: Operation; params: Record<string, string> } | undefined {
    const exact = this.#exact.get(path)
    if (exact) return { operation: exact, params: {} }
    for (const { pattern, names, operation } of this.#templates.get(segments(path)) ?? []) {
      const found = pattern.exec(path)
      if (found) return { operation, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) }
    }
    return undefined
  }
}

const withoutSlash = (template: string) => (template.length > 1 ? template.replace(/\/$/, '') : template)

/** A path's methods as the real service lists them in `Allow`: its method order, HEAD with GET, and OPTIONS. */
function allowOf(methods: Iterable<string>): string[] {
  const present = new Set(methods)
  return DRF_METHOD_ORDER.filter((m) => present.has(m) || (m === 'HEAD' && present.has('GET')) || m === 'OPTIONS')
}

function routesOf(contract: Contract): Map<string, Route> {
  const routes = new Map<string, Route>()
  const routeFor = (template: string) => {
    let route = routes.get(template)
    if (!route) routes.set(template, (route = { template, methods: new Map(), notMocked: new Map(), allow: [] }))
    return route
  }
  for (const op of contract.operations) for (const t of op.templates) routeFor(t).methods.set(op.method, op)
  for (const endpoint of contract.notMocked) {
    for (const template of endpoint.templates) {
      const route = routeFor(template)
      if (route.methods.has(endpoint.method))
        throw new Error(`x-not-mocked ${endpoint.method} ${endpoint.path} is an operation of the contract`)
      route.notMocked.set(endpoint.method, endpoint)
    }
  }
  for (const route of routes.values()) route.allow = allowOf([...route.methods.keys(), ...route.notMocked.keys()])
  return routes
}

/** The routing document: each route's path (its trailing slash dropped) with its OPTIONS operation. */
function routingDocument(routes: Iterable<Route>): Document {
  const paths: Record<string, object> = {}
  for (const route of routes) paths[withoutSlash(route.template)] = { options: { operationId: route.template } }
  return { openapi: '3.1.0', info: { title: 'routes', version: '1' }, paths } as Document
}

/** A path parameter as sent, percent-decoded where that is valid (else as sent: no such id is then found). */
function decoded(value: string): string {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

export function createRouter(contract: Contract): Router {
  const byTemplate = routesOf(contract)
  const router = new CompiledRouter(routingDocument(byTemplate.values()))
  const kept = new Map<string, { route: Route; params: Readonly<Params> } | null>()

  const resolve = (pathname: string) => {
    // A path is absolute; `/?`: one trailing slash is optional, two are another path.
    if (!pathname.startsWith('/') || pathname.endsWith('//')) return null
    const found = router.find(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname)
    if (!found) return null
    const route = byTemplate.get(found.operation.operationId!)!
    const params: Params = {}
    for (const [name, value] of Object.entries(found.params)) params[name] = decoded(String(value))
    return { route, params }
  }

  return {
    routes: [...byTemplate.values()],
    match(method, pathname) {
      let known = kept.get(pathname)
      if (known === undefined) {
        known = resolve(pathname)
        if (pathname.length <= LONGEST_KEPT) {
          if (kept.size >= ROUTES_KEPT) kept.clear()
          kept.set(pathname, known)
        }
      }
      if (!known) return { kind: 'not-found' }
      const { route } = known
      const params: Params = { ...known.params }
      const op = route.methods.get(method) ?? (method === 'HEAD' ? route.methods.get('GET') : undefined)
      if (op) return { kind: 'operation', op, params, route }
      const endpoint = route.notMocked.get(method) ?? (method === 'HEAD' ? route.notMocked.get('GET') : undefined)
      if (endpoint) return { kind: 'not-mocked', endpoint, params, route }
      if (method === 'OPTIONS') return { kind: 'options', params, route }
      return { kind: 'method-not-allowed', allow: route.allow, route }
    },
  }
}
