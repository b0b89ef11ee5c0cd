/** The store keeps epoch ms; the API speaks ISO 8601 in UTC with a Z. */

// The same instants are formatted again and again (a playlist's created_at on every answer, the
// clock's now in each write), and Date#toISOString costs ~0.2 µs: a small direct-mapped cache of
// recent ones answers most calls with one comparison.
const SLOTS = 1024
const cachedMs = new Float64Array(SLOTS).fill(Number.NaN)
const cachedText: string[] = new Array<string>(SLOTS).fill('')

export const iso = (ms: number): string => {
  const slot = (ms % SLOTS) & (SLOTS - 1)
  if (cachedMs[slot] === ms) return cachedText[slot]!
  const text = new Date(ms).toISOString()
  cachedMs[slot] = ms
  cachedText[slot] = text
  return text
}

export const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(ms))
