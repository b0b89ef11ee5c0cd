// `analytics-mock serve`: the standalone mock server on its embedded data.
import { createApp } from '../core/app.ts'
import { parseInstant } from '../core/clock.ts'
import { parseNonPeakWindow, type NonPeakWindow } from '../core/schedule.ts'
import { scenarioNames } from '../fixtures.ts'
import { serve } from '../adapter/node.ts'
import { stringOption, type ParsedArgs } from './args.ts'

export const SERVE_HELP = `analytics-mock serve [options]

  --port N         port (default $PORT or 8010)
  --host H         address (default $HOST or 127.0.0.1)
  --seed N         seed of the generated data (default 1)
  --fixtures NAME  scenario from fixtures/ (default "default"; known: ${scenarioNames().join(', ')})
  --now ISO        freeze the clock at this instant (default: wall time)
  --non-peak H-H   UTC hours when POST delete_events tasks run (default 0-6; may cross midnight, e.g. 22-4)
  --no-validate    skip response validation (benchmarks only)
`

export class UsageError extends Error {}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, not "${value}"`)
  return Number(value)
}

export async function runServe(args: ParsedArgs): Promise<void> {
  const o = args.options
  const port = integer('port', stringOption(o, 'port') ?? process.env.PORT, 8010)
  const host = stringOption(o, 'host') ?? process.env.HOST ?? '127.0.0.1'
  const seed = integer('seed', stringOption(o, 'seed'), 1)
  const fixtures = stringOption(o, 'fixtures') ?? 'default'
  if (!scenarioNames().includes(fixtures)) throw new UsageError(`unknown --fixtures "${fixtures}" (known: ${scenarioNames().join(', ')})`)
  const nowArg = stringOption(o, 'now')
  let now: number | undefined
  if (nowArg !== undefined) {
    try {
      now = parseInstant(nowArg)
    } catch {
      throw new UsageError(`--now takes an ISO 8601 instant, not "${nowArg}"`)
    }
  }
  const nonPeakArg = stringOption(o, 'non-peak')
  let nonPeakWindow: NonPeakWindow | undefined
  if (nonPeakArg !== undefined) {
    try {
      nonPeakWindow = parseNonPeakWindow(nonPeakArg)
    } catch (error) {
      throw new UsageError(`--non-peak: ${(error as Error).message}`)
    }
  }
  const app = await createApp({
    seed,
    fixtures,
    clock: now === undefined ? { frozen: false } : { now, frozen: true },
    validateResponses: o['no-validate'] !== true,
    nonPeakWindow,
  })
  const running = await serve(app, { port, host })
  console.log(`listening on ${running.url}`)
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    console.log(`${signal}: closing`)
    running.close().then(() => process.exit(0))
    setTimeout(() => process.exit(0), 10_000).unref()
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}
