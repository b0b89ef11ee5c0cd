// Values from a (dereferenced) JSON Schema: ones that fit it, and ones that break it in one way,
// drawn from a seeded generator so a run repeats from its seed.
import type { SeededRandom } from '../../src/core/random.ts'

type Schema = Record<string, any>

/** Strings that have broken servers before: unicode of every width, control characters, markup, numbers in disguise. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '9007199254740993',
  '0x1F',
  '¡™£¢∞§¶•ªº–≠',
  'Ω≈ç√∫˜µ≤≥÷',
  'Ⱥ',
  '田中さんにあげて下さい',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\u0000',
  '\u202e\u0041\u0042',
  '\ufeff',
  'Z̮̞̠͙͔ͅḀ̗̞͈̻̗Ḷ͙͎̯̹̞͓G̻O̭̗̮',
  '\ud800',
  '<script>alert(1)</script>',
  "'; DROP TABLE persons; --",
  '../../../etc/passwd',
  '%2F%2e%2e',
  '${7*7}',
  '{{7*7}}',
  '[]',
  '{}',
  '"',
  '\\',
  'a'.repeat(401),
  'b'.repeat(5000),
]

export const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
  0.5,
  -0.5,
  123.456,
  4294967296,
]

export function pick<T>(rng: SeededRandom, items: readonly T[]): T {
  return items[rng.int(items.length)]!
}

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  if (typeof schema.type === 'string') return [schema.type]
  if (schema.properties) return ['object']
  if (schema.items) return ['array']
  return []
}

/** Any JSON value, small. */
export function anyValue(rng: SeededRandom, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 5 : 7)) {
    case 0:
      return null
    case 1:
      return rng.next() < 0.5
    case 2:
      return pick(rng, NASTY_NUMBERS)
    case 3:
      return pick(rng, NASTY_STRINGS)
    case 4:
      return rng.string(1 + rng.int(12), 'abcdefghij_$ .é😀')
    case 5:
      return Array.from({ length: rng.int(4) }, () => anyValue(rng, depth + 1))
    default: {
      const out: Record<string, unknown> = {}
      for (let i = rng.int(4); i > 0; i--) out[rng.string(1 + rng.int(6), 'abcxyz_$')] = anyValue(rng, depth + 1)
      return out
    }
  }
}

function validString(schema: Schema, rng: SeededRandom): string {
  const max = schema.maxLength ?? 40
  const min = schema.minLength ?? 0
  switch (schema.format) {
    case 'date-time':
      return new Date(Date.UTC(2020, 0, 1) + rng.int(7 * 365) * 86_400_000 + rng.int(86_400_000)).toISOString()
    case 'uuid':
      return rng.uuid()
    case 'email':
      return `${rng.string(1 + rng.int(8), 'abcdefgh')}@example.com`
    case 'uri':
      return `https://example.com/${rng.string(rng.int(8), 'abc/')}`
  }
  let s: string
  const r = rng.next()
  if (r < 0.25) s = pick(rng, NASTY_STRINGS)
  else if (r < 0.3)
    s = 'x'.repeat(max) // exactly at the limit
  else
    s = rng.string(
      min + rng.int(Math.max(1, Math.min(max, 24) - min + 1)),
      'abcdefghijklmnopqrstuvwxyz ABC-_.0123456789éü漢😀',
    )
  // maxLength counts code points; keep within both bounds.
  const chars = [...s]
  if (chars.length > max) s = chars.slice(0, max).join('')
  while ([...s].length < min) s += 'a'
  return s
}

/** A value that fits the schema. */
export function validValue(schema: Schema | undefined, rng: SeededRandom, depth = 0): unknown {
  if (!schema || Object.keys(schema).length === 0) return anyValue(rng, depth)
  if (schema.enum) return pick(rng, schema.enum)
  // The contract's examples name the values that mean something (a playlist type, a scenario name).
  if (Array.isArray(schema.examples) && schema.examples.length && rng.next() < 0.6) return pick(rng, schema.examples)
  if (schema.const !== undefined) return schema.const
  const alternatives = schema.oneOf ?? schema.anyOf
  if (alternatives) return validValue(pick(rng, alternatives), rng, depth)
  let ts = types(schema)
  if (ts.length === 0) return anyValue(rng, depth)
  if (ts.length > 1 && ts.includes('null') && rng.next() < 0.8) ts = ts.filter((t) => t !== 'null')
  switch (pick(rng, ts)) {
    case 'null':
      return null
    case 'boolean':
      return rng.next() < 0.5
    case 'integer': {
      const min = schema.minimum ?? (rng.next() < 0.9 ? 0 : -1000)
      const max = schema.maximum ?? min + (rng.next() < 0.9 ? 200 : 2 ** 40)
      if (rng.next() < 0.15) return rng.next() < 0.5 ? min : max
      return min + rng.int(Math.min(max - min + 1, 2 ** 31))
    }
    case 'number':
      return rng.next() < 0.3
        ? pick(
            rng,
            NASTY_NUMBERS.filter((n) => n >= (schema.minimum ?? -Infinity)),
          )
        : rng.next() * 100
    case 'string':
      return validString(schema, rng)
    case 'array': {
      const n = rng.int(depth > 2 ? 2 : 4)
      return Array.from({ length: n }, () => validValue(schema.items, rng, depth + 1))
    }
    case 'object': {
      const out: Record<string, unknown> = {}
      const required = new Set<string>(schema.required ?? [])
      for (const [name, sub] of Object.entries<Schema>(schema.properties ?? {})) {
        if (required.has(name) || rng.next() < 0.5) out[name] = validValue(sub, rng, depth + 1)
      }
      if (schema.additionalProperties !== false && !schema.properties && depth < 3) {
        for (let i = rng.int(4); i > 0; i--) out[rng.string(1 + rng.int(8), 'abcdefg_$')] = anyValue(rng, depth + 1)
      }
      return out
    }
    default:
      return anyValue(rng, depth)
  }
}

const OTHER_TYPE: Record<string, unknown[]> = {
  string: [1, true, null, [], {}, 1.5],
  integer: ['1', 1.5, true, null, [], {}, 'abc', 1e21],
  number: ['1', true, null, [], {}],
  boolean: ['true', 1, 0, null, 'yes', []],
  array: [{}, 'a', 1, null, true],
  object: [[], 'a', 1, null, true],
  null: [0, '', false],
}

/** A value that breaks the schema in one way (wrong type, past a bound, outside an enum, a missing or broken field). */
export function invalidValue(schema: Schema | undefined, rng: SeededRandom): unknown {
  if (!schema || Object.keys(schema).length === 0) return anyValue(rng) // anything fits: the handler must cope
  if (schema.enum && rng.next() < 0.6)
    return pick(rng, ['nope', '', 'JSON', 'Collection', 42, null, ...NASTY_STRINGS.slice(0, 8)])
  const ts = types(schema)
  const own = ts.length ? pick(rng, ts) : undefined
  const r = rng.next()
  if (own === 'string' && r < 0.4) {
    if (schema.maxLength !== undefined) return 'z'.repeat(schema.maxLength + 1 + rng.int(10))
    if (schema.minLength) return ''
    if (schema.format) return pick(rng, ['yesterday', '2024-13-45T99:99:99Z', 'not-a-uuid', '', '12345', 'x@'])
  }
  if ((own === 'integer' || own === 'number') && r < 0.4) {
    if (schema.minimum !== undefined && rng.next() < 0.5) return schema.minimum - 1 - rng.int(5)
    if (schema.maximum !== undefined) return schema.maximum + 1 + rng.int(1000)
    return pick(rng, NASTY_NUMBERS)
  }
  if (own === 'object' && schema.properties && r < 0.6) {
    const base = validValue(schema, rng) as Record<string, unknown>
    const required: string[] = schema.required ?? []
    if (required.length && rng.next() < 0.4) {
      delete base[pick(rng, required)]
      return base
    }
    const names = Object.keys(schema.properties)
    const name = pick(rng, names)
    base[name] = invalidValue(schema.properties[name], rng)
    return base
  }
  if (own === 'array' && schema.items && r < 0.5) return [invalidValue(schema.items, rng)]
  const wrong = OTHER_TYPE[own ?? 'string']!.filter(
    (v) =>
      !ts.includes(
        v === null
          ? 'null'
          : Array.isArray(v)
            ? 'array'
            : typeof v === 'object'
              ? 'object'
              : typeof v === 'number'
                ? Number.isInteger(v)
                  ? 'integer'
                  : 'number'
                : typeof v,
      ),
  )
  return wrong.length ? pick(rng, wrong) : anyValue(rng)
}
