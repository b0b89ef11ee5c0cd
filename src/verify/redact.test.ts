import { describe, expect, it } from 'vitest'
import { createRedactor, MASK, redactDeep } from './redact.ts'

describe('createRedactor', () => {
  const redact = createRedactor(['phx_secret/with+chars"', 'phx_other', undefined, ''])

  it('masks every secret, raw, URL-encoded and JSON-escaped', () => {
    expect(redact('Bearer phx_secret/with+chars" and phx_other')).toBe(`Bearer ${MASK} and ${MASK}`)
    expect(redact(`?k=${encodeURIComponent('phx_secret/with+chars"')}`)).toBe(`?k=${MASK}`)
    expect(redact(JSON.stringify({ key: 'phx_secret/with+chars"' }))).toBe(`{"key":"${MASK}"}`)
  })

  it('leaves other text alone, and is the identity without secrets', () => {
    expect(redact('nothing secret here')).toBe('nothing secret here')
    expect(createRedactor([])('phx_secret')).toBe('phx_secret')
  })

  it('masks deep inside values, keys included', () => {
    const value = { list: ['x phx_other y'], nested: { phx_other: 1 } }
    expect(redactDeep(value, redact)).toEqual({ list: [`x ${MASK} y`], nested: { [MASK]: 1 } })
  })
})
