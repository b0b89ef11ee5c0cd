// Runs named checks, records their outcomes, and tallies every response against the contract.
//
// A check is a function of a CheckContext; it ends by returning (passed), or by throwing through
// `t.fail` (failed), `t.skip` (skipped) or `t.drift` (known drift). Anything else it throws is the kit's
// own failure (KitFailure): the run stops there. Checks are grouped in suites (one theme each, in
// ./checks/); a suite runs when any of its checks is selected by --tag/--operation, and its unselected
// checks still run (later checks may need what they set up) but are not reported.
import { checkConformance, matchingDrift } from './conformance.ts'
import { describeError, kitContract, type KitContract, type KitOperation, type ObservedNote } from './contract.ts'
import type { Client, Exchange, RequestSpec } from './http.ts'
import type { Profile } from '../contract/profiles.ts'
import type { CheckResult, ExchangeBrief, Outcome } from './types.ts'

export class CheckFailure extends Error {
  constructor(
    message: string,
    readonly exchanges: Exchange[] = [],
  ) {
    super(message)
  }
}
export class CheckSkip extends Error {}
/** The kit itself failed (not the deployment): where, and the error. */
export class KitFailure extends Error {
  constructor(
    readonly where: string,
    readonly error: unknown,
  ) {
    super(`${where}: ${(error as Error)?.message ?? String(error)}`)
  }
}
/** The answer is the profile's documented refusal of this kind of key: the check ends, passed. */
export class ProfileRefusal extends Error {}

/** What the real service answers a scoped personal API key on an action that declares no scope. */
export const NO_SCOPE_DECLARED = 'This action does not support Personal API Key access'
export class KnownDrift extends Error {
  constructor(
    readonly note: ObservedNote,
    message: string,
    readonly exchanges: Exchange[] = [],
  ) {
    super(message)
  }
}

export interface CheckContext {
  readonly contract: KitContract
  /** The profile answers are judged by. */
  readonly profile: Profile
  readonly client: Client
  op(operationId: string): KitOperation
  /** Calls an operation by id. */
  call(operationId: string, spec?: RequestSpec): Promise<Exchange>
  fail(message: string, ...exchanges: Exchange[]): never
  skip(reason: string): never
  drift(note: ObservedNote, message: string, ...exchanges: Exchange[]): never
  /** Fails with `message` unless `condition` holds. */
  ensure(condition: unknown, message: string, ...exchanges: Exchange[]): void
  /**
   * The status must be one of `expected` (statuses of the contract as written: under the observed profile
   * they stand for the real service's, e.g. 204 for its 202); a status the x-observed notes give for the
   * other side is known drift. Under the observed profile, the real refusal of a scoped key on an action
   * that declares no scope ends the check as passed.
   */
  expectStatus(ex: Exchange, expected: number): void
  /** Whether the contract (under the profile) documents a body for this answer's status. */
  answerHasBody(ex: Exchange): boolean
  /** The parsed JSON body; a body that matches the real service's documented shape marks the check as drift (it goes on). */
  json<T = any>(ex: Exchange): T
  /** The body must be in the error shape {type, code, detail, attr}. */
  expectErrorShape(ex: Exchange): void
  note(text: string): void
  /** A short summary shown when the check passes. */
  summary(text: string): void
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

const driftOf = (note: ObservedNote) => ({ id: note.id, contract: note.seed, real: note.real })

/** `/results/3/foo` -> `/results/*\/foo`: one note per field, not per item. */
const generalize = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/*')

export class Run {
  readonly results: CheckResult[] = []
  readonly notes: string[] = []
  private readonly tallies = new Map<string, Tally>()
  readonly contract: KitContract

  constructor(
    readonly client: Client,
    private readonly options: RunOptions,
  ) {
    this.contract = kitContract(options.profile ?? 'seed')
  }

  /** Is this operation's check in the selection? */
  selected(operationId: string): boolean {
    const op = this.contract.byId.get(operationId)
    if (!op) return false
    if (op.tags.includes('mock-control')) return false
    if (this.options.operations.length && !this.options.operations.includes(operationId)) return false
    if (this.options.tags.length && !op.tags.some((t) => this.options.tags.includes(t))) return false
    return true
  }

  /** Records a response against the contract (the client calls this for every exchange). */
  record(ex: Exchange): void {
    if (!ex.operationId) return
    const op = this.contract.byId.get(ex.operationId)
    if (!op) return
    let tally = this.tallies.get(op.operationId)
    if (!tally) this.tallies.set(op.operationId, (tally = { count: 0, failures: [], drifts: [], extras: new Set() }))
    tally.count++
    if (ex.error) {
      tally.failures.push({ problem: ex.error, ex })
      return
    }
    const conformance = checkConformance(op, ex)
    ex.conformance = conformance
    if (conformance.verdict === 'fail') tally.failures.push({ problem: conformance.problems[0]!, ex })
    else if (conformance.verdict === 'drift') tally.drifts.push({ note: conformance.drift!, ex })
    for (const extra of conformance.extras) tally.extras.add(generalize(extra))
  }

  private push(result: CheckResult): void {
    this.results.push(result)
    try {
      this.options.onCheck?.(result)
    } catch (error) {
      throw new KitFailure(`reporting check "${result.name}" of ${result.operationId}`, error)
    }
  }

  private brief(exchanges: Exchange[]): ExchangeBrief[] {
    return exchanges.slice(0, 3).map((ex) => this.client.brief(ex))
  }

  skip(operationId: string, name: string, reason: string): void {
    if (this.selected(operationId))
      this.push(checkResult(this.contract.byId.get(operationId)!, name, 'skipped', reason))
  }

  /** Runs a check and records its outcome. */
  async check(operationId: string, name: string, fn: (t: CheckContext) => Promise<unknown>): Promise<void> {
    const op = this.contract.byId.get(operationId)
    if (!op) throw new Error(`unknown operation ${operationId} in check "${name}"`)
    const notes: string[] = []
    let summary: string | undefined
    let softDrift: { note: ObservedNote; ex: Exchange } | undefined
    const { contract, client } = this
    const t: CheckContext = {
      contract: this.contract,
      profile: this.contract.operations[0]?.profile ?? 'seed',
      client: this.client,
      op: (id) => {
        const found = contract.byId.get(id)
        if (!found) throw new Error(`unknown operation ${id}`)
        return found
      },
      call: (id, spec) => client.call(t.op(id), spec),
      fail(message, ...exchanges) {
        throw new CheckFailure(message, exchanges)
      },
      skip(reason) {
        throw new CheckSkip(reason)
      },
      drift(note, message, ...exchanges) {
        throw new KnownDrift(note, message, exchanges)
      },
      ensure(condition, message, ...exchanges) {
        if (!condition) throw new CheckFailure(message, exchanges)
      },
      expectStatus(ex, expected) {
        const exOp = ex.operationId ? contract.byId.get(ex.operationId) : undefined
        const status = exOp?.statusFor(expected) ?? expected
        if (ex.error) t.fail(ex.error, ex)
        if (ex.status === status) return
        if (exOp?.noneDeclared && ex.status === 403 && (ex.json as any)?.detail === NO_SCOPE_DECLARED) {
          throw new ProfileRefusal(
            `${ex.method} refused the scoped key as the real service does (the action declares no scope)`,
          )
        }
        const note = exOp ? matchingDrift(exOp, ex) : undefined
        if (note && note.realStatus === ex.status) {
          t.drift(note, `${ex.method} answered ${ex.status} where the contract says ${status}`, ex)
        }
        t.fail(`expected ${status}, got ${ex.status}`, ex)
      },
      json(ex) {
        if (ex.conformance?.verdict === 'drift' && !softDrift) softDrift = { note: ex.conformance.drift!, ex }
        if (ex.json === undefined) t.fail(`expected a JSON body${ex.jsonError ? `: ${ex.jsonError}` : ''}`, ex)
        return ex.json as any
      },
      expectErrorShape(ex) {
        const result = contract.validate(contract.errorSchema, ex.json)
        if (ex.json === undefined || !result.valid) {
          t.fail(
            `the body is not in the error shape {type, code, detail, attr}${result.errors[0] ? `: ${describeError(result.errors[0])}` : ''}`,
            ex,
          )
        }
      },
      answerHasBody(ex) {
        const exOp = ex.operationId ? contract.byId.get(ex.operationId) : undefined
        return (exOp?.responses.get(ex.status)?.length ?? 0) > 0
      },
      note: (text) => notes.push(text),
      summary: (text) => (summary = text),
    }

    const started = performance.now()
    let outcome: Outcome = 'passed'
    let message: string | undefined
    let exchanges: Exchange[] = []
    let drift: CheckResult['drift']
    try {
      await fn(t)
      message = summary
      if (softDrift) {
        outcome = 'drift'
        drift = driftOf(softDrift.note)
        const shape = t.profile === 'observed' ? "the seed's" : "the real service's"
        message = `known drift ${softDrift.note.id}: the response has ${shape} shape${summary ? `; ${summary}` : ''}`
        exchanges = [softDrift.ex]
      }
    } catch (error) {
      if (error instanceof ProfileRefusal) {
        message = error.message
      } else if (error instanceof CheckSkip) {
        outcome = 'skipped'
        message = error.message
      } else if (error instanceof KnownDrift) {
        outcome = 'drift'
        drift = driftOf(error.note)
        message = `known drift ${error.note.id}: ${error.message}`
        exchanges = error.exchanges
      } else if (error instanceof CheckFailure) {
        outcome = 'failed'
        message = error.message
        exchanges = error.exchanges
      } else throw new KitFailure(`check "${name}" of ${operationId}`, error)
    }
    if (this.selected(operationId)) {
      const durationMs = Math.round(performance.now() - started)
      this.push(checkResult(op, name, outcome, message, { drift, notes, exchanges: this.brief(exchanges), durationMs }))
    }
  }

  /** One check per operation called: every response conformed to the contract. */
  conformanceResults(): CheckResult[] {
    const out: CheckResult[] = []
    const ops = [...this.tallies.keys()].map((id) => this.contract.byId.get(id)!).sort((a, b) => a.order - b.order)
    for (const op of ops) {
      if (!this.selected(op.operationId)) continue
      const tally = this.tallies.get(op.operationId)!
      const notes: string[] = []
      let outcome: Outcome = 'passed'
      let message = `${tally.count} response${tally.count === 1 ? '' : 's'} checked`
      let exchanges: Exchange[] = []
      let drift: CheckResult['drift']
      if (tally.extras.size) {
        notes.push(
          `fields the contract does not name: ${[...tally.extras].slice(0, 10).join(', ')}${tally.extras.size > 10 ? ` (and ${tally.extras.size - 10} more)` : ''}`,
        )
        if (this.options.strict) {
          outcome = 'failed'
          message = `responses carry fields the contract does not name (a failure with --strict)`
        }
      }
      if (tally.drifts.length && outcome === 'passed') {
        const first = tally.drifts[0]!
        drift = driftOf(first.note)
        outcome = 'drift'
        message = `known drift ${first.note.id} in ${tally.drifts.length} of ${tally.count} responses`
        exchanges = [first.ex]
      }
      if (tally.failures.length) {
        outcome = 'failed'
        drift = undefined
        const problems = [...new Set(tally.failures.map((f) => f.problem))]
        message = `${tally.failures.length} of ${tally.count} responses do not conform: ${problems[0]}`
        for (const p of problems.slice(1, 6)) notes.push(p)
        exchanges = tally.failures.map((f) => f.ex)
      }
      const name = 'responses conform to the contract'
      out.push(checkResult(op, name, outcome, message, { drift, notes, exchanges: this.brief(exchanges) }))
    }
    return out
  }
}
