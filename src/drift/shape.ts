// A JSON schema reduced to what a client relies on: its types (with null), format, enum values,
// named properties (which are required, which read- or write-only) and items. OpenAPI 3.0's
// `nullable` and 3.1's type lists, `$ref`s, `allOf` (drf-spectacular wraps every nested serializer in
// one) and `oneOf`/`anyOf` (our contract's "a user or null") all come out the same, so two documents
// written in different styles compare by meaning.

import { deref, typesOf, type Json } from '../verify/openapi.ts'

export interface Shape {
  /** Types the value may have ('null' included when it may be null); undefined: anything. */
  types?: Set<string>
  format?: string
  /** Allowed values other than null; undefined: any. */
  enum?: unknown[]
  properties?: Map<string, Shape>
  required: Set<string>
  items?: Shape
  readOnly: boolean
  writeOnly: boolean
}

const ANY = (): Shape => ({ required: new Set(), readOnly: false, writeOnly: false })
const MAX_DEPTH = 12

/** `allOf`: both shapes hold, so a property both name is both shapes merged (an embedded object keeps its fields). */
function merge(into: Shape, part: Shape): Shape {
  if (part.types)
    into.types = into.types
      ? new Set([...into.types].filter((t) => part.types!.has(t) || (t === 'number' && part.types!.has('integer'))))
      : new Set(part.types)
  into.format ??= part.format
  if (part.enum) into.enum = into.enum ? into.enum.filter((v) => part.enum!.includes(v)) : [...part.enum]
  if (part.properties) {
    into.properties ??= new Map()
    for (const [name, shape] of part.properties) {
      const held = into.properties.get(name)
      into.properties.set(name, held ? merge(copy(held), shape) : shape)
    }
  }
  for (const name of part.required) into.required.add(name)
  into.items = into.items && part.items ? merge(copy(into.items), part.items) : (into.items ?? part.items)
  into.readOnly ||= part.readOnly
  into.writeOnly ||= part.writeOnly
  return into
}

/** A shape that merging into does not change the one it was copied from (its nested shapes are shared, not merged into). */
const copy = (shape: Shape): Shape => ({
  ...shape,
  types: shape.types && new Set(shape.types),
  enum: shape.enum && [...shape.enum],
  properties: shape.properties && new Map(shape.properties),
  required: new Set(shape.required),
})

/** The union of alternatives (`oneOf`/`anyOf`): any of their types and properties; required only where all agree. */
function union(parts: Shape[]): Shape {
  const out = ANY()
  if (parts.every((p) => p.types)) out.types = new Set(parts.flatMap((p) => [...p.types!]))
  const enums = parts.filter((p) => p.types?.size !== 1 || !p.types.has('null'))
  if (enums.length > 0 && enums.every((p) => p.enum)) out.enum = [...new Set(enums.flatMap((p) => p.enum!))]
  for (const p of parts) {
    if (p.properties) {
      out.properties ??= new Map()
      for (const [name, shape] of p.properties) if (!out.properties.has(name)) out.properties.set(name, shape)
    }
    out.items ??= p.items
    out.format ??= p.format
  }
  const objects = parts.filter((p) => p.properties)
  if (objects.length > 0)
    for (const name of objects[0]!.required) if (objects.every((p) => p.required.has(name))) out.required.add(name)
  out.readOnly = parts.some((p) => p.readOnly)
  out.writeOnly = parts.some((p) => p.writeOnly)
  return out
}

/** The shape of `schema`, with references resolved in `root` (a reference cycle is "anything"). */
export function shapeOf(schema: unknown, root: Json, seen: ReadonlySet<string> = new Set(), depth = 0): Shape {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return ANY()
  const s = schema as Json
  let shape = ANY()
  if (typeof s.$ref === 'string') {
    if (seen.has(s.$ref)) return ANY()
    shape = shapeOf(deref(root, { $ref: s.$ref }), root, new Set([...seen, s.$ref]), depth + 1)
  }
  for (const part of (s.allOf as unknown[] | undefined) ?? [])
    shape = merge(shape, shapeOf(part, root, seen, depth + 1))
  for (const key of ['oneOf', 'anyOf']) {
    if (Array.isArray(s[key]))
      shape = merge(shape, union((s[key] as unknown[]).map((p) => shapeOf(p, root, seen, depth + 1))))
  }
  const own = ANY()
  const types = typesOf(s)
  if (types) own.types = new Set(types)
  else if (s.properties) own.types = new Set(['object'])
  else if (s.items) own.types = new Set(['array'])
  if (typeof s.format === 'string') own.format = s.format
  if (Array.isArray(s.enum)) {
    own.enum = s.enum.filter((v: unknown) => v !== null)
    if (s.enum.includes(null)) own.types?.add('null')
    if (!own.types && own.enum!.length > 0)
      own.types = new Set(own.enum!.map((v) => (typeof v === 'number' && Number.isInteger(v) ? 'integer' : typeof v)))
  }
  if (s.properties && typeof s.properties === 'object') {
    own.properties = new Map(
      Object.entries(s.properties as Json).map(([name, p]) => [name, shapeOf(p, root, seen, depth + 1)]),
    )
  }
  if (Array.isArray(s.required)) for (const name of s.required) own.required.add(String(name))
  if (s.items) own.items = shapeOf(s.items, root, seen, depth + 1)
  own.readOnly = s.readOnly === true
  own.writeOnly = s.writeOnly === true
  shape = merge(shape, own)
  if (s.nullable === true && shape.types) shape.types.add('null')
  return shape
}

/** The types as a short text: `string|null`, `integer`, `any`. */
export function typeText(shape: Shape): string {
  if (!shape.types) return 'any'
  const order = ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null']
  return [...shape.types].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join('|') || 'nothing'
}

/** Whether every value of type `t` is also of one of `types` (an integer is a number). */
export function typeCovered(t: string, types: ReadonlySet<string>): boolean {
  return types.has(t) || (t === 'integer' && types.has('number'))
}
