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
