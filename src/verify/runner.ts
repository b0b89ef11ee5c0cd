// Runs named checks, records their outcomes, and tallies every response against the contract.
//
// A check is a function of a CheckContext; it ends by returning (passed), or by throwing a Stop through
// `t.fail` (failed), `t.skip` (skipped) or `t.drift` (known drift). Anything else it throws is the kit's
// own failure (KitFailure): the run stops there. Checks are grouped in suites (one theme each, in
// ./checks/); a suite runs when any of its checks is selected by --tag/--operation, and its unselected
// checks still run (later checks may need what they set up) but are not reported.
import { checkConformance, matchingDrift } from './conformance.ts'
import {
  describeError,
  kitContract,
  type ItemRule,
  type KitContract,
  type KitOperation,
  type ObservedNote,
  type ParameterInfo,
} from './contract.ts'
import type { Client, Exchange, RequestSpec } from './http.ts'
import type { Profile } from '../contract/profiles.ts'
import type { CheckResult, Outcome } from './types.ts'

/** How a check ends before returning: with its outcome, and the note of a known drift. */
export class Stop extends Error {
  constructor(
    readonly outcome: Outcome,
    message: string,
    readonly exchanges: Exchange[] = [],
    readonly note?: ObservedNote,
  ) {
    super(message)
  }
}

/** The kit itself failed (not the deployment): where, and the error. */
export class KitFailure extends Error {
  constructor(
    readonly where: string,
    readonly error: unknown,
  ) {
    super(`${where}: ${(error as Error)?.message ?? String(error)}`)
  }
}

/** What the real service answers a scoped personal API key on an action that declares no scope. */
const NO_SCOPE_DECLARED = 'This action does not support Personal API Key access'

/** What a check is given: the run, and the assertions that end it. */
export class CheckContext {
  readonly notes: string[] = []
  summaryText?: string
  /** The first answer in the real service's documented shape: the check is drift, and goes on. */
  softDrift?: { note: ObservedNote; ex: Exchange }

  constructor(readonly run: Run) {}

  get contract(): KitContract {
    return this.run.contract
  }
  get client(): Client {
    return this.run.client
  }
  get options(): RunOptions {
    return this.run.options
  }
  /** The profile answers are judged by. */
  get profile(): Profile {
    return this.run.options.profile ?? 'seed'
  }

  op(operationId: string): KitOperation {
    const found = this.contract.byId.get(operationId)
    if (!found) throw new Error(`unknown operation ${operationId}`)
    return found
  }

  call(operationId: string, spec?: RequestSpec): Promise<Exchange> {
    return this.client.call(this.op(operationId), spec)
  }

  fail(message: string, ...exchanges: Exchange[]): never {
    throw new Stop('failed', message, exchanges)
  }

  skip(reason: string): never {
    throw new Stop('skipped', reason)
  }

  drift(note: ObservedNote, message: string, ...exchanges: Exchange[]): never {
    throw new Stop('drift', message, exchanges, note)
  }

  ensure(condition: unknown, message: string, ...exchanges: Exchange[]): void {
    if (!condition) this.fail(message, ...exchanges)
  }

  /**
   * The status must be `expected` (a status of the contract as written: under the observed profile it
   * stands for the real service's, e.g. 204 for its 202); a status the x-observed notes give for the other
   * side is known drift. Under the observed profile, the real refusal of a scoped key on an action that
   * declares no scope ends the check as passed.
   */
  expectStatus(ex: Exchange, expected: number): void {
    const op = ex.operationId ? this.contract.byId.get(ex.operationId) : undefined
    const status = op?.statusFor(expected) ?? expected
    if (ex.error) this.fail(ex.error, ex)
    if (ex.status === status) return
    if (op?.noneDeclared && ex.status === 403 && (ex.json as any)?.detail === NO_SCOPE_DECLARED)
      throw new Stop(
        'passed',
        `${ex.method} refused the scoped key as the real service does (the action declares no scope)`,
      )
    const note = op && matchingDrift(op, ex)
    if (note && note.realStatus === ex.status)
      this.drift(note, `${ex.method} answered ${ex.status} where the contract says ${status}`, ex)
    this.fail(`expected ${status}, got ${ex.status}`, ex)
  }

  /** Whether the contract (under the profile) documents a body for this answer's status. */
  answerHasBody(ex: Exchange): boolean {
    return (this.contract.byId.get(ex.operationId!)?.responses.get(ex.status)?.length ?? 0) > 0
  }

  /** The parsed JSON body; a body in the real service's documented shape marks the check as drift. */
  json<T = any>(ex: Exchange): T {
    if (ex.conformance?.verdict === 'drift') this.softDrift ??= { note: ex.conformance.drift!, ex }
    if (ex.json === undefined) this.fail(`expected a JSON body${ex.jsonError ? `: ${ex.jsonError}` : ''}`, ex)
    return ex.json as T
  }

  /** The body must be in the error shape {type, code, detail, attr}. */
  expectErrorShape(ex: Exchange): void {
    const result = this.contract.validate(this.contract.errorSchema, ex.json)
    if (ex.json === undefined || !result.valid)
      this.fail(
        `the body is not in the error shape {type, code, detail, attr}${result.errors[0] ? `: ${describeError(result.errors[0])}` : ''}`,
        ex,
      )
  }

  note(text: string): void {
    this.notes.push(text)
  }

  /** A short summary shown when the check passes. */
  summary(text: string): void {
    this.summaryText = text
  }

  /** A list operation's first page (100 items, every one the list reaches), in a project (default the run's), fetched once. */
  page(operationId: string, params: Record<string, string> = {}): Promise<Exchange> {
    const key = `${operationId} ${JSON.stringify(params)}`
    const op = this.op(operationId)
    const pages = this.run.pages
    if (!pages.has(key)) pages.set(key, this.client.call(op, { params, query: { ...op.list?.reach, limit: 100 } }))
    return pages.get(key)!
  }

  /** The items of a list's first page, less those every project shares and the deleted ones. */
  async list(operationId: string, params: Record<string, string> = {}): Promise<any[]> {
    const ex = await this.page(operationId, params)
    if (ex.error || ex.status !== 200)
      this.fail(`could not list ${operationId}: ${ex.error ?? `status ${ex.status}`}`, ex)
    const results = (ex.json as any)?.results
    if (!Array.isArray(results)) this.fail(`could not list ${operationId}: the answer has no results array`, ex)
    const shared = this.op(operationId).list?.shared
    return results.filter(
      (item) => item && typeof item === 'object' && !(shared && item[shared]) && item.deleted !== true,
    )
  }

  /** The listed items a path parameter can name, the ones with `pick`'s fields first. */
  async known(param: ParameterInfo, pick: Record<string, unknown> = {}): Promise<any[]> {
    const rule = param.item
    if (!rule) this.skip(`the contract does not say where values of ${param.name} come from`)
    const items = (await this.list(rule.list)).filter((item) => at(item, rule.field) !== undefined)
    const picked = (item: any) => Object.entries(pick).every(([k, v]) => item[k] === v)
    if (items.length === 0) this.skip(`the project has no ${rule.noun}s to check against`)
    return [...items.filter(picked), ...items.filter((item) => !picked(item))]
  }

  /** The path parameters of an operation, each naming a known item. */
  async params(op: KitOperation): Promise<Record<string, string>> {
    const out: Record<string, string> = {}
    for (const param of itemParams(op)) out[param.name] = String(at((await this.known(param))[0], param.item!.field))
    return out
  }

  /** Makes an item on this mock as the contract's x-item `make` says; its id. */
  async make(rule: ItemRule): Promise<string> {
    const make = rule.make
    if (!make) this.skip(`the kit makes no ${rule.noun}s`)
    const runId = this.options.runId
    const body = fill(make.body, { unique: `${runId}-${++this.run.made}`, run: runId })
    const ex = await this.call(make.operation, { body })
    const id = at(ex.json, make.field)
    if (ex.status >= 300 || id === undefined)
      this.fail(`could not make a ${rule.noun} to delete (${ex.error ?? ex.status})`, ex)
    return String(id)
  }
}

interface Tally {
  count: number
  failures: Array<{ problem: string; ex: Exchange }>
  drifts: Array<{ note: ObservedNote; ex: Exchange }>
  extras: Set<string>
}

export interface RunOptions {
  /** The profile responses are judged by (default seed). */
  profile?: Profile
  tags: string[]
  operations: string[]
  strict: boolean
  onCheck?: (check: CheckResult) => void
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

export interface Cleanup {
  label: string
  /** The operation that undoes it (a failed cleanup is reported there). */
  operationId: string
  run(): Promise<string | null> // null: done; otherwise what went wrong
}

/** A check's result as the reports show it. */
export const checkResult = (
  op: { operationId: string; tags: string[] },
  name: string,
  outcome: Outcome,
  message?: string,
  more: Partial<CheckResult> = {},
): CheckResult => ({
  operationId: op.operationId,
  tags: op.tags,
  name,
  outcome,
  message,
  notes: [],
  exchanges: [],
  durationMs: 0,
  ...more,
})

const driftOf = (note?: ObservedNote) => note && { id: note.id, contract: note.seed, real: note.real }

export class Run {
  readonly results: CheckResult[] = []
  readonly notes: string[] = []
  private readonly tallies = new Map<string, Tally>()
  readonly contract: KitContract
  /** The lists' first pages (page()), and how many items the kit made. */
  readonly pages = new Map<string, Promise<Exchange>>()
  made = 0
  readonly cleanups: Array<Cleanup & { active: boolean }> = []

  constructor(
    readonly client: Client,
    readonly options: RunOptions,
  ) {
    this.contract = kitContract(options.profile ?? 'seed')
  }

  /** Registers something to undo when the run ends; returns a function that unregisters it (when already undone). */
  onCleanup(cleanup: Cleanup): () => void {
    const entry = { ...cleanup, active: true }
    this.cleanups.push(entry)
    return () => void (entry.active = false)
  }

  /** Is this operation's check in the selection? */
  selected(operationId: string): boolean {
    const { operations, tags } = this.options
    const op = this.contract.byId.get(operationId)
    return (
      !!op &&
      !op.tags.includes('mock-control') &&
      (!operations.length || operations.includes(operationId)) &&
      (!tags.length || op.tags.some((t) => tags.includes(t)))
    )
  }

  /** Records a response against the contract (the client calls this for every exchange). */
  record(ex: Exchange): void {
    const op = ex.operationId ? this.contract.byId.get(ex.operationId) : undefined
    if (!op) return
    let tally = this.tallies.get(op.operationId)
    if (!tally) this.tallies.set(op.operationId, (tally = { count: 0, failures: [], drifts: [], extras: new Set() }))
    tally.count++
    if (ex.error) return void tally.failures.push({ problem: ex.error, ex })
    const conformance = (ex.conformance = checkConformance(op, ex))
    if (conformance.verdict === 'fail') tally.failures.push({ problem: conformance.problems[0]!, ex })
    else if (conformance.verdict === 'drift') tally.drifts.push({ note: conformance.drift!, ex })
    // `/results/3/foo` -> `/results/*/foo`: one note per field, not per item.
    for (const extra of conformance.extras) tally.extras.add(extra.replace(/\/\d+(?=\/|$)/g, '/*'))
  }

  /** Reports a result of a selected operation (with at most three of its exchanges). */
  private push(op: KitOperation, name: string, outcome: Outcome, message?: string, more: Partial<CheckResult> = {}) {
    if (!this.selected(op.operationId)) return
    const result = checkResult(op, name, outcome, message, more)
    this.results.push(result)
    try {
      this.options.onCheck?.(result)
    } catch (error) {
      throw new KitFailure(`reporting check "${result.name}" of ${result.operationId}`, error)
    }
  }

  private brief(exchanges: Exchange[]) {
    return exchanges.slice(0, 3).map((ex) => this.client.brief(ex))
  }

  skip(operationId: string, name: string, reason: string): void {
    this.push(this.contract.byId.get(operationId)!, name, 'skipped', reason)
  }

  /** Runs a check and records its outcome. */
  async check(operationId: string, name: string, fn: (t: CheckContext) => Promise<unknown>): Promise<void> {
    const op = this.contract.byId.get(operationId)
    if (!op) throw new Error(`unknown operation ${operationId} in check "${name}"`)
    const t = new CheckContext(this)
    const started = performance.now()
    let end: Stop
    try {
      await fn(t)
      const soft = t.softDrift
      const shape = t.profile === 'observed' ? "the seed's" : "the real service's"
      end = soft
        ? new Stop(
            'drift',
            `the response has ${shape} shape${t.summaryText ? `; ${t.summaryText}` : ''}`,
            [soft.ex],
            soft.note,
          )
        : new Stop('passed', t.summaryText!)
    } catch (error) {
      if (!(error instanceof Stop)) throw new KitFailure(`check "${name}" of ${operationId}`, error)
      end = error
    }
    const { outcome, note, exchanges } = end
    const message = note ? `known drift ${note.id}: ${end.message}` : end.message || undefined
    const durationMs = Math.round(performance.now() - started)
    const more = { drift: driftOf(note), notes: t.notes, exchanges: this.brief(exchanges), durationMs }
    this.push(op, name, outcome, message, more)
  }

  /** One check per operation called: every response conformed to the contract. */
  conformanceResults(): CheckResult[] {
    const ops = [...this.tallies.keys()].map((id) => this.contract.byId.get(id)!).sort((a, b) => a.order - b.order)
    return ops
      .filter((op) => this.selected(op.operationId))
      .map((op) => this.conformance(op, this.tallies.get(op.operationId)!))
  }

  private conformance(op: KitOperation, { count, failures, drifts, extras }: Tally): CheckResult {
    const notes: string[] = []
    let outcome: Outcome = 'passed'
    let message = `${count} response${count === 1 ? '' : 's'} checked`
    let exchanges: Exchange[] = []
    let note: ObservedNote | undefined
    if (extras.size) {
      const more = extras.size > 10 ? ` (and ${extras.size - 10} more)` : ''
      notes.push(`fields the contract does not name: ${[...extras].slice(0, 10).join(', ')}${more}`)
      if (this.options.strict) {
        outcome = 'failed'
        message = `responses carry fields the contract does not name (a failure with --strict)`
      }
    }
    if (drifts.length && outcome === 'passed') {
      note = drifts[0]!.note
      outcome = 'drift'
      message = `known drift ${note.id} in ${drifts.length} of ${count} responses`
      exchanges = [drifts[0]!.ex]
    }
    if (failures.length) {
      outcome = 'failed'
      note = undefined
      const problems = [...new Set(failures.map((f) => f.problem))]
      message = `${failures.length} of ${count} responses do not conform: ${problems[0]}`
      notes.push(...problems.slice(1, 6))
      exchanges = failures.map((f) => f.ex)
    }
    const more = { drift: driftOf(note), notes, exchanges: this.brief(exchanges) }
    return checkResult(op, 'responses conform to the contract', outcome, message, more)
  }
}

/** An operation's path parameters other than the project. */
export const itemParams = (op: KitOperation): ParameterInfo[] =>
  op.parameters.filter((p) => p.in === 'path' && p.name !== 'project_id')

/** The value at a dotted path (`properties.email`) or a JSON pointer (`/person/id`). */
export function at(value: any, path: string): any {
  const parts = path.startsWith('/') ? path.slice(1).split('/') : path.split('.')
  return parts.reduce((v, part) => (v === null || v === undefined ? undefined : v[part]), value)
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
