// What the kit takes and what it gives back.
import type { Profile } from '../contract/profiles.ts'
import type { Progress } from './progress.ts'
import type { RateTable } from '../contract/rate-limits.ts'

export type FetchLike = (request: Request) => Promise<Response>

/** The deployment and how to talk to it: what verify, record and drift are told, and their HTTP client takes. */
export interface ClientSettings {
  /** The deployment's origin (and path prefix, if any), e.g. https://us.posthog.com or http://127.0.0.1:8010 */
  baseUrl: string
  /** A personal API key. Never printed: every report masks it. */
  apiKey: string
  /** The project (environment) id in the paths. */
  projectId: string | number
  /** The fetch to use (default: the global fetch). Pass `app.fetch` to run in-process without a socket. */
  fetch?: FetchLike
  /** Per-request timeout in ms (default 30000). */
  timeoutMs?: number
  /** Retries of one request answered 429 in a row, each waiting as Retry-After says, however long (default 3). */
  maxRetries?: number
  /**
   * The rate limits to keep to: `real`, `off` (null), or scaled classes (`burst=10/min,...`; see
   * contract/rate-limits.ts). Default: the real ones for a deployment over the network at a host that is not
   * loopback, else none.
   */
  rate?: string | RateTable | null
  /** How to wait, and the time the pacing reads (tests pass the mock's clock and a sleep that advances it). */
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  /** Told before each wait of a second or more for the rate limits (`reason`: the class, or Retry-After). */
  onWait?: (ms: number, reason: string) => void
}

export interface VerifyOptions extends ClientSettings {
  /** Allow creating and changing playlists (the kit's own, soft-deleted afterwards), temporary person properties, and insight tool calls. */
  writes?: boolean
  /** Allow deleting persons: only those named in `personIds`. */
  destructive?: boolean
  /** Persons the kit may delete with `destructive` (and prefers for person writes). */
  personIds?: Array<string | number>
  /** Only checks of operations with one of these tags. */
  tags?: string[]
  /** Only checks of these operations (operationIds). */
  operations?: string[]
  /** Extra fields and known drift become failures. */
  strict?: boolean
  /**
   * What the deployment is expected to answer: the contract as written (`seed`, the default; the real
   * service's differences are known drift) or the real service's answers its x-observed notes describe
   * (`observed`, e.g. against `serve --profile observed`; the seed's answers are then the drift).
   */
  profile?: Profile
  /** A narrower key for the missing-scope check (skipped without it). Never printed either. */
  secondApiKey?: string
  /** Seed of the generated negative inputs (default: random, reported so a run can be repeated). */
  seed?: number
  /** Generated negative requests per operation (default 12). */
  negativeRuns?: number
  /** Time budget for all generated negative requests, in ms (default 30000). */
  negativeBudgetMs?: number
  /** Run id carried by every name the kit creates (default: random). */
  runId?: string
  /** Called as each check finishes (for progress output). */
  onCheck?: (check: CheckResult) => void
  /** Called as each check finishes: checks done of the selection's total, and the ETA once known (progress.ts). */
  onProgress?: (progress: Progress) => void
}

export type Outcome = 'passed' | 'failed' | 'skipped' | 'drift'

/** One request and its answer, briefly, with every secret masked. */
export interface ExchangeBrief {
  request: string
  requestBody?: string
  response: string
  /**
   * When the response itself broke the contract: where the rule is in contracts/openapi.yaml (a JSON
   * pointer) and what it asks, e.g. `#/components/schemas/Person/properties/id/type: must be integer`.
   */
  rule?: string
}

export interface CheckResult {
  /** The operation the check is about (reports group by it). */
  operationId: string
  tags: string[]
  /** The check's name, stable across runs (e.g. "pagination walk"). */
  name: string
  outcome: Outcome
  /** Why it failed, was skipped, or what drift it saw; a short summary when it passed. */
  message?: string
  /** For known drift: the x-observed note and both behaviours. */
  drift?: { id: string; contract: string; real: string }
  notes: string[]
  /** The failing (or drifting) request and response. */
  exchanges: ExchangeBrief[]
  durationMs: number
}

export interface VerifySummary {
  passed: number
  failed: number
  skipped: number
  /** Of the passed, how many were known drift. */
  drift: number
  total: number
}

export interface VerifyResult {
  ok: boolean
  runId: string
  seed: number
  baseUrl: string
  projectId: string
  mode: {
    profile: Profile
    writes: boolean
    destructive: boolean
    strict: boolean
    personIds: string[]
    tags: string[]
    operations: string[]
  }
  startedAt: string
  durationMs: number
  requests: number
  summary: VerifySummary
  /** `N passed, N failed` plus `, N skipped` when any. */
  summaryLine: string
  checks: CheckResult[]
  /** Run-level notes (cleanup, budget, the checks skipped for want of an option). */
  notes: string[]
  /** Set when the kit itself failed: the run stopped there, and `checks` holds what ran before. */
  crash?: { where: string; message: string; stack?: string }
}
