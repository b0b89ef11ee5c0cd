// Why a JSON text does not parse, in the words of the json module of the Python the real service runs
// (3.13), which its framework answers with (DRF's JSONParser: `JSON parse error - <message>`): the first
// problem a left-to-right scan meets, as `<what>: line L column C (char N)`, and DRF's own message for
// NaN and Infinity, which it refuses. Null when the text parses (JSON.parse decides that; this only words it).

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/

class Failure extends Error {
  constructor(
    readonly what: string,
    readonly at: number,
  ) {
    super(what)
  }
}

/** `what: line L column C (char N)`, Python's JSONDecodeError text. */
function located(text: string, what: string, at: number): string {
  const line = text.slice(0, at).split('\n').length
  const column = at - text.lastIndexOf('\n', at - 1)
  return `${what}: line ${line} column ${column} (char ${at})`
}

export function pythonJsonError(text: string): string | null {
  let i = 0
  const skip = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++
  }
  const string = (): void => {
    const start = i
    i++ // the opening quote
    for (;;) {
      if (i >= text.length) throw new Failure('Unterminated string starting at', start)
      const ch = text[i]!
      if (ch === '"') {
        i++
        return
      }
      if (ch === '\\') {
        const next = text[i + 1]
        if (next === undefined) throw new Failure('Unterminated string starting at', start)
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Failure('Invalid \\uXXXX escape', i + 1)
          i += 6
        } else if ('"\\/bfnrt'.includes(next)) i += 2
        else throw new Failure('Invalid \\escape', i)
        continue
      }
      if (ch.charCodeAt(0) < 0x20) throw new Failure('Invalid control character at', i)
      i++
    }
  }
  const value = (): void => {
    skip()
    const ch = text[i]
    if (ch === '"') return string()
    if (ch === '{') return object()
    if (ch === '[') return array()
    for (const constant of ['NaN', 'Infinity', '-Infinity']) {
      if (text.startsWith(constant, i))
        throw new Failure(`Out of range float values are not JSON compliant: '${constant}'`, -1)
    }
    for (const literal of ['null', 'true', 'false']) {
      if (text.startsWith(literal, i)) {
        i += literal.length
        return
      }
    }
    const m = NUMBER.exec(text.slice(i))
    if (m) {
      i += m[0].length
      return
    }
    throw new Failure('Expecting value', i)
  }
  // An object or an array: members between the brackets, separated by commas, none after the last.
  const sequence = (close: '}' | ']', kind: 'object' | 'array', member: () => void): void => {
    i++
    skip()
    if (text[i] === close) {
      i++
      return
    }
    for (;;) {
      member()
      skip()
      if (text[i] === close) {
        i++
        return
      }
      if (text[i] !== ',') throw new Failure("Expecting ',' delimiter", i)
      const comma = i
      i++
      skip()
      if (text[i] === close) throw new Failure(`Illegal trailing comma before end of ${kind}`, comma)
    }
  }
  const object = (): void =>
    sequence('}', 'object', () => {
      if (text[i] !== '"') throw new Failure('Expecting property name enclosed in double quotes', i)
      string()
      skip()
      if (text[i] !== ':') throw new Failure("Expecting ':' delimiter", i)
      i++
      value()
    })
  const array = (): void => sequence(']', 'array', value)
  try {
    if (text.startsWith('\ufeff')) throw new Failure('Unexpected UTF-8 BOM (decode using utf-8-sig)', 0)
    value()
    skip()
    if (i < text.length) throw new Failure('Extra data', i)
    return null
  } catch (error) {
    if (!(error instanceof Failure)) throw error
    return error.at < 0 ? error.what : located(text, error.what, error.at)
  }
}
