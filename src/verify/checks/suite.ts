// What every suite of checks receives: the run, the client, the options, the deployment's items (fetched
// once, found or made as the contract's x-item entries say), and the cleanup list.
import { kitContract, type ItemRule, type KitContract, type KitOperation, type ParameterInfo } from '../contract.ts'
import type { Client, Exchange } from '../http.ts'
import type { CheckContext, Run } from '../runner.ts'

export interface SuiteOptions {
  writes: boolean
  destructive: boolean
  personIds: string[]
  hasSecondKey: boolean
  seed: number
  runId: string
  negativeRuns: number
  /** Instant (performance.now()) after which no more generated negatives are sent. */
  negativeDeadline: number
  /** The deployment is this mock (it answers GET /_mock/health): the kit may make what it needs there. */
  mock: boolean
}

/** [operationId, check name, what it runs]: a suite's checks, each declared once. */
export type Check = [string, string, ((t: CheckContext, ctx: SuiteContext) => Promise<unknown>)?]

export interface Suite {
  name: string
  /** The suite runs when any of these is selected. */
  checks(contract: KitContract): Check[]
  /** Runs the suite (default: each check in order; an unselected one runs but is not reported). */
  run?(ctx: SuiteContext): Promise<void>
  /** Its unselected checks are not run at all (nothing later needs what they do). */
  selectedOnly?: boolean
}

/** A check of `op` named `name`, running `fn`. */
export const check = (op: KitOperation, name: string, fn: NonNullable<Check[2]>): Check => [op.operationId, name, fn]

export interface Cleanup {
  label: string
  /** The operation that undoes it (a failed cleanup is reported there). */
  operationId: string
  run(): Promise<string | null> // null: done; otherwise what went wrong
}

export interface SuiteContext {
  run: Run
  client: Client
  options: SuiteOptions
  items: Items
  /** Registers something to undo when the run ends; returns a function that unregisters it (when already undone). */
  onCleanup(cleanup: Cleanup): () => void
}

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

/** The deployment's items: each list's first page fetched once, the items path parameters name, and the ones the kit made. */
export class Items {
  private readonly pages = new Map<string, Promise<Exchange>>()
  private made = 0

  constructor(
    private readonly client: Client,
    private readonly run: Run,
    private readonly runId: string,
  ) {}

  /** A list operation's first page (100 items, every one the list reaches), in a project (default the run's). */
  page(operationId: string, params: Record<string, string> = {}): Promise<Exchange> {
    const key = `${operationId} ${JSON.stringify(params)}`
    let p = this.pages.get(key)
    if (!p) {
      const op = this.run.contract.byId.get(operationId)!
      p = this.client.call(op, { params, query: { ...op.list?.reach, limit: 100 } })
      this.pages.set(key, p)
    }
    return p
  }

  /** The items of a list's first page, less those every project shares and the deleted ones. */
  async list(t: CheckContext, operationId: string, params: Record<string, string> = {}): Promise<any[]> {
    const ex = await this.page(operationId, params)
    if (ex.error || ex.status !== 200) t.fail(`could not list ${operationId}: ${ex.error ?? `status ${ex.status}`}`, ex)
    const results = (ex.json as any)?.results
    if (!Array.isArray(results)) t.fail(`could not list ${operationId}: the answer has no results array`, ex)
    const shared = t.op(operationId).list?.shared
    return results.filter(
      (item) => item && typeof item === 'object' && !(shared && item[shared]) && item.deleted !== true,
    )
  }

  /** The listed items a path parameter can name, the ones with `pick`'s fields first. */
  async known(t: CheckContext, param: ParameterInfo, pick: Record<string, unknown> = {}): Promise<any[]> {
    const rule = param.item
    if (!rule) t.skip(`the contract does not say where values of ${param.name} come from`)
    const items = (await this.list(t, rule.list)).filter((item) => at(item, rule.field) !== undefined)
    const picked = (item: any) => Object.entries(pick).every(([k, v]) => item[k] === v)
    if (items.length === 0) t.skip(`the project has no ${rule.noun}s to check against`)
    return [...items.filter(picked), ...items.filter((item) => !picked(item))]
  }

  /** The path parameters of an operation, each naming a known item. */
  async params(t: CheckContext, op: KitOperation): Promise<Record<string, string>> {
    const out: Record<string, string> = {}
    for (const param of itemParams(op)) out[param.name] = String(at((await this.known(t, param))[0], param.item!.field))
    return out
  }

  /** Makes an item on this mock as the contract's x-item `make` says; its id. */
  async make(t: CheckContext, rule: ItemRule): Promise<string> {
    const make = rule.make
    if (!make) t.skip(`the kit makes no ${rule.noun}s`)
    const unique = `${this.runId}-${++this.made}`
    const body = fill(make.body, { unique, run: this.runId })
    const ex = await this.client.call(t.op(make.operation), { body })
    const id = at(ex.json, make.field)
    if (ex.status >= 300 || id === undefined)
      t.fail(`could not make a ${rule.noun} to delete (${ex.error ?? ex.status})`, ex)
    return String(id)
  }
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
