// The contract's validators as code (ajv's standalone output), so that neither a start, a test nor a
// browser page compiles a schema: src/contract/validators.gen.ts, written by `npm run gen:types` and held to
// the contract by src/contract/generated.test.ts.
//
// The validators are the ones the mock compiled at run time, with the same options: openapi-backend's
// request validators of each operation (the body's, then the parameters' with coerceTypes), each
// response's JSON body under each profile, and each `content: application/json` query parameter. To keep
// the code small, what is compiled is the contract's schemas without their annotations (description,
// examples, x-*: no keyword reads them), with every component and every subschema used more than once
// compiled once as a function of its own (a `$ref`), so that no schema is emitted twice.
import { Ajv, _, type Options } from 'ajv'
import standalone from 'ajv/dist/standalone/index.js'
import ajvFormats from 'ajv-formats'
import { OpenAPIRouter, OpenAPIValidator, type Document } from 'openapi-backend'
import { PROFILES, profileResponses } from '../src/contract/profiles.ts'

const standaloneCode = ((standalone as any).default ?? standalone) as (ajv: Ajv, refs: Record<string, string>) => string
const addFormats = ((ajvFormats as any).default ?? ajvFormats) as (ajv: Ajv, options: object) => void

/** The options openapi-backend compiled with (`strict: false`); each schema is also checked against the meta-schema. */
const OPTIONS: Options = { strict: false }

type Schema = Record<string, any>

const COMPONENT = '#/components/schemas/'
/** Keywords holding one schema, a list of schemas, or a map of them. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems']
const MAP = ['properties', 'patternProperties', 'dependentSchemas', '$defs']
/** Keywords no validation reads: left out of what is compiled. */
const ANNOTATION =
  /^(x-.*|description|title|example|examples|default|deprecated|readOnly|writeOnly|\$comment|externalDocs|xml|discriminator)$/

/** Each subschema of `schema` mapped by `f` (the schema's own keywords kept, annotations dropped). */
function mapSubschemas(schema: Schema, f: (s: Schema) => Schema): Schema {
  const out: Schema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATION.test(key)) continue
    const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v)
    if (ONE.includes(key) && isSchema(value)) out[key] = f(value)
    else if (LIST.includes(key) && Array.isArray(value)) out[key] = value.map(f)
    else if (MAP.includes(key) && isSchema(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, f(v)]))
    else out[key] = value
  }
  return out
}

/**
 * Schemas shared by reference: every component (`c:Name`) and every subschema that occurs more than
 * once (`s:N`), each registered once with the Ajv that compiles the roots.
 */
class Shared {
  readonly counts = new Map<string, number>()
  readonly defs = new Map<string, Schema>()
  readonly ids = new Map<string, string>()
  constructor(readonly components: Record<string, Schema>) {}
  /** The schema without annotations, its component references as `c:Name`. */
  clean = (schema: Schema): Schema => {
    const out = mapSubschemas(schema, this.clean)
    if (typeof out.$ref === 'string' && out.$ref.startsWith(COMPONENT))
      out.$ref = `c:${out.$ref.slice(COMPONENT.length)}`
    return out
  }
  /** Counts every subschema of a (clean) schema. */
  count = (schema: Schema): Schema => {
    const key = JSON.stringify(schema)
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
    if ((this.counts.get(key) ?? 0) === 1) mapSubschemas(schema, this.count)
    return schema
  }
  /** The (clean, counted) schema with each subschema occurring more than once replaced by a reference. */
  share = (schema: Schema, root = false): Schema => {
    const key = JSON.stringify(schema)
    if (root || schema.$ref || (this.counts.get(key) ?? 0) < 2 || key.length < 40)
      return mapSubschemas(schema, this.share)
    let id = this.ids.get(key)
    if (!id) {
      this.ids.set(key, (id = `s:${this.ids.size}`))
      this.defs.set(id, mapSubschemas(schema, this.share))
    }
    return { $ref: id }
  }
  ajv(options: Options): Ajv {
    const ajv = new Ajv({ ...options, inlineRefs: false, code: { source: true, formats: _`formats` } })
    addFormats(ajv, { mode: 'fast' })
    for (const [name, schema] of Object.entries(this.components)) ajv.addSchema(schema, `c:${name}`)
    for (const [id, schema] of this.defs) ajv.addSchema(schema, id)
    return ajv
  }
}

/** The document with every reference other than a component schema's replaced by what it names. */
function inlined(document: Schema): Schema {
  const at = (ref: string) =>
    ref
      .slice(2)
      .split('/')
      .reduce((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], document)
  const walk = (value: any): any => {
    if (Array.isArray(value)) return value.map(walk)
    if (typeof value !== 'object' || value === null) return value
    if (typeof value.$ref === 'string' && !value.$ref.startsWith(COMPONENT)) return walk(at(value.$ref))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]))
  }
  return walk(document)
}

/** openapi-backend's request schemas of each operation: [body?, parameters], as it builds them. */
function requestSchemas(definition: Document): Map<string, Schema[]> {
  const recorder = { compile: (schema: Schema) => ({ schema }) }
  const router = new OpenAPIRouter({ definition, ignoreTrailingSlashes: false })
  const validator = new OpenAPIValidator({
    definition,
    router,
    lazyCompileValidators: true,
    customizeAjv: () => recorder as any,
  })
  const out = new Map<string, Schema[]>()
  for (const op of router.getOperations()) {
    const built = validator.getRequestValidatorsForOperation(op.operationId!) ?? []
    out.set(
      op.operationId!,
      built.map((v) => v.schema as Schema),
    )
  }
  return out
}

/** The roots to compile: [export name, schema, with coercion], and the tables naming them. */
function roots(definition: Document) {
  const list: Array<{ schema: Schema; coerce: boolean }> = []
  const index = new Map<string, number>()
  const add = (schema: Schema, coerce = false) => {
    const key = `${coerce} ${JSON.stringify(schema)}`
    if (!index.has(key)) index.set(key, list.push({ schema, coerce }) - 1)
    return index.get(key)!
  }
  const request: Record<string, number[]> = {}
  for (const [id, schemas] of requestSchemas(definition))
    request[id] = schemas.map((s, i) => add(s, i === schemas.length - 1))
  const responses: Record<string, Record<string, Record<string, number>>> = {}
  const query: Record<string, Record<string, number>> = {}
  for (const op of new OpenAPIRouter({ definition }).getOperations()) {
    const id = op.operationId!
    for (const profile of PROFILES) {
      for (const [status, response] of Object.entries(profileResponses(op as any, profile))) {
        const schema = (response as any).content?.['application/json']?.schema
        if (schema) ((responses[id] ??= {})[profile] ??= {})[status] = add(schema)
      }
    }
    for (const p of (op.parameters ?? []) as Schema[]) {
      const schema = p.content?.['application/json']?.schema
      if (p.in === 'query' && schema) (query[id] ??= {})[p.name] = add(schema)
    }
  }
  return { list, tables: { request, responses, query } }
}

/**
 * ajv's code with its error reports made calls of `fail` (defined in the output: the same error object
 * without its schemaPath, which nothing reads and which names the shared functions here rather than the
 * contract), and each schema constant cut down to the values the code reads (enums, types).
 */
function compacted(code: string): string {
  const reports =
    /(validate\d+)\.errors = \[\{instancePath(?::([^,]+))?,schemaPath:"[^"]*",keyword:("[^"]+"),params:(\{[^}]*\}),message:(.*?)\}\];return false;/g
  const out = code.replace(
    reports,
    (_m, f, at, keyword, params, message) =>
      `return fail(${f},${at ?? 'instancePath'},${keyword},${params},${message});`,
  )
  let result = ''
  let last = 0
  for (const found of out.matchAll(/const (schema\d+) = /g)) {
    const start = found.index + found[0].length
    const end = jsonEnd(out, start)
    result += out.slice(last, start) + JSON.stringify(used(JSON.parse(out.slice(start, end)), found[1]!, out))
    last = end
  }
  return result + out.slice(last)
}

/** Of a schema constant, the values the code reads (all of it if the code reads it whole). */
function used(whole: any, name: string, code: string): unknown {
  const uses = [...code.matchAll(new RegExp(`\\b${name}(?![\\w$])((?:\\.[A-Za-z_$][\\w$]*|\\[\\d+\\])*)`, 'g'))].slice(
    1,
  )
  if (uses.some((u) => !u[1])) return whole
  const kept: any = {}
  for (const [, path] of uses) {
    const keys = path!.split(/\.|\[|\]/).filter(Boolean)
    let from = whole
    let to = kept
    keys.forEach((key, i) => {
      from = from[key]
      to = to[key] ??= i === keys.length - 1 ? from : Array.isArray(from) ? [] : {}
    })
  }
  return kept
}

/** Where the JSON value starting at `start` ends. */
function jsonEnd(text: string, start: number): number {
  let depth = 0
  for (let i = start; ; i++) {
    const c = text[i]
    if (c === '"') while (text[++i] !== '"') if (text[i] === '\\') i++
    if (c === '{' || c === '[') depth++
    if ((c === '}' || c === ']') && --depth === 0) return i + 1
  }
}

/** ajv's CommonJS standalone code, run as a function of the runtime modules it requires. */
const wrapped = (name: string, code: string) =>
  `const ${name} = ((module) => ((exports, require) => {${compacted(code)}\nreturn module.exports})(module.exports, runtime))({ exports: {} })`

export function renderValidators(document: object): string {
  const definition = inlined(document as Schema) as Document
  const raw = (definition as Schema).components?.schemas ?? {}
  const shared = new Shared({})
  const components = Object.fromEntries(
    Object.entries(raw).map(([n, s]) => [n, shared.count(shared.clean(s as Schema))]),
  )
  const { list, tables } = roots(definition)
  const cleaned = list.map((r) => ({ ...r, schema: shared.count(shared.clean(r.schema)) }))
  Object.assign(
    shared.components,
    Object.fromEntries(Object.entries(components).map(([n, s]) => [n, shared.share(s, true)])),
  )
  const sharedRoots = cleaned.map(({ schema }) => shared.share(schema, true))
  const ajvs = { plain: shared.ajv(OPTIONS), coerce: shared.ajv({ ...OPTIONS, coerceTypes: true }) }
  const names = cleaned.map(({ coerce }, i) => {
    const name = `${coerce ? 'p' : 'v'}${i}`
    ajvs[coerce ? 'coerce' : 'plain'].addSchema(sharedRoots[i]!, name)
    return name
  })
  const exported = (coerce: boolean) =>
    Object.fromEntries(names.filter((_n, i) => cleaned[i]!.coerce === coerce).map((n) => [n, n]))
  const lookup = (i: number) => `${cleaned[i]!.coerce ? 'params' : 'api'}.${names[i]}`
  const table = (value: unknown): string =>
    typeof value === 'number'
      ? lookup(value)
      : Array.isArray(value)
        ? `[${value.map(table).join(',')}]`
        : `{${Object.entries(value as object)
            .map(([k, v]) => `${JSON.stringify(k)}:${table(v)}`)
            .join(',')}}`
  return [
    '// Generated from contracts/openapi.yaml by `npm run gen:types` (scripts/gen-validators.ts). Do not edit.',
    '// @ts-nocheck',
    "import type { ValidateFunction } from 'ajv'",
    "import { fastFormats as formats } from 'ajv-formats/dist/formats.js'",
    "import * as ucs2length from 'ajv/dist/runtime/ucs2length.js'",
    "import * as equal from 'ajv/dist/runtime/equal.js'",
    '',
    '// What the standalone code requires, as its CommonJS `require` would give it (Node and bundlers differ).',
    "const cjs = (ns) => (ns.default && typeof ns.default === 'object' && 'default' in ns.default ? ns.default : ns)",
    "const modules = { 'ajv/dist/runtime/ucs2length': cjs(ucs2length), 'ajv/dist/runtime/equal': cjs(equal) }",
    'const runtime = (name) => modules[name]',
    "/** An error report: sets the validator's errors and answers false. */",
    "const fail = (f, instancePath, keyword, params, message) => ((f.errors = [{ instancePath, schemaPath: '', keyword, params, message }]), false)",
    wrapped('api', standaloneCode(ajvs.plain, exported(false))),
    wrapped('params', standaloneCode(ajvs.coerce, exported(true))),
    '',
    "/** Each operation's request validators (its body's, if any, then its parameters'), as openapi-backend makes them. */",
    `export const requestValidators: Record<string, ValidateFunction[]> = ${table(tables.request)}`,
    "/** Each operation's response validators, by profile and status. */",
    `export const responseValidators: Record<string, Record<string, Record<string, ValidateFunction>>> = ${table(tables.responses)}`,
    "/** Each operation's JSON query parameters' validators, by name. */",
    `export const queryValidators: Record<string, Record<string, ValidateFunction>> = ${table(tables.query)}`,
    '',
  ].join('\n')
}
