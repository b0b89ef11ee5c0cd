// CSV as the real service renders list results (djangorestframework-csv behind Python's csv module):
// each row flattened with "." (`properties.email`, `distinct_ids.0`), empty objects and lists giving
// no column, the header the sorted union of every row's keys, null as an empty cell, booleans as
// Python writes them (True/False), fields quoted only when they must be, rows ended by CRLF.
// No rows: an empty body (there are no keys to make a header from).

export type FlatRow = Record<string, string | number | boolean | null>

/** Nested objects and lists flattened to dotted keys. */
export function flatten(value: unknown, prefix = '', out: FlatRow = {}): FlatRow {
  if (Array.isArray(value)) {
    value.forEach((item, i) => flatten(item, prefix ? `${prefix}.${i}` : String(i), out))
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out)
  } else if (prefix) {
    out[prefix] = value === undefined ? null : (value as string | number | boolean | null)
  }
  return out
}

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(rows: readonly unknown[]): string {
  if (rows.length === 0) return ''
  const flat = rows.map((row) => flatten(row))
  const keys = new Set<string>()
  for (const row of flat) for (const key of Object.keys(row)) keys.add(key)
  const header = [...keys].sort()
  const lines = [header.map(cell).join(',')]
  for (const row of flat) lines.push(header.map((key) => cell(row[key])).join(','))
  return lines.join('\r\n') + '\r\n'
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'
