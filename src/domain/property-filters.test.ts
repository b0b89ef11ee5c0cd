import { describe, expect, it } from 'vitest'
import { ApiError } from '../core/drf/exceptions.ts'
import { compilePropertyFilters, type PropertyFilterInput } from './property-filters.ts'

const match = (filters: PropertyFilterInput[], properties: Record<string, unknown>) =>
  compilePropertyFilters(filters)!(properties)

describe('compilePropertyFilters', () => {
  it('no filters: no predicate', () => {
    expect(compilePropertyFilters([])).toBeNull()
  })

  it('exact compares as text, case-sensitively; arrays are OR', () => {
    expect(match([{ key: 'n', value: '5' }], { n: 5 })).toBe(true)
    expect(match([{ key: 'b', value: true }], { b: 'true' })).toBe(true)
    expect(match([{ key: 'e', value: 'A@x' }], { e: 'a@x' })).toBe(false)
    expect(match([{ key: 'p', value: ['a', 'b'] }], { p: 'b' })).toBe(true)
    expect(match([{ key: 'p', value: 'a' }], {})).toBe(false)
  })

  it('negative operators match a missing property and mean none-of for arrays', () => {
    expect(match([{ key: 'p', value: ['a', 'b'], operator: 'is_not' }], { p: 'c' })).toBe(true)
    expect(match([{ key: 'p', value: ['a', 'b'], operator: 'is_not' }], { p: 'a' })).toBe(false)
    expect(match([{ key: 'p', value: 'a', operator: 'is_not' }], {})).toBe(true)
    expect(match([{ key: 'p', value: 'A', operator: 'not_icontains' }], { p: 'xax' })).toBe(false)
    expect(match([{ key: 'p', value: '^a', operator: 'not_regex' }], { p: null })).toBe(true)
  })

  it('numeric bounds ignore non-numeric values', () => {
    expect(match([{ key: 'n', value: 3, operator: 'gt' }], { n: '4' })).toBe(true)
    expect(match([{ key: 'n', value: 3, operator: 'gt' }], { n: 'four' })).toBe(false)
    expect(match([{ key: 'n', value: 3, operator: 'lte' }], { n: 3 })).toBe(true)
  })

  it('is_set treats null as not set', () => {
    expect(match([{ key: 'p', operator: 'is_set' }], { p: null })).toBe(false)
    expect(match([{ key: 'p', operator: 'is_not_set' }], { p: null })).toBe(true)
    expect(match([{ key: 'p', operator: 'is_set' }], { p: 0 })).toBe(true)
  })

  it('filters are ANDed', () => {
    const filters = [
      { key: 'a', value: 1 },
      { key: 'b', value: 2 },
    ]
    expect(match(filters, { a: 1, b: 2 })).toBe(true)
    expect(match(filters, { a: 1, b: 3 })).toBe(false)
  })

  it.each<[string, PropertyFilterInput]>([
    ['bad regex', { key: 'a', value: '[', operator: 'regex' }],
    ['non-numeric bound', { key: 'a', value: 'x', operator: 'lt' }],
    ['missing value', { key: 'a', operator: 'icontains' }],
    ['non-person type', { key: 'a', value: 1, type: 'event' }],
    ['bad date', { key: 'a', value: 'soon', operator: 'is_date_before' }],
  ])('%s is a 400 on properties', (_what, filter) => {
    try {
      compilePropertyFilters([filter])
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(400)
      expect((error as ApiError).attr).toBe('properties')
    }
  })
})
