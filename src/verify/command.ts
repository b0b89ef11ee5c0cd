// What the client commands (verify, record) share: the options saying how to talk to a deployment, and
// what they are run with (their text, environment and fetch; where progress goes; how to wait).
import type { CommandIo } from '../cli/command-io.ts'
import type { OptionTable } from '../cli/options.ts'
import type { ProgressStream } from './progress.ts'

export const CLIENT_OPTIONS = {
  'timeout-ms': { value: 'N', reads: 'number', help: 'per-request timeout (default 30000)' },
  rate: {
    value: 'SPEC',
    reads: 'rate',
    help: 'the rate limits to keep to: real (the default for a host that is not loopback), off\n(the default for loopback), or budgets such as burst=10/min,sustained=50/hour',
  },
} satisfies OptionTable

export interface ClientIo extends CommandIo {
  /** Where progress goes (default: process.stderr); never the reports or the summary. */
  progress?: ProgressStream
  /** How to wait and what time it is, for the rate limits (tests pass a sleep that advances the mock's clock). */
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}
