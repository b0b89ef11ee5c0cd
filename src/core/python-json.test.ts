import { describe, expect, it } from 'vitest'
import { pythonJsonError } from './python-json.ts'

describe('pythonJsonError (the words of Python 3.13 json, through DRF)', () => {
  it.each([
    ['{', 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
    ["{'a': 1}", 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
    ['{"a" 1}', "Expecting ':' delimiter: line 1 column 6 (char 5)"],
    ['{"a": 1 "b": 2}', "Expecting ',' delimiter: line 1 column 9 (char 8)"],
    ['{"a": 1,}', 'Illegal trailing comma before end of object: line 1 column 8 (char 7)'],
    ['[1, 2,]', 'Illegal trailing comma before end of array: line 1 column 6 (char 5)'],
    ['{"a":}', 'Expecting value: line 1 column 6 (char 5)'],
    ['{"a": 1}}', 'Extra data: line 1 column 9 (char 8)'],
    ['{"a": "b', 'Unterminated string starting at: line 1 column 7 (char 6)'],
    ['{\n  "a": \n}', 'Expecting value: line 3 column 1 (char 10)'],
    ['{"a": "\\x"}', 'Invalid \\escape: line 1 column 8 (char 7)'],
    ['{"a": "b\u0001"}', 'Invalid control character at: line 1 column 9 (char 8)'],
    ['{"a": NaN}', "Out of range float values are not JSON compliant: 'NaN'"],
    ['[-Infinity]', "Out of range float values are not JSON compliant: '-Infinity'"],
    ['\ufeff{}', 'Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)'],
    ['nul', 'Expecting value: line 1 column 1 (char 0)'],
  ])('%j: %s', (text, message) => {
    expect(() => JSON.parse(text)).toThrow()
    expect(pythonJsonError(text)).toBe(message)
  })

  it('is null for JSON that parses', () => {
    for (const text of ['{}', '[]', ' {"a": [1, 2.5e3, true, null, "x\\u00e9"]} ', '"s"', '-0'])
      expect(pythonJsonError(text)).toBeNull()
  })
})
