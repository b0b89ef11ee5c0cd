// Cases read in posthog/hogql_queries/utils/query_date_range.py (QueryDateRange.date_from, date_to),
// posthog/session_recordings/queries/sub_queries/base_query.py (SessionRecordingsQueryDateRange) and
// posthog/queries/query_date_range.py (the legacy QueryDateRange: date_from_param, date_to_param).
import { describe, expect, it } from 'vitest'
import { iso } from '../core/datetime.ts'
import { hogqlDateFrom, hogqlDateTo, legacyDateRange, recordingsDateRange } from './query-date-range.ts'

const now = Date.parse('2026-11-04T12:34:56.789Z')
const ctx = { now, timeZone: 'UTC' }
const range = (r: { from: number; to: number }) => [iso(r.from), iso(r.to)]

describe('QueryDateRange (HogQL)', () => {
  it('date_from: rounded to the day, or to the hour for an hour delta; none: the start of the day a week back', () => {
    expect(iso(hogqlDateFrom('-3d', ctx))).toBe('2026-11-01T00:00:00Z')
    expect(iso(hogqlDateFrom('-2h', { ...ctx, interval: 'hour' }))).toBe('2026-11-04T10:00:00Z')
    expect(iso(hogqlDateFrom('-2h', { ...ctx, interval: 'minute' }))).toBe('2026-11-04T10:34:56.789000Z')
    expect(iso(hogqlDateFrom(null, ctx))).toBe('2026-10-28T00:00:00Z')
    expect(iso(hogqlDateFrom('all', { ...ctx, earliest: () => Date.parse('2020-05-05T05:05:05Z') }))).toBe(
      '2020-05-05T05:05:05Z',
    )
  })

  it('date_to: exact when explicit; otherwise the end of its day, or of its hour by the hour when relative', () => {
    expect(iso(hogqlDateTo(null, ctx))).toBe('2026-11-04T23:59:59.999999Z')
    expect(iso(hogqlDateTo('-1d', ctx, true))).toBe('2026-11-03T12:34:56.789000Z')
    expect(iso(hogqlDateTo('-1h', { ...ctx, interval: 'hour' }))).toBe('2026-11-04T11:59:59.999999Z')
    expect(iso(hogqlDateTo('2026-11-01T10:00:00Z', { ...ctx, interval: 'hour' }))).toBe('2026-11-01T10:00:00Z')
  })
})

describe('SessionRecordingsQueryDateRange', () => {
  it('a relative date_from rounds to its day, date_to is exact, and none of date_to is now', () => {
    expect(range(recordingsDateRange('-3d', undefined, ctx))).toEqual([
      '2026-11-01T00:00:00Z',
      '2026-11-04T12:34:56.789000Z',
    ])
    expect(range(recordingsDateRange('-2h', '-1h', ctx))).toEqual([
      '2026-11-04T10:00:00Z',
      '2026-11-04T11:34:56.789000Z',
    ])
  })

  it('a date without a time covers its whole day; a date-time is exact', () => {
    expect(range(recordingsDateRange('2026-11-01', '2026-11-02', ctx))).toEqual([
      '2026-11-01T00:00:00Z',
      '2026-11-02T23:59:59.999999Z',
    ])
    expect(range(recordingsDateRange('2026-11-01T06:00:00Z', '2026-11-02T06:00:00Z', ctx))).toEqual([
      '2026-11-01T06:00:00Z',
      '2026-11-02T06:00:00Z',
    ])
  })

  it('date_from null is the default of QueryDateRange (a week back); "all" has no time component: today', () => {
    expect(iso(recordingsDateRange(null, null, ctx).from)).toBe('2026-10-28T00:00:00Z')
    expect(iso(recordingsDateRange('all', null, ctx).from)).toBe('2026-11-04T00:00:00Z')
  })
})

describe('QueryDateRange (legacy, the properties timeline)', () => {
  it('without dates: the start of the day a week back to the end of today', () => {
    expect(range(legacyDateRange(undefined, undefined, { ...ctx, interval: 'day' }))).toEqual([
      '2026-10-28T00:00:00Z',
      '2026-11-04T23:59:59.999999Z',
    ])
  })

  it('dates to the whole days; hourly (interval or an h in the text) stays exact, a relative date_to ends its hour', () => {
    expect(range(legacyDateRange('2020-01-01', '2020-01-05', { ...ctx, interval: 'day' }))).toEqual([
      '2020-01-01T00:00:00Z',
      '2020-01-05T23:59:59.999999Z',
    ])
    expect(range(legacyDateRange('-24h', '-1h', { ...ctx, interval: 'hour' }))).toEqual([
      '2026-11-03T12:34:56.789000Z',
      '2026-11-04T11:59:59.999999Z',
    ])
    // By the hour, a date_from in days still starts its day.
    expect(iso(legacyDateRange('-1d', undefined, { ...ctx, interval: 'hour' }).from)).toBe('2026-11-03T00:00:00Z')
  })
})
