// The rules of every list the contract marks (x-list) and of every filter it states (x-filter): pages
// within `limit`, walked to the end without an item twice, in the stated order, kept to the project; each
// filter keeping exactly what its semantics say (exact or in any case, reaching every field it names).
import { pageQuery, type FilterRule, type KitOperation, type ParameterInfo } from '../contract.ts'
import type { Exchange } from '../http.ts'
import type { CheckContext } from '../runner.ts'
import { apiOperations, at, check, fill, itemParams, type Check, type Suite } from './suite.ts'

interface Page {
  count?: number
  next: unknown
  previous: unknown
  results: any[]
}

const idOf = (item: any) => String(item?.id ?? item?.uuid)

function page(t: CheckContext, ex: Exchange, what: string, limit?: number): Page {
  t.expectStatus(ex, 200)
  const body = t.json(ex)
  t.ensure(
    body && typeof body === 'object' && Array.isArray(body.results),
    `${what}: the answer has no results array`,
    ex,
  )
  if (limit !== undefined)
    t.ensure(body.results.length <= limit, `${what} has ${body.results.length} items, more than limit=${limit}`, ex)
  return { ...body, count: body.count ?? body.total_count }
}

/**
 * Walks a list: pages within `limit`, no id twice across pages, `count` the same on every page, `next`
 * and `previous` navigable, `previous` null on the first page and `next` null on the last.
 */
async function walk(t: CheckContext, op: KitOperation, params: Record<string, string>): Promise<void> {
  const call = (query: Record<string, unknown>) => t.call(op.operationId, { params, query: query as any })
  const follow = (link: unknown) => t.client.follow(op, String(link))
  const probe = await call(pageQuery(op.list, 1, 0))
  const first = page(t, probe, 'the first page of limit=1', 1)
  // Without a count (the real service's persons and recordings lists) the walk still checks ids and links.
  const countless = typeof first.count !== 'number'
  if (countless)
    t.ensure(probe.conformance !== undefined && probe.conformance.verdict !== 'fail', 'the list has no count', probe)
  const count = first.count ?? Number.NaN
  const limit = countless ? 20 : Math.max(1, Math.min(100, Math.ceil(count / 4)))
  let currentEx = await call(pageQuery(op.list, limit, 0))
  let current = page(t, currentEx, 'page 1', limit)
  const noPrevious = current.previous === null || (countless && current.previous === undefined)
  t.ensure(noPrevious, `the first page's previous is ${JSON.stringify(current.previous)}, not null`, currentEx)
  if (count === 0) {
    t.ensure(
      current.results.length === 0 && current.next === null,
      'an empty list must have no results and a null next',
      currentEx,
    )
    return t.summary('an empty list: a single empty page')
  }
  const seen = new Map<string, number>()
  const pages: string[][] = []
  for (let index = 0; ; index++) {
    const ids = current.results.map(idOf)
    for (const id of ids) {
      const before = seen.get(id)
      t.ensure(
        before === undefined,
        `id ${id} appears on page ${(before ?? 0) + 1} and again on page ${index + 1}`,
        currentEx,
      )
      seen.set(id, index)
    }
    pages.push(ids)
    if (!countless)
      t.ensure(
        current.count === count,
        `count changed from ${count} to ${current.count} on page ${index + 1}`,
        currentEx,
      )
    if (index === 1 && !countless) {
      t.ensure(
        typeof current.previous === 'string',
        `page 2's previous is ${JSON.stringify(current.previous)}, not a link`,
        currentEx,
      )
      const backEx = await follow(current.previous)
      const back = page(t, backEx, "page 2's previous", limit)
      t.ensure(
        JSON.stringify(back.results.map(idOf)) === JSON.stringify(pages[0]),
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
        ids.length === limit,
        `page ${index + 1} is not full (${ids.length} of ${limit}) but has a next link`,
        currentEx,
      )
      t.ensure(seen.size < count, `page ${index + 1} has a next link although all ${count} items were seen`, currentEx)
    }
    if (pages.length >= 8) {
      if (countless)
        return t.summary(
          `${seen.size} items in the first ${pages.length} pages of ${limit} (no count to find the last page)`,
        )
      // Far enough: jump to the last page and check its end.
      const lastIndex = Math.floor((count - 1) / limit)
      const lastEx = await call(pageQuery(op.list, limit, lastIndex))
      const last = page(t, lastEx, 'the last page', limit)
      t.ensure(last.next === null, `the last page has next ${JSON.stringify(last.next)}, not null`, lastEx)
      t.ensure(
        last.results.length === count - lastIndex * limit,
        `the last page has ${last.results.length} items, expected ${count - lastIndex * limit}`,
        lastEx,
      )
      for (const id of last.results.map(idOf))
        t.ensure(!seen.has(id), `id ${id} of the last page was already on page ${seen.get(id)! + 1}`, lastEx)
      t.ensure(last.count === count, `count changed from ${count} to ${last.count} on the last page`, lastEx)
      return t.summary(`${count} items: ${pages.length} pages of ${limit} through next, then the last page`)
    }
    currentEx = await follow(current.next)
    current = page(t, currentEx, `page ${index + 2}`, limit)
  }
  if (!countless) t.ensure(seen.size === count, `the walk saw ${seen.size} items but count says ${count}`, currentEx)
  t.summary(`${seen.size} items in ${pages.length} page${pages.length === 1 ? '' : 's'} of ${limit}`)
}

/** A field value as the list orders it: an instant or a number, null above everything. */
const rank = (v: unknown) =>
  v === null || v === undefined ? Infinity : typeof v === 'number' ? v : Date.parse(String(v))

async function checkOrder(t: CheckContext, op: KitOperation, params: Record<string, string>) {
  const order = op.list!.order!
  const field = order.replace(/^-/, '')
  const sign = order.startsWith('-') ? -1 : 1
  const ex = await t.page(op.operationId, params)
  const results = page(t, ex, 'the first page').results
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [at(results[i - 1], field), at(results[i], field)]
    if (sign * (rank(a) - rank(b)) > 0)
      t.fail(
        `items ${i} and ${i + 1} are out of the order ${order}: ${JSON.stringify(a)} before ${JSON.stringify(b)}`,
        ex,
      )
  }
  t.summary(`${results.length} items in the order ${order}`)
}

/** Whether an item holds `value` at a field: equal (any element of an array), or containing it in any case. */
function holds(item: any, fields: string[], value: unknown, rule: FilterRule): boolean {
  return fields.some((field) =>
    [at(item, field)].flat().some((v) => {
      if (rule.match === 'present') return v === true
      if (rule.match === 'exact') return v === value || (typeof v === 'number' && String(v) === value)
      return typeof v === 'string' && v.toLowerCase().includes(String(value).toLowerCase())
    }),
  )
}

/** The probes of a filter: [value, the known item (or none), what to call it]. */
async function probes(t: CheckContext, op: KitOperation, rule: FilterRule) {
  const items = await t.list(op.operationId)
  const out: Array<{ value: string; known?: any; what: string; nothing?: boolean }> = []
  if (rule.match === 'present')
    return [
      { value: 'false', known: items.find((i) => holds(i, rule.fields, true, rule)), what: 'any value, even false' },
    ]
  for (const field of rule.match === 'icontains' ? rule.fields : rule.fields.slice(0, 1)) {
    // A value only this field holds, so only reaching this field finds the item.
    const others = rule.fields.filter((f) => f !== field)
    const candidates = items.flatMap((item) => [at(item, field)].flat().map((v) => ({ item, v })))
    const found = candidates.find(({ item, v }) =>
      typeof v === 'string'
        ? v.length >= 3 && !holds(item, others, v.slice(1, -1), { ...rule, match: 'icontains' })
        : typeof v === 'number',
    )
    if (!found || (rule.only && !rule.only.includes(String(found.v)))) continue
    const value = String(found.v)
    if (rule.match === 'exact') {
      out.push({ value, known: found.item, what: `${field} ${JSON.stringify(value)}` })
      if (typeof found.v === 'string' && !rule.only)
        out.push({ value: value.slice(0, -1), what: `${field} ${JSON.stringify(value)} less its last character` })
    } else {
      // Part of the value, in the other case: found all the same.
      const part = value.slice(1, -1)
      const swapped = part.toUpperCase() === part ? part.toLowerCase() : part.toUpperCase()
      out.push({
        value: swapped,
        known: found.item,
        what: `part of ${field} in another case, ${JSON.stringify(swapped)}`,
      })
    }
  }
  if (out.length === 0) t.skip(`no listed item has a value in ${rule.fields.join(' or ')}`)
  // Nothing has a string made for this run, nor an integer this large (an exact filter's near miss
  // already asks for what nothing has).
  const nothing = /^\d+$/.test(out[0]!.value)
    ? String(2_000_000_000 + Math.floor(Math.random() * 1e8))
    : `analytics-mock-verify-${t.options.runId}-nothing`
  if (!rule.only && (rule.match !== 'exact' || out.length < 2))
    out.push({ value: nothing, what: 'a value nothing has', nothing: true })
  return out
}

/** A filtered list keeps only the matching items and finds the known one (following up to 5 pages). */
async function checkFilter(t: CheckContext, op: KitOperation, param: ParameterInfo) {
  const rule = param.filter!
  const note = rule.drift ? op.observed.find((n) => n.id === rule.drift) : undefined
  const shared = op.list?.shared
  for (const probe of await probes(t, op, rule)) {
    const wrapped = rule.value === undefined ? probe.value : JSON.stringify(fill(rule.value, { v: probe.value }))
    const what = `${param.name}=${wrapped} (${probe.what})`
    let ex = await t.call(op.operationId, { query: { ...op.list?.reach, [param.name]: wrapped, limit: 100 } })
    const firstEx = ex
    let body = page(t, ex, what)
    const wrong = () =>
      body.results.filter((item) => !(shared && item[shared]) && !holds(item, rule.fields, probe.value, rule))
    if (note && wrong().length) {
      // The real service ignores this filter (an x-observed note): the unfiltered page is its answer.
      const unfiltered = page(t, await t.page(op.operationId), 'the unfiltered list').results.map(idOf)
      if (JSON.stringify(body.results.map(idOf)) === JSON.stringify(unfiltered)) {
        if (t.profile === 'observed') continue
        t.drift(note, `${param.name}=${probe.value} returned the unfiltered list`, ex)
      }
    }
    let found = false
    for (let n = 1; ; n++) {
      const bad = wrong()
      if (bad.length)
        t.fail(`${what}: ${bad.length} of ${body.results.length} results do not match (first: ${idOf(bad[0])})`, ex)
      found ||= probe.known !== undefined && body.results.some((item) => idOf(item) === idOf(probe.known))
      if (found || !probe.known || typeof body.next !== 'string' || n >= 5) break
      ex = await t.client.follow(op, body.next)
      body = page(t, ex, `${what}, page ${n + 1}`)
    }
    if (probe.known) t.ensure(found, `${what}: the item ${idOf(probe.known)} is missing`, firstEx)
    if (probe.nothing) t.ensure(body.results.length === 0, `${what} still returned ${body.results.length} results`, ex)
  }
  t.summary(`${rule.match} on ${rule.fields.join(', ')}`)
}

/** No item of a list is in the same list of another project the key reaches (items every project shares aside). */
async function checkIsolation(t: CheckContext, op: KitOperation) {
  // What the key may read (one without project:read, or scoped to one project, reaches no other): null otherwise.
  const readable = async (operationId: string, params?: Record<string, string>) =>
    (await t.page(operationId, params)).status === 200 ? t.list(operationId, params) : null
  const mine = t.client.projectId
  const ids = new Set((await t.list(op.operationId)).map(idOf))
  const others: string[] = []
  for (const project of ((await readable('projects_list')) ?? []).filter((p) => String(p.id) !== mine).slice(0, 3)) {
    const theirs = await readable(op.operationId, { project_id: String(project.id) })
    if (!theirs) continue
    const shared = theirs.find((item) => ids.has(idOf(item)))
    if (shared)
      t.fail(
        `item ${idOf(shared)} is listed in project ${mine} and in project ${project.id}`,
        await t.page(op.operationId),
      )
    others.push(String(project.id))
  }
  if (others.length === 0) t.skip('the key reads this list in no other project')
  t.summary(`no item shared with project${others.length === 1 ? '' : 's'} ${others.join(', ')}`)
}

const listed = (op: KitOperation) => op.list !== undefined && op.method === 'GET'
const projectWide = (op: KitOperation) => op.path.includes('{project_id}') && itemParams(op).length === 0
const filters = (op: KitOperation) => op.parameters.filter((p) => p.filter)

export const listsSuite: Suite = {
  name: 'lists',
  checks: (contract) =>
    apiOperations(contract).flatMap((op): Check[] => [
      ...(listed(op) ? [check(op, 'pagination walk', async (t) => walk(t, op, await t.params(op)))] : []),
      ...(listed(op) && op.list!.order
        ? [check(op, `list order ${op.list!.order}`, async (t) => checkOrder(t, op, await t.params(op)))]
        : []),
      ...(listed(op) && projectWide(op) ? [check(op, 'project isolation', (t) => checkIsolation(t, op))] : []),
      ...filters(op).map((p) => check(op, `filter ${p.name}`, (t) => checkFilter(t, op, p))),
    ]),
}
