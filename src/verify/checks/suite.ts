// What the suites of checks share: how a suite declares its checks, and the helpers reading operations,
// items and templates.
import { kitContract, type ItemRule, type KitContract, type KitOperation, type ParameterInfo } from '../contract.ts'
import type { CheckContext, Run } from '../runner.ts'

/** [operationId, check name, what it runs]: a suite's checks, each declared once. */
export type Check = [string, string, ((t: CheckContext) => Promise<unknown>)?]

export interface Suite {
  name: string
  /** The suite runs when any of these is selected. */
  checks(contract: KitContract): Check[]
  /** Runs the suite (default: each check in order; an unselected one runs but is not reported). */
  run?(run: Run): Promise<void>
  /** Its unselected checks are not run at all (nothing later needs what they do). */
  selectedOnly?: boolean
}

/** A check of `op` named `name`, running `fn`. */
export const check = (op: KitOperation, name: string, fn: NonNullable<Check[2]>): Check => [op.operationId, name, fn]

/** The operations of the API (not the mock's control API) that `select` keeps, in the contract's order. */
export const apiOperations = (contract: KitContract, select: (op: KitOperation) => unknown = () => true) =>
  contract.operations.filter((op) => !op.tags.includes('mock-control') && select(op))

/** An operation's path parameters other than the project. */
export const itemParams = (op: KitOperation): ParameterInfo[] =>
  op.parameters.filter((p) => p.in === 'path' && p.name !== 'project_id')

/** The value at a dotted path (`properties.email`) or a JSON pointer (`/person/id`). */
export function at(value: any, path: string): any {
  const parts = path.startsWith('/') ? path.slice(1).split('/') : path.split('.')
  return parts.reduce((v, part) => (v === null || v === undefined ? undefined : v[part]), value)
}

/** A random id that names nothing: digits where the contract (as written) types the items' field as an integer, else a string. */
export function unknownValue(rule: ItemRule | undefined, runId: string): string {
  const seed = kitContract('seed')
  const page = rule && seed.resolve(seed.byId.get(rule.list)?.responses.get(200)?.[0]?.schema ?? {})
  const item = page && seed.resolve(seed.resolve(page.properties?.results ?? {}).items ?? {})
  return item?.properties?.[rule!.field]?.type === 'integer'
    ? '9' + String(Math.floor(Math.random() * 1e12)).padStart(12, '0')
    : `vrf-${runId}-none`
}

/** A template with `{name}` filled from `values` (keys and strings alike; a value on its own keeps its type). */
export function fill<T>(template: T, values: Record<string, unknown>): T {
  const text = (s: string) => s.replace(/\{([^{}]+)\}/g, (m, name: string) => String(lookup(name) ?? m))
  const lookup = (name: string) => {
    const slash = name.indexOf('/')
    return slash < 0 ? values[name] : at(values[name.slice(0, slash)], name.slice(slash))
  }
  const walk = (v: any): any => {
    if (typeof v === 'string') {
      const whole = /^\{([^{}]+)\}$/.exec(v)
      return whole && lookup(whole[1]!) !== undefined ? lookup(whole[1]!) : text(v)
    }
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), walk(x)]))
    return v
  }
  return walk(template)
}
