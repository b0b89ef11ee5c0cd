// Cases from Python's own str() and repr() (floatobject.c float_repr, the 'r' format: exponent form
// below 1e-4 and from 1e16; unicodeobject.c unicode_repr's choice of quotes).
import { describe, expect, it } from 'vitest'
import { floatRepr, pythonRepr, pythonStr } from './python-text.ts'

describe("Python's str() and repr()", () => {
  it.each([
    [1, '1.0'],
    [1.5, '1.5'],
    [0.1, '0.1'],
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [-2.5e-7, '-2.5e-07'],
    [123456789.125, '123456789.125'],
    [Infinity, 'inf'],
    [-0, '-0.0'],
  ])('float %s: %s', (x, text) => {
    expect(floatRepr(x)).toBe(text)
  })

  it('ints by their JSON text; None, True, False; containers as repr', () => {
    expect(pythonStr(3)).toBe('3')
    expect(pythonStr(3, '3.0')).toBe('3.0')
    expect(pythonStr(null)).toBe('None')
    expect(pythonStr(true)).toBe('True')
    expect(pythonRepr([1, 'a', null, false, { k: "it's" }])).toBe(`[1, 'a', None, False, {'k': "it's"}]`)
    expect(pythonRepr('a\nb')).toBe("'a\\nb'")
  })
})
