// analytics-mock CLI entry.
import { parseArgs } from './args.ts'
import { runServe, SERVE_HELP, StartupError, UsageError } from './serve.ts'
import { runVerifyCommand } from '../verify/cli.ts'

const HELP = `analytics-mock: a stateful, contract-validated mock of PostHog's persons, playlists, recordings and insight tool API

  analytics-mock serve [options]     run the mock server (see: analytics-mock serve --help)
  analytics-mock verify [options]    check a deployment against the contract (see: analytics-mock verify --help)
  analytics-mock --help
`

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv, new Set(['help', 'no-validate', 'writes', 'destructive', 'strict', 'quiet']))
  try {
    switch (args.command) {
      case 'serve':
        if (args.options.help) {
          console.log(SERVE_HELP)
          return 0
        }
        await runServe(args)
        return -1 // keeps running
      case 'verify':
        return await runVerifyCommand(args, { out: console.log, err: console.error, env: process.env })
      case undefined:
      case 'help':
        console.log(HELP)
        return 0
      default:
        console.error(`unknown command "${args.command}"\n\n${HELP}`)
        return 2
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`analytics-mock: ${error.message}`)
      return 2
    }
    if (error instanceof StartupError) {
      console.error(`analytics-mock: ${error.message}`)
      return 1
    }
    throw error
  }
}

const code = await main(process.argv.slice(2))
if (code >= 0) process.exitCode = code
