import { describe, expect, it } from 'vitest'
import { BoundedCache } from './bounded-cache.ts'

describe('BoundedCache', () => {
  it('makes a value once and answers it again while it is held', () => {
    const cache = new BoundedCache<object, number>(10)
    const key = {}
    let made = 0
    expect(cache.getOrMake(key, () => ++made)).toBe(1)
    expect(cache.getOrMake(key, () => ++made)).toBe(1)
    expect(made).toBe(1)
  })

  it('never holds more than twice its capacity, however many keys pass through', () => {
    const cache = new BoundedCache<number, number>(100)
    for (let i = 0; i < 10_000; i++) cache.set(i, i)
    expect(cache.size).toBeLessThanOrEqual(200)
    expect(cache.get(0)).toBeUndefined()
    expect(cache.get(9_999)).toBe(9_999)
  })

  it('keeps a key in use while others stream past', () => {
    const cache = new BoundedCache<number, string>(100)
    cache.set(-1, 'hot')
    for (let i = 0; i < 10_000; i++) {
      cache.set(i, 'cold')
      if (i % 50 === 0) expect(cache.get(-1)).toBe('hot')
    }
  })

  it('refuses a capacity under one', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError)
  })
})
