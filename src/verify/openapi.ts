// One reading of OpenAPI documents for the client tools: local references followed, the operations
// listed with their parameters, JSON media types told apart, and the schema walking strict checking
// needs (every `allOf` merged, object schemas closed). The kit's contract (contract.ts) and drift's
// reading of any deployment's document (drift/openapi.ts) both go through it.
export type Json = Record<string, any>

/** A reference object (schema, parameter, response, path item) followed to what it points at; one that resolves to nothing stays as it is. */
export function deref(root: Json, node: any, depth = 0): any {
  if (!node || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/') || depth > 20) return node
  let target: any = root
  for (const raw of node.$ref.slice(2).split('/')) target = target?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')]
  return target !== null && typeof target === 'object' ? deref(root, target, depth + 1) : node
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

export interface DocEntry {
  path: string
  /** Upper-case. */
  method: string
  op: Json
  /** The path item's parameters and the operation's own, followed. */
  parameters: Json[]
  /** The operation's security requirements, else the document's. */
  security?: Array<Record<string, string[]>>
}

/** Every operation of a document, in its order. */
export function operationsOf(doc: Json): DocEntry[] {
  return Object.entries((doc.paths ?? {}) as Json).flatMap(([path, raw]) => {
    const item = deref(doc, raw) ?? {}
    return HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method: method.toUpperCase(),
      op: item[method],
      parameters: [...(item.parameters ?? []), ...(item[method].parameters ?? [])].map((p: unknown) => deref(doc, p)),
      security: item[method].security ?? doc.security,
    }))
  })
}

/** The types a schema names (`type: x` or a list of them), undefined when it names none. */
export const typesOf = (schema: Json): string[] | undefined =>
  Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : undefined

/** A Content-Type's media type, lower-case, without parameters (null when absent). */
export function mediaTypeOf(header: string | null): string | null {
  return header?.split(';')[0]!.trim().toLowerCase() || null
}

/** `application/json` and the `+json` types. */
export const isJsonMedia = (mediaType: string | null): boolean =>
  /^application\/(.+\+)?json$|\+json$/.test(mediaTypeOf(mediaType) ?? '')

/** The keywords whose values are subschemas (or lists of them), besides `properties`. */
const SUBSCHEMAS = ['additionalProperties', 'items', 'prefixItems', 'oneOf', 'anyOf', 'allOf', 'not']

/** Closes every object schema (of a list of them too) that names its properties but says nothing about others. */
export function closeSchema(schema: any): void {
  if (Array.isArray(schema)) return schema.forEach(closeSchema)
  if (!schema || typeof schema !== 'object') return
  if (schema.properties && typeof schema.properties === 'object') {
    if (schema.additionalProperties === undefined) schema.additionalProperties = false
    Object.values(schema.properties).forEach(closeSchema)
  }
  for (const key of SUBSCHEMAS) closeSchema(schema[key])
}

/**
 * One schema naming every property `schemas` name, so it can be closed as a whole: properties merged
 * (twice named: merged again), `oneOf`/`anyOf` alternatives distributed (each merged with the rest), types
 * intersected (false when none is left). Only what strict checking needs: it judges which fields are
 * named, in answers the contract as written already accepted.
 */
function merged(schemas: any[], doc: Json): any {
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

/** The schema (or a whole document) with every `allOf` in it merged. */
export function mergeAllOf(schema: any, doc: Json): any {
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
