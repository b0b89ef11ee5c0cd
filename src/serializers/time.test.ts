import { describe, expect, it } from 'vitest'
import { iso, isoOrNull } from './time.ts'

describe('iso', () => {
  it('formats epoch ms as ISO 8601 in UTC, the same on a repeat and after other instants', () => {
    const instants = [0, 1, 1_785_542_400_000, 1_785_542_400_123, 1_785_542_400_000 + 1024, -86_400_000, 1.5, 2 ** 40 + 0.25]
    for (let round = 0; round < 3; round++) {
      for (const ms of instants) expect(iso(ms)).toBe(new Date(ms).toISOString())
    }
  })

  it('throws for an instant out of range, as Date does', () => {
    expect(() => iso(8.64e15 + 1)).toThrow(RangeError)
  })

  it('answers null for a missing instant', () => {
    expect(isoOrNull(null)).toBeNull()
    expect(isoOrNull(undefined)).toBeNull()
    expect(isoOrNull(0)).toBe('1970-01-01T00:00:00.000Z')
  })
})
