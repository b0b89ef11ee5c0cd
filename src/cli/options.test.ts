import { describe, expect, it } from 'vitest'
import { optionsHelp, parseCommandLine, UsageError, usageFailure, wantsHelp, type OptionTable } from './options.ts'

const TABLE = {
  port: { type: 'string', short: 'p', value: 'N', help: 'port' },
  'journal-size': { type: 'string', value: 'N', help: 'journal' },
  'api-key': { type: 'string', value: 'KEY', help: 'a key' },
  quiet: { type: 'boolean', short: 'q', help: 'quiet' },
  help: { type: 'boolean', help: 'this text' },
} satisfies OptionTable

const HELP = `analytics-mock thing [options]\n\nDoes a thing.\n\n${optionsHelp(TABLE)}\n`

/** The usage error `argv` makes. */
function refusal(argv: string[]): string {
  try {
    parseCommandLine(argv, TABLE)
  } catch (error) {
    if (error instanceof UsageError) return error.message
    throw error
  }
  throw new Error(`${argv.join(' ')} was accepted`)
}

describe('command-line options', () => {
  it('take their one-letter forms where the table gives one, and -h for --help always', () => {
    expect(parseCommandLine(['-p', '3000', '-q'], TABLE).values).toMatchObject({ port: '3000', quiet: true })
    expect(parseCommandLine(['-p3000'], TABLE).values.port).toBe('3000')
    expect(parseCommandLine(['-h'], TABLE).values.help).toBe(true)
    expect(wantsHelp(['--port', '1', '-h'])).toBe(true)
    expect(wantsHelp(['--help'])).toBe(true)
    expect(wantsHelp(['--port', '1'])).toBe(false)
  })

  it('answer a mistyped option with the one it was probably meant to be', () => {
    expect(refusal(['--prot', '3000'])).toBe('unknown option --prot (did you mean --port?)')
    expect(refusal(['--journal', '5'])).toBe('unknown option --journal (did you mean --journal-size?)')
    expect(refusal(['--anything'])).toBe('unknown option --anything')
    expect(refusal(['-x'])).toBe('unknown option -x')
  })

  it('never echo a value given with a mistyped option', () => {
    expect(refusal(['--api-keyy=phx_secret_value'])).toBe('unknown option --api-keyy (did you mean --api-key?)')
  })

  it('name a long option written with one dash, instead of reading it as a short one with a value', () => {
    expect(refusal(['-port', '3000'])).toBe('unknown option -port (did you mean --port?)')
    // After `--` it is an argument, not an option.
    expect(parseCommandLine(['--', '-port'], TABLE, { positionals: 1 }).positionals).toEqual(['-port'])
  })

  it('name the option by its long name when a short one is missing its value', () => {
    expect(refusal(['-p'])).toBe('--port needs a value')
    expect(refusal(['--port'])).toBe('--port needs a value')
    expect(refusal(['--quiet=yes'])).toBe('--quiet takes no value')
  })

  it('list the one-letter form beside the long one in the usage', () => {
    const lines = optionsHelp(TABLE).split('\n')
    expect(lines[0]).toMatch(/^ {2}-p, --port N {2,}port$/)
    expect(lines[1]).toMatch(/^ {6}--journal-size N {2,}journal$/)
    expect(lines.at(-1)).toMatch(/^ {2}-h, --help {2,}this text$/)
  })

  it('print a usage error as a short usage with the error last', () => {
    const text = usageFailure('analytics-mock thing', HELP, TABLE, 'unknown option --prot (did you mean --port?)')
    expect(text.split('\n')).toEqual([
      'usage: analytics-mock thing [options]',
      '  common options: -p/--port N, -q/--quiet',
      '  full usage: analytics-mock thing --help',
      '',
      'analytics-mock thing: unknown option --prot (did you mean --port?)',
    ])
  })
})
