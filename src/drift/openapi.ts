// Any OpenAPI document (3.0 or 3.1, YAML or JSON) read into what the drift comparison needs, one entry
// per operation: where it is, what it takes (parameters, a JSON request body) and what it answers
// (JSON bodies by status). Our contract and a deployment's published schema go through the same
// reader, so they are compared like for like.
import { parse as parseYaml } from 'yaml'
import { deref, isJsonMedia, operationsOf, type Json } from '../verify/openapi.ts'
import { shapeOf, type Shape } from './shape.ts'

export interface DocParameter {
  name: string
  in: string
  required: boolean
  shape: Shape
}

export interface DocOperation {
  method: string
  /** The path as written. */
  path: string
  operationId?: string
  tags: string[]
  deprecated: boolean
  /**
   * Our contract's `x-unpublished` (the real view's `extend_schema(exclude=True)`): served by the real
   * service but left out of its published schema, so a schema without it is expected.
   */
  unpublished: boolean
  parameters: DocParameter[]
  requestBody?: { required: boolean; shape: Shape | null }
  /** status -> the JSON body's shape, or null when the status is documented without a JSON body. */
  responses: Map<string, Shape | null>
  /**
   * Its security requirements: alternatives (any one satisfies it), each the scopes it needs (all of
   * them), duplicates dropped; null when it names no scope at all.
   */
  security: string[][] | null
}

export interface ApiDocument {
  title: string
  version: string
  openapi: string
  operations: DocOperation[]
  /** Our contract's x-path-aliases (a prefix served under another); empty for other documents. */
  aliases: Array<{ from: string; to: string }>
}

/** A document that is not an OpenAPI document this can read. */
export class DocumentError extends Error {}

/** JSON or YAML text (drf-spectacular answers YAML unless asked for JSON) as a document object. */
export function parseDocumentText(text: string): Json {
  let data: unknown
  try {
    data = /^\s*\{/.test(text) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 })
  } catch (error) {
    throw new DocumentError(`it is neither JSON nor YAML (${(error as Error).message.split('\n')[0]})`)
  }
  if (!data || typeof data !== 'object' || typeof (data as Json).paths !== 'object') {
    throw new DocumentError('it is not an OpenAPI document (no "paths")')
  }
  return data as Json
}

/** The JSON media type's schema of a content map (null when none of its media types is JSON). */
function jsonShape(content: Json | undefined, root: Json): Shape | null {
  const entry = Object.entries(content ?? {}).find(([type]) => isJsonMedia(type))
  return entry ? shapeOf((entry[1] as Json)?.schema ?? {}, root) : null
}

/**
 * OpenAPI's security requirements: a list of alternatives, each a map of schemes to the scopes they need
 * (all of them); drf-spectacular lists one per authentication class, often the same scopes twice.
 */
function alternatives(security: Array<Record<string, string[]>> | undefined): string[][] | null {
  if (!security) return null
  const seen = new Map<string, string[]>()
  for (const requirement of security) {
    const scopes = [
      ...new Set(
        Object.values(requirement ?? {})
          .flat()
          .map(String),
      ),
    ].sort()
    seen.set(scopes.join(' '), scopes)
  }
  const list = [...seen.values()]
  return list.some((scopes) => scopes.length > 0) ? list : null
}

export function readDocument(doc: Json): ApiDocument {
  const operations = operationsOf(doc).map(({ path, method, op, parameters, security }): DocOperation => {
    const body = deref(doc, op.requestBody) as Json | undefined
    const responses = new Map<string, Shape | null>()
    for (const [status, raw] of Object.entries((op.responses ?? {}) as Json))
      responses.set(status, jsonShape(deref(doc, raw)?.content, doc))
    return {
      method,
      path,
      operationId: typeof op.operationId === 'string' ? op.operationId : undefined,
      tags: Array.isArray(op.tags) ? op.tags.map(String) : [],
      deprecated: op.deprecated === true,
      unpublished: typeof op['x-unpublished'] === 'string',
      parameters: parameters.map((p) => ({
        name: String(p.name),
        in: String(p.in),
        required: p.required === true,
        shape: jsonShape(p.content, doc) ?? shapeOf(p.schema ?? {}, doc),
      })),
      requestBody: body ? { required: body.required === true, shape: jsonShape(body.content, doc) } : undefined,
      responses,
      security: alternatives(security),
    }
  })
  return {
    title: String(doc.info?.title ?? ''),
    version: String(doc.info?.version ?? ''),
    openapi: String(doc.openapi ?? doc.swagger ?? ''),
    operations,
    aliases: Array.isArray(doc['x-path-aliases']) ? doc['x-path-aliases'] : [],
  }
}
