// How the API prints an instant, as the real service does (Django REST framework on Python datetimes):
// UTC with a `Z`, seconds always, and six fractional digits only when the microseconds are not zero
// (`2026-01-02T00:00:00Z`, `2021-08-25T22:09:14.252000Z`). Every date-time the mock prints goes through
// `iso` (API bodies, the control API, the journal, the activity log, the insight tool); `isoOffset` is
// Python's own `isoformat()` with `+00:00`, which the real service prints where it formats an instant
// itself instead of through DRF (the properties timeline's effective dates).
//
// Instants are epoch milliseconds; a fraction of a millisecond counts to the microsecond (the end of a
// day is `start of the next day - 0.001`, printed `23:59:59.999999`).

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/** The text before the zone: `YYYY-MM-DDTHH:MM:SS[.ffffff]`. Throws a RangeError out of Date's range. */
function local(ms: number): string {
  const micros = Math.round(ms * 1000)
  const wholeMs = Math.floor(micros / 1000)
  const date = new Date(wholeMs)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid time value: ${ms}`)
  const seconds = date.toISOString().slice(0, 19) // YYYY-MM-DDTHH:MM:SS (years 0-9999, as the API's clock keeps them)
  const fraction = micros - Math.floor(wholeMs / 1000) * 1_000_000
  return fraction === 0 ? seconds : `${seconds}.${pad(fraction, 6)}`
}

/** DRF's rendering of a UTC datetime: `...T00:00:00Z`, or `...T14:00:01.252000Z` with microseconds. */
export function iso(ms: number): string {
  return local(ms) + 'Z'
}

export const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(ms))

/** Python's `datetime.isoformat()` of a UTC datetime: `+00:00` instead of `Z`. */
export const isoOffset = (ms: number): string => local(ms) + '+00:00'

/** A formatter of `timeZone`'s wall clock, or null for a zone Intl does not know (read as UTC). */
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
    })
  } catch {
    return null
  }
}

const isUtc = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC' || timeZone === 'GMT'

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `ms` (0 for UTC and unknown zones). */
export function zoneOffset(ms: number, timeZone: string): number {
  if (isUtc(timeZone)) return 0
  const formatter = formatterFor(timeZone)
  if (!formatter) return 0
  const whole = Math.floor(ms / 1000) * 1000
  const parts: Record<string, number> = {}
  for (const p of formatter.formatToParts(new Date(whole))) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return wall - whole
}

/** The instant at which `timeZone`'s wall clock reads `wall` (epoch ms as if the wall clock were UTC). */
export function fromWallClock(wall: number, timeZone: string): number {
  if (isUtc(timeZone)) return wall
  const guess = wall - zoneOffset(wall, timeZone)
  return wall - zoneOffset(guess, timeZone)
}

/** Python's `datetime.isoformat()` of the instant as `timeZone`'s wall clock reads it (`+01:00`). */
export function isoformatIn(ms: number, timeZone: string): string {
  const offset = zoneOffset(ms, timeZone)
  if (offset === 0) return isoOffset(ms)
  const minutes = Math.abs(offset) / 60_000
  const sign = offset < 0 ? '-' : '+'
  return `${local(ms + offset)}${sign}${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`
}
