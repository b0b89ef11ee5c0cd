// The verify kit's own reading of the contract. It shares the document with the mock
// (contracts/openapi.yaml via document.gen.ts) but nothing else: its validators are compiled here with
// ajv + ajv-formats, so a mistake in the mock's core cannot hide itself from the kit.
//
// Two copies of the schemas are compiled: the contract as written (a response must pass it), and a
// strict copy where every object schema without `additionalProperties` gets `additionalProperties: false`
// (a response that fails only there carries fields the contract does not name: a note, or a failure
// with --strict).
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

function strictDocument(doc: any): any {
  const copy = structuredClone(doc)
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
      const closed = structuredClone(schema)
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
