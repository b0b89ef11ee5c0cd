// analytics-mock CLI entry: the first argument names the command; each command reads its own options
// strictly (see options.ts), so a typo is a usage error, never silently ignored. A usage error prints a
// short usage and then the error, last; a mistyped command or option gets a "did you mean".
import { runServe, SERVE_HELP, SERVE_OPTIONS, StartupError } from './serve.ts'
import { didYouMean, suggestion } from './did-you-mean.ts'
import { runCommand, usageFailure, type OptionTable } from './options.ts'
import { ScenarioFormatError } from '../../fixtures/recorded.ts'
// verify, record and drift are imported when their command runs: serve's start-up does not load them
// (with them, fast-check, yaml and the verify kit's modules would be part of every start).

const io = () => ({ out: console.log, err: console.error, env: process.env })

/** The commands, in the order the help lists them: what each does, and how it runs (an exit code; -1 while a server runs). */
const COMMANDS: Record<string, { does: string; run(argv: string[]): Promise<number> }> = {
  serve: {
    does: 'run the mock server',
    run: (argv) =>
      runCommand('analytics-mock serve', [SERVE_HELP, SERVE_OPTIONS], argv, io(), async (o) => {
        await runServe(o)
        return -1 // keeps running
      }),
  },
  verify: {
    does: 'check a deployment against the contract',
    run: async (argv) => (await import('../verify/cli.ts')).runVerifyCommand(argv, io()),
  },
  record: {
    does: 'record a deployment into a redacted scenario',
    run: async (argv) => (await import('../record/cli.ts')).runRecordCommand(argv, io()),
  },
  drift: {
    does: "compare a deployment's published schema with the contract",
    run: async (argv) => (await import('../drift/cli.ts')).runDriftCommand(argv, io()),
  },
}

/** What `analytics-mock` takes without a command. */
const OPTIONS = {
  version: { short: 'v', help: "this analytics-mock's version" },
  help: { help: 'this text' },
} satisfies OptionTable

const HELP = `analytics-mock ${Object.keys(COMMANDS).join('|')} [options]

A stateful, contract-validated mock of PostHog's persons, playlists, recordings and insight tool API.

${Object.entries(COMMANDS)
  .map(
    ([name, { does }]) =>
      `  ${`analytics-mock ${name} [options]`.padEnd(35)}${does} (see: analytics-mock ${name} --help)`,
  )
  .join('\n')}
  analytics-mock -v, --version       ${OPTIONS.version.help}
  analytics-mock -h, --help          ${OPTIONS.help.help}
`

/** The release, as the contract, /_mock/health and the banner give it. */
async function version(): Promise<string> {
  return (await import('../contract/document.gen.ts')).document.info.version
}

/** Runs the command line; resolves to the exit code, or -1 when a server keeps running. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  const run = command === undefined ? undefined : Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined
  try {
    if (run) return await run.run(rest)
    switch (command) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(HELP)
        return 0
      case 'version':
      case '--version':
      case '-v':
        console.log(await version())
        return 0
      default:
        console.error(usageFailure('analytics-mock', HELP, OPTIONS, unknown(command)))
        return 2
    }
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(`analytics-mock: ${error.message}`)
      return 1
    }
    if (error instanceof ScenarioFormatError) {
      const wayOut = 'give --scenario a file that `analytics-mock record` wrote (docs/record.md)'
      console.error(`analytics-mock: cannot serve the scenario: ${error.message}; ${wayOut}`)
      return 1
    }
    throw error
  }
}

/** Why `command` is not one: a mistyped command, or an option given without its command (serve's, most likely). */
function unknown(command: string): string {
  if (!command.startsWith('-')) {
    return `unknown command "${command}"${suggestion(command, [...Object.keys(COMMANDS), 'help', 'version'], (name) => `"${name}"`)}`
  }
  // The option alone, never a value given with it (`--api-key=...`).
  const long = command.startsWith('--')
  const name = long ? /^--([^=]*)/.exec(command)![1]! : command.slice(1, 2)
  const typed = `${long ? '--' : '-'}${name}`
  const ours = long ? suggestion(name, Object.keys(OPTIONS), (option) => `--${option}`) : ''
  if (ours) return `unknown option ${typed}${ours}`
  const serves = Object.entries(SERVE_OPTIONS as OptionTable).map(([option, spec]) => (long ? option : spec.short))
  const meant = serves.includes(name) ? [name] : long ? didYouMean(name, serves as string[]) : []
  const hint = meant.length > 0 ? ` (did you mean "analytics-mock serve ${long ? '--' : '-'}${meant[0]}"?)` : ''
  return `unknown option ${typed}${hint}`
}

const code = await main(process.argv.slice(2))
if (code >= 0) process.exitCode = code
