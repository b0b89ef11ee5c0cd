// The route table, compiled once from the contract: one path template per route (canonical and alias
// prefixes), each matching with or without the trailing slash, as the real service does (`/?`).
// openapi-backend's own matcher rebuilds its operation list and a RegExp per operation on every request,
// so matching is done here and openapi-backend does what it is good at: parsing and validation.
// A request's path is walked segment by segment down a tree of the templates' segments (a parameter
// matches any non-empty segment), not tried against each route's RegExp in turn: with ~100 routes a
// person's path was ~60 RegExp runs. Where several templates match, the one with the fewest parameters
// wins, then the contract's order: what the list of RegExps in that order gave.
//
// Besides the contract's operations, a path may carry methods the real service serves and the mock does
// not (`x-not-mocked`), and every path takes OPTIONS. `allow` lists a path's methods as the real service's
// framework does: in its method order, HEAD with GET, and OPTIONS.
import type { Contract, NotMocked, OperationInfo } from './contract.ts'

export interface Route {
  paramNames: string[]
  template: string
  /** method (upper-case) -> operation */
  methods: Map<string, OperationInfo>
  /** method (upper-case) -> an endpoint the real service has and the mock does not serve */
  notMocked: Map<string, NotMocked>
  /** The Allow header for this path. */
  allow: string[]
}

type Params = Record<string, string>

export type RouteMatch =
  | { kind: 'operation'; op: OperationInfo; params: Params; route: Route }
  | { kind: 'not-mocked'; endpoint: NotMocked; params: Params; route: Route }
  | { kind: 'options'; params: Params; route: Route }
  | { kind: 'method-not-allowed'; allow: string[]; route: Route }
  | { kind: 'not-found' }

const DRF_METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

/** The names of a template's parameters, in order. */
function paramNamesOf(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
}

/** A path's methods as the real service lists them in `Allow`. */
function allowOf(methods: Iterable<string>): string[] {
  const present = new Set(methods)
  return DRF_METHOD_ORDER.filter((m) => present.has(m) || (m === 'HEAD' && present.has('GET')) || m === 'OPTIONS')
}

export function createRouter(contract: Contract) {
  const byTemplate = new Map<string, Route>()
  const routeFor = (template: string) => {
    let route = byTemplate.get(template)
    if (!route)
      byTemplate.set(
        template,
        (route = { paramNames: paramNamesOf(template), template, methods: new Map(), notMocked: new Map(), allow: [] }),
      )
    return route
  }
  for (const op of contract.operations) {
    for (const template of op.templates) routeFor(template).methods.set(op.method, op)
  }
  for (const endpoint of contract.notMocked) {
    for (const template of endpoint.templates) {
      const route = routeFor(template)
      if (route.methods.has(endpoint.method))
        throw new Error(`x-not-mocked ${endpoint.method} ${endpoint.path} is an operation of the contract`)
      route.notMocked.set(endpoint.method, endpoint)
    }
  }
  for (const route of byTemplate.values()) route.allow = allowOf([...route.methods.keys(), ...route.notMocked.keys()])
  // Literal segments win over parameters (e.g. /persons/activity/ before /persons/{id}/).
  const routes = [...byTemplate.values()].sort((a, b) => a.paramNames.length - b.paramNames.length)

  const tree = buildTree(routes)
  // Clients ask for the same few paths again and again: a short path's route and decoded parameters
  // are kept (bounded: emptied when full, so a stream of ever new paths costs a lookup more, and at
  // most RESOLVED_PATHS x MAX_RESOLVED_LENGTH characters are held).
  const resolved = new Map<string, Resolved | null>()
  const resolve = (pathname: string): Resolved | null => {
    let known = resolved.get(pathname)
    if (known === undefined) {
      const found = findRoute(tree, pathname)
      known = found ? { route: found.route, params: decodedParams(found) } : null
      if (pathname.length <= MAX_RESOLVED_LENGTH) {
        if (resolved.size >= RESOLVED_PATHS) resolved.clear()
        resolved.set(pathname, known)
      }
    }
    return known
  }

  return {
    routes,
    match(method: string, pathname: string): RouteMatch {
      const known = resolve(pathname)
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

/** A path's route and its parameters, decoded (copied for each request that uses them). */
interface Resolved {
  route: Route
  params: Readonly<Params>
}

/** Paths whose route is kept, and the longest path kept. */
const RESOLVED_PATHS = 1024
const MAX_RESOLVED_LENGTH = 256

function decodedParams({ route, values }: Found): Params {
  const params: Params = {}
  for (let i = 0; i < route.paramNames.length; i++) {
    let value = values[i]!
    if (value.includes('%')) {
      try {
        value = decodeURIComponent(value)
      } catch {
        // Left as sent when it is not valid percent-encoding (the handler then finds no such id).
      }
    }
    params[route.paramNames[i]!] = value
  }
  return params
}

/** One segment position of the templates: the literal segments that follow, the parameter that may, and the routes that end here (in priority order). */
interface Node {
  literal: Map<string, Node>
  param: Node | undefined
  ends: Array<{ route: Route; rank: number }>
  /** The best (lowest) rank of the routes at or below this node: a branch that cannot beat a match found is not walked. */
  best: number
}

const newNode = (): Node => ({ literal: new Map(), param: undefined, ends: [], best: Infinity })

/** The segments of a path (or a template) after its leading `/`, one trailing slash dropped. */
function segmentsOf(path: string): string[] {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path
  return trimmed.split('/').slice(1)
}

const PARAM_SEGMENT = /^\{[^}]+\}$/

function buildTree(routes: Route[]): Node {
  const root = newNode()
  routes.forEach((route, rank) => {
    let node = root
    node.best = Math.min(node.best, rank)
    for (const segment of segmentsOf(route.template)) {
      if (PARAM_SEGMENT.test(segment)) node = node.param ??= newNode()
      else if (segment.includes('{'))
        throw new Error(`route ${route.template}: a parameter must be a whole path segment`)
      else {
        let next = node.literal.get(segment)
        if (!next) node.literal.set(segment, (next = newNode()))
        node = next
      }
      node.best = Math.min(node.best, rank)
    }
    node.ends.push({ route, rank })
  })
  return root
}

/** The best route for `pathname` (lowest rank among those it matches) and its parameters' raw values, in order. */
function findRoute(root: Node, pathname: string): Found | undefined {
  if (pathname.charCodeAt(0) !== 0x2f) return undefined
  // Split once; the empty part before the leading slash and after one trailing slash are skipped by the walk's bounds.
  const parts = pathname.split('/')
  const end = parts.length > 1 && parts[parts.length - 1] === '' ? parts.length - 1 : parts.length
  return walk(root, parts, 1, end, [])
}

interface Found {
  route: Route
  rank: number
  values: string[]
}

/** Depth-first, a literal segment before a parameter; `values` holds the parameters matched so far. */
function walk(node: Node, segments: string[], depth: number, end: number, values: string[]): Found | undefined {
  if (depth === end) {
    const end = node.ends[0]
    return end && { route: end.route, rank: end.rank, values: values.slice() }
  }
  const segment = segments[depth]!
  const literal = node.literal.get(segment)
  const byLiteral = literal && walk(literal, segments, depth + 1, end, values)
  if (!node.param || segment === '' || (byLiteral && byLiteral.rank < node.param.best)) return byLiteral
  values.push(segment)
  const byParam = walk(node.param, segments, depth + 1, end, values)
  values.pop()
  return byLiteral && (!byParam || byLiteral.rank < byParam.rank) ? byLiteral : byParam
}

export type Router = ReturnType<typeof createRouter>
