// When queued event deletions run. Pure functions of the request instant, so tests can check every weekday.

const HOUR = 3_600_000
const DAY = 24 * HOUR
const MINUTE = 60_000

/** Person DELETE with delete_events: batched at 05:00 UTC every Sunday; the next such instant strictly after `now`. */
export function nextSundayFiveUtc(now: number): number {
  const d = new Date(now)
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  const daysToSunday = (7 - d.getUTCDay()) % 7
  let candidate = midnight + daysToSunday * DAY + 5 * HOUR
  if (candidate <= now) candidate += 7 * DAY
  return candidate
}

export interface NonPeakWindow {
  /** Hour (UTC, 0-23) the non-peak window opens, default 0. */
  startHour: number
  /** Hour (UTC, 1-24) it closes, default 6. A window may cross midnight (22 to 4). */
  endHour: number
}

export const DEFAULT_NON_PEAK: NonPeakWindow = { startHour: 0, endHour: 6 }

/** Throws a RangeError unless the window is whole hours, opens in 0-23, closes in 1-24 and is not empty. */
export function checkNonPeakWindow(window: NonPeakWindow): NonPeakWindow {
  const { startHour, endHour } = window
  const ok =
    Number.isInteger(startHour) &&
    Number.isInteger(endHour) &&
    startHour >= 0 &&
    startHour <= 23 &&
    endHour >= 1 &&
    endHour <= 24
  if (!ok || startHour === endHour) {
    throw new RangeError(`not a non-peak window: ${startHour}-${endHour} (hours 0-23 to 1-24, not empty)`)
  }
  return window
}

/** "0-6" or "22-4" (UTC hours, start-end) as a window. */
export function parseNonPeakWindow(text: string): NonPeakWindow {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(text.trim())
  if (!m) throw new RangeError(`not a non-peak window: "${text}" (expected START-END in UTC hours, e.g. 0-6)`)
  return checkNonPeakWindow({ startHour: Number(m[1]), endHour: Number(m[2]) })
}

/**
 * POST delete_events: runs during non-peak hours. Inside the window it runs at the next whole minute
 * (when that minute is still inside); otherwise when the window next opens.
 */
export function nextNonPeakSlot(now: number, window: NonPeakWindow = DEFAULT_NON_PEAK): number {
  const { startHour, endHour } = window
  const d = new Date(now)
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  const sinceMidnight = now - midnight
  const start = startHour * HOUR
  const end = endHour * HOUR
  const wraps = start > end
  const inside = wraps ? sinceMidnight >= start || sinceMidnight < end : sinceMidnight >= start && sinceMidnight < end
  if (inside) {
    // The instant this stretch of the window closes.
    const close = wraps && sinceMidnight >= start ? midnight + DAY + end : midnight + end
    const nextMinute = Math.floor(now / MINUTE) * MINUTE + MINUTE
    if (nextMinute < close) return nextMinute
  }
  const openToday = midnight + start
  return openToday > now ? openToday : openToday + DAY
}
