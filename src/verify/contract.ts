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

// CommonJS default exports seen through ESM.
interface AjvInstance {
  compile(schema: object): ValidateFunction
  addSchema(schema: object): unknown
}
const Ajv = ((AjvModule as any).default ?? AjvModule) as new (options: Record<string, unknown>) => AjvInstance
const addFormats = ((ajvFormatsModule as any).default ?? ajvFormatsModule) as (ajv: AjvInstance) => void

export type JsonSchema = Record<string, any>

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
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/** Follows a local `#/...` reference inside the document. */
function resolvePointer(root: any, ref: string): any {
  if (!ref.startsWith('#/')) throw new Error(`only local references are supported, not ${ref}`)
  let node = root
  for (const raw of ref.slice(2).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    node = node?.[part]
    if (node === undefined) throw new Error(`unresolved reference ${ref}`)
  }
  return node
}

/** A reference object (parameter, response) resolved to what it points at. */
function deref<T = any>(root: any, value: any): T {
  let node = value
  for (let depth = 0; node && typeof node === 'object' && typeof node.$ref === 'string' && depth < 20; depth++) {
    node = resolvePointer(root, node.$ref)
  }
  return node as T
}

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

/** Closes every object schema that names its properties but says nothing about others. */
function closeSchema(schema: any): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return
  if (schema.properties && typeof schema.properties === 'object') {
    if (schema.additionalProperties === undefined) schema.additionalProperties = false
    for (const property of Object.values(schema.properties)) closeSchema(property)
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    closeSchema(schema.additionalProperties)
  if (schema.items) (Array.isArray(schema.items) ? schema.items : [schema.items]).forEach(closeSchema)
  if (Array.isArray(schema.prefixItems)) schema.prefixItems.forEach(closeSchema)
  for (const key of ['oneOf', 'anyOf', 'allOf']) if (Array.isArray(schema[key])) schema[key].forEach(closeSchema)
  if (schema.not) closeSchema(schema.not)
}

/**
 * One schema naming every property `schemas` name, so it can be closed as a whole: properties merged
 * (twice named: merged again), `oneOf`/`anyOf` alternatives distributed (each merged with the rest), types
 * intersected (false when none is left). Only what the strict copy needs: it judges which fields are named, in answers the contract
 * as written already accepted.
 */
function merged(schemas: any[], doc: any): any {
  const parts = schemas
    .map((s) => deref(doc, s))
    .flatMap((s) => (s?.allOf ? [{ ...s, allOf: undefined }, ...s.allOf.map((b: any) => deref(doc, b))] : [s]))
  if (parts.some((s) => s?.allOf)) return merged(parts, doc)
  const split = parts.findIndex((s) => s && (s.oneOf || s.anyOf))
  if (split >= 0) {
    const { oneOf, anyOf, ...rest } = parts[split]
    const others = [...parts.slice(0, split), rest, ...parts.slice(split + 1)]
    const alternatives = (oneOf ?? anyOf).map((alternative: any) => merged([...others, alternative], doc))
    return { anyOf: alternatives.filter((alternative: any) => alternative !== false) }
  }
  const out: any = {}
  for (const part of parts) {
    if (part === false) return false
    for (const [key, value] of Object.entries(part ?? {}) as Array<[string, any]>) {
      if (value === undefined) continue
      if (key === 'properties') {
        out.properties ??= {}
        for (const [name, schema] of Object.entries(value))
          out.properties[name] = name in out.properties ? merged([out.properties[name], schema], doc) : schema
      } else if (key === 'required') out.required = [...new Set([...(out.required ?? []), ...value])]
      else if (key === 'type' && out.type !== undefined) {
        out.type = [value].flat().filter((t: string) => [out.type].flat().includes(t))
        if (!out.type.length) return false // no value is of both types: an alternative none can take
      } else out[key] ??= value
    }
  }
  return out
}

/** The schema with every `allOf` in it merged. */
function mergeAllOf(schema: any, doc: any): any {
  if (Array.isArray(schema)) return schema.map((s) => mergeAllOf(s, doc))
  if (!schema || typeof schema !== 'object') return schema
  const flat = schema.allOf ? merged([schema], doc) : schema
  return Object.fromEntries(
    Object.entries(flat).map(([key, value]) => [
      key,
      key === 'enum' || key === 'const' ? value : mergeAllOf(value, doc),
    ]),
  )
}

function strictDocument(source: any): any {
  const doc = structuredClone(source)
  const copy = mergeAllOf(doc, doc)
  for (const schema of Object.values(copy.components?.schemas ?? {})) closeSchema(schema)
  for (const item of Object.values(copy.paths ?? {}) as any[]) {
    for (const method of HTTP_METHODS) {
      for (const response of Object.values(item?.[method]?.responses ?? {}) as any[]) {
        for (const media of Object.values(response?.content ?? {}) as any[]) closeSchema(media?.schema)
      }
    }
  }
  return copy
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
  const doc = document as any
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true })
  const strictAjv = new Ajv({ strict: false, allErrors: true, validateFormats: true })
  const coercingAjv = new Ajv({ strict: false, allErrors: false, validateFormats: true, coerceTypes: true })
  addFormats(ajv)
  addFormats(strictAjv)
  addFormats(coercingAjv)
  ajv.addSchema({ ...structuredClone(doc), $id: DOC_ID })
  strictAjv.addSchema({ ...strictDocument(doc), $id: STRICT_ID })
  coercingAjv.addSchema({ ...structuredClone(doc), $id: DOC_ID })
  const coercing = new WeakMap<object, ValidateFunction>()

  // Schemas handed out by the index carry references relative to the document; they are compiled on
  // first use, keyed by identity.
  const loose = new WeakMap<object, ValidateFunction>()
  const strict = new WeakMap<object, ValidateFunction>()
  const compile = (schema: JsonSchema): ValidateFunction => {
    let v = loose.get(schema)
    if (!v) {
      v = ajv.compile(absolutize(schema, DOC_ID))
      loose.set(schema, v)
    }
    return v
  }
  const compileStrict = (schema: JsonSchema): ValidateFunction => {
    let v = strict.get(schema)
    if (!v) {
      const closed = mergeAllOf(structuredClone(schema), doc)
      closeSchema(closed)
      v = strictAjv.compile(absolutize(closed, STRICT_ID))
      strict.set(schema, v)
    }
    return v
  }

  const operations: KitOperation[] = []
  const globalSecurity = (doc.security ?? []) as Array<Record<string, string[]>>
  for (const [path, rawItem] of Object.entries(doc.paths ?? {}) as Array<[string, any]>) {
    const item = deref(doc, rawItem)
    const shared = (item.parameters ?? []) as any[]
    for (const method of HTTP_METHODS) {
      const op = item[method]
      if (!op) continue
      const parameters: ParameterInfo[] = [...shared, ...(op.parameters ?? [])].map((raw) => {
        const p = deref(doc, raw)
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
      })
      const rawBody = op.requestBody ? deref(doc, op.requestBody) : undefined
      const bodySchema = rawBody?.content?.['application/json']?.schema
      const responses = new Map<number, ResponseMedia[]>()
      for (const [status, rawResponse] of Object.entries(profileResponses(op, profile))) {
        const response = deref(doc, rawResponse)
        responses.set(
          Number(status),
          Object.entries(response.content ?? {}).map(([mediaType, media]: [string, any]) => ({
            mediaType,
            schema: media.schema ?? {},
          })),
        )
      }
      const security = (op.security ?? globalSecurity) as Array<Record<string, string[]>>
      const documentedScopes = security.length === 0 ? null : security.flatMap((req) => Object.values(req).flat())
      const answer = profile === 'observed' ? answerNote(op) : undefined
      const statusMap = new Map<number, number>()
      const observed: ObservedNote[] = ((op['x-observed'] ?? []) as any[]).map((note) => {
        if (note === answer) {
          // Under the observed profile the real answer is expected; the seed's is the other side.
          const seedStatus = primarySuccess(op.responses ?? {})!
          const seedResponse = deref(doc, op.responses[seedStatus])
          const seedSchema = seedResponse?.content?.['application/json']?.schema
          if (note.real_status !== undefined) statusMap.set(Number(seedStatus), note.real_status)
          return {
            id: String(note.id),
            what: String(note.what ?? ''),
            seed: String(note.real ?? ''),
            real: String(note.seed ?? ''),
            realStatus: note.real_status !== undefined ? Number(seedStatus) : undefined,
            realSchema: seedSchema ? compile(seedSchema) : undefined,
          }
        }
        return {
          id: String(note.id),
          what: String(note.what ?? ''),
          seed: String(note.seed ?? ''),
          real: String(note.real ?? ''),
          realStatus: typeof note.real_status === 'number' ? note.real_status : undefined,
          realSchema: note.real_schema ? compile(note.real_schema) : undefined,
        }
      })
      const { scopes, noneDeclared } = profileScopes(op, documentedScopes, profile)
      operations.push({
        operationId: op.operationId,
        profile,
        statusFor: (status) => statusMap.get(status) ?? status,
        noneDeclared,
        method: method.toUpperCase(),
        path,
        tags: op.tags ?? [],
        scopes,
        parameters,
        requestBody: bodySchema ? { required: Boolean(rawBody.required), schema: bodySchema } : undefined,
        responses,
        observed,
        strictQuery: op['x-query-strict'] === true,
        list: op['x-list'],
        effects: op['x-effects'] ?? [],
        bodyUnread: op['x-body-unread'] === true,
        order: operations.length,
      })
    }
  }

  const errorSchema = doc.components.schemas.Error as JsonSchema
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
      const extras = new Set<string>()
      for (const e of v.errors ?? []) {
        if (e.keyword === 'additionalProperties')
          extras.add(`${e.instancePath || ''}/${String(e.params.additionalProperty)}`)
      }
      return [...extras].sort()
    },
    validQueryValue(schema, value) {
      let v = coercing.get(schema)
      if (!v) {
        const wrapper = { type: 'object', properties: { v: absolutize(schema, DOC_ID) } }
        v = coercingAjv.compile(wrapper)
        coercing.set(schema, v)
      }
      return v({ v: value }) as boolean
    },
    resolve(schema) {
      return deref(doc, schema)
    },
    errorSchema,
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

/** An ajv error as one short line: where, what. */
export function describeError(error: ErrorObject): string {
  const where = error.instancePath || '(root)'
  const params = error.params && Object.keys(error.params).length ? ' ' + JSON.stringify(error.params) : ''
  return `${where} ${error.message ?? error.keyword}${params}`
}
