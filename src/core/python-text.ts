// Python's text forms of JSON values, where the real service prints a value with str() (DRF's
// CharField turning a number into text, its invalid_choice message, Python's csv module writing a cell):
// None, True and False; an int's digits; a float as repr() writes it (shortest digits, `.0` when
// integral, exponent form below 1e-4 and from 1e16, inf and nan); lists and dicts as their repr, with
// strings quoted the way repr quotes them. A JSON number is an int in Python unless its text has a
// fraction or an exponent: give `raw`, the number's JSON text, to tell them apart (without it an
// integral value is taken as an int).

/** repr() of a Python float. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan'
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf'
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0'
  const [mantissa, e] = Math.abs(x).toExponential().split('e') as [string, string]
  const exp = Number(e)
  const digits = mantissa.replace('.', '')
  const sign = x < 0 ? '-' : ''
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`
  return `${sign}${digits.slice(0, exp + 1).padEnd(exp + 1, '0')}.${digits.slice(exp + 1) || '0'}`
}

/** str() of a JSON number: an int's exact digits (from `raw` when given), else the float's repr. */
function numberStr(x: number, raw?: string): string {
  if (raw !== undefined && /^-?\d+$/.test(raw)) return BigInt(raw).toString()
  if (raw === undefined && Number.isSafeInteger(x)) return String(x)
  return floatRepr(x)
}

/** repr() of a Python str. */
function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'"
  let out = quote
  for (const ch of s) {
    const code = ch.codePointAt(0)!
    if (ch === quote || ch === '\\') out += `\\${ch}`
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += `\\x${code.toString(16).padStart(2, '0')}`
    else out += ch
  }
  return out + quote
}

/** repr() of a JSON value. */
export function pythonRepr(value: unknown): string {
  if (typeof value === 'string') return strRepr(value)
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([k, v]) => `${strRepr(k)}: ${pythonRepr(v)}`)
    return `{${members.join(', ')}}`
  }
  return pythonStr(value)
}

/** str() of a JSON value (`raw`: a number's JSON text). */
export function pythonStr(value: unknown, raw?: string): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') return numberStr(value, raw)
  if (typeof value === 'string') return value
  return pythonRepr(value)
}
