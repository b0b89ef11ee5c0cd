// A client generated from the contract, as real users generate one: the types come from
// openapi-typescript (src/contract/types.gen.ts, `npm run gen:types`), and a small fetch wrapper takes an
// operationId with its typed path parameters, query and body. It knows nothing of the mock.
import { document } from '../../src/contract/document.gen.ts'
import type { operations } from '../../src/contract/types.gen.ts'

export type OperationId = keyof operations
type Parameters<O extends OperationId> = operations[O]['parameters']
type JsonBody<O extends OperationId> = operations[O] extends {
  requestBody?: { content: { 'application/json': infer B } }
}
  ? B
  : never

export interface CallInput<O extends OperationId> {
  path?: NonNullable<Parameters<O>['path']>
  query?: NonNullable<Parameters<O>['query']>
  body?: JsonBody<O>
  /** Override the client's key (null: none). */
  key?: string | null
}

export interface Answer {
  operationId: OperationId
  status: number
  headers: Headers
  body: unknown
  text: string
}

interface Route {
  method: string
  template: string
}

const routes = new Map<string, Route>()
for (const [template, item] of Object.entries((document as any).paths as Record<string, any>)) {
  for (const [method, op] of Object.entries(item)) {
    if (!op || typeof op !== 'object' || !('operationId' in op)) continue
    routes.set((op as any).operationId, { method: method.toUpperCase(), template })
  }
}

/** The statuses the contract declares for an operation. */
export function declaredStatuses(operationId: OperationId): number[] {
  const route = routes.get(operationId)!
  return Object.keys((document as any).paths[route.template][route.method.toLowerCase()].responses).map(Number)
}

export function createClient(baseUrl: string, key: string) {
  return {
    async call<O extends OperationId>(operationId: O, input: CallInput<O> = {}): Promise<Answer> {
      const route = routes.get(operationId)
      if (!route) throw new Error(`no operation ${operationId}`)
      const path = route.template.replace(/\{(\w+)\}/g, (_, name) =>
        encodeURIComponent(String((input.path as any)?.[name])),
      )
      const url = new URL(path, baseUrl)
      for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
        if (value === undefined) continue
        // JSON parameters (content: application/json) are typed as their JSON text; other values as text.
        url.searchParams.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
      }
      const headers: Record<string, string> = {}
      const useKey = input.key === undefined ? key : input.key
      if (useKey) headers.authorization = `Bearer ${useKey}`
      let body: string | undefined
      if (input.body !== undefined) {
        body = JSON.stringify(input.body)
        headers['content-type'] = 'application/json'
      }
      const res = await fetch(url, { method: route.method, headers, body })
      const text = await res.text()
      let parsed: unknown = text
      if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text)
      return { operationId, status: res.status, headers: res.headers, body: parsed, text }
    },
  }
}
