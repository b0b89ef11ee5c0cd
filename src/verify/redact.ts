// The kit never prints a key: everything it reports passes through a redactor that masks every secret
// it was given, wherever it appears (URLs, bodies, headers, error messages).

export const MASK = '****'

export type Redactor = (text: string) => string

export function createRedactor(secrets: ReadonlyArray<string | undefined>): Redactor {
  // Longest first, so a key that contains another is masked whole.
  const values = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length > 0))].sort(
    (a, b) => b.length - a.length,
  )
  if (values.length === 0) return (text) => text
  const encoded = values.flatMap((v) => {
    const forms = [v, encodeURIComponent(v), JSON.stringify(v).slice(1, -1)]
    return forms.filter((f, i) => forms.indexOf(f) === i)
  })
  return (text) => {
    let out = text
    for (const secret of encoded) out = out.split(secret).join(MASK)
    return out
  }
}

/** A deep copy of a JSON-able value with every string redacted (object keys too). */
export function redactDeep<T>(value: T, redact: Redactor): T {
  return JSON.parse(redact(JSON.stringify(value))) as T
}
