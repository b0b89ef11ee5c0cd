// What the suites of checks share: how a suite declares its checks, and the helpers reading operations,
// items and templates.
import { kitContract, type ItemRule, type KitContract, type KitOperation } from '../contract.ts'
import type { CheckContext, Run } from '../runner.ts'

export { at, fill, itemParams } from '../runner.ts'

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

/** A random id that names nothing: digits where the contract (as written) types the items' field as an integer, else a string. */
export function unknownValue(rule: ItemRule | undefined, runId: string): string {
  const seed = kitContract('seed')
  const page = rule && seed.resolve(seed.byId.get(rule.list)?.responses.get(200)?.[0]?.schema ?? {})
  const item = page && seed.resolve(seed.resolve(page.properties?.results ?? {}).items ?? {})
  return item?.properties?.[rule!.field]?.type === 'integer'
    ? '9' + String(Math.floor(Math.random() * 1e12)).padStart(12, '0')
    : `vrf-${runId}-none`
}
