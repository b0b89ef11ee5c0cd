// The verify kit's own reading of the contract. It shares the document with the mock
// (contracts/openapi.yaml via document.gen.ts) but nothing else: its validators are compiled here with
// ajv + ajv-formats, so a mistake in the mock's core cannot hide itself from the kit.
//
// Two copies of the schemas are compiled: the contract as written (a response must pass it), and a
// strict copy where every `allOf` is merged into one schema and then every object schema without
// `additionalProperties` gets `additionalProperties: false` (a response that fails only there carries
// fields the contract does not name: a note, or a failure with --strict).
//
// It also reads the rules the contract states where OpenAPI has no word for them, which the checks apply
// to every operation they cover: `x-list` (a list's paging, order, items shared by every project),
// `x-filter` (a query parameter's semantics), `x-item` (where the values of a path parameter come from),
// `x-format-media` (what each `format` answers), `x-effects` (what a write changes, read back) and
// `x-trailing-slash` with `x-path-aliases` (the other forms of every path).
import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv'
import ajvFormatsModule from 'ajv-formats'
import { document } from '../contract/document.gen.ts'
import { answerNote, primarySuccess, profileResponses, profileScopes, type Profile } from '../contract/profiles.ts'
import { closeSchema, deref, mergeAllOf, operationsOf, type DocEntry, type Json } from './openapi.ts'

// CommonJS default exports seen through ESM.
interface AjvInstance {
  compile(schema: object): ValidateFunction
  addSchema(schema: object): unknown
}
const Ajv = ((AjvModule as any).default ?? AjvModule) as new (options: Record<string, unknown>) => AjvInstance
const addFormats = ((ajvFormatsModule as any).default ?? ajvFormatsModule) as (ajv: AjvInstance) => void

export type JsonSchema = Json

/** An `x-observed` note: where the seed and the real service differ. */
export interface ObservedNote {
  id: string
  what: string
  seed: string
  real: string
  realStatus?: number
  /** The real service's body, when it differs (compiled). */
  realSchema?: ValidateFunction
}

export interface ParameterInfo {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  /** Plain schema, or the schema of a `content: application/json` parameter (then `json` is true). */
  schema: JsonSchema
  json: boolean
  /** `x-lenient`: the real service reads it leniently (a value it cannot use means its default), so no value is "invalid". */
  lenient: boolean
  /** `x-filter`: which items the list keeps for a value. */
  filter?: FilterRule
  /** `x-item`: where a path parameter's values come from. */
  item?: ItemRule
  /** `x-format-media`: the media type each value of a `format` parameter answers. */
  formats?: Record<string, string>
}

/**
 * A list filter: `exact` keeps the items with the value (case-sensitive) in `fields`, `icontains` those
 * holding it in any of `fields` in any case (each field reached), `present` those whose field is true for
 * any value. `value` wraps the value (`{v}`) as the parameter takes it; `only`: other values do not filter;
 * `drift`: the x-observed note saying the real service ignores it.
 */
export interface FilterRule {
  match: 'exact' | 'icontains' | 'present'
  fields: string[]
  value?: unknown
  only?: string[]
  drift?: string
}

/** The items a path parameter names: `field` of the items `list` answers; `option`, the CLI option naming ones the kit may delete; `make`, how this mock makes one. */
export interface ItemRule {
  list: string
  field: string
  noun: string
  option?: string
  make?: { operation: string; body: unknown; field: string }
}

/** `x-list`: offset or page paging, the order (`-field`: descending), the flag of items every project shares, the query reaching every item, and the fields that change with time alone. */
export interface ListRule {
  paging: 'offset' | 'page'
  order?: string
  shared?: string
  reach?: Record<string, string>
  volatile?: string[]
}

/** What a write changes, read back (`read`) or in its own answer; see docs/verify.md. Strings may hold `{run}`, `{unique}`, `{param}`, `{before/pointer}`. */
export interface Effect {
  read?: string
  query?: Record<string, string>
  status?: number
  shows?: 'sent' | Record<string, unknown>
  has?: string[]
  lacks?: string
  lists?: string
  omits?: string
  adds?: string
  field?: string
  keeps?: string[]
  eventual?: boolean
  hidden?: string
  mock?: Effect
}

/** One write the kit makes with --writes (`x-effects`), and what it must change. */
export interface WriteCase {
  name: string
  /** The status it answers (default: the operation's lowest success). */
  status?: number
  body?: unknown
  query?: Record<string, string>
  /** Path parameters the answer names (`/pointer`), for the writes after it. */
  makes?: Record<string, string>
  undo?: { operation: string; body?: unknown; query?: Record<string, string> }
  /** It deletes what it names: an item the kit made, or one the user named. */
  doomed?: boolean
  /** After every other write. */
  last?: boolean
  /** The item to take: one with these fields. */
  pick?: Record<string, unknown>
  then?: Effect[]
}

/** The query of a list's page `index` (from 0) of `limit` items, as its x-list pages it and reaches every item. */
export const pageQuery = (list: ListRule | undefined, limit: number, index: number) =>
  list?.paging === 'page' ? { ...list.reach, page: index + 1, limit } : { ...list?.reach, limit, offset: index * limit }

export interface ResponseMedia {
  mediaType: string
  schema: JsonSchema
}

export interface KitOperation {
  operationId: string
  /** The profile this reading of the contract follows (the seed's operations, or the real service's). */
  profile: Profile
  /** A status the contract as written gives -> the status under this profile (the observed profile's answers). */
  statusFor(status: number): number
  /** Under this profile the action declares no scope: scoped keys are refused with 403. */
  noneDeclared: boolean
  method: string // upper-case
  /** Path template, e.g. /api/environments/{project_id}/persons/{id}/ */
  path: string
  tags: string[]
  /** Scopes the operation needs; null when it takes no key. */
  scopes: string[] | null
  parameters: ParameterInfo[]
  requestBody?: { required: boolean; schema: JsonSchema }
  /** status -> documented media types (empty: documented without a body) */
  responses: Map<number, ResponseMedia[]>
  observed: ObservedNote[]
  /** `x-query-strict`: a query parameter the operation does not list is refused (400). */
  strictQuery: boolean
  list?: ListRule
  effects: WriteCase[]
  /** `x-body-unread`: the real view never reads the body, so no body is refused. */
  bodyUnread: boolean
  /** Order in the document (reports follow it). */
  order: number
}

export interface KitContract {
  operations: KitOperation[]
  byId: Map<string, KitOperation>
  tags: string[]
  /** Validates against the contract as written. */
  validate(schema: JsonSchema, value: unknown): { valid: boolean; errors: ErrorObject[] }
  /** Paths of fields the contract does not name (empty when none), for a value that passed `validate`. */
  extraFields(schema: JsonSchema, value: unknown): string[]
  /** Whether a query-string value is valid for a parameter schema, coerced as servers coerce query strings. */
  validQueryValue(schema: JsonSchema, value: string): boolean
  /** A schema with its top-level `$ref` (if any) followed. */
  resolve(schema: JsonSchema): JsonSchema
  /** The Error schema (every 4xx body). */
  errorSchema: JsonSchema
  /** The paths and methods the real service has and this mock does not serve (`x-not-mocked`). */
  notMocked: Array<{ method: string; path: string }>
  /** The forms a path also answers in (`x-trailing-slash`, `x-path-aliases`), as functions of its URL path. */
  pathForms: Array<(path: string) => string | null>
}

const DOC_ID = 'analytics-mock-contract'
const STRICT_ID = 'analytics-mock-contract-strict'

/** A schema with its local references made absolute, so ajv resolves them against the registered document. */
function absolutize(schema: unknown, base: string): any {
  if (Array.isArray(schema)) return schema.map((s) => absolutize(s, base))
  if (!schema || typeof schema !== 'object') return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? base + value : absolutize(value, base)
  }
  return out
}

/**
 * The document with every `allOf` merged and then its named schemas closed (what --strict judges by: the
 * references of the schemas it is handed, closed as they are compiled, lead there).
 */
function strictDocument(source: Json): Json {
  const copy = mergeAllOf(structuredClone(source), source)
  for (const schema of Object.values(copy.components?.schemas ?? {})) closeSchema(schema)
  return copy
}

/** An ajv over a copy of the document (registered as `id`), compiling each schema it is handed once. */
function validatorsOver(doc: Json, id: string, options: Record<string, unknown>, prepare = (s: JsonSchema) => s) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true, ...options })
  addFormats(ajv)
  ajv.addSchema({ ...doc, $id: id })
  // Schemas handed out by the index carry references relative to the document, keyed by identity.
  const compiled = new WeakMap<object, ValidateFunction>()
  return (schema: JsonSchema): ValidateFunction => {
    let v = compiled.get(schema)
    if (!v) compiled.set(schema, (v = ajv.compile(absolutize(prepare(schema), id))))
    return v
  }
}

const cached = new Map<Profile, KitContract>()

/**
 * The contract as the kit reads it, under a profile: `seed` (as written; known drift is the real
 * service's behaviour its x-observed notes describe) or `observed` (the real service's answers, which
 * the notes describe; known drift is then the seed's answer).
 */
export function kitContract(profile: Profile = 'seed'): KitContract {
  const hit = cached.get(profile)
  if (hit) return hit
  const doc = document as Json
  const compile = validatorsOver(structuredClone(doc), DOC_ID, {})
  const compileStrict = validatorsOver(strictDocument(doc), STRICT_ID, { allErrors: true }, (schema) => {
    const closed = mergeAllOf(structuredClone(schema), doc)
    closeSchema(closed)
    return closed
  })
  const coerce = validatorsOver(structuredClone(doc), DOC_ID, { coerceTypes: true }, (schema) => ({
    type: 'object',
    properties: { v: schema },
  }))
  const operations = operationsOf(doc).map((entry, order) => kitOperation(doc, entry, profile, compile, order))
  const contract: KitContract = {
    operations,
    byId: new Map(operations.map((op) => [op.operationId, op])),
    tags: [...new Set(operations.flatMap((op) => op.tags))],
    validate(schema, value) {
      const v = compile(schema)
      const valid = v(value) as boolean
      return { valid, errors: valid ? [] : [...(v.errors ?? [])] }
    },
    extraFields(schema, value) {
      const v = compileStrict(schema)
      if (v(value)) return []
      const extras = (v.errors ?? [])
        .filter((e) => e.keyword === 'additionalProperties')
        .map((e) => `${e.instancePath || ''}/${String(e.params.additionalProperty)}`)
      return [...new Set(extras)].sort()
    },
    validQueryValue: (schema, value) => coerce(schema)({ v: value }) as boolean,
    resolve: (schema) => deref(doc, schema),
    errorSchema: doc.components.schemas.Error as JsonSchema,
    notMocked: doc['x-not-mocked'] ?? [],
    pathForms: [
      ...(doc['x-trailing-slash'] === 'optional'
        ? [(path: string) => (path.endsWith('/') ? path.slice(0, -1) : `${path}/`)]
        : []),
      ...((doc['x-path-aliases'] ?? []) as Array<{ from: string; to: string }>).map(({ from, to }) => {
        const [head, tail] = from.split('{project_id}') as [string, string]
        const pattern = new RegExp(`^${head}([^/]+)${tail}`)
        return (path: string) =>
          pattern.test(path) ? path.replace(pattern, (_, id) => to.replace('{project_id}', id)) : null
      }),
    ],
  }
  cached.set(profile, contract)
  return contract
}

/** One operation of the document as the kit reads it under a profile. */
function kitOperation(
  doc: Json,
  { path, method, op, parameters, security = [] }: DocEntry,
  profile: Profile,
  compile: (schema: JsonSchema) => ValidateFunction,
  order: number,
): KitOperation {
  const rawBody = deref(doc, op.requestBody)
  const bodySchema = rawBody?.content?.['application/json']?.schema
  const responses = new Map<number, ResponseMedia[]>()
  for (const [status, rawResponse] of Object.entries(profileResponses(op, profile)))
    responses.set(
      Number(status),
      Object.entries(deref(doc, rawResponse).content ?? {}).map(([mediaType, media]: [string, any]) => ({
        mediaType,
        schema: media.schema ?? {},
      })),
    )
  const documentedScopes = security.length === 0 ? null : security.flatMap((req) => Object.values(req).flat())
  const answer = profile === 'observed' ? answerNote(op) : undefined
  const statusMap = new Map<number, number>()
  const observed = ((op['x-observed'] ?? []) as any[]).map((note): ObservedNote => {
    const flipped = note === answer
    // Under the observed profile the real answer is expected; the seed's is the other side.
    const seedStatus = flipped ? primarySuccess(op.responses ?? {})! : undefined
    const seedSchema = flipped && deref(doc, op.responses[seedStatus!])?.content?.['application/json']?.schema
    if (flipped && note.real_status !== undefined) statusMap.set(Number(seedStatus), note.real_status)
    const realStatus = flipped ? note.real_status !== undefined && Number(seedStatus) : note.real_status
    const realSchema = flipped ? seedSchema : note.real_schema
    return {
      id: String(note.id),
      what: String(note.what ?? ''),
      seed: String((flipped ? note.real : note.seed) ?? ''),
      real: String((flipped ? note.seed : note.real) ?? ''),
      realStatus: typeof realStatus === 'number' ? realStatus : undefined,
      realSchema: realSchema ? compile(realSchema) : undefined,
    }
  })
  return {
    operationId: op.operationId,
    profile,
    statusFor: (status) => statusMap.get(status) ?? status,
    ...profileScopes(op, documentedScopes, profile),
    method,
    path,
    tags: op.tags ?? [],
    parameters: parameters.map((p) => {
      const jsonContent = p.content?.['application/json']?.schema
      return {
        name: p.name,
        in: p.in,
        required: Boolean(p.required),
        schema: jsonContent ?? p.schema ?? {},
        json: Boolean(jsonContent),
        lenient: p['x-lenient'] === true,
        filter: p['x-filter'] && { ...p['x-filter'], fields: [p['x-filter'].field].flat() },
        item: p['x-item'],
        formats: p['x-format-media'],
      }
    }),
    requestBody: bodySchema ? { required: Boolean(rawBody.required), schema: bodySchema } : undefined,
    responses,
    observed,
    strictQuery: op['x-query-strict'] === true,
    list: op['x-list'],
    effects: op['x-effects'] ?? [],
    bodyUnread: op['x-body-unread'] === true,
    order,
  }
}

/** An ajv error as one short line: where, what. */
export function describeError(error: ErrorObject): string {
  const where = error.instancePath || '(root)'
  const params = error.params && Object.keys(error.params).length ? ' ' + JSON.stringify(error.params) : ''
  return `${where} ${error.message ?? error.keyword}${params}`
}
