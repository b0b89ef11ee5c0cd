// `analytics-mock verify`: the contract-test kit from the command line. Options or environment
// variables; the human report on stdout, JUnit XML and JSON reports on request; exit 0 only when every
// check passed (1 when one failed, 2 for a usage error or a deployment that cannot be reached, 3 when the
// kit itself failed: the error and where on stderr, the reports as far as the run got). The key is never
// printed.
import {
  optionsHelp,
  parseCommandLine,
  runCommand,
  UsageError,
  type OptionTable,
  type OptionValues,
} from '../cli/options.ts'
import { writeFileAtomically } from '../cli/write-file.ts'
import { CLIENT_OPTIONS, type ClientIo } from './command.ts'
import { progressReporter } from './progress.ts'
import { isProfile, PROFILES, type Profile } from '../contract/profiles.ts'
import { formatHuman } from './report/human.ts'
import { toHtml } from './report/html.ts'
import { toJson } from './report/json.ts'
import { toJUnit } from './report/junit.ts'
import type { VerifyOptions } from './types.ts'
import { verify, VerifyUnreachableError, VerifyUsageError } from './verify.ts'

export const VERIFY_OPTIONS = {
  'base-url': { value: 'URL', help: 'the deployment (env ANALYTICS_MOCK_BASE_URL)' },
  'api-key': {
    value: 'KEY',
    help: 'a personal API key (env ANALYTICS_MOCK_API_KEY; prefer the env var, so the\nkey stays out of shell history and process lists). Never printed.',
  },
  'project-id': { value: 'ID', help: 'the project (environment) id (env ANALYTICS_MOCK_PROJECT_ID)' },
  writes: {
    help: "also create, change and soft-delete the kit's own playlist, set and remove a\ntemporary person property, call the insight tool, send malformed bodies",
  },
  destructive: { help: 'also delete persons: only those named with --person-id' },
  'person-id': {
    reads: 'list',
    value: 'ID',
    help: 'a person the kit may delete with --destructive (repeatable); with --writes,\nthe first one also takes the temporary property',
  },
  tag: { reads: 'list', value: 'TAG', help: 'only checks of operations with this tag (repeatable; comma lists too)' },
  operation: { reads: 'list', value: 'ID', help: 'only checks of this operationId (repeatable; comma lists too)' },
  'second-api-key': {
    value: 'KEY',
    help: 'a narrower key for the missing-scope check (env ANALYTICS_MOCK_SECOND_API_KEY)',
  },
  strict: { help: 'extra fields and known drift are failures' },
  profile: {
    value: 'NAME',
    help: "seed (default): expect the contract as written; observed: expect the real\nservice's answers its x-observed notes describe (e.g. serve --profile observed)",
  },
  seed: { value: 'N', reads: 'number', help: 'seed of the generated negative inputs (default random; printed)' },
  'negative-runs': { value: 'N', reads: 'number', help: 'generated malformed requests per operation (default 12)' },
  'negative-budget-ms': { value: 'N', reads: 'number', help: 'time budget for all of them (default 30000)' },
  ...CLIENT_OPTIONS,
  report: {
    multiple: true,
    value: 'FORMAT=FILE',
    help: 'write a report: html (one self-contained page), json or junit (repeatable)',
  },
  junit: { value: 'FILE', help: 'write a JUnit XML report (as --report junit=FILE)' },
  json: { value: 'FILE', help: 'write a JSON report (as --report json=FILE)' },
  quiet: { short: 'q', help: 'no progress on stderr (the report is printed all the same)' },
  help: { help: 'this text' },
} satisfies OptionTable

export const VERIFY_HELP = `analytics-mock verify --base-url URL --api-key KEY --project-id ID [options]

Checks a deployment (this mock or the real service) against contracts/openapi.yaml and the documented
semantics. Read-only unless told otherwise. Exit code 0 when every check passes, 1 when one fails,
2 for a usage error or a deployment that cannot be reached, 3 when the kit itself failed.

${optionsHelp(VERIFY_OPTIONS)}
`

export type VerifyIo = ClientIo

type Values = OptionValues<typeof VERIFY_OPTIONS>

/** The report writers, by the FORMAT --report takes. */
export const REPORT_FORMATS = { html: toHtml, json: toJson, junit: toJUnit } as const
export type ReportFormat = keyof typeof REPORT_FORMATS

/** The reports asked for with --report FORMAT=FILE, --junit FILE and --json FILE, in order. */
function reportsOf(o: Values): Array<{ format: ReportFormat; file: string }> {
  const reports = (o.report ?? []).map((value) => {
    const m = /^([a-z]+)=(.+)$/.exec(value)
    if (!m || !(m[1]! in REPORT_FORMATS)) {
      throw new UsageError(
        `--report takes FORMAT=FILE with FORMAT one of ${Object.keys(REPORT_FORMATS).join(', ')}, not "${value}"`,
      )
    }
    return { format: m[1] as ReportFormat, file: m[2]! }
  })
  if (o.junit) reports.push({ format: 'junit', file: o.junit })
  if (o.json) reports.push({ format: 'json', file: o.json })
  return reports
}

/** The run's options from the command line read and the environment; throws UsageError. */
function verifyOptions(o: Values, argv: string[], env: Record<string, string | undefined>) {
  // A single-valued option given twice is a usage error: which one was meant?
  for (const [name, spec] of Object.entries(VERIFY_OPTIONS as OptionTable))
    if (spec.value && !spec.multiple && spec.reads !== 'list')
      if (argv.filter((a) => a === `--${name}` || a.startsWith(`--${name}=`)).length > 1)
        throw new UsageError(`--${name} given more than once`)
  const baseUrl = o['base-url'] ?? env.ANALYTICS_MOCK_BASE_URL
  const apiKey = o['api-key'] ?? env.ANALYTICS_MOCK_API_KEY
  const projectId = o['project-id'] ?? env.ANALYTICS_MOCK_PROJECT_ID
  if (!baseUrl) throw new UsageError('--base-url (or ANALYTICS_MOCK_BASE_URL) is required')
  if (!apiKey) throw new UsageError('--api-key (or ANALYTICS_MOCK_API_KEY) is required')
  if (!projectId) throw new UsageError('--project-id (or ANALYTICS_MOCK_PROJECT_ID) is required')
  if (o.profile !== undefined && !isProfile(o.profile))
    throw new UsageError(`unknown --profile "${o.profile}" (known: ${PROFILES.join(', ')})`)
  return {
    baseUrl,
    apiKey,
    projectId,
    writes: o.writes === true,
    destructive: o.destructive === true,
    strict: o.strict === true,
    profile: o.profile as Profile | undefined,
    quiet: o.quiet === true,
    personIds: o['person-id'] ?? [],
    tags: o.tag ?? [],
    operations: o.operation ?? [],
    secondApiKey: o['second-api-key'] ?? env.ANALYTICS_MOCK_SECOND_API_KEY,
    seed: o.seed,
    negativeRuns: o['negative-runs'],
    negativeBudgetMs: o['negative-budget-ms'],
    timeoutMs: o['timeout-ms'],
    rate: o.rate,
    reports: reportsOf(o),
  } satisfies VerifyOptions & { reports: unknown; quiet: boolean }
}

export const optionsFromArgs = (argv: string[], env: Record<string, string | undefined>) =>
  verifyOptions(parseCommandLine(argv, VERIFY_OPTIONS).values, argv, env)

/** Runs `analytics-mock verify` with these arguments (after the command name); resolves to the exit code. */
export const runVerifyCommand = (argv: string[], io: VerifyIo): Promise<number> =>
  runCommand('analytics-mock verify', [VERIFY_HELP, VERIFY_OPTIONS], argv, io, (o) =>
    runVerify(verifyOptions(o, argv, io.env), io),
  )

async function runVerify(options: ReturnType<typeof verifyOptions>, io: VerifyIo): Promise<number> {
  const { reports, quiet, ...verifyOptions } = options
  let result
  try {
    // Checks done of the total with an ETA, and a line for each long wait for the rate limits, so a run
    // that keeps to them is not taken for hung (record's progress, progress.ts).
    const progress = quiet ? undefined : progressReporter(io.progress ?? process.stderr, { every: 10 })
    try {
      result = await verify({
        ...verifyOptions,
        fetch: io.fetch,
        sleep: io.sleep,
        now: io.now,
        onProgress: progress?.update,
        onWait: progress?.wait,
      })
    } finally {
      progress?.done()
    }
    io.out(formatHuman(result).trimEnd())
    for (const { format, file } of reports) await writeFileAtomically(file, REPORT_FORMATS[format](result))
  } catch (error) {
    if (error instanceof VerifyUsageError || error instanceof VerifyUnreachableError) {
      io.err(`analytics-mock verify: ${error.message}`)
      return 2
    }
    io.err(`analytics-mock verify: the kit itself failed: ${(error as Error)?.stack ?? String(error)}`)
    return 3
  }
  if (result.crash) {
    const { where, message, stack } = result.crash
    io.err(`analytics-mock verify: the kit itself failed in ${where}: ${message}${stack ? `\n${stack}` : ''}`)
    io.err('the report above (and any asked for) holds the checks run before it')
    return 3
  }
  return result.ok ? 0 : 1
}
