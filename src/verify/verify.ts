// The library entry: verify({ baseUrl, apiKey, projectId, fetch, ... }) runs every selected check
// against a deployment and returns a structured result (every secret already masked).
import { isProfile, PROFILES } from '../contract/profiles.ts'
import { kitContract } from './contract.ts'
import { Client } from './http.ts'
import { probe } from './reachability.ts'
import { createRedactor, redactDeep } from './redact.ts'
import { checkResult, KitFailure, Run } from './runner.ts'
import { accessSuite } from './checks/access.ts'
import { itemsSuite } from './checks/items.ts'
import { listsSuite } from './checks/lists.ts'
import { negativeSuite } from './checks/negative.ts'
import { writesSuite } from './checks/writes.ts'
import type { Suite } from './checks/suite.ts'
import type { CheckResult, FetchLike, VerifyOptions, VerifyResult, VerifySummary } from './types.ts'
import { stageProgress } from './progress.ts'

/** In the order they run: reads first, then negatives, then the kit's own writes, deletions last. */
const SUITES: readonly Suite[] = [accessSuite, listsSuite, itemsSuite, negativeSuite, writesSuite]

/** This mock's key with the read scopes only (README, "Default data and keys"): the second key against it. */
const MOCK_READ_KEY = 'phx_mock_read'

export class VerifyUsageError extends Error {}

/** The deployment gave no answer at all (refused, unknown host, timed out): nothing was checked. */
export class VerifyUnreachableError extends Error {}

export function summaryLine(summary: VerifySummary): string {
  return `${summary.passed} passed, ${summary.failed} failed${summary.skipped ? `, ${summary.skipped} skipped` : ''}`
}

export async function verify(options: VerifyOptions): Promise<VerifyResult> {
  const started = performance.now()
  const startedAt = new Date().toISOString()
  if (!options.apiKey) throw new VerifyUsageError('an API key is required')
  let base: URL
  try {
    base = new URL(options.baseUrl)
  } catch {
    throw new VerifyUsageError(`the base URL "${options.baseUrl}" is not a URL`)
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new VerifyUsageError(`the base URL must be http or https, not ${base.protocol}`)
  const projectId = String(options.projectId ?? '').trim()
  if (!projectId) throw new VerifyUsageError('a project id is required')

  const profile = options.profile ?? 'seed'
  if (!isProfile(profile))
    throw new VerifyUsageError(`unknown profile "${String(profile)}" (known: ${PROFILES.join(', ')})`)
  const contract = kitContract(profile)
  const tags = options.tags ?? []
  const operations = options.operations ?? []
  for (const tag of tags) {
    if (!contract.tags.includes(tag) || tag === 'mock-control')
      throw new VerifyUsageError(
        `unknown tag "${tag}" (known: ${contract.tags.filter((t) => t !== 'mock-control').join(', ')})`,
      )
  }
  for (const id of operations) {
    const op = contract.byId.get(id)
    if (!op || op.tags.includes('mock-control')) throw new VerifyUsageError(`unknown operation "${id}"`)
  }

  const send: FetchLike = options.fetch ?? ((request) => fetch(request))
  const timeoutMs = options.timeoutMs ?? 30_000
  const { why, mock } = await probe(base.href, send, timeoutMs)
  if (why) throw new VerifyUnreachableError(`cannot reach ${options.baseUrl}: ${why}; nothing was checked`)
  const secondApiKey = options.secondApiKey ?? (mock ? MOCK_READ_KEY : undefined)

  const redact = createRedactor([options.apiKey, options.secondApiKey])
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31)
  const runId = options.runId ?? globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 10)
  const writes = Boolean(options.writes)
  const destructive = Boolean(options.destructive)
  const strict = Boolean(options.strict)
  const personIds = (options.personIds ?? []).map((id) => String(id).trim()).filter(Boolean)

  // eslint-disable-next-line prefer-const -- the client's callbacks, made first, read it
  let run!: Run
  const client = new Client({
    ...options,
    baseUrl: base.href,
    projectId,
    secondApiKey,
    timeoutMs,
    redact,
    onExchange: (ex) => run.record(ex),
  })
  // Progress: checks done of those the selection declares, with the ETA (as the last check's operation).
  const stages = stageProgress(client, options.now ?? Date.now, options.onProgress)
  stages.start('checks')
  let done = 0
  let total: number | undefined
  const progress = (check: CheckResult) => {
    if (!options.onProgress) return
    total ??= SUITES.flatMap((suite) => suite.checks(run.contract)).filter(([op]) => run.selected(op)).length
    stages.report({ stage: 'checks', done: Math.min(++done, total), total }, check.operationId)
  }
  run = new Run(client, {
    profile,
    tags,
    operations,
    strict,
    onCheck: (c) => {
      options.onCheck?.(redactDeep(c, redact))
      progress(c)
    },
    writes,
    destructive,
    personIds,
    hasSecondKey: Boolean(secondApiKey),
    seed,
    runId,
    negativeRuns: Math.max(0, options.negativeRuns ?? 12),
    negativeDeadline: Number.POSITIVE_INFINITY,
    mock,
  })

  const crashes: CheckResult[] = []
  let crash: VerifyResult['crash']
  try {
    for (const suite of SUITES) {
      if (!suite.checks(contract).some(([op]) => run.selected(op))) continue
      if (suite === negativeSuite)
        run.options.negativeDeadline = performance.now() + (options.negativeBudgetMs ?? 30_000)
      if (suite.run) await suite.run(run)
      else
        for (const [id, name, fn] of suite.checks(contract))
          if (!suite.selectedOnly || run.selected(id)) await run.check(id, name, fn!)
    }
    // The selection's total is an upper bound (the write checks a read-only run skips, the scope probes
    // of what the second key has): the run's last line says how many there were.
    if (done > 0) options.onProgress?.({ stage: 'checks', done, total: done })
  } catch (error) {
    // The kit itself failed: the run stops, what was checked so far is reported, and the caller is told.
    const where = error instanceof KitFailure ? error.where : 'between checks'
    const cause = error instanceof KitFailure ? error.error : error
    crash = { where, message: (cause as Error)?.message ?? String(cause), stack: (cause as Error)?.stack }
  } finally {
    // Undo in reverse order; a cleanup that fails is a failed check, whatever the selection.
    for (const entry of [...run.cleanups].reverse()) {
      if (!entry.active) continue
      const problem = await entry.run().catch((error: Error) => error.message)
      if (problem === null) run.notes.push(`cleanup: ${entry.label}`)
      else {
        const op = contract.byId.get(entry.operationId) ?? { operationId: entry.operationId, tags: [] }
        crashes.push(checkResult(op, 'cleanup after the run', 'failed', `could not ${entry.label}: ${problem}`))
      }
    }
  }

  const order = new Map(contract.operations.map((op) => [op.operationId, op.order]))
  // A stable sort: within an operation, the order they ran in.
  const checks = [...run.conformanceResults(), ...run.results, ...crashes].sort(
    (a, b) => (order.get(a.operationId) ?? 0) - (order.get(b.operationId) ?? 0),
  )
  const count = (...outcomes: string[]) => checks.filter((c) => outcomes.includes(c.outcome)).length
  const [failed, skipped, drift] = [count('failed'), count('skipped'), count('drift')]
  const summary: VerifySummary = { passed: count('passed', 'drift'), failed, skipped, drift, total: checks.length }
  const notes = [...run.notes]
  // One line for what was skipped for want of an option, and which option would run it.
  const wanting = new Map<string, number>()
  for (const check of checks.filter((c) => c.outcome === 'skipped' && c.message?.startsWith('needs '))) {
    const want = check
      .message!.split('(')[0]!
      .match(/--[a-z-]+/g)!
      .join(' ')
    wanting.set(want, (wanting.get(want) ?? 0) + 1)
  }
  if (wanting.size)
    notes.push(`skipped for want of an option: ${[...wanting].map(([want, n]) => `${want} would run ${n}`).join(', ')}`)
  if (tags.length || operations.length)
    notes.push(`selection: ${[...tags.map((t) => `tag ${t}`), ...operations.map((o) => `operation ${o}`)].join(', ')}`)

  const result: VerifyResult = {
    ok: summary.failed === 0 && crash === undefined,
    runId,
    seed,
    baseUrl: base.href.replace(/\/$/, ''),
    projectId,
    mode: { profile, writes, destructive, strict, personIds, tags, operations },
    startedAt,
    durationMs: Math.round(performance.now() - started),
    requests: client.requests,
    summary,
    summaryLine: summaryLine(summary),
    checks,
    notes,
    crash,
  }
  // Defence in depth: nothing the kit hands back can carry a key, even one a deployment echoed.
  return redactDeep(result, redact)
}
