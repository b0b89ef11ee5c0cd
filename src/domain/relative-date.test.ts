// Cases read in posthog/utils.py (relative_date_parse_with_delta_mapping, get_delta_mapping_for) and
// posthog/test/test_utils.py (TestRelativeDateParse), with dateutil's isoparse and relativedelta rules.
import { describe, expect, it } from 'vitest'
import { iso } from '../core/datetime.ts'
import { parseRelativeDate } from './relative-date.ts'

const NOW = Date.parse('2026-11-04T12:34:56.789Z')
const at = (input: string, options: { alwaysTruncate?: boolean; timeZone?: string; now?: number } = {}) =>
  iso(parseRelativeDate(input, { now: NOW, ...options }).at)

describe('relative_date_parse (posthog/utils.py)', () => {
  it.each([
    // [input, exact, with always_truncate]
    ['-3d', '2026-11-01T12:34:56.789000Z', '2026-11-01T00:00:00Z'],
    ['-2h', '2026-11-04T10:34:56.789000Z', '2026-11-04T10:00:00Z'],
    ['-1w', '2026-10-28T12:34:56.789000Z', '2026-10-28T00:00:00Z'],
    ['-1m', '2026-10-04T12:34:56.789000Z', '2026-10-04T00:00:00Z'],
    ['-1q', '2026-08-05T12:34:56.789000Z', '2026-08-05T00:00:00Z'],
    ['-1y', '2025-11-04T12:34:56.789000Z', '2025-11-04T00:00:00Z'],
    ['-30M', '2026-11-04T12:04:56.789000Z', '2026-11-04T00:00:00Z'],
    ['-10s', '2026-11-04T12:34:46.789000Z', '2026-11-04T00:00:00Z'],
    ['dStart', '2026-11-04T00:00:00Z', '2026-11-04T00:00:00Z'],
    ['dEnd', '2026-11-04T23:59:59.999999Z', '2026-11-04T00:00:00Z'],
    ['-1dStart', '2026-11-03T00:00:00Z', '2026-11-03T00:00:00Z'],
    ['hStart', '2026-11-04T12:00:00Z', '2026-11-04T00:00:00Z'],
    ['mStart', '2026-11-01T12:34:56.789000Z', '2026-11-01T00:00:00Z'],
    ['mEnd', '2026-11-30T12:34:56.789000Z', '2026-11-30T00:00:00Z'],
    ['yStart', '2026-01-01T12:34:56.789000Z', '2026-01-01T00:00:00Z'],
    // yEnd sets day=31 only (the month stays), clipped to the month's last day.
    ['yEnd', '2026-11-30T12:34:56.789000Z', '2026-11-30T00:00:00Z'],
    // w and q take no position; the capital kinds other than M move nothing.
    ['wStart', '2026-11-04T12:34:56.789000Z', '2026-11-04T00:00:00Z'],
    ['-3D', '2026-11-04T12:34:56.789000Z', '2026-11-04T00:00:00Z'],
  ])('%s: %s (rounded: %s)', (input, exact, rounded) => {
    expect(at(input)).toBe(exact)
    expect(at(input, { alwaysTruncate: true })).toBe(rounded)
  })

  it('text with no match is now itself, not an error, and is not rounded', () => {
    for (const input of ['all', 'banana', '', '2024-02-30']) {
      expect(at(input, { alwaysTruncate: true })).toBe(iso(NOW))
      expect(parseRelativeDate(input, { now: NOW }).delta).toEqual({})
    }
  })

  it('the first match anywhere in the text counts (re.search): the s of "last" is a kind of its own', () => {
    expect(at('in -7d')).toBe(at('-7d'))
    expect(at('last -7d')).toBe(iso(NOW))
  })

  it('dates and date-times (isoparse, then strptime %Y-%m-%d), in the project zone unless they name one', () => {
    expect(at('2024-01-01')).toBe('2024-01-01T00:00:00Z')
    expect(at('20240101')).toBe('2024-01-01T00:00:00Z')
    expect(at('2021-1-1')).toBe('2021-01-01T00:00:00Z')
    expect(at('2024-01-01T10:00:00')).toBe('2024-01-01T10:00:00Z')
    expect(at('2024-01-01 10:00')).toBe('2024-01-01T10:00:00Z')
    expect(at('2024-01-01T10:00:00.123456Z')).toBe('2024-01-01T10:00:00.123456Z')
    expect(at('2024-01-01T10:00:00+02:00')).toBe('2024-01-01T08:00:00Z')
    expect(at('2024-01-01T24:00:00')).toBe('2024-01-02T00:00:00Z')
    expect(at('2024-01-01', { timeZone: 'Europe/Paris' })).toBe('2023-12-31T23:00:00Z')
    expect(parseRelativeDate('2024-01-01', { now: NOW }).delta).toBeNull()
  })

  it('months move by the calendar, clipped to the month (relativedelta)', () => {
    expect(at('-1m', { now: Date.parse('2026-03-31T10:00:00Z') })).toBe('2026-02-28T10:00:00Z')
    expect(at('-1y', { now: Date.parse('2028-02-29T10:00:00Z') })).toBe('2027-02-28T10:00:00Z')
    expect(at('-13m', { now: Date.parse('2026-03-15T10:00:00Z') })).toBe('2025-02-15T10:00:00Z')
  })

  it("rounds on the project's wall clock", () => {
    // 2026-11-04 12:34Z is 07:34 in New York (EST): its midnight is 05:00Z.
    expect(at('dStart', { timeZone: 'America/New_York' })).toBe('2026-11-04T05:00:00Z')
    expect(at('-1d', { timeZone: 'America/New_York', alwaysTruncate: true })).toBe('2026-11-03T05:00:00Z')
  })
})
