// `analytics-mock drift`: compares our contract's operations with a deployment's published OpenAPI
// document, prints a table (and JSON and JUnit on request), and exits 1 on a breaking change that the
// baseline does not accept, 0 otherwise (warnings included), 2 when it cannot compare.
import { readFile } from 'node:fs/promises'
import { optionsHelp, runCommand, UsageError, type OptionTable } from '../cli/options.ts'
import { writeFileAtomically } from '../cli/write-file.ts'
import type { CommandIo } from '../cli/command-io.ts'
import { drift, DriftSourceError, SCHEMA_PATH, type DriftResult } from './drift.ts'
import { driftJson, driftJUnit, formatDriftHuman, summaryLine } from './report.ts'

const BASELINE_FORMAT = 'analytics-mock-drift-baseline'

export const DRIFT_OPTIONS = {
  'base-url': {
    value: 'URL',
    help: `the deployment: its schema is read from URL${SCHEMA_PATH} (env ANALYTICS_MOCK_BASE_URL)`,
  },
  schema: { value: 'FILE|URL', help: 'compare with this OpenAPI document (YAML or JSON) instead' },
  baseline: { value: 'FILE', help: 'differences listed here are known: reported, but not failing the run' },
  'write-baseline': {
    value: 'FILE',
    help: 'write every difference found to FILE (review it, then pass it as --baseline)',
  },
  operation: {
    reads: 'list',
    value: 'ID',
    help: 'only this operationId (repeatable; comma lists too)',
  },
  json: { value: 'FILE', help: 'write a JSON report' },
  junit: { value: 'FILE', help: 'write a JUnit XML report (a test case per operation)' },
  'timeout-ms': { value: 'N', reads: 'number', help: 'timeout of the schema request (default 30000)' },
  quiet: { short: 'q', help: 'print only the summary line' },
  help: { help: 'this text' },
} satisfies OptionTable

export const DRIFT_HELP = `analytics-mock drift --base-url URL [options]

Reads the deployment's published OpenAPI document (the real service serves it at ${SCHEMA_PATH}, YAML or
JSON) and compares the contract's API operations with it: paths and methods, parameters, request and
response fields, their types, required fields and enum values. Exit code 1 on a breaking change
(something we send or read that their schema does not have, or types that do not match), 0 with
warnings otherwise (additions, deprecations), 2 when it cannot compare. A key in
$ANALYTICS_MOCK_API_KEY, if set, is sent to the schema's URL only.

${optionsHelp(DRIFT_OPTIONS)}
`

/** A baseline file: `{ "format": ..., "accepted": [ids] }` (a plain array of ids is read too). */
async function readBaseline(path: string): Promise<Set<string>> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new UsageError(`--baseline ${path} cannot be read as JSON (${(error as Error).message})`)
  }
  const ids = Array.isArray(data) ? data : (data as { accepted?: unknown })?.accepted
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
    throw new UsageError(`--baseline ${path} holds no list of accepted ids`)
  return new Set(ids)
}

/** A baseline accepting every difference of `result` (the text `--write-baseline` writes). */
export function baselineText(result: DriftResult): string {
  const accepted = [...new Set(result.findings.map((f) => f.id))].sort()
  return JSON.stringify({ format: BASELINE_FORMAT, source: result.source, accepted }, null, 2) + '\n'
}

/** Runs `analytics-mock drift` with these arguments (after the command name); resolves to the exit code. */
export const runDriftCommand = (argv: string[], io: CommandIo): Promise<number> =>
  runCommand('analytics-mock drift', [DRIFT_HELP, DRIFT_OPTIONS], argv, io, async (o) => {
    const { schema, baseline } = o
    const baseUrl = o['base-url'] ?? io.env.ANALYTICS_MOCK_BASE_URL
    if (!schema && !baseUrl) throw new UsageError('--base-url (or ANALYTICS_MOCK_BASE_URL) or --schema is required')
    const isUrl = schema !== undefined && /^https?:\/\//i.test(schema)
    let schemaText: string | undefined
    if (schema !== undefined && !isUrl) {
      try {
        schemaText = await readFile(schema, 'utf8')
      } catch (error) {
        throw new UsageError(`--schema ${schema} cannot be read (${(error as Error).message})`)
      }
    }
    let result: DriftResult
    try {
      result = await drift({
        baseUrl,
        schemaUrl: isUrl ? schema : undefined,
        schemaText,
        schemaName: schema,
        apiKey: io.env.ANALYTICS_MOCK_API_KEY || undefined,
        fetch: io.fetch,
        timeoutMs: o['timeout-ms'],
        operations: o.operation,
        accepted: baseline === undefined ? undefined : await readBaseline(baseline),
      })
    } catch (error) {
      if (!(error instanceof DriftSourceError)) throw error
      io.err(`analytics-mock drift: ${error.message}`)
      return 2
    }
    io.out(o.quiet ? summaryLine(result) : formatDriftHuman(result))
    if (o.json) await writeFileAtomically(o.json, driftJson(result))
    if (o.junit) await writeFileAtomically(o.junit, driftJUnit(result))
    if (o['write-baseline']) await writeFileAtomically(o['write-baseline'], baselineText(result))
    return result.ok ? 0 : 1
  })
