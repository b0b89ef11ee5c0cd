// PostHog's own list links: posthog/utils.py format_query_params_absolute_url, and the two callers it has
// here, PersonViewSet.list (posthog/api/person.py) and activity_page_response (the activity pages).
// The link is the request's absolute URL as sent, with every `offset=<digits>` (or `page=`) replaced in
// place, else `&offset=N` (or `?`) appended; an offset of 0 is falsy there, so the URL comes back as it
// is. `limit`, when given, is put the same way.

/** format_query_params_absolute_url. */
export function formatQueryParamsAbsoluteUrl(
  url: URL,
  offset?: number,
  limit?: number,
  offsetAlias = 'offset',
  limitAlias = 'limit',
): string {
  const put = (href: string, name: string, value: number | undefined) => {
    if (!value) return href
    const pattern = new RegExp(`([&?]${name}=)(\\d+)`, 'g')
    if (pattern.test(href)) return href.replace(pattern, `$1${value}`)
    return `${href}${href.includes('?') ? '&' : '?'}${name}=${value}`
  }
  return put(put(url.href, offsetAlias, offset), limitAlias, limit)
}

/**
 * PersonViewSet.list's links: `next` whenever the page came back full (`returned` ≥ the limit asked
 * for, so a full last page has one), `previous` whenever offset - limit ≥ 0 (at offset = limit that is
 * offset 0, the URL as sent).
 */
export function personsListLinks(
  url: URL,
  returned: number,
  limit: number,
  offset: number,
): { next: string | null; previous: string | null } {
  return {
    next: returned >= limit ? formatQueryParamsAbsoluteUrl(url, offset + limit) : null,
    previous: offset - limit >= 0 ? formatQueryParamsAbsoluteUrl(url, offset - limit) : null,
  }
}

export interface ActivityPage<R> {
  results: R[]
  next: string | null
  previous: string | null
  total_count: number
}

/** activity_page_response over entries newest first: `page` from 1, `limit` per page, both put in the links. */
export function activityPage<T, R>(
  url: URL,
  entries: { readonly length: number; slice(start: number, end: number): readonly T[] },
  limit: number,
  page: number,
  render: (entry: T) => R,
): ActivityPage<R> {
  const start = (page - 1) * limit
  return {
    results: entries.slice(start, start + limit).map(render),
    next: start + limit < entries.length ? formatQueryParamsAbsoluteUrl(url, page + 1, limit, 'page') : null,
    previous: page > 1 ? formatQueryParamsAbsoluteUrl(url, page - 1, limit, 'page') : null,
    total_count: entries.length,
  }
}
