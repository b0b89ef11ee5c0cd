// Command-line options, declared once per command: node:util's parseArgs reads them strictly (an
// unknown option, a missing value or a value given to a flag is a usage error), and the same table
// writes the command's usage text, its short usage and the "did you mean" of a mistyped option. Adding
// an option is adding its entry (with `short` when it has a one-letter form); `help` is always `-h` too.
import { parseArgs } from 'node:util'
import { parseRateLimits, type RateTable } from '../contract/rate-limits.ts'
import { suggestion } from './did-you-mean.ts'

export interface OptionSpec {
  /** A flag, unless it takes a value (it has `value`, or says `string`). */
  type?: 'string' | 'boolean'
  /** A one-letter form (`p` for `-p`), for the options people type most; listed in the short usage. */
  short?: string
  /** Repeatable: every value is kept, in order. */
  multiple?: boolean
  /** What the value is called in the usage text (string options). */
  value?: string
  /** How its value reads (a usage error naming the option when it cannot): a whole number, a size, every value given, rate-limit budgets; default: the text. */
  reads?: keyof typeof READERS
  /** One line (or a few) of usage text. */
  help: string
}

export type OptionTable = Record<string, OptionSpec>

const takesValue = (spec: OptionSpec) => spec.type === 'string' || spec.value !== undefined

/** An option's value as its table entry reads it. */
type ValueOf<S extends OptionSpec> = S['reads'] extends keyof typeof READERS
  ? ReturnType<(typeof READERS)[S['reads']]>
  : S extends { multiple: true }
    ? string[]
    : S extends { type: 'string' } | { value: string }
      ? string
      : boolean

export type OptionValues<T extends OptionTable> = { [K in keyof T]?: ValueOf<T[K]> }

/** A command line that cannot be run as given (exit code 2, with the usage text). */
export class UsageError extends Error {}

export interface ParsedCommandLine<V = Record<string, unknown>> {
  values: V
  positionals: string[]
}

/** The one-letter form of an option, if it has one (`help` always has `h`). */
const shortOf = (name: string, spec: OptionSpec) => spec.short ?? (name === 'help' ? 'h' : undefined)

/** Whether the command line asks for the command's help (`--help` or `-h`), whatever else it holds. */
export const wantsHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h')

/** Reads `argv` (the arguments after the command name) against `table`; throws UsageError. */
export function parseCommandLine<T extends OptionTable>(
  argv: string[],
  table: T,
  { positionals = 0 } = {},
): ParsedCommandLine<OptionValues<T> & Record<string, unknown>> {
  const options = Object.fromEntries(
    Object.entries(table).map(([name, spec]) => {
      const short = shortOf(name, spec)
      const multiple = spec.multiple ?? spec.reads === 'list'
      return [name, { type: takesValue(spec) ? 'string' : 'boolean', multiple, ...(short ? { short } : {}) }]
    }),
  ) as Parameters<typeof parseArgs>[0] extends infer C ? (C extends { options?: infer O } ? O : never) : never
  // A long option written with one dash (`-port`) would read as `-p ort`: named for what it is instead.
  const end = argv.indexOf('--')
  for (const arg of end === -1 ? argv : argv.slice(0, end)) {
    const name = /^-([^-=][^=]+)/.exec(arg)?.[1]
    if (name !== undefined && name in table) throw new UsageError(`unknown option -${name} (did you mean --${name}?)`)
  }
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true })
  } catch (error) {
    throw new UsageError(usageMessage(error as NodeJS.ErrnoException, table))
  }
  if (parsed.positionals.length > positionals)
    throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}"`)
  const values: Record<string, unknown> = parsed.values
  for (const [name, { reads }] of Object.entries(table))
    if (reads && values[name] !== undefined) values[name] = READERS[reads](name, values[name] as string & string[])
  return { values: values as OptionValues<T> & Record<string, unknown>, positionals: parsed.positionals }
}

/** node:util's messages, said shortly and in this CLI's words. */
function usageMessage(error: NodeJS.ErrnoException, table: OptionTable): string {
  // The option as typed, without a value given with `=` (which may be a secret); by its long name
  // where node names both (`'-p, --port <value>'`).
  const typed = /'(-[^'\s=,]*)/.exec(error.message)?.[1]
  const option = /(--[^'\s=,]+)/.exec(error.message)?.[1] ?? typed
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      if (typed === undefined) return `unknown option ${error.message}`
      return `unknown option ${typed}${typed.startsWith('--') ? suggestion(typed.slice(2), Object.keys(table), (name) => `--${name}`) : ''}`
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return error.message.includes('does not take an argument')
        ? `${option ?? 'an option'} takes no value`
        : `${option ?? 'an option'} needs a value`
    default:
      return error.message
  }
}

/** `--port N`: an option as its usage writes it. */
const optionHead = (name: string, spec: OptionSpec) => `--${name}${takesValue(spec) ? ` ${spec.value ?? 'VALUE'}` : ''}`

/** The options part of a usage text: one entry per option (`-p, --port N`), aligned. */
export function optionsHelp(table: OptionTable): string {
  const heads = Object.entries(table).map(([name, spec]) => {
    const short = shortOf(name, spec)
    return `  ${short ? `-${short}, ` : '    '}${optionHead(name, spec)}`
  })
  const width = Math.max(...heads.map((h) => h.length)) + 2
  return Object.values(table)
    .map((spec, i) => {
      const [first, ...rest] = spec.help.split('\n')
      return [heads[i]!.padEnd(width) + first, ...rest.map((line) => ' '.repeat(width) + line)].join('\n')
    })
    .join('\n')
}

/**
 * What a usage error prints: a short usage (the synopsis, the first line of the command's `help`; its
 * one-letter options; where the full usage is), then the error, last, where the eye lands. `command`:
 * e.g. `analytics-mock serve`.
 */
export function usageFailure(command: string, help: string, table: OptionTable, message: string): string {
  const synopsis = help.slice(0, help.indexOf('\n'))
  const common = Object.entries(table)
    .filter(([name, spec]) => spec.short !== undefined && name !== 'help')
    .map(([name, spec]) => `-${spec.short}/${optionHead(name, spec)}`)
  return [
    `usage: ${synopsis}`,
    ...(common.length > 0 ? [`  common options: ${common.join(', ')}`] : []),
    `  full usage: ${command} --help`,
    '',
    `${command}: ${message}`,
  ].join('\n')
}

/** The last value of a string option (undefined when absent). */
export function stringValue(values: Record<string, unknown>, name: string): string | undefined {
  const v = values[name]
  if (Array.isArray(v)) return v[v.length - 1]
  return typeof v === 'string' ? v : undefined
}

/** `value` as a whole number (undefined stays undefined); anything else is a usage error naming --`name`. */
export function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new UsageError(`--${name} takes a whole number, not "${value}"`)
  return Number(value)
}

/** A size in bytes: a whole number, optionally with k, m or g (KiB, MiB, GiB); anything else is a usage error naming --`name`. */
export function byteSize(name: string, value: string): number {
  const m = /^(\d+)([kmg])?(?:i?b)?$/i.exec(value.trim())
  const n = m ? Number(m[1]) * 1024 ** ({ k: 1, m: 2, g: 3 }[(m[2] ?? '').toLowerCase() as 'k'] ?? 0) : NaN
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new UsageError(`--${name} takes a size such as 1048576, 512k, 32m or 1g, not "${value}"`)
  return n
}

/** Every value of a repeatable string option (also comma-separated). */
export function listValue(values: Record<string, unknown>, name: string): string[] {
  const v = values[name]
  return splitList(Array.isArray(v) ? v : typeof v === 'string' ? [v] : [])
}

const splitList = (all: string[]) =>
  all
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean)

/** A rate-limit budget option (`--rate`, `--rate-limits`): real, off (null) or budgets; a usage error when it cannot be read. */
export function rateOption(option: string, spec: string | undefined): RateTable | null | undefined {
  if (spec === undefined) return undefined
  try {
    return parseRateLimits(spec)
  } catch (error) {
    throw new UsageError(`--${option}: ${(error as Error).message}`)
  }
}

/** The readers an option's `reads` names, each given its name and what was typed. */
const READERS = {
  number: (name: string, value: string): number => wholeNumber(name, value)!,
  size: byteSize,
  list: (_name: string, values: string[]): string[] => splitList(values),
  rate: (name: string, value: string): RateTable | null => rateOption(name, value)!,
}

/**
 * A command run from its arguments: its usage text for `-h`/`--help`, else `run` with its options read;
 * a usage error (from reading them or from `run`) is printed as `usageFailure` says, exit code 2.
 */
export async function runCommand<T extends OptionTable>(
  command: string,
  [help, table]: [string, T],
  argv: string[],
  io: { out(text: string): void; err(text: string): void },
  run: (values: OptionValues<T> & Record<string, unknown>) => Promise<number>,
): Promise<number> {
  if (wantsHelp(argv)) {
    io.out(help)
    return 0
  }
  try {
    return await run(parseCommandLine(argv, table).values)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(usageFailure(command, help, table, error.message))
    return 2
  }
}
