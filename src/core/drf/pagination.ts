// Pagination envelopes and their links, as plain functions of the request URL:
// - Django REST framework's LimitOffsetPagination (rest_framework/pagination.py get_limit, get_offset,
//   get_next_link, get_previous_link, with rest_framework/utils/urls.py replace_query_param and
//   remove_query_param): what the real playlists (and projects) lists answer;
// - the seed's paginated envelope (api-spec 2.5: count, next, previous, results) for the lists the seed
//   gives one, its links the request URL with `offset` replaced where it stands (or appended).
// PostHog's own link builder (the persons list, the activity pages) is domain/query-params-url.ts.

/** The request URL with `name` set to `value` (replaced where it stands, else appended). */
export function withParam(url: URL, name: string, value: string | number): string {
  const params = new URLSearchParams()
  let replaced = false
  for (const [k, v] of url.searchParams) {
    if (k !== name) params.append(k, v)
    else if (!replaced) params.append(k, String(value))
    replaced ||= k === name
  }
  if (!replaced) params.append(name, String(value))
  const out = new URL(url.href)
  out.search = params.toString()
  return out.href
}

export interface OffsetPage<T> {
  count: number
  next: string | null
  previous: string | null
  results: T[]
}

/** The seed's envelope of a page already made (`results`: the items from `offset`, at most `limit`), of `count` in all. */
export function offsetPageOf<R>(url: URL, count: number, limit: number, offset: number, results: R[]): OffsetPage<R> {
  return {
    count,
    next: offset + limit < count ? withParam(url, 'offset', offset + limit) : null,
    previous: offset > 0 ? withParam(url, 'offset', Math.max(0, offset - limit)) : null,
    results,
  }
}

/** The seed's envelope over a list already in order. */
export function offsetPage<T, R>(
  url: URL,
  items: readonly T[],
  limit: number,
  offset: number,
  render: (item: T) => R,
): OffsetPage<R> {
  return offsetPageOf(url, items.length, limit, offset, items.slice(offset, offset + limit).map(render))
}

const PYTHON_SAFE = /[A-Za-z0-9_.\-~]/

/** Python's `quote_plus` (urlencode's encoder): spaces as `+`, everything but `A-Za-z0-9_.-~` escaped. */
function quotePlus(text: string): string {
  let out = ''
  for (const ch of text) {
    if (ch === ' ') out += '+'
    else if (PYTHON_SAFE.test(ch)) out += ch
    else for (const byte of new TextEncoder().encode(ch)) out += '%' + byte.toString(16).toUpperCase().padStart(2, '0')
  }
  return out
}

/** replace_query_param (remove_query_param for null): the query re-encoded with its keys sorted. */
function drfQueryParam(url: URL, name: string, value: string | number | null): string {
  const byKey = new Map<string, string[]>()
  for (const [k, v] of url.searchParams) byKey.set(k, [...(byKey.get(k) ?? []), v])
  if (value === null) byKey.delete(name)
  else byKey.set(name, [String(value)])
  const query = [...byKey.keys()]
    .sort()
    .flatMap((k) => byKey.get(k)!.map((v) => `${quotePlus(k)}=${quotePlus(v)}`))
    .join('&')
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`
}

/** `_positive_int` as get_limit / get_offset read a value: a whole number (strictly positive unless `allowZero`), else undefined. */
function positiveInt(raw: unknown, allowZero: boolean): number | undefined {
  if (typeof raw === 'number') raw = String(raw)
  if (typeof raw !== 'string' || !/^\s*[+-]?\d+\s*$/.test(raw)) return undefined
  const n = Number(raw)
  if (!Number.isSafeInteger(n) || n < 0 || (n === 0 && !allowZero)) return undefined
  return n
}

/** `limit` and `offset` as LimitOffsetPagination reads them: the default limit for 0, a negative or a non-number; offset 0 likewise. */
export function drfLimitOffset(
  query: { limit?: unknown; offset?: unknown },
  defaultLimit: number,
  maxLimit?: number,
): { limit: number; offset: number } {
  const asked = positiveInt(query.limit, false) ?? defaultLimit
  return {
    limit: maxLimit === undefined ? asked : Math.min(asked, maxLimit),
    offset: positiveInt(query.offset, true) ?? 0,
  }
}

/** get_next_link and get_previous_link: next null at the end; previous null at the start, without `offset` when it would be 0. */
function drfLinks(
  url: URL,
  count: number,
  limit: number,
  offset: number,
): { next: string | null; previous: string | null } {
  const withLimit = () => new URL(drfQueryParam(url, 'limit', limit))
  const next = offset + limit >= count ? null : drfQueryParam(withLimit(), 'offset', offset + limit)
  if (offset <= 0) return { next, previous: null }
  const back = offset - limit
  return { next, previous: drfQueryParam(withLimit(), 'offset', back <= 0 ? null : back) }
}

/** A LimitOffsetPagination page over a list already in order. */
export function drfPage<T, R>(
  url: URL,
  items: readonly T[],
  limit: number,
  offset: number,
  render: (item: T) => R,
): OffsetPage<R> {
  return {
    count: items.length,
    ...drfLinks(url, items.length, limit, offset),
    results: items.slice(offset, offset + limit).map(render),
  }
}
