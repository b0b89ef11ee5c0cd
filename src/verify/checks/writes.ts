// The writes the contract's x-effects entries describe (--writes), each made once and its effects read
// back: in its own answer, through the reads that show it (`read`), and, where the API cannot show it,
// through this mock's control API when the deployment is this mock (`hidden` with `mock`), else said so
// in a note. In the contract's order, those marked `last` after the rest; what a write makes (`makes`)
// names the items of the writes after it, and what it leaves (`undo`) is undone when the run ends,
// unless a later write undid it already. A write on what it may delete (`doomed`) takes an item the user
// named (x-item `option`) or, on this mock, one the kit makes (x-item `make`): the named one goes to the
// write that deletes (`last`), so the writes before it on this mock each start from an item of their own.
import { kitContract, type Effect, type KitOperation, type WriteCase } from '../contract.ts'
import type { Exchange, RequestSpec } from '../http.ts'
import type { CheckContext } from '../runner.ts'
import { apiOperations, at, fill, itemParams, type Suite } from './suite.ts'

interface State {
  /** Path parameters the writes made (the kit's own playlist). */
  made: Record<string, string>
  /** Items a `pick` took already (each write on one of its own). */
  used: Set<string>
  /** Undo requests waiting for the run's end, by what they send. */
  undos: Map<string, () => void>
}

const specKey = (operationId: string, spec: RequestSpec) =>
  JSON.stringify([operationId, spec.params, spec.query ?? {}, spec.body ?? null])

/** Registers the case's undo for the items it names; null when it names none. */
export function undoLater(t: CheckContext, c: WriteCase, values: Record<string, any>, state?: State): void {
  if (!c.undo) return
  const op = t.contract.byId.get(c.undo.operation)!
  const params = paramsOf(op, values)
  const spec = { params, query: fill(c.undo.query, values), body: fill(c.undo.body, values) }
  const cancel = t.run.onCleanup({
    label: `${op.method} ${t.client.urlFor(op, params).replace(/^https?:\/\/[^/]+/, '')}`,
    operationId: op.operationId,
    async run() {
      const ex = await t.client.call(op, spec)
      return ex.status >= 200 && ex.status < 300 ? null : `answered ${ex.error ?? ex.status}`
    },
  })
  state?.undos.set(specKey(op.operationId, spec), cancel)
}

/** The item each path parameter names for this write. */
async function paramsFor(t: CheckContext, op: KitOperation, c: WriteCase, state: State) {
  const out: Record<string, string> = {}
  for (const param of itemParams(op)) {
    const rule = param.item!
    const named = rule.option ? t.options.personIds[0] : undefined
    if (state.made[param.name]) out[param.name] = state.made[param.name]!
    else if (t.contract.operations.some((o) => o.effects.some((e) => e.makes?.[param.name])))
      t.skip(`the kit could not make its ${rule.noun}`)
    else if (c.doomed && named && t.options.destructive && (c.last || !t.options.mock || !rule.make))
      out[param.name] = named // the one the user named is for the write that deletes it
    else if (c.doomed && t.options.mock && rule.make) out[param.name] = await t.make(rule)
    else if (c.doomed)
      t.skip(
        rule.option
          ? `needs --destructive and --${rule.option} (the kit deletes only the ${rule.noun}s it is told to)`
          : `runs against this mock only (the kit deletes only the ${rule.noun}s it makes there)`,
      )
    else if (named && !c.pick) out[param.name] = named
    else {
      const item = (await t.known(param, c.pick)).find((i) => !state.used.has(`${param.name} ${at(i, rule.field)}`))
      if (!item) t.skip(`every listed ${rule.noun} was written already`)
      out[param.name] = String(at(item, rule.field))
      if (c.pick) state.used.add(`${param.name} ${out[param.name]}`)
    }
  }
  return out
}

/** The path parameters of `op` among the write's values. */
const paramsOf = (op: KitOperation, v: Record<string, any>) =>
  Object.fromEntries(itemParams(op).map((p) => [p.name, String(v[p.name])]))

/** Whether `actual` holds everything `wanted` does (objects by their keys, the rest by value). */
function holds(actual: any, wanted: any): boolean {
  if (wanted && typeof wanted === 'object' && !Array.isArray(wanted))
    return !!actual && typeof actual === 'object' && Object.entries(wanted).every(([k, v]) => holds(actual[k], v))
  return JSON.stringify(actual) === JSON.stringify(wanted)
}

/** Every leaf path of a body sent (`/properties/key`), to leave out of what `keeps` compares. */
const leaves = (value: any, prefix = ''): string[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([k, v]) => leaves(v, `${prefix}/${k}`))
    : [prefix]

function kept(value: any, pointer: string, touched: string[]): string {
  const copy = structuredClone(at(value, pointer) ?? null)
  for (const path of touched.filter((p) => p.startsWith(`${pointer}/`))) {
    const rest = path.slice(pointer.length + 1).split('/')
    const parent = rest.slice(0, -1).reduce((v, k) => v?.[k], copy)
    if (parent && typeof parent === 'object') delete parent[rest.at(-1)!]
  }
  return JSON.stringify(copy)
}

/** The items of a list answer whose field (`field`, else that of the items the write's parameter names) holds `value`. */
function matching(op: KitOperation, body: any, effect: Effect, value: string): number {
  const contract = kitContract(op.profile)
  const items = Array.isArray(body) ? body : body?.results
  if (!Array.isArray(items)) return 0
  const name = /^\{([^/}]+)\}$/.exec(effect.lists ?? effect.omits ?? effect.adds ?? '')?.[1]
  const field =
    effect.field ?? [op, ...contract.operations].flatMap(itemParams).find((p) => p.name === name)?.item?.field ?? 'id'
  return items.filter((item) => String(at(item, field)) === value).length
}

/** One effect: what fails in it (null: it holds). */
function problem(
  op: KitOperation,
  e: Effect,
  ex: Exchange,
  v: Record<string, any>,
  before: any,
  counted: number,
): string | null {
  if (ex.error) return ex.error
  if (ex.status !== (e.status ?? 200) && !(e.read === undefined && ex.status < 300))
    return `answered ${ex.status}, not ${e.status ?? 200}`
  const body = ex.json
  const sent = e.shows === 'sent' ? v.sent : fill(e.shows, v)
  if (e.shows !== undefined && !holds(body, sent)) return `does not show ${JSON.stringify(sent)}`
  for (const pointer of e.has ?? []) if (at(body, pointer) === undefined) return `has nothing at ${pointer}`
  if (e.lacks && at(body, fill(e.lacks, v)) !== undefined) return `still has ${fill(e.lacks, v)}`
  if (e.lists && matching(op, body, e, fill(e.lists, v)) === 0) return `does not list ${fill(e.lists, v)}`
  if (e.omits && matching(op, body, e, fill(e.omits, v)) > 0) return `still lists ${fill(e.omits, v)}`
  if (e.adds && matching(op, body, e, fill(e.adds, v)) <= counted) return `lists no new item for ${fill(e.adds, v)}`
  const touched = [...leaves(v.sent), ...(e.lacks ? [fill(e.lacks, v)] : [])]
  for (const pointer of e.keeps ?? [])
    if (kept(body, pointer, touched) !== kept(before, pointer, touched))
      return `changed ${pointer}, which it was not sent`
  return null
}

async function checkEffect(
  t: CheckContext,
  op: KitOperation,
  e: Effect,
  answer: Exchange,
  v: Record<string, any>,
  counts: Map<Effect, number>,
) {
  if (e.hidden && !(t.options.mock && e.mock)) return t.note(`not visible over the API: ${e.hidden}`)
  const effect = e.hidden ? e.mock! : e
  if (!effect.read && !t.answerHasBody(answer)) return
  const read = effect.read
  for (let attempt = 1; ; attempt++) {
    const ex = read ? await t.call(read, { params: paramsOf(t.op(read), v), query: fill(effect.query, v) }) : answer
    const wrong = problem(op, effect, ex, v, v.before, counts.get(effect) ?? 0)
    if (wrong === null) return
    // The real service applies some writes through ingestion, a moment later.
    if (!effect.eventual || attempt >= 20)
      t.fail(`${read ? `${read} after the ${answer.method}` : `the ${answer.method} answer`} ${wrong}`, ex)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

async function runCase(t: CheckContext, op: KitOperation, c: WriteCase, state: State) {
  const params = await paramsFor(t, op, c, state)
  const v: Record<string, any> = { ...params, run: t.options.runId }
  const effects = (c.then ?? []).map((e) => (e.hidden && t.options.mock ? e.mock! : e))
  const first = effects.find((e) => e.read && !e.adds)
  if (first) {
    const ex = await t.call(first.read!, { params: paramsOf(t.op(first.read!), v) })
    if (c.doomed && ex.status !== 200)
      t.fail(`${first.read} for ${JSON.stringify(params)} answered ${ex.error ?? ex.status}: nothing to delete`, ex)
    v.before = ex.json
  }
  const counts = new Map<Effect, number>()
  for (const e of effects.filter((x) => x.adds))
    counts.set(e, matching(op, (await t.call(e.read!, { query: fill(e.query, v) })).json, e, fill(e.adds!, v)))
  v.sent = fill(c.body, v)
  const spec = { params, query: fill(c.query, v), body: v.sent }
  const ex = await t.call(op.operationId, spec)
  if (ex.status < 300) {
    for (const [name, pointer] of Object.entries(c.makes ?? {}))
      if (at(ex.json, pointer) !== undefined) state.made[name] = v[name] = String(at(ex.json, pointer))
    undoLater(t, c, v, state)
  }
  t.expectStatus(ex, c.status ?? Math.min(...[...op.responses.keys()].filter((s) => s < 300)))
  if (!t.answerHasBody(ex))
    t.ensure(
      ex.text === '',
      `${op.method} answered ${ex.status} with a body (${ex.text.length} chars); the contract says none`,
      ex,
    )
  for (const e of c.then ?? []) await checkEffect(t, op, e, ex, v, counts)
  state.undos.get(specKey(op.operationId, spec))?.()
  t.summary(
    `${op.method} ${Object.values(params).join(' ')}: ${ex.status}, ${(c.then ?? []).length} effect${c.then?.length === 1 ? '' : 's'} seen`,
  )
}

export const writesSuite: Suite = {
  name: 'writes',
  checks: (contract) =>
    apiOperations(contract).flatMap((op) => op.effects.map((c): [string, string] => [op.operationId, c.name])),
  async run(run) {
    const { options } = run
    const cases = apiOperations(run.contract).flatMap((op) => op.effects.map((c) => ({ op, c })))
    const state: State = { made: {}, used: new Set(), undos: new Map() }
    // The writes on the resources of the selected operations run (each may need what another makes or
    // undoes), and only the selected are reported.
    const tags = new Set(cases.filter(({ op }) => run.selected(op.operationId)).flatMap(({ op }) => op.tags))
    for (const { op, c } of [...cases.filter((x) => !x.c.last), ...cases.filter((x) => x.c.last)]) {
      if (!(options.writes || (c.doomed && options.destructive)))
        run.skip(
          op.operationId,
          c.name,
          c.doomed ? 'needs --destructive with --person-id (or --writes against this mock)' : 'needs --writes',
        )
      else if (op.tags.some((tag) => tags.has(tag)))
        await run.check(op.operationId, c.name, (t) => runCase(t, op, c, state))
    }
  },
}
