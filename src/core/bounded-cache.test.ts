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

  it('drops a deleted key from either generation, and only it', () => {
    const cache = new BoundedCache<number, string>(3)
    cache.set(1, 'a') // young
    cache.set(2, 'b')
    cache.set(3, 'c') // the young map is full: 1-3 become the old generation
    cache.set(4, 'd')
    cache.delete(2) // old
    cache.delete(4) // young
    expect([1, 2, 3, 4].map((k) => cache.get(k))).toEqual(['a', undefined, 'c', undefined])
    expect(cache.getOrMake(2, () => 'made')).toBe('made')
  })

  it('a deleted key set again while its old value waits in the old generation answers neither value', () => {
    const cache = new BoundedCache<number, string>(2)
    cache.set(1, 'first')
    cache.set(2, 'b') // the young map is full: 1 and 2 become the old generation
    cache.set(1, 'second') // young now, its first value still in the old map
    cache.delete(1)
    expect(cache.get(1)).toBeUndefined()
    expect(cache.get(2)).toBe('b')
  })

  it('refuses a capacity under one', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError)
  })
})
