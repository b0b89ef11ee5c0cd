// Cases read in posthog/utils.py (format_query_params_absolute_url) and posthog/api/person.py
// (PersonViewSet.list: next when len(actor_ids) >= filter.limit, previous when offset - limit >= 0).
import { describe, expect, it } from 'vitest'
import { formatQueryParamsAbsoluteUrl, personsListLinks } from './query-params-url.ts'

const url = (q: string) => new URL(`http://h/api/environments/1/persons/${q}`)

describe('format_query_params_absolute_url', () => {
  it('replaces every offset=<digits> in place, appends it otherwise, and leaves the URL alone for 0', () => {
    expect(formatQueryParamsAbsoluteUrl(url('?a=1&offset=5&b=2'), 10)).toBe(
      'http://h/api/environments/1/persons/?a=1&offset=10&b=2',
    )
    expect(formatQueryParamsAbsoluteUrl(url('?a=1'), 10)).toBe('http://h/api/environments/1/persons/?a=1&offset=10')
    expect(formatQueryParamsAbsoluteUrl(url(''), 10)).toBe('http://h/api/environments/1/persons/?offset=10')
    expect(formatQueryParamsAbsoluteUrl(url('?offset=100'), 0)).toBe('http://h/api/environments/1/persons/?offset=100')
    // A value that is not digits is not the regex's: the new offset is appended beside it.
    expect(formatQueryParamsAbsoluteUrl(url('?offset=abc'), 10)).toBe(
      'http://h/api/environments/1/persons/?offset=abc&offset=10',
    )
  })

  it('puts limit after the offset, and an alias for the offset (page)', () => {
    expect(formatQueryParamsAbsoluteUrl(url('?page=2'), 3, 10, 'page')).toBe(
      'http://h/api/environments/1/persons/?page=3&limit=10',
    )
  })
})

describe('PersonViewSet.list links', () => {
  const links = (q: string, returned: number, limit: number, offset: number) =>
    personsListLinks(url(q), returned, limit, offset)
  it('first page: next, no previous', () => {
    expect(links('', 100, 100, 0)).toEqual({ next: 'http://h/api/environments/1/persons/?offset=100', previous: null })
  })
  it('second page (offset = limit): previous is the URL as sent (offset 0 leaves it alone)', () => {
    expect(links('?offset=100', 100, 100, 100)).toEqual({
      next: 'http://h/api/environments/1/persons/?offset=200',
      previous: 'http://h/api/environments/1/persons/?offset=100',
    })
  })
  it('a middle page', () => {
    expect(links('?limit=10&offset=20', 10, 10, 20)).toEqual({
      next: 'http://h/api/environments/1/persons/?limit=10&offset=30',
      previous: 'http://h/api/environments/1/persons/?limit=10&offset=10',
    })
  })
  it('an exactly full last page still has a next; a short last page has none', () => {
    expect(links('?limit=10&offset=190', 10, 10, 190).next).toBe(
      'http://h/api/environments/1/persons/?limit=10&offset=200',
    )
    expect(links('?limit=10&offset=195', 5, 10, 195).next).toBeNull()
  })
  it('an offset below the limit has no previous', () => {
    expect(links('?limit=10&offset=5', 10, 10, 5).previous).toBeNull()
  })
})
