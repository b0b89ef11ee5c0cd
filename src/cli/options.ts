// Command-line options, declared once per command: node:util's parseArgs reads them strictly (an
// unknown option, a missing value or a value given to a flag is a usage error), and the same table
// writes the command's usage text, its short usage and the "did you mean" of a mistyped option. Adding
// an option is adding its entry (with `short` when it has a one-letter form); `help` is always `-h` too.
import { parseArgs } from 'node:util'
import { parseRateLimits, type RateTable } from '../contract/rate-limits.ts'
import { suggestion } from './did-you-mean.ts'

export interface OptionSpec {
  type: 'string' | 'boolean'
  /** A one-letter form (`p` for `-p`), for the options people type most; listed in the short usage. */
  short?: string
  /** Repeatable: every value is kept, in order. */
  multiple?: boolean
  /** What the value is called in the usage text (string options). */
  value?: string
  /** One line (or a few) of usage text. */
  help: string
}

export type OptionTable = Record<string, OptionSpec>

/** A command line that cannot be run as given (exit code 2, with the usage text). */
export class UsageError extends Error {}

export interface ParsedCommandLine {
  values: Record<string, string | boolean | string[] | undefined>
  positionals: string[]
}

/** The one-letter form of an option, if it has one (`help` always has `h`). */
const shortOf = (name: string, spec: OptionSpec) => spec.short ?? (name === 'help' ? 'h' : undefined)

/** Whether the command line asks for the command's help (`--help` or `-h`), whatever else it holds. */
export const wantsHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h')

/** Reads `argv` (the arguments after the command name) against `table`; throws UsageError. */
export function parseCommandLine(argv: string[], table: OptionTable, { positionals = 0 } = {}): ParsedCommandLine {
  const options = Object.fromEntries(
    Object.entries(table).map(([name, spec]) => {
      const short = shortOf(name, spec)
      return [name, { type: spec.type, multiple: spec.multiple ?? false, ...(short ? { short } : {}) }]
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
  return { values: parsed.values as ParsedCommandLine['values'], positionals: parsed.positionals }
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
const optionHead = (name: string, spec: OptionSpec) =>
  `--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`

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
export function stringValue(values: ParsedCommandLine['values'], name: string): string | undefined {
  const v = values[name]
  if (Array.isArray(v)) return v[v.length - 1]
  return typeof v === 'string' ? v : undefined
}

/** A whole number, or `fallback` when the option is absent; anything else is a usage error. */
export function integerValue(values: ParsedCommandLine['values'], name: string, fallback: number): number
export function integerValue(values: ParsedCommandLine['values'], name: string): number | undefined
export function integerValue(values: ParsedCommandLine['values'], name: string, fallback?: number): number | undefined {
  return wholeNumber(name, stringValue(values, name)) ?? fallback
}

/** `value` as a whole number (undefined stays undefined); anything else is a usage error naming --`name`. */
export function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new UsageError(`--${name} takes a whole number, not "${value}"`)
  return Number(value)
}

/** A size in bytes: a whole number, optionally with k, m or g (KiB, MiB, GiB); anything else is a usage error naming --`name`. */
export function byteSize(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const m = /^(\d+)([kmg])?(?:i?b)?$/i.exec(value.trim())
  const n = m ? Number(m[1]) * 1024 ** ({ k: 1, m: 2, g: 3 }[(m[2] ?? '').toLowerCase() as 'k'] ?? 0) : NaN
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new UsageError(`--${name} takes a size such as 1048576, 512k, 32m or 1g, not "${value}"`)
  return n
}

/** Every value of a repeatable string option (also comma-separated). */
export function listValue(values: ParsedCommandLine['values'], name: string): string[] {
  const v = values[name]
  const all = Array.isArray(v) ? v : typeof v === 'string' ? [v] : []
  return all
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean)
}

/** A rate-limit budget option (`--rate`, `--rate-limits`): real, off (null) or budgets; a usage error when it cannot be read. */
export function rateOption(option: string, spec: string | undefined): RateTable | null | undefined {
  if (spec === undefined) return undefined
  try {
    return parseRateLimits(spec)
  } catch (error) {
    throw new UsageError(`--${option}: ${(error as Error).message}`)
  }
}
