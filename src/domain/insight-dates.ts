// Calendar arithmetic for insight queries, in UTC, as relativedelta moves and replaces fields
// (relative-date.ts `applyDelta`): the start of an hour, day, week (Sunday, the real default) or month,
// moving by intervals, and the texts the tool prints (core/datetime.ts `iso`, cut to the second).
import { iso, zoneOffset } from '../core/datetime.ts'
import { applyDelta, type DeltaMapping } from './relative-date.ts'

export type Interval = 'hour' | 'day' | 'week' | 'month'

const HOUR_START = { minute: 0, second: 0, microsecond: 0 }
const DAY_START = { hour: 0, ...HOUR_START }

export function startOf(ms: number, interval: Interval): number {
  if (interval === 'hour') return applyDelta(ms, HOUR_START, 1)
  if (interval === 'day') return applyDelta(ms, DAY_START, 1)
  if (interval === 'week') return applyDelta(ms, { ...DAY_START, days: new Date(ms).getUTCDay() }, -1)
  return applyDelta(ms, { ...DAY_START, day: 1 }, 1)
}

/** `ms` moved by `n` intervals (months by calendar). */
export const addIntervals = (ms: number, interval: Interval, n: number): number =>
  applyDelta(ms, { [`${interval}s`]: n } as DeltaMapping, 1)

/** YYYY-MM-DD */
export const isoDate = (ms: number): string => iso(ms).slice(0, 10)

/** YYYY-MM-DD HH:MM:SS */
export const isoDateTime = (ms: number): string => iso(ms).slice(0, 19).replace('T', ' ')

/** YYYY-MM-DD HH:MM:SS of `ms` as the wall clock reads in `timeZone` (UTC when the zone is unknown). */
export const wallClockIn = (ms: number, timeZone: string): string => isoDateTime(ms + zoneOffset(ms, timeZone))
