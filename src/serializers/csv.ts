// CSV as the real service renders list results (rest_framework_csv/renderers.py CSVRenderer and
// PaginatedCSVRenderer, behind Python's csv module): the `results` only, each row flattened with "."
// (`properties.email`, `distinct_ids.0`: CSVRenderer.flatten_item), empty objects and lists giving no
// column, the header the sorted union of every row's keys, None as an empty cell, every other value as
// Python's str() writes it (True/False, a float's repr: core/python-text.ts), fields quoted only when they
// must be (QUOTE_MINIMAL), rows ended by CRLF. No rows: an empty body (no keys to make a header from).
// Which persons a CSV list holds is the view's rule (handlers/persons.ts: limit and offset do not apply).
import { pythonStr } from '../core/python-text.ts'

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
  const text = pythonStr(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(rows: readonly unknown[]): string {
  return [...csvPieces(rows)].join('')
}

/** Rows between the empty pieces `csvPieces` yields while it reads rows (where a caller may pause). */
const ROWS_PER_PIECE = 256

/**
 * The text of `toCsv(rows)` in pieces, made as they are read: a line at a time, with empty pieces
 * while the rows are read for the header, so a big export can be made in slices (see core/http.ts).
 */
export function* csvPieces(rows: readonly unknown[]): Generator<string, void, undefined> {
  if (rows.length === 0) return
  const flat: FlatRow[] = []
  const keys = new Set<string>()
  for (const row of rows) {
    const one = flatten(row)
    for (const key of Object.keys(one)) keys.add(key)
    flat.push(one)
    if (flat.length % ROWS_PER_PIECE === 0) yield ''
  }
  const header = [...keys].sort()
  yield header.map(cell).join(',') + '\r\n'
  for (const row of flat) yield header.map((key) => cell(row[key])).join(',') + '\r\n'
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'
