// Command-line options, declared once per command: node:util's parseArgs reads them strictly (an
// unknown option, a missing value or a value given to a flag is a usage error), and the same table
// writes the command's usage text.
import { parseArgs } from 'node:util'
import { parseRateLimits, type RateTable } from '../contract/rate-limits.ts'

export interface OptionSpec {
  type: 'string' | 'boolean'
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

/** Reads `argv` (the arguments after the command name) against `table`; throws UsageError. */
export function parseCommandLine(argv: string[], table: OptionTable, { positionals = 0 } = {}): ParsedCommandLine {
  const options = Object.fromEntries(
    Object.entries(table).map(([name, spec]) => [name, { type: spec.type, multiple: spec.multiple ?? false }]),
  ) as Parameters<typeof parseArgs>[0] extends infer C ? (C extends { options?: infer O } ? O : never) : never
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true })
  } catch (error) {
    throw new UsageError(usageMessage(error as NodeJS.ErrnoException))
  }
  if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}"`)
  return { values: parsed.values as ParsedCommandLine['values'], positionals: parsed.positionals }
}

/** node:util's messages, said shortly and in this CLI's words. */
function usageMessage(error: NodeJS.ErrnoException): string {
  // The option as typed, without a value given with `=` (which may be a secret).
  const option = /'(-[^'\s=]*)/.exec(error.message)?.[1]
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option ?? error.message}`
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return error.message.includes('does not take an argument')
        ? `${option ?? 'an option'} takes no value`
        : `${option ?? 'an option'} needs a value`
    default:
      return error.message
  }
}

/** The options part of a usage text: one entry per option, aligned. */
export function optionsHelp(table: OptionTable): string {
  const heads = Object.entries(table).map(([name, spec]) => `  --${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`)
  const width = Math.max(...heads.map((h) => h.length)) + 2
  return Object.values(table)
    .map((spec, i) => {
      const [first, ...rest] = spec.help.split('\n')
      return [heads[i]!.padEnd(width) + first, ...rest.map((line) => ' '.repeat(width) + line)].join('\n')
    })
    .join('\n')
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
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new UsageError(`--${name} takes a whole number, not "${value}"`)
  return Number(value)
}

/** A size in bytes: a whole number, optionally with k, m or g (KiB, MiB, GiB); anything else is a usage error naming --`name`. */
export function byteSize(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const m = /^(\d+)([kmg])?(?:i?b)?$/i.exec(value.trim())
  const n = m ? Number(m[1]) * 1024 ** ({ k: 1, m: 2, g: 3 }[(m[2] ?? '').toLowerCase() as 'k'] ?? 0) : NaN
  if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError(`--${name} takes a size such as 1048576, 512k, 32m or 1g, not "${value}"`)
  return n
}

/** Every value of a repeatable string option (also comma-separated). */
export function listValue(values: ParsedCommandLine['values'], name: string): string[] {
  const v = values[name]
  const all = Array.isArray(v) ? v : typeof v === 'string' ? [v] : []
  return all.flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean)
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
