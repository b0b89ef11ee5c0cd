// Authentication negatives: no key and an unknown key are 401; a narrower second key (--second-api-key)
// is 403 on an operation whose scope it lacks. Every answer in the error shape.
import type { RequestSpec } from '../http.ts'
import { unknownPersonId, unknownShortId, type Suite, type SuiteContext } from './suite.ts'

const LIST_OPS = ['persons_list', 'session_recording_playlists_list', 'session_recordings_list']

interface Probe {
  operationId: string
  spec: (ctx: SuiteContext) => RequestSpec
  /** A write method (only with --writes, though it targets an id that names nothing). */
  write: boolean
}

// Calls that change nothing even when a deployment wrongly lets them through.
const SCOPE_PROBES: Probe[] = [
  { operationId: 'persons_list', spec: () => ({ query: { limit: 1 } }), write: false },
  { operationId: 'persons_activity_retrieve', spec: () => ({ params: { id: unknownPersonId() } }), write: false },
  { operationId: 'session_recording_playlists_list', spec: () => ({ query: { limit: 1 } }), write: false },
  { operationId: 'session_recordings_list', spec: () => ({ query: { limit: 1 } }), write: false },
  {
    operationId: 'persons_partial_update',
    spec: () => ({ params: { id: unknownPersonId() }, body: { properties: {} } }),
    write: true,
  },
  {
    operationId: 'session_recording_playlists_partial_update',
    spec: (ctx) => ({ params: { short_id: unknownShortId(ctx.options.runId) }, body: {} }),
    write: true,
  },
]

/** The real service's rule: `*` or no scopes allow all; `X:write` satisfies `X:read`. */
export function keyCovers(scopes: string[] | null | undefined, required: string[]): boolean {
  if (!scopes || scopes.length === 0 || scopes.includes('*')) return true
  return required.every(
    (r) => scopes.includes(r) || (r.endsWith(':read') && scopes.includes(r.slice(0, -':read'.length) + ':write')),
  )
}

const MISSING_SCOPE = 'missing scope is 403'

export const authSuite: Suite = {
  name: 'authentication',
  checks: [
    ...LIST_OPS.flatMap((op): Array<[string, string]> => [
      [op, 'no key is 401'],
      [op, 'unknown key is 401'],
    ]),
    ...SCOPE_PROBES.map((p): [string, string] => [p.operationId, MISSING_SCOPE]),
  ],
  async run(ctx) {
    const { run, options } = ctx
    for (const operationId of LIST_OPS) {
      await run.check(operationId, 'no key is 401', async (t) => {
        const ex = await t.call(operationId, { key: 'none', query: { limit: 1 } })
        t.expectStatus(ex, 401)
        t.expectErrorShape(ex)
      })
      await run.check(operationId, 'unknown key is 401', async (t) => {
        const fake = `phx_analyticsmockverify${options.runId.replace(/[^A-Za-z0-9]/g, '')}${Math.random().toString(36).slice(2, 12)}`
        const ex = await t.call(operationId, { key: { unknown: fake }, query: { limit: 1 } })
        t.expectStatus(ex, 401)
        t.expectErrorShape(ex)
      })
    }

    const candidates = SCOPE_PROBES.filter((p) => run.selected(p.operationId))
    if (candidates.length === 0) return
    const reportAs = candidates[0]!.operationId
    if (!options.hasSecondKey) {
      run.skip(reportAs, MISSING_SCOPE, 'needs --second-api-key (a key without some of the scopes)')
      return
    }
    const keyOp = run.contract.byId.get('personal_api_keys_current_retrieve')!
    const current = await ctx.client.call(keyOp, { key: 'second' })
    const scopes = (current.json as any)?.scopes
    if (current.status !== 200 || !(scopes === null || Array.isArray(scopes))) {
      run.skip(
        reportAs,
        MISSING_SCOPE,
        `could not read the second key's scopes (GET /api/personal_api_keys/@current answered ${current.error ?? current.status})`,
      )
      return
    }
    const usable = candidates.filter((p) => options.writes || !p.write)
    const probe = usable.find((p) => !keyCovers(scopes, run.contract.byId.get(p.operationId)!.scopes ?? []))
    if (!probe) {
      const hint = options.writes ? '' : '; --writes adds probes of write scopes'
      run.skip(reportAs, MISSING_SCOPE, `the second key has every scope the probes need${hint}`)
      return
    }
    const required = run.contract.byId.get(probe.operationId)!.scopes ?? []
    await run.check(probe.operationId, MISSING_SCOPE, async (t) => {
      const ex = await t.call(probe.operationId, { ...probe.spec(ctx), key: 'second' })
      t.expectStatus(ex, 403)
      t.expectErrorShape(ex)
      const missing = required.filter((r) => !keyCovers(scopes, [r]))
      const detail = String((ex.json as any)?.detail ?? '')
      if (!missing.some((s) => detail.includes(s)))
        t.note(`the 403 detail does not name the missing scope (${missing.join(', ')}): "${detail}"`)
      t.summary(`the second key lacks ${missing.join(', ')}: 403`)
    })
  },
}
