// Absolute next/previous links that keep every other query parameter in its place.

/** The request URL with `name` set to `value` (replaced where it stands, else appended). */
export function withParam(url: URL, name: string, value: string | number): string {
  const params = [...url.searchParams.entries()]
  let replaced = false
  const next = params.map(([k, v]) => {
    if (k !== name) return [k, v]
    if (replaced) return null
    replaced = true
    return [k, String(value)]
  }).filter((p): p is [string, string] => p !== null)
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
  const count = items.length
  const results = items.slice(offset, offset + limit).map(render)
  return {
    count,
    next: offset + limit < count ? withParam(url, 'offset', offset + limit) : null,
    previous: offset > 0 ? withParam(url, 'offset', Math.max(0, offset - limit)) : null,
    results,
  }
}

export interface NumberedPage<T> {
  results: T[]
  next: string | null
  previous: string | null
  total_count: number
}

/** Page-number pagination (`page` from 1, `limit` per page), as the real service's activity log pages. */
export function numberedPage<T, R>(url: URL, items: readonly T[], limit: number, page: number, render: (item: T) => R): NumberedPage<R> {
  const start = (page - 1) * limit
  return {
    results: items.slice(start, start + limit).map(render),
    next: start + limit < items.length ? withParam(url, 'page', page + 1) : null,
    previous: page > 1 ? withParam(url, 'page', page - 1) : null,
    total_count: items.length,
  }
}
