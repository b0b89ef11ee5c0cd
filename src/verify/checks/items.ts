// The rules of every read: an item a path names answers (as its list shows it, where a list has it), one
// that names nothing is a 404, every other form of the path (x-trailing-slash, x-path-aliases) answers
// alike, and each `format` it lists answers the media type x-format-media gives.
import { kitContract, type KitOperation } from '../contract.ts'
import type { Exchange } from '../http.ts'
import type { CheckContext } from '../runner.ts'
import { apiOperations, at, check, itemParams, unknownValue, type Check, type Suite } from './suite.ts'

const reads = (op: KitOperation) => op.method === 'GET' && op.path.includes('{project_id}')
const FORMS = 'other path forms answer alike'
const FORMATS = 'each format answers its media type'

/** The list an item read shows items of (its path less the last parameter), if any. */
function listOf(op: KitOperation, ops: KitOperation[]): KitOperation | undefined {
  const last = itemParams(op).at(-1)
  const path = last && op.path.replace(new RegExp(`\\{${last.name}\\}/?$`), '')
  return ops.find((o) => o.method === 'GET' && o.path === path && path !== op.path && o.list)
}

/** The formats an operation documents the media type of, with that type. */
const formatsOf = (op: KitOperation) =>
  op.parameters
    .flatMap((p) => Object.entries(p.formats ?? {}))
    .filter(([, media]) => op.responses.get(op.statusFor(200))?.some((m) => m.mediaType === media))

/** The fields the item's schema requires (all, when it names none), of the same JSON type in both, that differ (those that change with time aside), as `field: a vs b`. */
function differs(op: KitOperation, a: any, b: any, volatile: string[] = []): string | null {
  const schema = kitContract('seed').resolve(
    kitContract('seed').byId.get(op.operationId)!.responses.get(200)![0]!.schema,
  )
  for (const field of schema.required ?? Object.keys(a ?? {})) {
    if (!(field in (b ?? {})) || typeof a[field] !== typeof b[field] || volatile.includes(field)) continue
    const [x, y] = [JSON.stringify(a[field]), JSON.stringify(b[field])]
    if (x !== y) return `${field} differs: ${x?.slice(0, 120)} vs ${y?.slice(0, 120)}`
  }
  return null
}

/** The operation called on known items (a one-item page when it pages). */
async function known(t: CheckContext, op: KitOperation, query: Record<string, string> = {}): Promise<Exchange> {
  const limit = op.parameters.some((p) => p.name === 'limit') ? { limit: '1' } : {}
  return t.call(op.operationId, { params: await t.params(op), query: { ...limit, ...query } })
}

/** Each of a read's path parameters names an item its list shows (retrieve as listed), or names one at all. */
async function retrieveAsListed(t: CheckContext, op: KitOperation, list: KitOperation) {
  const listed = (await t.list(list.operationId)).slice(0, 3)
  if (listed.length === 0) t.skip('the list has nothing to retrieve')
  const param = itemParams(op).at(-1)!
  for (const item of listed) {
    const ex = await t.call(op.operationId, { params: { [param.name]: String(at(item, param.item!.field)) } })
    t.expectStatus(ex, 200)
    const diff = differs(op, item, t.json(ex), list.list!.volatile)
    t.ensure(diff === null, `${param.name} ${at(item, param.item!.field)}: retrieve and list disagree: ${diff}`, ex)
  }
  t.summary(`${listed.length} retrieved, each as listed`)
}

async function unknownIs404(t: CheckContext, op: KitOperation) {
  const params = itemParams(op)
  const last = params.at(-1)!
  const given = params.length > 1 ? await t.params(op) : {}
  const ex = await t.call(op.operationId, {
    params: { ...given, [last.name]: unknownValue(last.item, t.options.runId) },
  })
  t.expectStatus(ex, 404)
  t.expectErrorShape(ex)
}

async function otherForms(t: CheckContext, op: KitOperation) {
  const ex = op.list && itemParams(op).length === 0 ? await t.page(op.operationId) : await known(t, op)
  t.expectStatus(ex, 200)
  const url = new URL(ex.url)
  const forms = t.contract.pathForms.map((form) => form(url.pathname)).filter((p): p is string => p !== null)
  for (const path of forms) {
    const other = await t.client.raw('GET', url.origin + path + url.search, {}, op.operationId)
    t.ensure(
      other.status === ex.status,
      `GET ${path} answered ${other.error ?? other.status}, not ${ex.status} as ${url.pathname} did`,
      other,
    )
  }
  t.summary(`${[url.pathname, ...forms].join(', ')}: ${ex.status}`)
}

async function eachFormat(t: CheckContext, op: KitOperation) {
  const formats = formatsOf(op)
  for (const [format, media] of formats) {
    const ex = await known(t, op, { format })
    t.expectStatus(ex, 200)
    t.ensure(
      ex.contentType === media,
      `format=${format} answered ${ex.contentType ?? 'no content type'}, not ${media}`,
      ex,
    )
  }
  t.summary(formats.map(([format, media]) => `${format}: ${media}`).join(', '))
}

export const itemsSuite: Suite = {
  name: 'items',
  checks: (contract) =>
    apiOperations(contract, reads).flatMap((op): Check[] => {
      const last = itemParams(op).at(-1)
      const list = listOf(op, contract.operations)
      const answers = async (t: CheckContext) => {
        const ex = await known(t, op)
        t.expectStatus(ex, 200)
        t.json(ex)
      }
      return [
        ...(last && list ? [check(op, 'retrieve matches the list item', (t) => retrieveAsListed(t, op, list))] : []),
        ...(last && !list ? [check(op, `answers for a known ${last.item?.noun ?? 'item'}`, answers)] : []),
        // (A lenient path parameter, x-lenient: the view answers any value, building what it does not find.)
        ...(last && !last.lenient ? [check(op, `unknown ${last.name} is 404`, (t) => unknownIs404(t, op))] : []),
        check(op, FORMS, (t) => otherForms(t, op)),
        ...(formatsOf(op).length ? [check(op, FORMATS, (t) => eachFormat(t, op))] : []),
      ]
    }),
}
