import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DenseMap } from './dense-map.ts'

/** The DenseMap's contents as a Map shows them: keys in their order, each with its value. */
function sameAs(dense: DenseMap<string>, map: Map<number, string>): void {
  expect([...dense.values()]).toEqual([...map.values()])
  expect(dense.size).toBe(map.size)
  for (const key of map.keys()) {
    expect(dense.get(key)).toBe(map.get(key))
    expect(dense.has(key)).toBe(true)
  }
}

describe('DenseMap', () => {
  it('keeps keys from a counter in an array, in order, with holes for the ones never set', () => {
    const dense = new DenseMap<string>()
    for (const key of [1, 2, 3, 5, 6]) dense.set(key, `v${key}`)
    expect([...dense.values()]).toEqual(['v1', 'v2', 'v3', 'v5', 'v6'])
    expect(dense.get(4)).toBeUndefined()
    expect(dense.has(4)).toBe(false)
    expect(dense.size).toBe(5)
  })

  it('keeps the order of a Map when keys come out of order, after deletes, or far apart', () => {
    for (const keys of [
      [3, 1, 2],
      [1, 2, 3, -1],
      [1, 2, 1.5],
      [1, 2, 1_000_000],
    ]) {
      const dense = new DenseMap<string>()
      const map = new Map<number, string>()
      for (const key of keys) {
        dense.set(key, `v${key}`)
        map.set(key, `v${key}`)
      }
      sameAs(dense, map)
    }
    // A key deleted and set again comes last, as in a Map.
    const dense = new DenseMap<string>()
    const map = new Map<number, string>()
    for (const key of [0, 1, 2]) {
      dense.set(key, `v${key}`)
      map.set(key, `v${key}`)
    }
    for (const m of [dense, map]) {
      m.delete(1)
      m.set(1, 'again')
      m.set(0, 'replaced')
    }
    sameAs(dense, map)
  })

  it('made unordered, fills a hole below the end in place and lists values in key order', () => {
    const dense = new DenseMap<string>({ unordered: true })
    for (const key of [1, 3, 2, 0]) dense.set(key, `v${key}`)
    expect([...dense.values()]).toEqual(['v0', 'v1', 'v2', 'v3'])
    expect(dense.size).toBe(4)
    expect(dense.get(2)).toBe('v2')
    dense.set(1e9, 'far')
    expect(dense.get(1e9)).toBe('far')
    expect(dense.get(3)).toBe('v3')
    expect(dense.size).toBe(5)
  })

  it('answers as a Map would, for any sequence of sets and deletes', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        key: fc.oneof(
          fc.nat(80),
          fc.integer({ min: -3, max: 3 }),
          fc.constant(1e9),
          fc.double({ min: 0, max: 10, noNaN: true }),
        ),
        value: fc.string(),
      }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.nat(80) }),
    )
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const dense = new DenseMap<string>()
        const map = new Map<number, string>()
        for (const o of ops) {
          if (o.kind === 'set') {
            dense.set(o.key, o.value)
            map.set(o.key, o.value)
          } else {
            expect(dense.delete(o.key)).toBe(map.delete(o.key))
          }
          expect(dense.size).toBe(map.size)
        }
        sameAs(dense, map)
      }),
    )
  })

  it('made unordered, holds what a Map would, for any sequence of sets and deletes', () => {
    const op = fc.record({
      set: fc.boolean(),
      key: fc.oneof(fc.nat(80), fc.constant(-1), fc.constant(1e9)),
      value: fc.string(),
    })
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const dense = new DenseMap<string>({ unordered: true })
        const map = new Map<number, string>()
        for (const o of ops) {
          if (o.set) {
            dense.set(o.key, o.value)
            map.set(o.key, o.value)
          } else expect(dense.delete(o.key)).toBe(map.delete(o.key))
          expect(dense.size).toBe(map.size)
        }
        expect(new Set(dense.values())).toEqual(new Set(map.values()))
        for (const [key, value] of map) expect(dense.get(key)).toBe(value)
      }),
    )
  })
})
