// PostHog's date parser, the one every date parameter goes through: posthog/utils.py
// relative_date_parse_with_delta_mapping (and relative_date_parse, its first value) with
// get_delta_mapping_for. In its order:
// - an ISO date or date-time (dateutil's isoparse: YYYY, YYYY-MM, YYYY-MM-DD or YYYYMMDD, then any one
//   separator and hh[:mm[:ss[.ffffff]]] or hhmm[ss], then Z or ±hh[:mm]), or a date without zero padding
//   (2021-1-1): as written in the project's time zone unless it names its own offset; no delta mapping;
// - otherwise the first match of `-?N?<kind>(Start|End)?` anywhere in the text (kind one of hdwmqysHDWMQY)
//   moves "now" back (forward with `increase`) by dateutil's relativedelta: h hours, d days, w weeks,
//   m months, M minutes, s seconds, q 13 weeks, y years; Start/End set the smaller fields (hStart: the
//   hour's start, dStart: midnight, mStart: the 1st, mEnd and yEnd: the 31st, clipped; yStart: 1 January).
//   The other kinds (H, D, W, Q, Y, S), and w and q without a number, move nothing;
// - text with no match at all is "now" itself (an empty delta mapping, no error).
// `alwaysTruncate` then rounds a moved date down to its hour (a delta in hours) or else to its day.
// Arithmetic is on the project's wall clock, as Python's aware datetimes do it.
import { fromWallClock, zoneOffset } from '../core/datetime.ts'

/** relativedelta's arguments: plural ones move, singular ones replace. */
export type DeltaMapping = Partial<
  Record<
    | 'years'
    | 'months'
    | 'weeks'
    | 'days'
    | 'hours'
    | 'minutes'
    | 'seconds'
    | 'month'
    | 'day'
    | 'hour'
    | 'minute'
    | 'second'
    | 'microsecond',
    number
  >
>

export interface ParsedDate {
  /** Epoch ms (a fraction counts microseconds). */
  at: number
  /** null for an absolute date; the mapping (possibly empty) for anything else. */
  delta: DeltaMapping | null
  position: 'Start' | 'End' | null
}

export interface ParseOptions {
  now: number
  /** The project's zone (IANA name); UTC when absent. */
  timeZone?: string
  alwaysTruncate?: boolean
  increase?: boolean
}

const HOUR = 3_600_000
const DAY = 24 * HOUR
const MICROSECOND = 0.001
const RELATIVE = /-?([0-9]+)?([hdwmqysHDWMQY])(Start|End)?/
const ISO_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?|(\d{2})(\d{2}))?/
const ISO_TIME = /^(\d{2})(?::?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?/
const ISO_ZONE = /^(?:([zZ])|([+-])(\d{2})(?::?(\d{2}))?)$/
const UNPADDED_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()
const validDate = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m)

/** dateutil's isoparse, for the forms above: the wall-clock ms and the offset it names (null: none), or null. */
export function isoparse(text: string): { wall: number; offset: number | null } | null {
  const date = ISO_DATE.exec(text)
  if (!date) return null
  const [head, y, mm, dd, bm, bd] = date
  const year = Number(y)
  const month = Number(mm ?? bm ?? 1)
  const day = Number(dd ?? bd ?? 1)
  if (!validDate(year, month, day)) return null
  let rest = text.slice(head.length)
  let time = 0
  if (rest !== '') {
    if (mm !== undefined && dd === undefined) return null // YYYY-MM takes no time
    const clock = ISO_TIME.exec(rest.slice(1))
    if (!clock || /[0-9]/.test(rest[0]!)) return null
    const [hh, mi = '0', ss = '0', fraction = ''] = clock.slice(1)
    const [h, m, s] = [Number(hh), Number(mi), Number(ss)]
    const midnight = h === 24 && m === 0 && s === 0 && !/[1-9]/.test(fraction)
    if ((h > 23 && !midnight) || m > 59 || s > 59) return null
    time = h * HOUR + m * 60_000 + s * 1000 + Number(fraction.slice(0, 6).padEnd(6, '0')) * MICROSECOND
    rest = rest.slice(1 + clock[0].length)
  }
  let offset: number | null = null
  if (rest !== '') {
    const zone = ISO_ZONE.exec(rest)
    if (!zone || Number(zone[3] ?? 0) > 23 || Number(zone[4] ?? 0) > 59) return null
    offset = zone[1] ? 0 : (zone[2] === '-' ? -1 : 1) * (Number(zone[3]) * HOUR + Number(zone[4] ?? 0) * 60_000)
  }
  return { wall: Date.UTC(year, month - 1, day) + time, offset }
}

/** The absolute date `text` names (isoparse, then strptime's %Y-%m-%d), in `timeZone` unless it has an offset. */
function absolute(text: string, timeZone: string): number | null {
  const iso = isoparse(text)
  if (iso) return iso.offset === null ? fromWallClock(iso.wall, timeZone) : iso.wall - iso.offset
  const loose = UNPADDED_DATE.exec(text)
  if (!loose) return null
  const [y, m, d] = [Number(loose[1]), Number(loose[2]), Number(loose[3])]
  return validDate(y, m, d) ? fromWallClock(Date.UTC(y, m - 1, d), timeZone) : null
}

/** What a number of each kind moves: the field, and how many of it one is (a quarter: 13 weeks). */
const MOVES: Record<string, [keyof DeltaMapping, number]> = {
  h: ['hours', 1],
  d: ['days', 1],
  w: ['weeks', 1],
  m: ['months', 1],
  M: ['minutes', 1],
  s: ['seconds', 1],
  q: ['weeks', 13],
  y: ['years', 1],
}
const HOUR_START = { minute: 0, second: 0, microsecond: 0 }
const HOUR_END = { minute: 59, second: 59, microsecond: 999_999 }
/** What Start and End set, for the kinds they apply to. */
const POSITIONS: Record<string, Record<string, DeltaMapping>> = {
  h: { Start: HOUR_START, End: HOUR_END },
  d: { Start: { hour: 0, ...HOUR_START }, End: { hour: 23, ...HOUR_END } },
  m: { Start: { day: 1 }, End: { day: 31 } },
  y: { Start: { month: 1, day: 1 }, End: { day: 31 } },
}

/** get_delta_mapping_for: what one matched `-?N?<kind><position>` moves and sets. */
function deltaMappingFor(kind: string, number: string | undefined, position: string | undefined): DeltaMapping {
  const move = MOVES[kind]
  if (!move) return {}
  return {
    ...(number !== undefined && { [move[0]]: move[1] * Number(number) }),
    ...(position && POSITIONS[kind]?.[position]),
  }
}

/** dateutil's `wall ± relativedelta(**delta)`: replace the singular fields, move by the plural ones (months clipped). */
export function applyDelta(wall: number, delta: DeltaMapping, sign: 1 | -1): number {
  const d = new Date(Math.floor(wall))
  const fraction = wall - Math.floor(wall / 1000) * 1000
  const totalMonths = sign * ((delta.years ?? 0) * 12 + (delta.months ?? 0))
  let year = d.getUTCFullYear()
  let month = (delta.month ?? d.getUTCMonth() + 1) + totalMonths
  year += Math.floor((month - 1) / 12)
  month = ((((month - 1) % 12) + 12) % 12) + 1
  const day = Math.min(daysIn(year, month), delta.day ?? d.getUTCDate())
  const hour = delta.hour ?? d.getUTCHours()
  const minute = delta.minute ?? d.getUTCMinutes()
  const second = delta.second ?? d.getUTCSeconds()
  const subsecond = delta.microsecond === undefined ? fraction : delta.microsecond * MICROSECOND
  const moved =
    sign *
    (((delta.weeks ?? 0) * 7 + (delta.days ?? 0)) * DAY +
      (delta.hours ?? 0) * HOUR +
      (delta.minutes ?? 0) * 60_000 +
      (delta.seconds ?? 0) * 1000)
  return Date.UTC(year, month - 1, day, hour, minute, second) + subsecond + moved
}

/** relative_date_parse_with_delta_mapping (see the top of this file). */
export function parseRelativeDate(input: string, options: ParseOptions): ParsedDate {
  const timeZone = options.timeZone ?? 'UTC'
  const at = absolute(input, timeZone)
  if (at !== null) return { at, delta: null, position: null }
  const match = RELATIVE.exec(input)
  const now = options.now
  if (!match) return { at: now, delta: {}, position: null }
  const delta = deltaMappingFor(match[2]!, match[1], match[3])
  let wall = applyDelta(now + zoneOffset(now, timeZone), delta, options.increase ? 1 : -1)
  if (options.alwaysTruncate) {
    const unit = delta.hours !== undefined ? HOUR : DAY
    wall = Math.floor(wall / unit) * unit
  }
  return { at: fromWallClock(wall, timeZone), delta, position: (match[3] as 'Start' | 'End' | undefined) ?? null }
}

/** relative_date_parse: the instant alone. */
export const relativeDateParse = (input: string, options: ParseOptions): number => parseRelativeDate(input, options).at

const UNIT_MS = { day: DAY, hour: HOUR, minute: 60_000 }

/** The wall-clock start of `instant`'s day (or hour, or minute) on `timeZone`'s clock. */
function wallStart(instant: number, timeZone: string, unit: keyof typeof UNIT_MS): number {
  const wall = instant + zoneOffset(instant, timeZone)
  return Math.floor(wall / UNIT_MS[unit]) * UNIT_MS[unit]
}

/** `instant` moved to the start of its day (or hour, or minute) on `timeZone`'s wall clock. */
export const truncateIn = (instant: number, timeZone: string, unit: keyof typeof UNIT_MS): number =>
  fromWallClock(wallStart(instant, timeZone, unit), timeZone)

/** `instant` moved to the last microsecond of its day (or hour, or minute) on `timeZone`'s wall clock. */
export const endOfIn = (instant: number, timeZone: string, unit: keyof typeof UNIT_MS): number =>
  fromWallClock(wallStart(instant, timeZone, unit) + UNIT_MS[unit] - MICROSECOND, timeZone)
