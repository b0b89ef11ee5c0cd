// Access, on every operation it applies to: no key and an unknown key are 401, a key without the
// operation's scope is 403 (the second key, --second-api-key, whose scopes GET
// /api/personal_api_keys/@current tells), and a method a project path does not document is 405. Each
// with a request that changes nothing even where a deployment wrongly lets it through: ids that name
// nothing, an empty body. Reads always; writes with --writes.
import type { KitOperation } from '../contract.ts'
import type { RequestSpec } from '../http.ts'
import { apiOperations, itemParams, unknownValue, type Suite } from './suite.ts'

/** The real service's rule: `*` or no scopes allow all; `X:write` satisfies `X:read`. */
export function keyCovers(scopes: string[] | null | undefined, required: string[]): boolean {
  if (!scopes || scopes.length === 0 || scopes.includes('*')) return true
  return required.every(
    (r) => scopes.includes(r) || (r.endsWith(':read') && scopes.includes(r.slice(0, -':read'.length) + ':write')),
  )
}

const NO_KEY = 'no key is 401'
const UNKNOWN_KEY = 'unknown key is 401'
const MISSING_SCOPE = 'missing scope is 403'
const METHOD = 'method not allowed: PUT is 405'

const keyed = (op: KitOperation) => op.scopes !== null
/** Paths of the project's resources that do not document PUT (nor list it among those not mocked). */
const putless = (op: KitOperation, ops: KitOperation[], notMocked: Array<{ method: string; path: string }>) =>
  op.method === 'GET' &&
  op.path.includes('{project_id}') &&
  ![...ops, ...notMocked].some((o) => o.path === op.path && o.method === 'PUT')

/** A request that changes nothing: ids naming nothing, a one-item page, an empty body where one is taken. */
function harmless(op: KitOperation, runId: string): RequestSpec {
  return {
    params: Object.fromEntries(itemParams(op).map((p) => [p.name, unknownValue(p.item, runId)])),
    query: op.parameters.some((p) => p.name === 'limit' && p.in === 'query') ? { limit: 1 } : undefined,
    body: op.requestBody ? {} : undefined,
  }
}

export const accessSuite: Suite = {
  name: 'access',
  checks: (contract) => {
    const ops = apiOperations(contract)
    return [
      ...apiOperations(contract, keyed).flatMap((op): Array<[string, string]> => [
        [op.operationId, NO_KEY],
        [op.operationId, UNKNOWN_KEY],
        [op.operationId, MISSING_SCOPE],
      ]),
      ...ops
        .filter((op) => putless(op, ops, contract.notMocked))
        .map((op): [string, string] => [op.operationId, METHOD]),
    ]
  },
  async run(run) {
    const { client, options } = run
    const ops = apiOperations(run.contract, (op) => keyed(op) && (options.writes || op.method === 'GET'))
    const unknownKey = () =>
      `phx_analyticsmockverify${options.runId.replace(/[^A-Za-z0-9]/g, '')}${Math.random().toString(36).slice(2, 12)}`
    for (const op of ops.filter((o) => run.selected(o.operationId))) {
      for (const [name, key] of [
        [NO_KEY, () => 'none' as const],
        [UNKNOWN_KEY, () => ({ unknown: unknownKey() })],
      ] as const) {
        await run.check(op.operationId, name, async (t) => {
          const ex = await t.call(op.operationId, { ...harmless(op, options.runId), key: key() })
          t.expectStatus(ex, 401)
          t.expectErrorShape(ex)
        })
      }
    }
    for (const op of apiOperations(run.contract, (o) => putless(o, run.contract.operations, run.contract.notMocked))) {
      await run.check(op.operationId, METHOD, async (t) => {
        const ex = await client.raw('PUT', client.urlFor(op, harmless(op, options.runId).params))
        t.ensure(ex.status === 405, `PUT ${op.path} answered ${ex.error ?? ex.status}, not 405`, ex)
        t.expectErrorShape(ex)
        if (!ex.headers['allow']) t.note('the 405 has no Allow header')
      })
    }

    const candidates = ops.filter((op) => run.selected(op.operationId) && op.scopes?.length)
    if (candidates.length === 0) return
    const reportAs = candidates[0]!.operationId
    if (!options.hasSecondKey) {
      run.skip(reportAs, MISSING_SCOPE, 'needs --second-api-key (a key without some of the scopes)')
      return
    }
    const current = await client.call(run.contract.byId.get('personal_api_keys_current_retrieve')!, { key: 'second' })
    const scopes = (current.json as any)?.scopes
    if (current.status !== 200 || !(scopes === null || Array.isArray(scopes))) {
      const why = `GET /api/personal_api_keys/@current answered ${current.error ?? current.status}`
      return run.skip(reportAs, MISSING_SCOPE, `could not read the second key's scopes (${why})`)
    }
    const lacking = candidates.filter((op) => !keyCovers(scopes, op.scopes!))
    if (lacking.length === 0) {
      const hint = options.writes ? '' : '; --writes adds probes of write scopes'
      return run.skip(reportAs, MISSING_SCOPE, `the second key has every scope the probes need${hint}`)
    }
    for (const op of lacking) {
      await run.check(op.operationId, MISSING_SCOPE, async (t) => {
        const ex = await t.call(op.operationId, { ...harmless(op, options.runId), key: 'second' })
        t.expectStatus(ex, 403)
        t.expectErrorShape(ex)
        const missing = op.scopes!.filter((r) => !keyCovers(scopes, [r]))
        const detail = String((ex.json as any)?.detail ?? '')
        if (!missing.some((s) => detail.includes(s)))
          t.note(`the 403 detail does not name the missing scope (${missing.join(', ')}): "${detail}"`)
        t.summary(`the second key lacks ${missing.join(', ')}: 403`)
      })
    }
  },
}
