// When queued event deletions run. Pure functions of the request instant, so tests can check every weekday.

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Person DELETE with delete_events: batched at 05:00 UTC every Sunday; the next such instant after `now`. */
export function nextSundayFiveUtc(now: number): number {
  const d = new Date(now)
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  const daysToSunday = (7 - d.getUTCDay()) % 7
  let candidate = midnight + daysToSunday * DAY + 5 * HOUR
  if (candidate <= now) candidate += 7 * DAY
  return candidate
}

export interface NonPeakWindow {
  /** Hour (UTC) the non-peak window opens, default 0. */
  startHour: number
  /** Hour (UTC) it closes, default 6. */
  endHour: number
}

export const DEFAULT_NON_PEAK: NonPeakWindow = { startHour: 0, endHour: 6 }

/**
 * POST delete_events: runs during non-peak hours. Inside the window it runs at the next whole minute;
 * outside it, when the next window opens.
 */
export function nextNonPeakSlot(now: number, window: NonPeakWindow = DEFAULT_NON_PEAK): number {
  const d = new Date(now)
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  const open = midnight + window.startHour * HOUR
  const close = midnight + window.endHour * HOUR
  if (now >= open && now < close) {
    const nextMinute = Math.floor(now / 60_000) * 60_000 + 60_000
    if (nextMinute < close) return nextMinute
  }
  return now < open ? open : open + DAY
}
