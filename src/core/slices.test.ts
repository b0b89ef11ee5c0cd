import { afterEach, describe, expect, it, vi } from 'vitest'
import { filterInSlices, mapInSlices, SLICE_MS } from './slices.ts'

/** Holds the thread for `ms` (a check that is slow for real). */
function busy(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until);
}

describe('a filter done in slices', () => {
  afterEach(() => vi.useRealTimers())

  it('answers at once, as an array, when it takes less than a slice', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => i)
    const kept = filterInSlices(items, (i) => i % 7 === 0)
    expect(kept).toEqual(items.filter((i) => i % 7 === 0))
  })

  it('goes on in later turns when it takes longer, other work running between its slices, and keeps the order', async () => {
    const items = Array.from({ length: 5_000 }, (_, i) => i)
    const between: number[] = []
    let checked = 0
    const answer = filterInSlices(items, (i) => {
      checked++
      // 1,024 items are checked between two readings of the clock: one slow item in each stretch of
      // them makes every slice overrun.
      busy(i % 1024 === 0 ? SLICE_MS + 5 : 0)
      return i % 3 === 0
    })
    expect(answer).toBeInstanceOf(Promise)
    // Work queued after the call runs before the filter is done.
    setImmediate(() => between.push(checked))
    expect(await answer).toEqual(items.filter((i) => i % 3 === 0))
    expect(between).toHaveLength(1)
    expect(between[0]).toBeLessThan(items.length)
  })

  it('is not held up by fake timers installed after it loaded', async () => {
    // (The timers only: a frozen performance.now would hold `busy` for ever.)
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'],
    })
    const items = Array.from({ length: 3_000 }, (_, i) => i)
    const answer = filterInSlices(items, (i) => {
      busy(i % 1024 === 0 ? SLICE_MS + 2 : 0)
      return i % 2 === 1
    })
    expect(answer).toBeInstanceOf(Promise)
    expect(await answer).toEqual(items.filter((i) => i % 2 === 1))
  })

  it('answers a rejection when a check throws in a later slice', async () => {
    const answer = filterInSlices(
      Array.from({ length: 3_000 }, (_, i) => i),
      (i) => {
        busy(i % 1024 === 0 ? SLICE_MS + 2 : 0)
        if (i === 2_500) throw new Error('broken check')
        return true
      },
    )
    expect(answer).toBeInstanceOf(Promise)
    await expect(answer).rejects.toThrow('broken check')
  })
})

describe('a map done in slices', () => {
  it('answers at once, as an array, when it takes less than a slice', () => {
    const items = Array.from({ length: 1_000 }, (_, i) => i)
    expect(mapInSlices(items, (i) => i * 2)).toEqual(items.map((i) => i * 2))
  })

  it('goes on in later turns when it takes longer, other work running between its slices, in order', async () => {
    const items = Array.from({ length: 600 }, (_, i) => i)
    let made = 0
    const between: number[] = []
    const answer = mapInSlices(items, (i) => {
      made++
      // The clock is read every 64 items: one slow item in each stretch makes every slice overrun.
      busy(i % 64 === 0 ? SLICE_MS + 2 : 0)
      return `p${i}`
    })
    expect(answer).toBeInstanceOf(Promise)
    setImmediate(() => between.push(made))
    expect(await answer).toEqual(items.map((i) => `p${i}`))
    expect(between).toHaveLength(1)
    expect(between[0]).toBeLessThan(items.length)
  })
})
