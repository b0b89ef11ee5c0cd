import { describe, expect, it } from 'vitest'
import {
  forgetJson,
  jsonBatches,
  jsonChunks,
  jsonString,
  knownJson,
  knownValid,
  markValid,
  recordsJson,
  rememberJson,
  serializeOnce,
  toJson,
  toJsonIfLight,
  utf8ByteLength,
} from './json.ts'

describe('jsonString', () => {
  it.each([
    ['plain text', 'How many pageviews per day in the last 30 days?'],
    ['empty', ''],
    ['a quote and a backslash', 'say "hi" \\ there'],
    ['control characters', 'tab\there\nnew line \u0000 \u001f \u007f'],
    ['non-ASCII left as it is', 'hé \u2028 \u2029 ü 日本'],
    ['a surrogate pair', 'emoji 😀'],
    ['lone surrogates', 'high \ud800 alone, low \udfff alone, reversed \udc00\ud800'],
  ])('writes %s exactly as JSON.stringify', (_label, text) => {
    expect(jsonString(text)).toBe(JSON.stringify(text))
  })
})

describe('toJson', () => {
  const person = () =>
    serializeOnce({
      id: 1,
      name: 'Ada "Lovelace"',
      distinct_ids: ['a', 'b'],
      properties: { email: 'ada@example.com', nested: { n: [1, 2] } },
    })

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

describe('toJsonIfLight', () => {
  it('counts the UTF-8 bytes of what it writes as Buffer.byteLength does, marked parts from their kept count', () => {
    const accented = serializeOnce({ name: 'Zoë Ñúñez', city: 'Kraków', emoji: '😀 \u2028', note: 'plain' })
    const values = [
      { results: [accented, accented], next: 'http://x/?q=é', count: 2 },
      { results: [serializeOnce({ a: 'ascii only' })], next: null },
      'snow ☃ and a pair 𝄞',
      { lone: '\ud800 and \udfff', keyé: 1 },
      [1, null, true],
    ]
    for (const value of values) {
      const json = toJsonIfLight(value)!
      expect(json.text).toBe(JSON.stringify(value))
      expect(json.bytes).toBe(Buffer.byteLength(json.text))
    }
    for (const text of ['', 'abc', 'é', '☃', '😀', '\ud800x'])
      expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text))
  })

  it('writes a marked value around a remembered text inside it, exactly and with its bytes counted once', () => {
    const properties = Object.freeze({ city: 'Kraków', plan: 'pro', nested: { deep: ['😀'] } })
    const text = JSON.stringify(properties)
    rememberJson(properties, text)
    const person = serializeOnce({ id: 1, name: 'Zoë', properties, created_at: '2026-01-01T00:00:00Z' })
    for (const value of [person, { results: [person], next: null }]) {
      const json = toJsonIfLight(value)!
      expect(json.text).toBe(JSON.stringify(value))
      expect(json.bytes).toBe(Buffer.byteLength(json.text))
    }
    // The remembered text is what is written for the properties, wherever they appear.
    expect(toJson({ properties })).toBe(`{"properties":${text}}`)
    // Kept beside the value, not marked on it (a PATCH's properties live on in its event): only the
    // last one remembered, until forgetJson.
    const next = Object.freeze({ plan: 'team' })
    rememberJson(next, '{"plan":"team"}')
    expect(knownJson(next)).toEqual({ text: '{"plan":"team"}', bytes: 15 })
    expect(knownJson(properties)).toBeUndefined()
    expect(toJson({ properties })).toBe(`{"properties":${text}}`)
    forgetJson(next)
    expect(knownJson(next)).toBeUndefined()
    // Only frozen values are remembered (a mutable one could change under its text).
    const mutable = { a: 1 }
    rememberJson(mutable, '{"a":2}')
    expect(toJson({ x: [mutable] })).toBe('{"x":[{"a":1}]}')
  })

  it('leaves a heavy value to jsonChunks', () => {
    expect(toJsonIfLight({ rows: Array.from({ length: 5000 }, (_, i) => ({ i })) })).toBeUndefined()
  })
})

describe('marks', () => {
  it('stay out of copies and of what lists keys: a spread of a marked value is written from its own fields', () => {
    const a = serializeOnce({ id: 1, name: 'a' })
    expect(toJson(a)).toBe('{"id":1,"name":"a"}')
    const copy = { ...a, name: 'b' }
    expect(toJson(copy)).toBe(JSON.stringify(copy))
    expect(toJson(Object.assign({}, a))).toBe('{"id":1,"name":"a"}')
    expect(Object.keys(a)).toEqual(['id', 'name'])
    expect(Reflect.ownKeys(structuredClone(a))).toEqual(['id', 'name'])
    expect(a).toEqual({ id: 1, name: 'a' })
    // A value that inherits from a marked one is not marked by it.
    const heir = Object.create(a) as { extra?: number }
    heir.extra = 2
    expect(toJson(heir)).toBe(JSON.stringify(heir))
  })

  it('are kept for values frozen before they were marked, and let go of by forgetJson', () => {
    const late = Object.freeze({ plan: 'a' })
    rememberJson(late, '{"plan":"a"}')
    expect(knownJson(late)).toEqual({ text: '{"plan":"a"}', bytes: 12 })
    const early = serializeOnce({ plan: 'é' })
    expect(Object.isFrozen(early)).toBe(true)
    expect(toJsonIfLight(early)).toEqual({ text: '{"plan":"é"}', bytes: 13 })
    expect(knownJson(early)).toEqual({ text: '{"plan":"é"}', bytes: 13 })
    for (const value of [late, early]) {
      forgetJson(value)
      expect(knownJson(value)).toBeUndefined()
      expect(toJson({ results: [value] })).toBe(JSON.stringify({ results: [value] }))
    }
    // Marked again after it was let go of: as new.
    serializeOnce(early)
    expect(toJson(early)).toBe('{"plan":"é"}')
  })
})

describe('validation marks', () => {
  it('are kept for marked values only, per validator', () => {
    const a = serializeOnce({ id: 1 })
    const v1 = () => true
    const v2 = () => true
    expect(knownValid(a, v1)).toBe(false)
    expect(markValid(a, v1)).toBe(true)
    expect([knownValid(a, v1), knownValid(a, v2)]).toEqual([true, false])
    expect(markValid({ id: 1 }, v1)).toBe(false)
    expect(knownValid({ id: 1 }, v1)).toBe(false)
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

  it('writes marked records from their kept text, and a big answer in many pieces of bounded size', () => {
    const records = many(5000, (i) => serializeOnce({ id: i, name: `p${i}` }))
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
    expect([...jsonChunks({ id: 1, name: 'small' })]).toHaveLength(1)
  })

  it('writes a big marked answer whose text is not yet written in pieces too (a properties timeline at the caps), and a small one whole', () => {
    const points = many(20, (i) => ({
      timestamp: `t${i}`,
      properties: Object.fromEntries(many(1000, (k) => [`p${k}`, 'x'.repeat(600)])),
      relevant_event_count: 1,
    }))
    const body = serializeOnce({ points, crucial_property_keys: ['p0'] })
    // Written whole it was one JSON.stringify of ~12 MB within the request, holding every other one.
    expect(toJsonIfLight(body)).toBeUndefined()
    const pieces = [...jsonChunks(body)]
    expect(pieces.join('')).toBe(JSON.stringify(body))
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(300_000)
    const small = serializeOnce({ id: 1, name: 'small' })
    expect(toJsonIfLight(small)).toEqual({ text: '{"id":1,"name":"small"}', bytes: 23 })
    expect([...jsonChunks(small)]).toEqual(['{"id":1,"name":"small"}'])
  })
})

describe('recordsJson and jsonBatches', () => {
  const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i))

  it.each([
    [
      'a store-like object of tables',
      {
        seed: 1,
        collections: { a: many(3000, (i) => ({ id: i, s: `x${i}`, skip: undefined })), b: [] },
        persons: many(5, (i) => serializeOnce({ id: i })),
        n: 2,
      },
    ],
    [
      'a list with undefined, functions, dates and toJSON',
      many(300, (i) =>
        i % 4 === 0 ? undefined : i % 4 === 1 ? () => i : i % 4 === 2 ? new Date(i) : { toJSON: () => `t${i}` },
      ),
    ],
    ['members left out of an object', { a: undefined, b: () => 1, c: 1, d: [undefined] }],
    ['an empty list and an empty object', { list: [], object: {} }],
    ['a top-level scalar', 'text "quoted" é 😀'],
    ['undefined at the top', undefined],
  ])('joins to exactly JSON.stringify for %s', (_label, value) => {
    expect([...recordsJson(value)].join('')).toBe(JSON.stringify(value) ?? 'null')
  })

  it('writes a list of any length from an iterable in pieces near 64 K characters, a big item alone', () => {
    function* rows() {
      for (let i = 0; i < 20_000; i++) yield { i, text: 'v'.repeat(i % 50) }
      yield { big: 'b'.repeat(300_000) }
      for (let i = 0; i < 100; i++) yield { after: i }
    }
    const pieces = [...jsonBatches(rows())]
    expect(`[${pieces.join('')}]`).toBe(JSON.stringify([...rows()]))
    expect(pieces.length).toBeGreaterThan(10)
    // A batch doubles only while its text is under a quarter of the aim: no piece of small rows is much over it.
    expect(Math.max(...pieces.filter((p) => !p.includes('"big"')).map((p) => p.length))).toBeLessThan(140_000)
    expect([...jsonBatches([])]).toEqual([])
  })
})
