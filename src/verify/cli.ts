// `analytics-mock verify`: the contract-test kit from the command line. Options or environment
// variables; the human report on stdout, JUnit XML and JSON reports on request; exit 0 only when every
// check passed (1 when one failed, 2 for a usage error). The key is never printed.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { ParsedArgs } from '../cli/args.ts'
import { formatHuman } from './report/human.ts'
import { toJson } from './report/json.ts'
import { toJUnit } from './report/junit.ts'
import type { FetchLike, VerifyOptions } from './types.ts'
import { verify, VerifyUsageError } from './verify.ts'

export const VERIFY_HELP = `analytics-mock verify --base-url URL --api-key KEY --project-id ID [options]

Checks a deployment (this mock or the real service) against contracts/openapi.yaml and the documented
semantics. Read-only unless told otherwise. Exit code 0 only when every check passes.

  --base-url URL          the deployment (env ANALYTICS_MOCK_BASE_URL)
  --api-key KEY           a personal API key (env ANALYTICS_MOCK_API_KEY; prefer the env var, so the
                          key stays out of shell history and process lists). Never printed.
  --project-id ID         the project (environment) id (env ANALYTICS_MOCK_PROJECT_ID)
  --writes                also create, change and soft-delete the kit's own playlist, set and remove a
                          temporary person property, call the insight tool, send malformed bodies
  --destructive           also delete persons: only those named with --person-id
  --person-id ID          a person the kit may delete with --destructive (repeatable); with --writes,
                          the first one also takes the temporary property
  --tag TAG               only checks of operations with this tag (repeatable; comma lists too)
  --operation ID          only checks of this operationId (repeatable; comma lists too)
  --second-api-key KEY    a narrower key for the missing-scope check (env ANALYTICS_MOCK_SECOND_API_KEY)
  --strict                extra fields and known drift are failures
  --seed N                seed of the generated negative inputs (default random; printed)
  --negative-runs N       generated malformed requests per operation (default 12)
  --negative-budget-ms N  time budget for all of them (default 30000)
  --timeout-ms N          per-request timeout (default 30000)
  --junit FILE            write a JUnit XML report
  --json FILE             write a JSON report
  --quiet                 print only the summary line
`

const VALUE_OPTIONS = new Set([
  'base-url',
  'api-key',
  'project-id',
  'person-id',
  'tag',
  'operation',
  'second-api-key',
  'seed',
  'negative-runs',
  'negative-budget-ms',
  'timeout-ms',
  'junit',
  'json',
])
const FLAG_OPTIONS = new Set(['writes', 'destructive', 'strict', 'quiet', 'help'])

export interface VerifyIo {
  out(text: string): void
  err(text: string): void
  env: Record<string, string | undefined>
  /** Overrides the fetch (tests run the CLI in-process against an app). */
  fetch?: FetchLike
}

class Usage extends Error {}

function values(options: ParsedArgs['options'], name: string): string[] {
  const v = options[name]
  if (v === undefined) return []
  if (typeof v === 'boolean') throw new Usage(`--${name} needs a value`)
  return (Array.isArray(v) ? v : [v]).flatMap((s) => (name === 'person-id' ? [s] : s.split(','))).map((s) => s.trim()).filter(Boolean)
}

function single(options: ParsedArgs['options'], name: string): string | undefined {
  const list = values(options, name)
  if (list.length > 1 && name !== 'tag' && name !== 'operation') throw new Usage(`--${name} given more than once`)
  return list[list.length - 1]
}

function integer(options: ParsedArgs['options'], name: string): number | undefined {
  const v = single(options, name)
  if (v === undefined) return undefined
  if (!/^\d+$/.test(v)) throw new Usage(`--${name} takes a whole number, not "${v}"`)
  return Number(v)
}

export function optionsFromArgs(args: ParsedArgs, env: Record<string, string | undefined>): VerifyOptions & { junit?: string; json?: string; quiet: boolean } {
  const o = args.options
  for (const name of Object.keys(o)) {
    if (!VALUE_OPTIONS.has(name) && !FLAG_OPTIONS.has(name)) throw new Usage(`unknown option --${name} (see analytics-mock verify --help)`)
    if (FLAG_OPTIONS.has(name) && typeof o[name] !== 'boolean') throw new Usage(`--${name} takes no value`)
  }
  if (args.positionals.length) throw new Usage(`unexpected argument "${args.positionals[0]}"`)
  const baseUrl = single(o, 'base-url') ?? env.ANALYTICS_MOCK_BASE_URL
  const apiKey = single(o, 'api-key') ?? env.ANALYTICS_MOCK_API_KEY
  const projectId = single(o, 'project-id') ?? env.ANALYTICS_MOCK_PROJECT_ID
  if (!baseUrl) throw new Usage('--base-url (or ANALYTICS_MOCK_BASE_URL) is required')
  if (!apiKey) throw new Usage('--api-key (or ANALYTICS_MOCK_API_KEY) is required')
  if (!projectId) throw new Usage('--project-id (or ANALYTICS_MOCK_PROJECT_ID) is required')
  return {
    baseUrl,
    apiKey,
    projectId,
    writes: o.writes === true,
    destructive: o.destructive === true,
    strict: o.strict === true,
    quiet: o.quiet === true,
    personIds: values(o, 'person-id'),
    tags: values(o, 'tag'),
    operations: values(o, 'operation'),
    secondApiKey: single(o, 'second-api-key') ?? env.ANALYTICS_MOCK_SECOND_API_KEY,
    seed: integer(o, 'seed'),
    negativeRuns: integer(o, 'negative-runs'),
    negativeBudgetMs: integer(o, 'negative-budget-ms'),
    timeoutMs: integer(o, 'timeout-ms'),
    junit: single(o, 'junit'),
    json: single(o, 'json'),
  }
}

async function writeReport(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, text, 'utf8')
}

export async function runVerifyCommand(args: ParsedArgs, io: VerifyIo): Promise<number> {
  if (args.options.help === true) {
    io.out(VERIFY_HELP)
    return 0
  }
  let options: ReturnType<typeof optionsFromArgs>
  try {
    options = optionsFromArgs(args, io.env)
  } catch (error) {
    if (error instanceof Usage) {
      io.err(`analytics-mock verify: ${error.message}`)
      return 2
    }
    throw error
  }
  const { junit, json, quiet, ...verifyOptions } = options
  let result
  try {
    result = await verify({ ...verifyOptions, fetch: io.fetch })
  } catch (error) {
    if (error instanceof VerifyUsageError) {
      io.err(`analytics-mock verify: ${error.message}`)
      return 2
    }
    throw error
  }
  io.out(quiet ? result.summaryLine : formatHuman(result).trimEnd())
  if (junit) await writeReport(junit, toJUnit(result))
  if (json) await writeReport(json, toJson(result))
  return result.ok ? 0 : 1
}
