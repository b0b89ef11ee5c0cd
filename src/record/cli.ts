// `analytics-mock record`: reads a deployment into a redacted scenario file that `serve --scenario FILE`,
// `createMock({ fixtures: FILE })` and `--state` load. The key comes from an environment variable only
// (a command line is visible to other users of the machine) and is never written or printed.
import { optionsHelp, runCommand, usageFailure, UsageError, wholeNumber, type OptionTable } from '../cli/options.ts'
import { writeFileAtomically } from '../cli/write-file.ts'
import { CLIENT_OPTIONS, type ClientIo } from '../verify/command.ts'
import { checkpointPath, openCheckpoint, type Checkpoint } from './checkpoint.ts'
import { RecordError } from './crawl.ts'
import { progressReporter } from '../verify/progress.ts'
import { record } from './record.ts'
import type { RedactionReport } from './redact.ts'
import { SALT_FILE_ENV, SaltFileError, saltFromFile } from './salt-file.ts'

export const DEFAULT_KEY_ENV = 'ANALYTICS_MOCK_API_KEY'

export const RECORD_OPTIONS = {
  'base-url': { value: 'URL', help: 'the deployment, e.g. https://us.posthog.com (env ANALYTICS_MOCK_BASE_URL)' },
  project: { value: 'ID', help: 'the project (environment) id (env ANALYTICS_MOCK_PROJECT_ID)' },
  out: {
    short: 'o',
    value: 'FILE',
    help: 'where to write the scenario (written whole, or not at all)',
  },
  persons: {
    value: 'N',
    reads: 'number',
    help: 'at most N persons, the newest (default: all; persons of recorded\nrecordings are added)',
  },
  recordings: {
    value: 'N',
    reads: 'number',
    help: 'at most N recordings from the list, the newest (default: all; those in\nplaylists are added)',
  },
  keep: {
    value: 'KEY',
    reads: 'list',
    help: 'let this person property (e.g. plan) or field (e.g. playlist.name, as the\nreport names them) through unredacted (repeatable; comma lists too)',
  },
  'key-env': {
    value: 'NAME',
    help: `the environment variable holding the personal API key (default ${DEFAULT_KEY_ENV})`,
  },
  report: { value: 'FILE', help: 'also write the redaction report as JSON' },
  'salt-file': {
    value: 'FILE',
    help: `key the fakes with the salt in FILE (made, with a random salt, when missing): the same\nfile gives the same fakes on every recording, and an interrupted recording resumes\n(env ${SALT_FILE_ENV}; default: a new salt each run, no resuming)`,
  },
  concurrency: { value: 'N', reads: 'number', help: 'per-person reads in flight at once (default 4)' },
  ...CLIENT_OPTIONS,
  quiet: { short: 'q', help: 'no progress and no report: only the summary line' },
  help: { help: 'this text' },
} satisfies OptionTable

export const RECORD_HELP = `analytics-mock record --base-url URL --project ID --out FILE [options]

Reads the project's persons (with their activity logs and properties timelines), session recordings and
playlists, page by page, and writes a scenario with personal data replaced by consistent fakes. The key is
read from $${DEFAULT_KEY_ENV} (or --key-env NAME), never from the command line.

${optionsHelp(RECORD_OPTIONS)}
`

export interface RecordIo extends ClientIo {
  /** Keys the fakes (tests compare with a redaction of their own). Never written. */
  salt?: string
}

export function formatReport(report: RedactionReport): string {
  const lines = ['redacted (each original value has one fake throughout the file):']
  const rows = report.redacted.map((e) => [
    e.where === 'person property' ? `${e.label} (person property)` : e.label,
    Object.entries(e.kinds)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', '),
  ])
  const width = Math.max(0, ...rows.map(([label]) => label!.length)) + 2
  for (const [label, kinds] of rows) lines.push(`  ${label!.padEnd(width)}${kinds}`)
  if (rows.length === 0) lines.push('  nothing')
  if (report.unchanged.length > 0) lines.push(`kept as not personal: ${report.unchanged.join(', ')}`)
  if (report.kept.length > 0) lines.push(`kept as recorded (--keep): ${report.kept.join(', ')}`)
  lines.push(
    'ids, UUIDs, instants, counts and the service’s own fields are kept; let a label through with --keep LABEL',
  )
  return lines.join('\n')
}

/** A message as a sentence: a full stop added unless it ends in one already (a deployment's detail often does). */
export function sentence(message: string): string {
  return /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`
}

/** A key given on the command line: the usage error says where keys come from (before the options are read). */
function refuseKeyOption(argv: string[], io: RecordIo): number | undefined {
  if (!argv.some((a) => a === '--api-key' || a.startsWith('--api-key='))) return undefined
  const message = `the key is read from $${DEFAULT_KEY_ENV} (or the variable --key-env names), never from the command line`
  io.err(usageFailure('analytics-mock record', RECORD_HELP, RECORD_OPTIONS, message))
  return 2
}
/** Runs `analytics-mock record` with these arguments (after the command name); resolves to the exit code. */
export const runRecordCommand = async (argv: string[], io: RecordIo): Promise<number> =>
  refuseKeyOption(argv, io) ??
  runCommand('analytics-mock record', [RECORD_HELP, RECORD_OPTIONS], argv, io, async (o) => {
    const baseUrl = o['base-url'] ?? io.env.ANALYTICS_MOCK_BASE_URL
    const project = o.project ?? io.env.ANALYTICS_MOCK_PROJECT_ID
    const keyEnv = o['key-env'] ?? DEFAULT_KEY_ENV
    const apiKey = io.env[keyEnv]
    if (!baseUrl) throw new UsageError('--base-url (or ANALYTICS_MOCK_BASE_URL) is required')
    if (!URL.canParse(baseUrl)) throw new UsageError(`--base-url takes a URL, not "${baseUrl}"`)
    if (!project) throw new UsageError('--project (or ANALYTICS_MOCK_PROJECT_ID) is required')
    if (!o.out) throw new UsageError('--out FILE is required')
    if (!apiKey) throw new UsageError(`no key: set $${keyEnv} to a personal API key`)
    const options = {
      baseUrl,
      projectId: wholeNumber('project', project)!,
      apiKey,
      out: o.out,
      maxPersons: o.persons,
      maxRecordings: o.recordings,
      keep: o.keep ?? [],
      report: o.report,
      saltFile: o['salt-file'] ?? (io.env[SALT_FILE_ENV] || undefined),
      concurrency: o.concurrency,
      timeoutMs: o['timeout-ms'],
      rate: o.rate,
      quiet: o.quiet === true,
    }
    let salt = io.salt
    try {
      if (options.saltFile !== undefined) salt = await saltFromFile(options.saltFile)
    } catch (error) {
      if (error instanceof SaltFileError) {
        io.err(`analytics-mock record: ${error.message}`)
        return 2
      }
      throw error
    }

    // With a salt file, what is read is kept beside the output, so that the same command resumes (checkpoint.ts).
    const partial = checkpointPath(options.out)
    let checkpoint: Checkpoint | undefined
    if (options.saltFile !== undefined) {
      const { baseUrl, projectId, apiKey, maxPersons, maxRecordings } = options
      const opened = await openCheckpoint(partial, salt!, { baseUrl, projectId, apiKey, maxPersons, maxRecordings })
      if (opened.replaced)
        io.err(
          `${partial} was left by another recording (another deployment, project, key, limit or salt file): starting over`,
        )
      else if (opened.resumed > 0)
        io.err(`resuming: the ${opened.resumed} answers read before are taken from ${partial}`)
      checkpoint = opened
    }

    const started = performance.now()
    const progress = options.quiet ? undefined : progressReporter(io.progress ?? process.stderr)
    const fetch = checkpoint && checkpoint.wrap(io.fetch ?? ((request) => globalThis.fetch(request)))
    // Ctrl-C: the partial file already holds every answer read; say how to go on (exit 130, as the shell would).
    const interrupted = () => {
      checkpoint?.close()
      io.err(
        `\nanalytics-mock record: interrupted. Nothing was written. What was read is kept in ${partial}: the same command resumes from there.`,
      )
      process.exit(130)
    }
    if (checkpoint) process.once('SIGINT', interrupted)
    let result
    try {
      result = await record({
        ...options,
        fetch: fetch ?? io.fetch,
        sleep: io.sleep,
        now: io.now,
        salt,
        recordedAt: checkpoint?.recordedAt,
        onProgress: progress?.update,
        onWait: progress?.wait,
        // Answers the partial file holds are not requests: they neither wait for the budget nor count in it.
        answeredLocally: checkpoint?.holds,
      })
    } catch (error) {
      checkpoint?.close()
      if (error instanceof RecordError) {
        const resume = checkpoint
          ? ` What was read is kept in ${partial}: the same command resumes from there.`
          : ' (With --salt-file, the same command would resume where this one stopped.)'
        io.err(`analytics-mock record: ${sentence(error.message)} Nothing was written.${resume}`)
        return 1
      }
      throw error
    } finally {
      process.removeListener('SIGINT', interrupted)
      progress?.done()
    }
    await writeFileAtomically(options.out, JSON.stringify(result.scenario))
    if (options.report) await writeFileAtomically(options.report, JSON.stringify(result.report, null, 2) + '\n')
    checkpoint?.remove()

    const s = result.scenario
    const events = s.persons.reduce(
      (n, p) => n + (p.timeline ?? []).reduce((m, point) => m + point.relevant_event_count, 0),
      0,
    )
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    if (!options.quiet) {
      io.out(formatReport(result.report))
      for (const warning of result.warnings) io.err(`warning: ${warning}`)
    }
    io.out(
      `recorded ${s.persons.length} persons (${events} events behind their timelines), ${s.recordings.length} recordings and ` +
        `${s.playlists.length} playlists into ${options.out} (${result.requests - (checkpoint?.hits ?? 0)} requests, ` +
        `${checkpoint?.hits ? `${checkpoint.hits} answers from the interrupted run, ` : ''}${seconds} s)`,
    )
    return 0
  })
