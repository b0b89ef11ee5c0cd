// Negative input: malformed parameters and bodies, generated from the contract's schemas (seeded, so a
// run can be repeated with --seed), must get a 4xx in the error shape, never a 5xx and never a success.
// Bounded: a number of cases per operation and one time budget for all of them.
//
// Read operations get malformed query parameters and malformed identifiers in the path. Bodies go only
// with --writes, and only where nothing can change: PATCH and delete_property on ids that name nothing,
// playlist create (a playlist a deployment wrongly creates is soft-deleted at the end) and the insight
// tool (which would otherwise run a query).
import fc from 'fast-check'
import type { KitOperation } from '../contract.ts'
import type { Exchange, RequestSpec } from '../http.ts'
import type { CheckContext } from '../runner.ts'
import { invalidBody, invalidQueryValue, malformedId, sampleValid, streamSeed } from '../negative/generate.ts'
import { registerSoftDelete } from './playlists.ts'
import { unknownPersonId, unknownShortId, type Suite, type SuiteContext } from './suite.ts'

interface Plan {
  operationId: string
  write: boolean
  /** Path parameters for the cases that do not target the path. */
  params: (t: CheckContext, ctx: SuiteContext) => Promise<Record<string, string>>
  /** A path parameter to fill with malformed identifiers. */
  pathTarget?: string
  body?: boolean
  /** Query parameters are not targeted (a valid body would make the call do real work). */
  noQuery?: boolean
}

const knownPersonId = async (t: CheckContext, ctx: SuiteContext) => {
  const persons = await ctx.samples.persons(t).catch(() => [])
  const p = persons.find((x) => x && (x.id !== undefined || x.uuid))
  return { id: p ? String(p.id ?? p.uuid) : unknownPersonId() }
}
const knownShortId = async (t: CheckContext, ctx: SuiteContext) => {
  const playlists = await ctx.samples.playlists(t).catch(() => [])
  const p = playlists.find((x) => typeof x?.short_id === 'string' && !x.deleted)
  return { short_id: p ? String(p.short_id) : unknownShortId(ctx.options.runId) }
}
const none = async () => ({})

const PLANS: Plan[] = [
  { operationId: 'persons_list', write: false, params: none },
  { operationId: 'persons_retrieve', write: false, params: knownPersonId, pathTarget: 'id' },
  { operationId: 'persons_activity_retrieve', write: false, params: knownPersonId },
  { operationId: 'persons_properties_timeline_retrieve', write: false, params: knownPersonId },
  { operationId: 'session_recording_playlists_list', write: false, params: none },
  { operationId: 'session_recording_playlists_retrieve', write: false, params: knownShortId, pathTarget: 'short_id' },
  { operationId: 'session_recordings_list', write: false, params: none },
  { operationId: 'persons_partial_update', write: true, params: async () => ({ id: unknownPersonId() }), body: true },
  {
    operationId: 'persons_delete_property_create',
    write: true,
    params: async () => ({ id: unknownPersonId() }),
    body: true,
  },
  { operationId: 'session_recording_playlists_create', write: true, params: none, body: true },
  {
    operationId: 'session_recording_playlists_partial_update',
    write: true,
    params: async (_t, ctx) => ({ short_id: unknownShortId(ctx.options.runId) }),
    body: true,
  },
  { operationId: 'max_tools_create_and_query_insight', write: true, params: none, body: true, noQuery: true },
]

const NAME = 'negative input'

interface Case {
  label: string
  shown: string
  spec: RequestSpec
}

function casesFor(
  t: CheckContext,
  ctx: SuiteContext,
  plan: Plan,
  op: KitOperation,
  params: Record<string, string>,
): Case[] {
  const { contract } = t
  const validBody = op.requestBody ? sampleValid(contract, op.requestBody.schema) : undefined
  const streams: Array<{ label: string; arb: fc.Arbitrary<Case> }> = []
  if (!plan.noQuery) {
    // A lenient parameter (x-lenient) has no invalid values: the real service reads what it cannot use as its default.
    for (const param of op.parameters.filter((p) => p.in === 'query' && !p.lenient)) {
      const arb = invalidQueryValue(contract, param)
      if (!arb) continue
      const label = `query ${param.name}`
      streams.push({
        label,
        arb: arb.map((value) => ({
          label,
          shown: `${param.name}=${JSON.stringify(value)}`,
          spec: { params, query: [[param.name, value]], body: validBody },
        })),
      })
    }
  }
  if (!plan.noQuery && op.strictQuery) {
    // The operation refuses parameters it does not know (its real query model forbids extra fields).
    const known = new Set(op.parameters.map((p) => p.name))
    const label = 'unknown query parameter'
    const name = fc.stringMatching(/^[a-z][a-z0-9_]{2,20}$/).filter((n) => !known.has(n))
    streams.push({
      label,
      arb: fc.tuple(name, fc.string({ maxLength: 12 })).map(([n, value]) => ({
        label,
        shown: `${n}=${JSON.stringify(value)}`,
        spec: { params, query: [[n, value]] },
      })),
    })
  }
  if (plan.pathTarget) {
    const name = plan.pathTarget
    const label = `path ${name}`
    streams.push({
      label,
      arb: malformedId().map((value) => ({
        label,
        shown: `${name}=${JSON.stringify(value)}`,
        spec: { params: { ...params, [name]: value } },
      })),
    })
  }
  if (plan.body && op.requestBody) {
    const label = 'body'
    streams.push({
      label,
      arb: invalidBody(contract, op.requestBody.schema).map((raw) => ({
        label,
        shown: `body ${raw.length > 80 ? raw.slice(0, 80) + '…' : raw}`,
        spec: { params, rawBody: raw },
      })),
    })
  }
  if (streams.length === 0) return []
  const perStream = Math.ceil(ctx.options.negativeRuns / streams.length)
  const samples = streams.map((s) =>
    fc.sample(s.arb, { seed: streamSeed(ctx.options.seed, op.operationId, s.label), numRuns: perStream }),
  )
  // Interleave, so a short budget still touches every target.
  const out: Case[] = []
  for (let i = 0; out.length < ctx.options.negativeRuns && i < perStream; i++) {
    for (const list of samples) if (list[i] && out.length < ctx.options.negativeRuns) out.push(list[i]!)
  }
  return out
}

export const negativeSuite: Suite = {
  name: 'negative input',
  checks: PLANS.map((p): [string, string] => [p.operationId, NAME]),
  async run(ctx) {
    const { run, options } = ctx
    for (const plan of PLANS) {
      if (!run.selected(plan.operationId)) continue
      if (plan.write && !options.writes) {
        run.skip(plan.operationId, NAME, 'needs --writes (malformed bodies are only sent to write operations with it)')
        continue
      }
      await run.check(plan.operationId, NAME, async (t) => {
        const op = t.op(plan.operationId)
        const params = await plan.params(t, ctx)
        const cases = casesFor(t, ctx, plan, op, params)
        if (cases.length === 0) t.skip('the contract constrains nothing the generator can break here')
        const failures: Array<{ c: Case; ex: Exchange; why: string }> = []
        let sent = 0
        for (const c of cases) {
          if (performance.now() > options.negativeDeadline) break
          const ex = await t.call(plan.operationId, c.spec)
          sent++
          if (
            plan.operationId === 'session_recording_playlists_create' &&
            ex.status < 300 &&
            typeof (ex.json as any)?.short_id === 'string'
          ) {
            registerSoftDelete(ctx, (ex.json as any).short_id)
          }
          let why: string | undefined
          if (ex.error) why = ex.error
          else if (ex.status >= 500) why = `${ex.status} (a server error)`
          else if (ex.status < 400) why = `${ex.status} (accepted)`
          else {
            const shape = t.contract.validate(t.contract.errorSchema, ex.json)
            if (ex.json === undefined || !shape.valid) why = `${ex.status} not in the error shape`
          }
          if (why) failures.push({ c, ex, why })
        }
        if (sent === 0) t.skip('the time budget for negative input was spent before this operation')
        if (sent < cases.length) t.note(`time budget reached: ${sent} of ${cases.length} cases sent`)
        if (failures.length) {
          const first = failures[0]!
          const kinds = [...new Set(failures.map((f) => f.c.label))].join(', ')
          t.fail(
            `${failures.length} of ${sent} malformed requests were not answered 4xx in the error shape (${kinds}); first: ${first.c.shown} -> ${first.why}`,
            ...failures.map((f) => f.ex),
          )
        }
        const targets = [...new Set(cases.slice(0, sent).map((c) => c.label))]
        t.summary(`${sent} malformed requests (${targets.join(', ')}), all 4xx in the error shape`)
      })
    }
  },
}
