// analytics-mock CLI entry: the first argument names the command; each command reads its own options
// strictly (see options.ts), so a typo is a usage error, never silently ignored.
import { runServe, SERVE_HELP, StartupError } from './serve.ts'
import { UsageError } from './options.ts'
import { ScenarioFormatError } from '../../fixtures/recorded.ts'
// verify, record and drift are imported when their command runs: serve's start-up does not load them
// (with them, fast-check, yaml and the verify kit's ~40 modules were part of every start).

const HELP = `analytics-mock: a stateful, contract-validated mock of PostHog's persons, playlists, recordings and insight tool API

  analytics-mock serve [options]     run the mock server (see: analytics-mock serve --help)
  analytics-mock verify [options]    check a deployment against the contract (see: analytics-mock verify --help)
  analytics-mock record [options]    record a deployment into a redacted scenario (see: analytics-mock record --help)
  analytics-mock drift [options]     compare a deployment's published schema with the contract (see: analytics-mock drift --help)
  analytics-mock --help
`

/** Runs the command line; resolves to the exit code, or -1 when a server keeps running. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'serve':
        if (rest.includes('--help')) {
          console.log(SERVE_HELP)
          return 0
        }
        await runServe(rest)
        return -1 // keeps running
      case 'verify':
        return await (await import('../verify/cli.ts')).runVerifyCommand(rest, { out: console.log, err: console.error, env: process.env })
      case 'record':
        return await (await import('../record/cli.ts')).runRecordCommand(rest, { out: console.log, err: console.error, env: process.env })
      case 'drift':
        return await (await import('../drift/cli.ts')).runDriftCommand(rest, { out: console.log, err: console.error, env: process.env })
      case undefined:
      case 'help':
      case '--help':
        console.log(HELP)
        return 0
      default:
        console.error(`analytics-mock: unknown command "${command}"\n\n${HELP}`)
        return 2
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`analytics-mock ${command}: ${error.message}\n\n${command === 'serve' ? SERVE_HELP : HELP}`)
      return 2
    }
    if (error instanceof StartupError) {
      console.error(`analytics-mock: ${error.message}`)
      return 1
    }
    if (error instanceof ScenarioFormatError) {
      console.error(`analytics-mock: cannot serve the scenario: ${error.message}`)
      return 1
    }
    throw error
  }
}

const code = await main(process.argv.slice(2))
if (code >= 0) process.exitCode = code
