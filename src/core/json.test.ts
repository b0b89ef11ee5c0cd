import { describe, expect, it } from 'vitest'
import { serializeOnce, toJson } from './json.ts'

describe('toJson', () => {
  const person = () => serializeOnce({ id: 1, name: 'Ada "Lovelace"', distinct_ids: ['a', 'b'], properties: { email: 'ada@example.com', nested: { n: [1, 2] } } })

  it.each([
    ['a number', 3.5],
    ['a string with quotes and unicode', 'say "hé" \u2028 😀'],
    ['null', null],
    ['booleans in an array', [true, false]],
    ['undefined, functions and symbols (left out of objects, null in arrays)', { a: undefined, b: () => 1, c: Symbol('x'), d: [undefined, () => 1, Symbol('y')], e: 1 }],
    ['a Date and an object with toJSON', { when: new Date(Date.UTC(2026, 0, 2)), custom: { toJSON: () => 'custom' }, at: [new Date(0)] }],
    ['a Map (no own enumerable keys)', { m: new Map([[1, 2]]) }],
    ['deep nesting', { a: { b: { c: { d: [{ e: [1, { f: 'g' }] }] } } } }],
    ['an object without a prototype', Object.assign(Object.create(null), { x: 1 })],
    ['empty containers', { a: [], b: {}, c: [[]] }],
  ])('writes %s exactly as JSON.stringify', (_label, value) => {
    expect(toJson(value)).toBe(JSON.stringify(value))
  })

  it('writes a page of marked records exactly as JSON.stringify, the body itself marked or not', () => {
    const a = person()
    const b = serializeOnce({ id: 2, name: 'Grace', distinct_ids: [], properties: {} })
    const page = { count: 2, next: null, previous: 'http://x/?offset=0', results: [a, b, a] }
    expect(toJson(page)).toBe(JSON.stringify(page))
    expect(toJson(page)).toBe(JSON.stringify(page)) // second time from the kept text
    expect(toJson(a)).toBe(JSON.stringify(a))
    expect(toJson([{ wrapped: [a] }])).toBe(JSON.stringify([{ wrapped: [a] }]))
  })

  it('deep-freezes what it marks, so a kept text cannot go stale by a change to the record', () => {
    const a = person()
    toJson({ results: [a] })
    expect(Object.isFrozen(a)).toBe(true)
    expect(Object.isFrozen(a.distinct_ids) && Object.isFrozen(a.properties.nested.n)).toBe(true)
    expect(() => {
      ;(a as { name: string }).name = 'changed'
    }).toThrow(TypeError)
    expect(toJson({ results: [a] })).toContain('"name":"Ada \\"Lovelace\\""')
  })
})
