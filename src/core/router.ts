// The route table, compiled once from the contract: one RegExp per path template (canonical and alias
// prefixes), each matching with or without the trailing slash, as the real service does (`/?`).
// openapi-backend's own matcher rebuilds its operation list and a RegExp per operation on every request,
// so matching is done here and openapi-backend does what it is good at: parsing and validation.
import type { Contract, OperationInfo } from './contract.ts'

export interface Route {
  regex: RegExp
  paramNames: string[]
  template: string
  /** method (upper-case) -> operation */
  methods: Map<string, OperationInfo>
}

export type RouteMatch =
  | { kind: 'operation'; op: OperationInfo; params: Record<string, string>; route: Route }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' }

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

export function createRouter(contract: Contract) {
  const byTemplate = new Map<string, Route>()
  for (const op of contract.operations) {
    for (const template of op.templates) {
      let route = byTemplate.get(template)
      if (!route) {
        route = { ...compileTemplate(template), template, methods: new Map() }
        byTemplate.set(template, route)
      }
      route.methods.set(op.method, op)
    }
  }
  // Literal segments win over parameters (e.g. /api/users/@me/ before any templated sibling).
  const routes = [...byTemplate.values()].sort((a, b) => a.paramNames.length - b.paramNames.length)

  return {
    routes,
    match(method: string, pathname: string): RouteMatch {
      for (const route of routes) {
        const m = route.regex.exec(pathname)
        if (!m) continue
        const op = route.methods.get(method) ?? (method === 'HEAD' ? route.methods.get('GET') : undefined)
        if (!op) {
          return { kind: 'method-not-allowed', allow: [...route.methods.keys()] }
        }
        const params: Record<string, string> = {}
        for (let i = 0; i < route.paramNames.length; i++) {
          let value = m[i + 1]!
          try {
            value = decodeURIComponent(value)
          } catch {
            // keep the raw segment; the handler answers for an id it cannot find
          }
          params[route.paramNames[i]!] = value
        }
        return { kind: 'operation', op, params, route }
      }
      return { kind: 'not-found' }
    },
  }
}

export type Router = ReturnType<typeof createRouter>
