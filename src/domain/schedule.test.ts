import { describe, expect, it } from 'vitest'
import {
  checkNonPeakWindow,
  DEFAULT_NON_PEAK,
  nextNonPeakSlot,
  nextSundayFiveUtc,
  parseNonPeakWindow,
} from './schedule.ts'

const at = (iso: string) => Date.parse(iso)
const show = (ms: number) => new Date(ms).toISOString()

describe('nextSundayFiveUtc', () => {
  // 2026-11-01 and 2026-11-08 are Sundays.
  it.each([
    ['Monday', '2026-11-02T13:45:00.000Z'],
    ['Tuesday', '2026-11-03T00:00:00.000Z'],
    ['Wednesday', '2026-11-04T23:59:59.999Z'],
    ['Thursday', '2026-11-05T05:00:00.000Z'],
    ['Friday', '2026-11-06T18:30:00.000Z'],
    ['Saturday', '2026-11-07T23:59:59.999Z'],
    ['Sunday after 05:00', '2026-11-01T05:00:00.001Z'],
    ['Sunday at noon', '2026-11-01T12:00:00.000Z'],
  ])('%s (%s) -> the coming Sunday 05:00 UTC', (_day, queuedAt) => {
    expect(show(nextSundayFiveUtc(at(queuedAt)))).toBe('2026-11-08T05:00:00.000Z')
  })

  it('Sunday before 05:00 -> the same Sunday', () => {
    expect(show(nextSundayFiveUtc(at('2026-11-08T00:00:00.000Z')))).toBe('2026-11-08T05:00:00.000Z')
    expect(show(nextSundayFiveUtc(at('2026-11-08T04:59:59.999Z')))).toBe('2026-11-08T05:00:00.000Z')
  })

  it('exactly Sunday 05:00 -> the next week (strictly after the request)', () => {
    expect(show(nextSundayFiveUtc(at('2026-11-08T05:00:00.000Z')))).toBe('2026-11-15T05:00:00.000Z')
  })

  it('crosses month and year ends', () => {
    expect(show(nextSundayFiveUtc(at('2026-12-31T10:00:00.000Z')))).toBe('2027-01-03T05:00:00.000Z')
  })

  it('is always a Sunday at 05:00, within a week after the instant', () => {
    for (let t = at('2026-01-01T00:00:00Z'); t < at('2027-01-01T00:00:00Z'); t += 3 * 3_600_000 + 17 * 60_000) {
      const next = nextSundayFiveUtc(t)
      const d = new Date(next)
      expect([d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()]).toEqual([
        0, 5, 0, 0, 0,
      ])
      expect(next).toBeGreaterThan(t)
      expect(next - t).toBeLessThanOrEqual(7 * 86_400_000)
    }
  })
})

describe('nextNonPeakSlot', () => {
  it('outside the default window (00:00-06:00) -> when it next opens', () => {
    expect(show(nextNonPeakSlot(at('2026-11-03T14:00:00.000Z')))).toBe('2026-11-04T00:00:00.000Z')
    expect(show(nextNonPeakSlot(at('2026-11-03T06:00:00.000Z')))).toBe('2026-11-04T00:00:00.000Z')
  })

  it('inside the window -> the next whole minute', () => {
    expect(show(nextNonPeakSlot(at('2026-11-03T02:10:30.000Z')))).toBe('2026-11-03T02:11:00.000Z')
    expect(show(nextNonPeakSlot(at('2026-11-03T00:00:00.000Z')))).toBe('2026-11-03T00:01:00.000Z')
  })

  it("in the window's last minute -> the next day's window", () => {
    expect(show(nextNonPeakSlot(at('2026-11-03T05:59:30.000Z')))).toBe('2026-11-04T00:00:00.000Z')
  })

  it('a configured window: before, inside and after it', () => {
    const w = { startHour: 2, endHour: 4 }
    expect(show(nextNonPeakSlot(at('2026-11-03T01:00:00.000Z'), w))).toBe('2026-11-03T02:00:00.000Z')
    expect(show(nextNonPeakSlot(at('2026-11-03T03:00:05.000Z'), w))).toBe('2026-11-03T03:01:00.000Z')
    expect(show(nextNonPeakSlot(at('2026-11-03T04:00:00.000Z'), w))).toBe('2026-11-04T02:00:00.000Z')
  })

  it('a window crossing midnight (22-4)', () => {
    const w = { startHour: 22, endHour: 4 }
    expect(show(nextNonPeakSlot(at('2026-11-03T12:00:00.000Z'), w))).toBe('2026-11-03T22:00:00.000Z')
    expect(show(nextNonPeakSlot(at('2026-11-03T23:10:10.000Z'), w))).toBe('2026-11-03T23:11:00.000Z')
    expect(show(nextNonPeakSlot(at('2026-11-03T23:59:59.000Z'), w))).toBe('2026-11-04T00:00:00.000Z')
    expect(show(nextNonPeakSlot(at('2026-11-04T01:30:00.000Z'), w))).toBe('2026-11-04T01:31:00.000Z')
    expect(show(nextNonPeakSlot(at('2026-11-04T03:59:30.000Z'), w))).toBe('2026-11-04T22:00:00.000Z')
  })

  it('always lands inside the window and after the instant', () => {
    for (const w of [
      DEFAULT_NON_PEAK,
      { startHour: 22, endHour: 4 },
      { startHour: 0, endHour: 24 },
      { startHour: 13, endHour: 14 },
    ]) {
      for (let t = at('2026-11-01T00:00:00Z'); t < at('2026-11-04T00:00:00Z'); t += 7 * 60_000 + 13_000) {
        const slot = nextNonPeakSlot(t, w)
        const hour = new Date(slot).getUTCHours()
        const inside =
          w.startHour < w.endHour ? hour >= w.startHour && hour < w.endHour : hour >= w.startHour || hour < w.endHour
        expect(inside, `${show(t)} -> ${show(slot)} in ${w.startHour}-${w.endHour}`).toBe(true)
        expect(slot).toBeGreaterThan(t)
        expect(slot - t).toBeLessThanOrEqual(86_400_000)
      }
    }
  })
})

describe('non-peak window configuration', () => {
  it('parses START-END hours', () => {
    expect(parseNonPeakWindow('0-6')).toEqual({ startHour: 0, endHour: 6 })
    expect(parseNonPeakWindow('22-4')).toEqual({ startHour: 22, endHour: 4 })
    expect(parseNonPeakWindow('0-24')).toEqual({ startHour: 0, endHour: 24 })
  })

  it.each(['6', '6-6', '24-2', '3-25', 'a-b', '-1-4'])('rejects %s', (text) => {
    expect(() => parseNonPeakWindow(text)).toThrow(RangeError)
  })

  it('rejects fractional hours', () => {
    expect(() => checkNonPeakWindow({ startHour: 1.5, endHour: 3 })).toThrow(RangeError)
  })
})
