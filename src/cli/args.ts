// A small argument parser: --name value, --name=value, --flag; repeated options collect.

export interface ParsedArgs {
  command: string | undefined
  options: Record<string, string | boolean | string[]>
  positionals: string[]
}

export function parseArgs(argv: string[], flags: ReadonlySet<string> = new Set()): ParsedArgs {
  const options: ParsedArgs['options'] = {}
  const positionals: string[] = []
  const put = (name: string, value: string | boolean) => {
    const existing = options[name]
    if (existing === undefined || typeof value === 'boolean') options[name] = value
    else options[name] = Array.isArray(existing) ? [...existing, String(value)] : [String(existing), String(value)]
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=')
      if (eq > 0) put(arg.slice(2, eq), arg.slice(eq + 1))
      else {
        const name = arg.slice(2)
        const next = argv[i + 1]
        if (flags.has(name) || next === undefined || next.startsWith('--')) put(name, true)
        else put(name, argv[++i]!)
      }
    } else positionals.push(arg)
  }
  return { command: positionals.shift(), options, positionals }
}

export function stringOption(options: ParsedArgs['options'], name: string): string | undefined {
  const v = options[name]
  if (v === undefined || typeof v === 'boolean') return undefined
  return Array.isArray(v) ? v[v.length - 1] : v
}
