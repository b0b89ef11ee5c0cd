import { describe, expect, it } from 'vitest'
import { isHeavy, jsonChunks, toJson } from './http.ts'
import { approximateJsonBytes } from './journal.ts'

describe('toJson', () => {
  it.each([
    ['a number', 3.5],
    ['a string with quotes and unicode', 'say "hé" \u2028 😀'],
    ['null', null],
    ['booleans in an array', [true, false]],
    [
      'undefined, functions and symbols (left out of objects, null in arrays)',
      { a: undefined, b: () => 1, c: Symbol('x'), d: [undefined, () => 1, Symbol('y')], e: 1 },
    ],
    [
      'a Date and an object with toJSON',
      { when: new Date(Date.UTC(2026, 0, 2)), custom: { toJSON: () => 'custom' }, at: [new Date(0)] },
    ],
    ['a Map (no own enumerable keys)', { m: new Map([[1, 2]]) }],
    ['deep nesting', { a: { b: { c: { d: [{ e: [1, { f: 'g' }] }] } } } }],
    ['an object without a prototype', Object.assign(Object.create(null), { x: 1 })],
    ['empty containers', { a: [], b: {}, c: [[]] }],
  ])('writes %s exactly as JSON.stringify', (_label, value) => {
    expect(toJson(value)).toBe(JSON.stringify(value))
  })
})

describe('jsonChunks', () => {
  const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i))

  it.each([
    ['a small object (one piece)', { a: 1, b: [1, 2], c: { d: 'e' } }],
    ['a long list', many(100, (i) => ({ i, s: `x${i}` }))],
    [
      'points of an answer, with members left out',
      { points: many(50, (i) => ({ at: i, skip: undefined, f: () => 1, p: { k: i } })), tail: undefined, n: 1 },
    ],
    [
      'an object with many keys holding lists',
      Object.fromEntries(many(40, (i) => [`k${i}`, many(i, (j) => j)] as const)),
    ],
    ['undefined and functions in a long list', many(40, (i) => (i % 3 === 0 ? undefined : i % 3 === 1 ? () => i : i))],
    ['dates and toJSON inside a long list', many(40, (i) => ({ when: new Date(i), custom: { toJSON: () => i } }))],
    ['lists of lists', many(40, () => many(40, (j) => j))],
    ['a top-level scalar', 'text "quoted"'],
    ['undefined at the top', undefined],
  ])('joins to exactly JSON.stringify for %s', (_label, value) => {
    expect([...jsonChunks(value)].join('')).toBe(JSON.stringify(value) ?? 'null')
  })

  it('writes a big answer in many pieces of bounded size, and a small one whole', () => {
    const records = many(5000, (i) => ({ id: i, name: `p${i}` }))
    const page = { count: 5000, next: null, results: records }
    const pieces = [...jsonChunks(page)]
    expect(pieces.join('')).toBe(JSON.stringify(page))
    expect(pieces.length).toBeGreaterThan(5000)
    // Ten entries, each holding two objects of 1,000 members: few entries, but costly to write.
    const entries = {
      results: many(10, () => ({
        before: Object.fromEntries(many(1000, (i) => [`k${i}`, 'v'.repeat(100)])),
        after: { a: 1 },
      })),
    }
    const parts = [...jsonChunks(entries)]
    expect(parts.join('')).toBe(JSON.stringify(entries))
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThan(300_000)
    expect(parts.length).toBeGreaterThan(10)
    expect(isHeavy(entries)).toBe(true)
    expect(isHeavy({ id: 1, name: 'small' })).toBe(false)
    expect([...jsonChunks({ id: 1, name: 'small' })]).toEqual(['{"id":1,"name":"small"}'])
  })
})

describe('approximateJsonBytes', () => {
  const value = {
    name: 'a playlist',
    count: 42,
    ok: true,
    none: null,
    tags: ['x', 'yy'],
    nested: { deep: [1, 2.5, { k: 'v' }] },
  }

  it('is about the length of the JSON text (within a byte an object: its last comma is counted)', () => {
    const exact = JSON.stringify(value).length
    expect(approximateJsonBytes(value)).toBeGreaterThanOrEqual(exact)
    expect(approximateJsonBytes(value)).toBeLessThanOrEqual(exact + 3)
    expect(approximateJsonBytes('x'.repeat(1_000))).toBe(1_002)
  })

  it('stops once past stopAbove, returning more than it', () => {
    const big = { items: Array.from({ length: 10_000 }, (_, i) => ({ i, text: 'abcdefgh' })) }
    const bounded = approximateJsonBytes(big, { stopAbove: 20_000 })
    expect(bounded).toBeGreaterThan(20_000)
    expect(bounded).toBeLessThan(JSON.stringify(big).length / 5)
  })

  it('measures a long array of like items by a sample, within a few percent', () => {
    const page = {
      results: Array.from({ length: 100 }, (_, i) => ({
        id: i,
        distinct_ids: [`user-${i}`],
        properties: { email: `p${i}@example.test`, plan: 'pro' },
      })),
    }
    const exact = JSON.stringify(page).length
    const sampled = approximateJsonBytes(page, { sampleItems: 8 })
    expect(Math.abs(sampled - exact) / exact).toBeLessThan(0.05)
  })
})
