import { describe, expect, it } from 'vitest'
import { parseJsonBuffer } from './json-buffer.ts'

// Slices of a few dozen bytes, so small documents take every path a state file of hundreds of MB takes.
const parse = (text: string, sliceBytes = 24) => parseJsonBuffer(Buffer.from(text, 'utf8'), sliceBytes)

describe('parseJsonBuffer', () => {
  const documents: Array<[string, string]> = [
    [
      'a store-like document',
      JSON.stringify({
        format: 'x',
        version: 3,
        store: {
          seed: 1,
          collections: { a: [{ id: 1 }, { id: 2, s: 'two' }], b: [] },
          events: Array.from({ length: 200 }, (_, i) => ({ i, e: `$set ${i}`, p: i % 7 })),
          person_properties: [{}, { email: 'a@b' }],
        },
      }),
    ],
    [
      'escapes, quotes and brackets inside strings',
      JSON.stringify({
        'k "q"': ['[not an array]', '{not: "an object"}', 'back\\slash\\', 'tab\tnew\nline', 'quote \\" end'],
        u: '\u0000\u001f',
      }),
    ],
    ['non-ASCII text', JSON.stringify({ name: 'Zoë 日本 😀', list: Array.from({ length: 30 }, (_, i) => `é${i}`) })],
    [
      'numbers, booleans and null',
      JSON.stringify({ n: [0, -1.5e-7, 12345678901234, 3.14, true, false, null], deep: [[[[[1]]], []], {}] }),
    ],
    ['whitespace everywhere', ' {\n  "a" :\t[ 1 ,\r\n 2 , { "b" : [ ] } ] ,\n "c": "d" }\n '],
    [
      'duplicate keys (the last wins, in the first place)',
      '{"a": 1, "b": [1, 2, 3, 4, 5, 6, 7, 8], "a": {"x": "yyyyyyyyyyyyyyyyyyyyyyyyy"}}',
    ],
    ['a big string item alone', JSON.stringify(['short', 'x'.repeat(100), 'short again', { y: 'z'.repeat(80) }])],
    [
      'a top-level array of arrays',
      JSON.stringify(Array.from({ length: 50 }, (_, i) => Array.from({ length: i % 5 }, (_, j) => j))),
    ],
  ]

  it.each(documents)('reads %s exactly as JSON.parse, walked in slices', (_label, text) => {
    expect(parse(text)).toEqual(JSON.parse(text))
    // Key order too (toEqual does not look at it).
    expect(JSON.stringify(parse(text))).toBe(JSON.stringify(JSON.parse(text)))
    expect(JSON.stringify(parse(text, 200))).toBe(JSON.stringify(JSON.parse(text)))
  })

  it('keeps a "__proto__" key as an own property, as JSON.parse does', () => {
    const text = '{"__proto__": {"polluted": "yes, a long enough value"}, "list": [{"__proto__": [1]}]}'
    const value = parse(text) as Record<string, any>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(({} as any).polluted).toBeUndefined()
    expect(Object.keys(value)).toEqual(['__proto__', 'list'])
    expect(value['__proto__']).toEqual({ polluted: 'yes, a long enough value' })
    expect(JSON.stringify(value)).toBe(JSON.stringify(JSON.parse(text)))
  })

  it.each([
    ['cut short', '{"a": [1, 2, 3, {"b": "cccccccccccccccccccccccc"'],
    ['a missing colon', '{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" 1}'],
    ['a missing comma', '{"a": [1, 2, 3] "b": [4, 5, 6, 7, 8, 9, 10, 11, 12]}'],
    ['a trailing comma in an array', '{"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, ]}'],
    ['an empty item', '[1, 2, , 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]'],
    ['a key that is not a string', '{"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], b: 1}'],
    ['data after the value', '{"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]} x'],
    ['a bad number', '{"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 01]}'],
    ['a mismatched bracket', '{"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}}'],
    ['an unterminated string', '{"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "b'],
    ['nothing', '   '],
  ])('refuses %s with a SyntaxError, as JSON.parse does', (_label, text) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError)
    expect(() => parse(text)).toThrow(SyntaxError)
  })
})
