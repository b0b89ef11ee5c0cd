// Cases read in rest_framework/parsers.py (JSONParser, FormParser, MultiPartParser),
// rest_framework/negotiation.py (DefaultContentNegotiation.select_parser), rest_framework/utils/mediatypes.py
// (media_type_matches), Django's QueryDict and MultiPartParser, and Python 3.13's json module.
import { describe, expect, it } from 'vitest'
import {
  DRF_PARSERS,
  isHtmlInput,
  parseQsl,
  parseWith,
  pythonJsonError,
  selectParser,
  UploadedFile,
} from './parsers.ts'

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

describe('select_parser (media_type_matches, DRF_PARSERS in their order)', () => {
  it.each([
    ['application/json', 'json'],
    ['application/json; charset=utf-8', 'json'],
    ['APPLICATION/JSON', 'json'],
    ['application/x-www-form-urlencoded', 'form'],
    ['multipart/form-data; boundary=x', 'multipart'],
    ['*/*', 'json'],
    ['application/*', 'json'],
    ['text/plain', undefined],
    ['', undefined],
    ['application/xml', undefined],
  ])('%j: %s', (contentType, parser) => {
    expect(selectParser(DRF_PARSERS, contentType)).toBe(parser)
  })
})

describe('FormParser (QueryDict, parse_qsl keep_blank_values)', () => {
  it('decodes +, %-escapes (UTF-8, invalid bytes replaced) and bare names', () => {
    expect(parseQsl('a=1&b=x+y&c=%C3%A9&d&&e=&f=%FF')).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['c', 'é'],
      ['d', ''],
      ['e', ''],
      ['f', '\ufffd'],
    ])
  })
  it('the last value of a name is the one read, and the body is marked as HTML input', () => {
    const parsed = parseWith('form', 'name=a&name=b', 'application/x-www-form-urlencoded')
    expect('body' in parsed && parsed.body).toEqual({ name: 'b' })
    expect('body' in parsed && isHtmlInput(parsed.body)).toBe(true)
  })
})

describe('MultiPartParser', () => {
  const type = 'multipart/form-data; boundary=XyZ'
  it('reads named fields and files between the boundaries', () => {
    const body = [
      '--XyZ',
      'Content-Disposition: form-data; name="name"',
      '',
      'From multipart',
      '--XyZ',
      'Content-Disposition: form-data; name="upload"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'abc',
      '--XyZ--',
      '',
    ].join('\r\n')
    const parsed = parseWith('multipart', body, type)
    expect('body' in parsed && parsed.body).toEqual({
      name: 'From multipart',
      upload: new UploadedFile('a.txt', 'text/plain', 3),
    })
  })
  it("a missing or malformed boundary is a parse error in Django's words", () => {
    const parsed = parseWith('multipart', 'x', 'multipart/form-data')
    expect('error' in parsed && parsed.error.detail).toBe(
      'Multipart form parse error - Invalid boundary in multipart: None',
    )
  })
})
