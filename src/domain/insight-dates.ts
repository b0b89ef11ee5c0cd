// Calendar arithmetic for insight queries, in UTC: the start of an hour, day, week (Sunday, the real
// default) or month, moving by intervals, and the texts the tool prints. Relative dates are read by
// relative-date.ts.
import { zoneOffset } from '../core/datetime.ts'

export type Interval = 'hour' | 'day' | 'week' | 'month'

const HOUR = 3_600_000
const DAY = 24 * HOUR

export function startOf(ms: number, interval: Interval): number {
  const d = new Date(ms)
  switch (interval) {
    case 'hour':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours())
    case 'day':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
    case 'week':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - d.getUTCDay())
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
  }
}

/** `ms` moved by `n` intervals (months by calendar, the rest by fixed lengths). */
export function addIntervals(ms: number, interval: Interval, n: number): number {
  switch (interval) {
    case 'hour':
      return ms + n * HOUR
    case 'day':
      return ms + n * DAY
    case 'week':
      return ms + n * 7 * DAY
    case 'month': {
      const d = new Date(ms)
      return Date.UTC(
        d.getUTCFullYear(),
        d.getUTCMonth() + n,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
        d.getUTCMilliseconds(),
      )
    }
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** YYYY-MM-DD */
export function isoDate(ms: number): string {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/** YYYY-MM-DD HH:MM:SS */
export function isoDateTime(ms: number): string {
  const d = new Date(ms)
  return `${isoDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/** YYYY-MM-DD HH:MM:SS of `ms` as the wall clock reads in `timeZone` (UTC when the zone is unknown). */
export function wallClockIn(ms: number, timeZone: string): string {
  return isoDateTime(ms + zoneOffset(ms, timeZone))
}
