import { describe, expect, it } from 'vitest'
import { serializeOnce, toJson } from './json.ts'
import { MAX_KEPT_ITEMS, samePage } from './same-page.ts'

const item = (id: number, name = `p${id}`) => serializeOnce({ id, name })

describe('samePage', () => {
  it('answers the kept array while the page shows the same items, and a new one when an item changes', () => {
    const a = item(1)
    const b = item(2)
    const first = samePage('k1', [a, b])
    expect(Object.isFrozen(first)).toBe(true)
    expect(toJson({ results: first })).toBe('{"results":[{"id":1,"name":"p1"},{"id":2,"name":"p2"}]}')
    expect(samePage('k1', [a, b])).toBe(first)
    // A changed item (a new record's rendering), another order, fewer items: not the kept array.
    const b2 = item(2, 'renamed')
    const changed = samePage('k1', [a, b2])
    expect(changed).not.toBe(first)
    expect(toJson({ results: changed })).toBe('{"results":[{"id":1,"name":"p1"},{"id":2,"name":"renamed"}]}')
    expect(toJson(samePage('k1', [b2, a]))).toBe('[{"id":2,"name":"renamed"},{"id":1,"name":"p1"}]')
    expect(toJson(samePage('k1', [a]))).toBe('[{"id":1,"name":"p1"}]')
    // Another key with the same items: equal text (the key only names what to compare with).
    expect(toJson(samePage('k2', [a, b]))).toBe(toJson(first))
  })

  it('leaves pages longer than it keeps as they are (written piece by piece)', () => {
    const items = Array.from({ length: MAX_KEPT_ITEMS + 1 }, (_, i) => item(i))
    const page = samePage('long', items)
    expect(page).toBe(items)
    expect(Object.isFrozen(page)).toBe(false)
  })
})
