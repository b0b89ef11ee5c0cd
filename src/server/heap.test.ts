import { getHeapSpaceStatistics } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { COMPACT_HEAP_FLOOR, compactHeap } from './heap.ts'

const oldSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!

describe('compactHeap', () => {
  it('gives back the pages a fragmented old space holds', async () => {
    // ~60 MB of small objects that survive into the old space, then nine in ten of them dropped:
    // every page keeps a few live objects, so an ordinary collection can free none of them.
    const all: Array<{ a: number; b: string }> = []
    for (let i = 0; i < 600_000; i++) all.push({ a: i, b: `value ${i}` })
    await new Promise((resolve) => setTimeout(resolve, 10))
    const kept = all.filter((_, i) => i % 10 === 0)
    all.length = 0
    const before = oldSpace()
    // No limit: the worker runs other files unisolated, whose heap may be past the default's 512 MB.
    expect(compactHeap({ floor: 0, limit: Number.POSITIVE_INFINITY })).toBe(true)
    const after = oldSpace()
    expect(kept).toHaveLength(60_000)
    // Committed pages now close to what is live, and much less than before.
    expect(before.space_size - after.space_size).toBeGreaterThan(20 * 1024 * 1024)
    expect(after.space_size - after.space_used_size).toBeLessThan(16 * 1024 * 1024)
  })

  it('does nothing above its limit of heap in use (packing a big heap would need its pages twice)', () => {
    const before = oldSpace()
    expect(compactHeap({ limit: 1024, floor: 0 })).toBe(false)
    expect(runInNewContext('typeof gc')).toBe('undefined')
    expect(oldSpace().space_size).toBeGreaterThanOrEqual(before.space_size - 1024 * 1024)
  })

  it('does nothing below its floor of heap in use (too little to give back for the pause)', () => {
    expect(COMPACT_HEAP_FLOOR).toBeGreaterThan(40 * 1024 * 1024) // above the default data's start-up heap
    const before = oldSpace()
    expect(compactHeap({ floor: Number.MAX_SAFE_INTEGER })).toBe(false)
    expect(oldSpace().space_size).toBeGreaterThanOrEqual(before.space_size - 1024 * 1024)
  })

  it('leaves no gc function behind for new contexts', () => {
    compactHeap({ floor: 0 })
    expect(runInNewContext('typeof gc')).toBe('undefined')
  })
})
