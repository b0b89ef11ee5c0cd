// Negative inputs generated from the contract's schemas with fast-check: for each schema, values that
// break one of its constraints (wrong type, outside an enum, too long, below a minimum, a required field
// missing, ...). Every candidate is re-validated against the schema (as a query string, with the
// coercion servers apply), so only values the contract really forbids are sent: no false alarms from a
// generator that happened to produce something valid.
import fc from 'fast-check'
import type { JsonSchema, KitContract, ParameterInfo } from '../contract.ts'
import { typesOf } from '../openapi.ts'

type Arb<T> = fc.Arbitrary<T>

const text = (maxLength = 16) =>
  fc.oneof(fc.string({ maxLength }), fc.string({ unit: 'grapheme', maxLength: Math.ceil(maxLength / 2) }))

function parses(s: string): boolean {
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
}

/** Numbers that are not whole. */
const fraction = () =>
  fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x))

/** Values breaking the schema's constraints on strings (enum, lengths, format, pattern) and on numbers (bounds). */
function broken(schema: JsonSchema, stringy: boolean, numeric: boolean): Arb<string | number>[] {
  const out: Arb<string | number>[] = []
  if (stringy && Array.isArray(schema.enum)) out.push(text(12).filter((v) => !schema.enum.includes(v)))
  if (stringy && typeof schema.maxLength === 'number')
    out.push(fc.string({ minLength: schema.maxLength + 1, maxLength: schema.maxLength + 24 }))
  if (stringy && typeof schema.minLength === 'number' && schema.minLength > 0)
    out.push(fc.string({ maxLength: schema.minLength - 1 }))
  if (stringy && (schema.format || schema.pattern)) out.push(text(20))
  if (numeric && typeof schema.minimum === 'number')
    out.push(fc.integer({ min: schema.minimum - 1000, max: Math.ceil(schema.minimum) - 1 }))
  if (numeric && typeof schema.maximum === 'number')
    out.push(fc.integer({ min: Math.floor(schema.maximum) + 1, max: schema.maximum + 100_000 }))
  return out
}

/** Values of each JSON kind. */
const KIND_ARBS: Record<string, () => Arb<unknown>> = {
  string: () => text(12),
  integer: () => fc.integer({ min: -1000, max: 1000 }),
  number: fraction,
  boolean: () => fc.boolean(),
  null: () => fc.constant(null),
  array: () => fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  object: () => fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
}

/** A small value the schema accepts (to carry an invalid part next to it). */
export function sampleValid(contract: KitContract, raw: JsonSchema, depth = 0): unknown {
  const schema = contract.resolve(raw)
  if (Array.isArray(schema.enum) && schema.enum.length)
    return schema.enum.find((v: unknown) => v !== null) ?? schema.enum[0]
  const types = typesOf(schema) ?? (schema.properties ? ['object'] : [])
  const type = types.find((t) => t !== 'null') ?? types[0]
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      if (depth < 4)
        for (const name of schema.required ?? [])
          out[name] = sampleValid(contract, schema.properties?.[name] ?? {}, depth + 1)
      return out
    }
    case 'array':
      return depth < 4 && schema.minItems
        ? Array.from({ length: schema.minItems }, () => sampleValid(contract, schema.items ?? {}, depth + 1))
        : []
    case 'string':
      if (schema.format === 'date-time') return '2024-01-01T00:00:00Z'
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000'
      if (schema.format === 'email') return 'verify@example.com'
      return 'analytics-mock verify'.slice(0, schema.maxLength ?? 100).padEnd(schema.minLength ?? 0, 'x')
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? Number.MAX_SAFE_INTEGER)
    case 'boolean':
      return true
    case 'null':
      return null
    default:
      return 'x'
  }
}

/** JSON values that the schema rejects, or null when the schema forbids nothing the generator can reach. */
export function invalidJson(contract: KitContract, raw: JsonSchema, depth = 0): Arb<unknown> | null {
  const schema = contract.resolve(raw)
  const options: Arb<unknown>[] = []
  const types = typesOf(schema)
  if (types) {
    const allowed = new Set(types)
    if (allowed.has('number')) allowed.add('integer')
    for (const [kind, arb] of Object.entries(KIND_ARBS)) if (!allowed.has(kind)) options.push(arb())
  }
  const numeric = types?.includes('integer') || types?.includes('number')
  options.push(...broken(schema, !types || types.includes('string'), Boolean(numeric)))
  if (depth < 2 && schema.properties && (!types || types.includes('object'))) {
    const base = (sampleValid(contract, schema) ?? {}) as Record<string, unknown>
    for (const [name, propertySchema] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      const inner = invalidJson(contract, propertySchema, depth + 1)
      if (inner) options.push(inner.map((v) => ({ ...base, [name]: v })))
    }
    for (const name of schema.required ?? []) {
      const { [name]: _dropped, ...rest } = base
      options.push(fc.constant(rest))
    }
  }
  if (depth < 2 && schema.items && (!types || types.includes('array'))) {
    const inner = invalidJson(contract, schema.items, depth + 1)
    if (inner) options.push(inner.map((v) => [v]))
  }
  if (options.length === 0) return null
  return fc.oneof(...options).filter((v) => !contract.validate(raw, v).valid)
}

/** Query-string values the parameter's schema rejects (JSON parameters: bad JSON, or JSON the schema rejects). */
export function invalidQueryValue(contract: KitContract, param: ParameterInfo): Arb<string> | null {
  if (param.json) {
    const options: Arb<string>[] = [fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !parses(s))]
    const inner = invalidJson(contract, param.schema)
    if (inner) options.push(inner.map((v) => JSON.stringify(v)))
    return fc.oneof(...options).filter((s) => !parses(s) || !contract.validate(param.schema, JSON.parse(s)).valid)
  }
  const schema = contract.resolve(param.schema)
  const types = typesOf(schema) ?? []
  const numeric = types.includes('integer') || types.includes('number')
  const options: Arb<string | number>[] = numeric ? [text(10)] : []
  if (types.includes('integer') && !types.includes('number')) options.push(fraction())
  options.push(...broken(schema, false, numeric))
  // Words some servers read as booleans are left out: only clearly malformed values are sent.
  if (types.includes('boolean'))
    options.push(text(10).filter((s) => !/^\s*(true|false|t|f|1|0|yes|no|y|n|on|off)\s*$/i.test(s)))
  options.push(...broken(schema, types.includes('string'), false))
  if (options.length === 0) return null
  return fc
    .oneof(...options)
    .map(String)
    .filter((s) => !contract.validQueryValue(param.schema, s))
}

/** Request bodies the schema rejects: JSON of the wrong shape, or text that is not JSON at all. */
export function invalidBody(contract: KitContract, schema: JsonSchema): Arb<string> {
  const options: Array<{ arbitrary: Arb<string>; weight: number }> = [
    { arbitrary: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && !parses(s)), weight: 1 },
  ]
  const inner = invalidJson(contract, schema)
  if (inner) options.push({ arbitrary: inner.map((v) => JSON.stringify(v)), weight: 4 })
  return fc.oneof(...options)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Identifiers no deployment can know: neither digits (in any script: servers parse "٣" as 3) nor a
 * UUID nor an 8-character short id; never "." or ".." (URL parsers fold those segments away).
 */
export function malformedId(): Arb<string> {
  return fc
    .oneof(fc.string({ minLength: 1, maxLength: 24 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }))
    .filter((s) => {
      const trimmed = s.trim()
      if (trimmed === '' || trimmed === '.' || trimmed === '..') return false
      if (/^[+-]?\p{Nd}+$/u.test(trimmed) || UUID.test(trimmed) || /^[A-Za-z0-9]{8}$/.test(s)) return false
      try {
        encodeURIComponent(s)
        return true
      } catch {
        return false
      }
    })
}

/** A stable 32-bit seed for one stream of cases. */
export function streamSeed(seed: number, ...parts: string[]): number {
  let h = (seed ^ 0x811c9dc5) >>> 0
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0)!
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h | 0
}
