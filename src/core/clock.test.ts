import { describe, expect, it } from 'vitest'
import { Clock, parseDuration } from './clock.ts'

describe('Clock', () => {
  it('frozen: stays put until set or advanced', () => {
    let wall = 1_000
    const clock = new Clock({ now: '2026-03-01T00:00:00Z', wall: () => wall })
    expect(clock.frozen).toBe(true)
    wall += 60_000
    expect(clock.iso()).toBe('2026-03-01T00:00:00Z')
    clock.advance('PT1H30M')
    expect(clock.iso()).toBe('2026-03-01T01:30:00Z')
    clock.advance(500)
    expect(clock.iso()).toBe('2026-03-01T01:30:00.500000Z')
  })

  it('running: follows wall time from an offset, and set() moves the offset', () => {
    let wall = Date.UTC(2026, 0, 1)
    const clock = new Clock({ frozen: false, wall: () => wall })
    expect(clock.now()).toBe(wall)
    clock.set('2030-01-01T00:00:00Z')
    wall += 5_000
    expect(clock.iso()).toBe('2030-01-01T00:00:05Z')
    clock.freeze()
    wall += 5_000
    expect(clock.iso()).toBe('2030-01-01T00:00:05Z')
    clock.unfreeze()
    wall += 1_000
    expect(clock.iso()).toBe('2030-01-01T00:00:06Z')
  })

  it('tells listeners when it moves', () => {
    const clock = new Clock({ now: 0 })
    const seen: number[] = []
    clock.onChange((now) => seen.push(now))
    clock.advance(10)
    clock.set(100)
    expect(seen).toEqual([10, 100])
  })

  it('refuses to go backwards by advance, and rejects nonsense', () => {
    const clock = new Clock({ now: 0 })
    expect(() => clock.advance(-1)).toThrow(RangeError)
    expect(() => clock.set('yesterday')).toThrow(RangeError)
  })
})

describe('parseDuration', () => {
  it('reads ISO 8601 durations', () => {
    expect(parseDuration('PT1S')).toBe(1000)
    expect(parseDuration('PT2H')).toBe(7_200_000)
    expect(parseDuration('P1DT1M')).toBe(86_460_000)
    expect(parseDuration('P2W')).toBe(14 * 86_400_000)
    expect(parseDuration('PT0.5S')).toBe(500)
  })
  it('rejects what it cannot read', () => {
    for (const bad of ['P', 'PT', '1H', 'P1Y', 'PT-1S', '']) expect(() => parseDuration(bad), bad).toThrow(RangeError)
  })

  it('pin: a running clock reads one instant until unpinned; set and advance still work while pinned', () => {
    let wall = Date.UTC(2026, 0, 1)
    const clock = new Clock({ frozen: false, wall: () => wall })
    const at = clock.pin()
    wall += 250
    expect(clock.now()).toBe(at)
    clock.advance(1_000)
    wall += 250
    expect(clock.now()).toBe(at + 1_000)
    clock.unpin()
    expect(clock.now()).toBe(wall + 1_000)
  })

  it('saveState and restoreState put the clock back as it was (frozen or running)', () => {
    let wall = 5_000
    const clock = new Clock({ frozen: false, wall: () => wall })
    const saved = clock.saveState()
    clock.restoreState({ frozenAt: 42, offset: 0 })
    expect(clock.now()).toBe(42)
    expect(clock.frozen).toBe(true)
    clock.restoreState(saved)
    wall += 10
    expect(clock.now()).toBe(5_010)
    expect(clock.frozen).toBe(false)
  })
})
