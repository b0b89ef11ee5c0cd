// Negative input: malformed parameters and bodies, generated from the contract's schemas (seeded, so a
// run can be repeated with --seed), must get a 4xx in the error shape, never a 5xx and never a success.
// Bounded: a number of cases per operation and one time budget for all of them.
//
// Every read of the project gets malformed query parameters on the items it knows, and malformed
// identifiers in the path. Bodies go only with --writes, and only where nothing can change: on ids that
// name nothing, and to the writes that name none (a create: what a deployment wrongly makes is undone
// as its x-effects entry says).
import fc from 'fast-check'
import type { KitOperation, ParameterInfo } from '../contract.ts'
import type { Exchange, RequestSpec } from '../http.ts'
import type { CheckContext } from '../runner.ts'
import { invalidBody, invalidQueryValue, malformedId, sampleValid, streamSeed } from '../negative/generate.ts'
import { apiOperations, at, check, itemParams, unknownValue, type Suite } from './suite.ts'
import { undoLater } from './writes.ts'

/**
 * The operations negative input goes to: every read of the project that has a value to break (a strict
 * parameter: lenient ones, x-lenient, take anything), and the writes that read a body.
 */
const targets = (op: KitOperation) =>
  op.method === 'GET'
    ? op.path.includes('{project_id}') &&
      (op.strictQuery || op.parameters.some((p) => !p.lenient && p.name !== 'project_id'))
    : op.requestBody && !op.bodyUnread

const NAME = 'negative input'

interface Case {
  label: string
  shown: string
  spec: RequestSpec
}

function casesFor(t: CheckContext, op: KitOperation, params: Record<string, string>): Case[] {
  const { contract } = t
  const write = op.method !== 'GET'
  const validBody = op.requestBody ? sampleValid(contract, op.requestBody.schema) : undefined
  const streams: Array<{ label: string; arb: fc.Arbitrary<Case> }> = []
  const stream = <T>(label: string, arb: fc.Arbitrary<T>, make: (value: T) => Omit<Case, 'label'>) =>
    streams.push({ label, arb: arb.map((value) => ({ label, ...make(value) })) })
  if (!write) {
    // A lenient parameter (x-lenient) has no invalid values: the real service reads what it cannot use as its default.
    for (const param of op.parameters.filter((p) => p.in === 'query' && !p.lenient)) {
      const arb = invalidQueryValue(contract, param)
      if (arb)
        stream(`query ${param.name}`, arb, (value) => ({
          shown: `${param.name}=${JSON.stringify(value)}`,
          spec: { params, query: [[param.name, value]], body: validBody },
        }))
    }
  }
  if (!write && op.strictQuery) {
    // The operation refuses parameters it does not know (its real query model forbids extra fields).
    const known = new Set(op.parameters.map((p) => p.name))
    const name = fc.stringMatching(/^[a-z][a-z0-9_]{2,20}$/).filter((n) => !known.has(n))
    stream('unknown query parameter', fc.tuple(name, fc.string({ maxLength: 12 })), ([n, value]) => ({
      shown: `${n}=${JSON.stringify(value)}`,
      spec: { params, query: [[n, value]] },
    }))
  }
  // (A lenient path parameter, x-lenient: the view answers any value, so malformed ones are not refused.)
  const last = write ? undefined : itemParams(op).at(-1)
  const name = last?.lenient ? undefined : last?.name
  if (name)
    stream(`path ${name}`, malformedId(), (value) => ({
      shown: `${name}=${JSON.stringify(value)}`,
      spec: { params: { ...params, [name]: value } },
    }))
  if (write && op.requestBody)
    stream('body', invalidBody(contract, op.requestBody.schema), (raw) => ({
      shown: `body ${raw.length > 80 ? raw.slice(0, 80) + '…' : raw}`,
      spec: { params, rawBody: raw },
    }))
  if (streams.length === 0) return []
  const perStream = Math.ceil(t.options.negativeRuns / streams.length)
  const samples = streams.map((s) =>
    fc.sample(s.arb, { seed: streamSeed(t.options.seed, op.operationId, s.label), numRuns: perStream }),
  )
  // Interleave, so a short budget still touches every target.
  const out: Case[] = []
  for (let i = 0; out.length < t.options.negativeRuns && i < perStream; i++) {
    for (const list of samples) if (list[i] && out.length < t.options.negativeRuns) out.push(list[i]!)
  }
  return out
}

/** Malformed requests to one operation's targets, each answered 4xx in the error shape. */
async function negativeInput(t: CheckContext, op: KitOperation) {
  const write = op.method !== 'GET'
  if (write && !t.options.writes) t.skip('needs --writes (malformed bodies are only sent to write operations with it)')
  const unknown = (p: ParameterInfo) => [p.name, unknownValue(p.item, t.options.runId)]
  const params = write ? Object.fromEntries(itemParams(op).map(unknown)) : await t.params(op)
  const cases = casesFor(t, op, params)
  if (cases.length === 0) t.skip('the contract constrains nothing the generator can break here')
  const failures: Array<{ c: Case; ex: Exchange; why: string }> = []
  let sent = 0
  for (const c of cases) {
    if (performance.now() > t.options.negativeDeadline) break
    const ex = await t.call(op.operationId, c.spec)
    sent++
    // Something a deployment wrongly made is undone as the contract says.
    for (const made of ex.status < 300 ? op.effects.filter((e) => e.makes) : [])
      undoLater(t, made, Object.fromEntries(Object.entries(made.makes!).map(([k, p]) => [k, at(ex.json, p)])))
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
}

export const negativeSuite: Suite = {
  name: 'negative input',
  selectedOnly: true,
  checks: (contract) => apiOperations(contract, targets).map((op) => check(op, NAME, (t) => negativeInput(t, op))),
}
