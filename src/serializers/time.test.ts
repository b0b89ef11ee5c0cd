import { describe, expect, it } from 'vitest'
import { iso, isoOffset, isoOrNull } from '../core/datetime.ts'

describe('iso (DRF datetime text)', () => {
  it('omits the fraction when the microseconds are zero and writes six digits otherwise', () => {
    expect(iso(Date.UTC(2026, 0, 2))).toBe('2026-01-02T00:00:00Z')
    expect(iso(Date.parse('2021-08-25T22:09:14.252Z'))).toBe('2021-08-25T22:09:14.252000Z')
    expect(iso(Date.parse('2021-08-25T22:09:14.001Z'))).toBe('2021-08-25T22:09:14.001000Z')
    expect(iso(0)).toBe('1970-01-01T00:00:00Z')
  })

  it('counts a fraction of a millisecond to the microsecond (the end of a day)', () => {
    expect(iso(Date.UTC(2020, 0, 6) - 0.001)).toBe('2020-01-05T23:59:59.999999Z')
    expect(iso(Date.UTC(2020, 0, 6) + 0.25)).toBe('2020-01-06T00:00:00.000250Z')
  })

  it('is the same on a repeat and after other instants (the cache)', () => {
    const instants = [0, 1, 1_785_542_400_000, 1_785_542_400_123, 1_785_542_400_000 + 1024, -86_400_000, 2 ** 40 + 0.25]
    const first = instants.map(iso)
    for (let round = 0; round < 3; round++) expect(instants.map(iso)).toEqual(first)
    expect(first[5]).toBe('1969-12-31T00:00:00Z')
  })

  it('throws for an instant out of range, as Date does', () => {
    expect(() => iso(8.64e15 + 1)).toThrow(RangeError)
  })

  it('answers null for a missing instant', () => {
    expect(isoOrNull(null)).toBeNull()
    expect(isoOrNull(undefined)).toBeNull()
    expect(isoOrNull(0)).toBe('1970-01-01T00:00:00Z')
  })
})

describe('isoOffset (Python isoformat)', () => {
  it('writes +00:00, and the fraction only when there is one', () => {
    expect(isoOffset(Date.UTC(2020, 0, 1))).toBe('2020-01-01T00:00:00+00:00')
    expect(isoOffset(Date.UTC(2020, 0, 6) - 0.001)).toBe('2020-01-05T23:59:59.999999+00:00')
  })
})
