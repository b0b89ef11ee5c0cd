// Shared semantics of list endpoints: walking the pages, and checking a filter.
import type { Exchange } from '../http.ts'
import type { CheckContext } from '../runner.ts'

export interface WalkOptions {
  operationId: string
  noun: string
  idOf: (item: any) => string
  query?: Record<string, string | number>
  /** Pages followed through `next` before jumping to the last page (default 8). */
  maxPages?: number
}

function page(
  t: CheckContext,
  ex: Exchange,
  what: string,
): { count?: number; next: unknown; previous: unknown; results: any[] } {
  t.expectStatus(ex, 200)
  const body = t.json(ex)
  t.ensure(
    body && typeof body === 'object' && Array.isArray(body.results),
    `${what}: the answer has no results array`,
    ex,
  )
  return body
}

const ids = (t: CheckContext, items: any[], idOf: (item: any) => string, ex: Exchange) =>
  items.map((item, i) => {
    const id = item && typeof item === 'object' ? idOf(item) : undefined
    t.ensure(id !== undefined && id !== null, `item ${i} has no id`, ex)
    return String(id)
  })

/**
 * Walks a list: no id twice across pages, `count` the same on every page, `next` and `previous`
 * navigable, `previous` null on the first page and `next` null on the last.
 */
export async function walk(t: CheckContext, o: WalkOptions): Promise<void> {
  const maxPages = o.maxPages ?? 8
  const query = o.query ?? {}
  const probe = await t.call(o.operationId, { query: { ...query, limit: 1 } })
  const first = page(t, probe, 'first page')
  const countless = typeof first.count !== 'number'
  // Without a count (the real service's persons list: the observed profile, or known drift) the walk
  // still checks ids and links.
  if (countless)
    t.ensure(probe.conformance !== undefined && probe.conformance.verdict !== 'fail', 'the list has no count', probe)
  const count = first.count ?? Number.NaN
  const limit = countless ? 20 : Math.max(1, Math.min(100, Math.ceil(count / 4)))

  const ex0 = await t.call(o.operationId, { query: { ...query, limit, offset: 0 } })
  const p0 = page(t, ex0, 'page 1')
  // (The real service's recordings list has no links at all: known drift, already noted.)
  const noPrevious = p0.previous === null || (countless && p0.previous === undefined)
  t.ensure(noPrevious, `the first page's previous is ${JSON.stringify(p0.previous)}, not null`, ex0)
  if (!countless && count === 0) {
    t.ensure(p0.results.length === 0 && p0.next === null, 'an empty list must have no results and a null next', ex0)
    t.summary(`no ${o.noun}: a single empty page`)
    return
  }

  const seen = new Map<string, number>()
  const pages: string[][] = []
  let current = p0
  let currentEx = ex0
  for (let index = 0; ; index++) {
    const pageIds = ids(t, current.results, o.idOf, currentEx)
    for (const id of pageIds) {
      const before = seen.get(id)
      t.ensure(
        before === undefined,
        `id ${id} appears on page ${(before ?? 0) + 1} and again on page ${index + 1}`,
        currentEx,
      )
      seen.set(id, index)
    }
    pages.push(pageIds)
    t.ensure(
      current.results.length <= limit,
      `page ${index + 1} has ${current.results.length} items, more than limit=${limit}`,
      currentEx,
    )
    if (!countless) {
      t.ensure(
        current.count === count,
        `count changed from ${count} to ${current.count} on page ${index + 1}`,
        currentEx,
      )
    }
    if (index === 1 && !countless) {
      // previous of the second page leads back to the first.
      t.ensure(
        typeof current.previous === 'string',
        `page 2's previous is ${JSON.stringify(current.previous)}, not a link`,
        currentEx,
      )
      const backEx = await t.client.follow(t.op(o.operationId), String(current.previous))
      const back = page(t, backEx, "page 2's previous")
      const backIds = ids(t, back.results, o.idOf, backEx)
      t.ensure(
        JSON.stringify(backIds) === JSON.stringify(pages[0]),
        "page 2's previous does not lead back to page 1",
        backEx,
      )
    }
    if (current.next === null || current.next === undefined) break
    t.ensure(
      typeof current.next === 'string',
      `page ${index + 1}'s next is ${JSON.stringify(current.next)}, not a link or null`,
      currentEx,
    )
    if (!countless) {
      t.ensure(
        current.results.length === limit,
        `page ${index + 1} is not full (${current.results.length} of ${limit}) but has a next link`,
        currentEx,
      )
      t.ensure(
        seen.size < count,
        `page ${index + 1} has a next link although all ${count} ${o.noun} were seen`,
        currentEx,
      )
    }
    if (pages.length >= maxPages) {
      // Far enough: jump to the last page and check its end.
      if (countless) {
        t.summary(
          `${seen.size} ${o.noun} in the first ${pages.length} pages of ${limit} (no count to find the last page)`,
        )
        return
      }
      const lastOffset = Math.floor((count - 1) / limit) * limit
      const lastEx = await t.call(o.operationId, { query: { ...query, limit, offset: lastOffset } })
      const last = page(t, lastEx, 'last page')
      t.ensure(
        last.next === null,
        `the last page (offset=${lastOffset}) has next ${JSON.stringify(last.next)}, not null`,
        lastEx,
      )
      t.ensure(
        last.results.length === count - lastOffset,
        `the last page (offset=${lastOffset}) has ${last.results.length} items, expected ${count - lastOffset}`,
        lastEx,
      )
      for (const id of ids(t, last.results, o.idOf, lastEx)) {
        t.ensure(!seen.has(id), `id ${id} of the last page was already on page ${seen.get(id)! + 1}`, lastEx)
      }
      t.ensure(last.count === count, `count changed from ${count} to ${last.count} on the last page`, lastEx)
      t.summary(`${count} ${o.noun}: ${pages.length} pages of ${limit} through next, then the last page`)
      return
    }
    currentEx = await t.client.follow(t.op(o.operationId), String(current.next))
    current = page(t, currentEx, `page ${index + 2}`)
  }
  if (!countless) {
    t.ensure(seen.size === count, `the walk saw ${seen.size} ${o.noun} but count says ${count}`, currentEx)
  }
  t.summary(`${seen.size} ${o.noun} in ${pages.length} page${pages.length === 1 ? '' : 's'} of ${limit}`)
}

export interface FilterOptions {
  operationId: string
  /** Describes the filter in messages, e.g. `distinct_id "abc"`. */
  describe: string
  query: Record<string, string | number>
  matches: (item: any) => boolean
  /** The item that must be found, and how to recognise it. */
  knownId: string
  idOf: (item: any) => string
  /** A value nothing has: the list must come back empty. */
  nothingQuery?: Record<string, string | number>
  /** Pages followed to find the known item (default 5). */
  maxPages?: number
}

/** A filtered list returns only matching items and finds the known one; a value nothing has returns none. */
export async function checkFilter(t: CheckContext, o: FilterOptions): Promise<{ results: any[]; exchange: Exchange }> {
  const maxPages = o.maxPages ?? 5
  let ex = await t.call(o.operationId, { query: { ...o.query, limit: 100 } })
  const firstEx = ex
  let body = page(t, ex, `filter ${o.describe}`)
  const all: any[] = []
  let found = false
  for (let n = 1; ; n++) {
    const wrong = body.results.filter((item) => !o.matches(item))
    if (wrong.length) {
      t.fail(
        `${wrong.length} of ${body.results.length} results do not match ${o.describe} (first: ${JSON.stringify(o.idOf(wrong[0]))})`,
        ex,
      )
    }
    all.push(...body.results)
    found ||= body.results.some((item) => String(o.idOf(item)) === o.knownId)
    if (found || typeof body.next !== 'string' || n >= maxPages) break
    ex = await t.client.follow(t.op(o.operationId), body.next)
    body = page(t, ex, `filter ${o.describe}, page ${n + 1}`)
  }
  t.ensure(found, `the known item ${o.knownId} is missing from the results of ${o.describe}`, firstEx)
  if (o.nothingQuery) {
    const none = await t.call(o.operationId, { query: { ...o.nothingQuery, limit: 100 } })
    const nb = page(t, none, `filter with a value nothing has`)
    t.ensure(
      nb.results.length === 0,
      `a value nothing has still returned ${nb.results.length} results (${JSON.stringify(o.nothingQuery)})`,
      none,
    )
    if (typeof nb.count === 'number') t.ensure(nb.count === 0, `a value nothing has still counts ${nb.count}`, none)
  }
  t.summary(`${o.describe}: ${all.length} matching result${all.length === 1 ? '' : 's'}, the known item among them`)
  return { results: all, exchange: firstEx }
}

/** The fields two renderings of one item must agree on (everything the schema requires, minus those listed). */
export function compareItems(a: any, b: any, fields: string[]): string | null {
  for (const field of fields) {
    if (stableJson(a?.[field]) !== stableJson(b?.[field])) {
      return `${field} differs: ${JSON.stringify(a?.[field])?.slice(0, 120)} vs ${JSON.stringify(b?.[field])?.slice(0, 120)}`
    }
  }
  return null
}

/** JSON with object keys sorted, so two equal values print the same whatever their key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}
