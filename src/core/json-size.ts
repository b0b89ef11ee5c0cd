// About how many bytes a JSON value's text takes, counted by walking it (no text is made): strings by
// their length (UTF-16 units; escapes not counted), numbers by their digits, plus quotes, commas,
// colons and brackets. Used to keep what the journal holds within a byte budget (journal.ts), where an
// estimate is enough and making the text of every body would cost more than the request itself.

export interface SizeOptions {
  /** Once the count passes this, the walk stops and returns it (more than `stopAbove`). */
  stopAbove?: number
  /**
   * Arrays longer than this are measured by this many of their items, evenly spaced, scaled to their
   * length (an answer's page of a hundred like records: a twelfth of the walk).
   */
  sampleItems?: number
}

/** The value's approximate JSON size in bytes (see SizeOptions for a bounded or sampled walk). */
export function approximateJsonBytes(value: unknown, options: SizeOptions = {}): number {
  const stopAbove = options.stopAbove ?? Infinity
  const sampleItems = options.sampleItems ?? Infinity
  let total = 0
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string') total += v.length + 2
    else if (typeof v === 'number') total += String(v).length
    else if (typeof v === 'boolean') total += 5
    else if (v === null || v === undefined || depth > 512) total += 4
    else if (Array.isArray(v)) {
      total += 1 + v.length
      if (v.length <= sampleItems) {
        for (let i = 0; i < v.length && total <= stopAbove; i++) walk(v[i], depth + 1)
        return
      }
      const before = total
      const step = v.length / sampleItems
      for (let k = 0; k < sampleItems && total <= stopAbove; k++) walk(v[Math.floor(k * step)], depth + 1)
      total = before + Math.round((total - before) * step)
    } else if (typeof v === 'object') {
      total += 1
      for (const key in v) {
        total += key.length + 4
        walk((v as Record<string, unknown>)[key], depth + 1)
        if (total > stopAbove) return
      }
    }
  }
  walk(value, 0)
  return total
}
