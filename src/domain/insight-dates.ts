// Calendar arithmetic for insight queries, in UTC: relative dates as the real service writes them
// ("-30d", "-12h", "-2w", "-3m", "-1y", "dStart", "wStart", "mStart", "yStart", "all") and the start of
// an hour, day, week (Sunday, the real default) or month.

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

const RELATIVE = /^-(\d+)([hdwmy])$/
const UNIT: Record<string, Interval | 'year'> = { h: 'hour', d: 'day', w: 'week', m: 'month', y: 'year' }

/**
 * The instant a relative date stands for, before any rounding to an interval.
 * @param earliest the instant "all" means (the first event), when known
 */
export function resolveRelativeDate(value: string, now: number, earliest: number = now): number {
  const m = RELATIVE.exec(value)
  if (m) {
    const n = Number(m[1])
    const unit = UNIT[m[2]!]!
    return unit === 'year' ? addIntervals(now, 'month', -12 * n) : addIntervals(now, unit, -n)
  }
  switch (value) {
    case 'dStart':
      return startOf(now, 'day')
    case 'wStart':
      return startOf(now, 'week')
    case 'mStart':
      return startOf(now, 'month')
    case 'yStart':
      return Date.UTC(new Date(now).getUTCFullYear(), 0, 1)
    case 'all':
      return Math.min(earliest, now)
    default:
      throw new RangeError(`not a relative date: ${value}`)
  }
}

/** "last 30 days", "today", "all time": how the plan names a relative date. */
export function describeRelativeDate(value: string): string {
  const m = RELATIVE.exec(value)
  if (m) {
    const n = Number(m[1])
    const unit = UNIT[m[2]!]!
    return n === 1 ? `last ${unit}` : `last ${n} ${unit}s`
  }
  return (
    { dStart: 'today', wStart: 'this week', mStart: 'this month', yStart: 'this year', all: 'all time' }[value] ?? value
  )
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

// Formatters by zone (making one costs far more than using it); null for a zone Intl does not know.
const formatters = new Map<string, Intl.DateTimeFormat | null>()

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone)
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
    } catch {
      formatter = null
    }
    // Zones come from project settings: few, but bounded all the same.
    if (formatters.size >= 256) formatters.clear()
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** YYYY-MM-DD HH:MM:SS of `ms` as the wall clock reads in `timeZone` (UTC when the zone is unknown). */
export function wallClockIn(ms: number, timeZone: string): string {
  const formatter = formatterFor(timeZone)
  if (!formatter) return isoDateTime(ms)
  const parts = formatter.formatToParts(new Date(ms))
  const get = (type: string) => parts.find((p) => p.type === type)!.value
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`
}
