// Absolute next/previous links that keep every other query parameter in its place.
/** The request URL with `name` set to `value` (replaced where it stands, else appended). */
export function withParam(url: URL, name: string, value: string | number): string {
  const params = [...url.searchParams.entries()]
  let replaced = false
  const next = params
    .map(([k, v]) => {
      if (k !== name) return [k, v]
      if (replaced) return null
      replaced = true
      return [k, String(value)]
    })
    .filter((p): p is [string, string] => p !== null)
  if (!replaced) next.push([name, String(value)])
  const out = new URL(url.href)
  out.search = new URLSearchParams(next).toString()
  return out.href
}

export interface OffsetPage<T> {
  count: number
  next: string | null
  previous: string | null
  results: T[]
}

/** Offset pagination over a list already in order: `null` links at the ends. */
export function offsetPage<T, R>(
  url: URL,
  items: readonly T[],
  limit: number,
  offset: number,
  render: (item: T) => R,
): OffsetPage<R> {
  return offsetPageOf(url, items.length, limit, offset, items.slice(offset, offset + limit).map(render))
}

/** The page of `offsetPage` from its items already rendered (`made`: the items from `offset`, at most `limit`), of `count` in all. */
export function offsetPageOf<R>(url: URL, count: number, limit: number, offset: number, made: R[]): OffsetPage<R> {
  return {
    count,
    next: offset + limit < count ? withParam(url, 'offset', offset + limit) : null,
    previous: offset > 0 ? withParam(url, 'offset', Math.max(0, offset - limit)) : null,
    results: made,
  }
}

export interface NumberedPage<T> {
  results: T[]
  next: string | null
  previous: string | null
  total_count: number
}

/**
 * Page-number pagination (`page` from 1, `limit` per page), as the real service's activity log pages
 * (posthog/models/activity_logging/activity_page.py): links from realOffsetLink, `page` and then
 * `limit` (the one in use, the default included) replaced in the URL as sent, or appended.
 */
export function numberedPage<T, R>(
  url: URL,
  items: { readonly length: number; slice(start: number, end: number): readonly T[] },
  limit: number,
  page: number,
  render: (item: T) => R,
): NumberedPage<R> {
  const start = (page - 1) * limit
  return {
    results: items.slice(start, start + limit).map(render),
    next: start + limit < items.length ? realOffsetLink(url, page + 1, 'page', limit) : null,
    previous: page > 1 ? realOffsetLink(url, page - 1, 'page', limit) : null,
    total_count: items.length,
  }
}

// Django REST framework's LimitOffsetPagination, as the real service's playlists (and projects) list
// pages: `limit` and `offset` read leniently (a value it cannot use means the default) and links
// rebuilt by its replace_query_param, which sorts the query's keys and encodes them as Python's urlencode.

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

/** The request URL with `name` set (or removed, for null), the query re-encoded with its keys sorted. */
export function drfQueryParam(url: URL, name: string, value: string | number | null): string {
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

/** A positive whole number as DRF reads one (strictly positive unless `allowZero`), else undefined. */
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

/** LimitOffsetPagination's links: next null at the end; previous null at the start, without `offset` when it would be 0. */
export function drfLinks(
  url: URL,
  count: number,
  limit: number,
  offset: number,
): { next: string | null; previous: string | null } {
  const next =
    offset + limit >= count
      ? null
      : drfQueryParam(new URL(drfQueryParam(url, 'limit', limit)), 'offset', offset + limit)
  let previous: string | null = null
  if (offset > 0) {
    const withLimit = new URL(drfQueryParam(url, 'limit', limit))
    previous =
      offset - limit <= 0
        ? drfQueryParam(withLimit, 'offset', null)
        : drfQueryParam(withLimit, 'offset', offset - limit)
  }
  return { next, previous }
}

/** A page of LimitOffsetPagination over a list already in order. */
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

/**
 * The real service's own link builder for the persons list and activity pages (format_query_params_absolute_url):
 * the absolute URL as sent, every `offset=<digits>` (or `page=`) replaced in place, else the parameter
 * appended; an offset of 0 leaves the URL as it is. A `limit`, when given (the activity pages give theirs,
 * the default included), is then put in the same way.
 */
export function realOffsetLink(url: URL, offset: number, alias = 'offset', limit?: number): string {
  const href = replaceOrAppend(url.href, alias, offset)
  return limit === undefined ? href : replaceOrAppend(href, 'limit', limit)
}

function replaceOrAppend(href: string, name: string, value: number): string {
  if (!value) return href
  const pattern = new RegExp(`([&?]${name}=)(\\d+)`, 'g')
  if (pattern.test(href)) return href.replace(pattern, `$1${value}`)
  return `${href}${href.includes('?') ? '&' : '?'}${name}=${value}`
}
