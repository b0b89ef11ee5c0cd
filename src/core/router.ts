// The route table, compiled once from the contract: one RegExp per path template (canonical and alias
// prefixes), each matching with or without the trailing slash, as the real service does (`/?`).
// openapi-backend's own matcher rebuilds its operation list and a RegExp per operation on every request,
// so matching is done here and openapi-backend does what it is good at: parsing and validation.
//
// Besides the contract's operations, a path may carry methods the real service serves and the mock does
// not (`x-not-mocked`), and every path takes OPTIONS. `allow` lists a path's methods as the real service's
// framework does: in its method order, HEAD with GET, and OPTIONS.
import type { Contract, NotMocked, OperationInfo } from './contract.ts'

export interface Route {
  regex: RegExp
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

function compileTemplate(template: string): { regex: RegExp; paramNames: string[] } {
  const paramNames: string[] = []
  const trimmed = template.endsWith('/') ? template.slice(0, -1) : template
  const source = trimmed
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part)
      if (m) {
        paramNames.push(m[1]!)
        return '([^/]+)'
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  return { regex: new RegExp(`^${source}/?$`), paramNames }
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
    if (!route) byTemplate.set(template, (route = { ...compileTemplate(template), template, methods: new Map(), notMocked: new Map(), allow: [] }))
    return route
  }
  for (const op of contract.operations) {
    for (const template of op.templates) routeFor(template).methods.set(op.method, op)
  }
  for (const endpoint of contract.notMocked) {
    for (const template of endpoint.templates) {
      const route = routeFor(template)
      if (route.methods.has(endpoint.method)) throw new Error(`x-not-mocked ${endpoint.method} ${endpoint.path} is an operation of the contract`)
      route.notMocked.set(endpoint.method, endpoint)
    }
  }
  for (const route of byTemplate.values()) route.allow = allowOf([...route.methods.keys(), ...route.notMocked.keys()])
  // Literal segments win over parameters (e.g. /persons/activity/ before /persons/{id}/).
  const routes = [...byTemplate.values()].sort((a, b) => a.paramNames.length - b.paramNames.length)

  return {
    routes,
    match(method: string, pathname: string): RouteMatch {
      for (const route of routes) {
        const m = route.regex.exec(pathname)
        if (!m) continue
        const params: Params = {}
        for (let i = 0; i < route.paramNames.length; i++) {
          let value = m[i + 1]!
          try {
            value = decodeURIComponent(value)
          } catch {
            // keep the raw segment; the handler answers for an id it cannot find
          }
          params[route.paramNames[i]!] = value
        }
        const op = route.methods.get(method) ?? (method === 'HEAD' ? route.methods.get('GET') : undefined)
        if (op) return { kind: 'operation', op, params, route }
        const endpoint = route.notMocked.get(method) ?? (method === 'HEAD' ? route.notMocked.get('GET') : undefined)
        if (endpoint) return { kind: 'not-mocked', endpoint, params, route }
        if (method === 'OPTIONS') return { kind: 'options', params, route }
        return { kind: 'method-not-allowed', allow: route.allow, route }
      }
      return { kind: 'not-found' }
    },
  }
}

export type Router = ReturnType<typeof createRouter>
