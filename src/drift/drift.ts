// The library entry: drift({ baseUrl | schemaText, ... }) fetches a deployment's published OpenAPI
// document (the real service serves it at /api/schema/, YAML unless asked for JSON), and compares our
// contract's API operations with it (compare.ts). A client only, like the verify kit: it shares the
// contract document with the mock and nothing else, and speaks HTTP through the fetch it is given.
import { document } from '../contract/document.gen.ts'
import { Client } from '../verify/http.ts'
import { createRedactor } from '../verify/redact.ts'
import type { FetchLike } from '../verify/types.ts'
import { compareOperation, matchOperations, type Finding } from './compare.ts'
import { DocumentError, parseDocumentText, readDocument, type ApiDocument, type DocOperation } from './openapi.ts'

/** Operations of the contract that are not the API's: the mock's control API and the discovery endpoints. */
const NOT_COMPARED_TAGS = ['mock-control', 'discovery']

export const SCHEMA_PATH = '/api/schema/'

export interface DriftOptions {
  /** The deployment: its schema is fetched from `<baseUrl>/api/schema/`. */
  baseUrl?: string
  /** Fetch the schema from this URL instead. */
  schemaUrl?: string
  /** The schema's text (JSON or YAML) instead of fetching it, and what to call where it came from. */
  schemaText?: string
  schemaName?: string
  /** Sent as a Bearer key when given (only to the schema's own URL). */
  apiKey?: string
  fetch?: FetchLike
  timeoutMs?: number
  /** Only these operationIds (default: all the API's). */
  operations?: string[]
  /** Finding ids already accepted (a baseline): reported, but they do not fail the run. */
  accepted?: ReadonlySet<string>
}

export interface DriftResult {
  /** Where the schema came from (a URL, or "(given)"). */
  source: string
  theirs: { title: string; version: string; openapi: string }
  ours: { title: string; version: string }
  /** The operations compared (operationIds, in the contract's order), how many they have, which they lack. */
  /** missing: ours that their schema lacks; unpublished: those marked x-unpublished, expected to be absent. */
  operations: { ids: string[]; compared: number; matched: number; missing: string[]; unpublished: string[] }
  findings: Finding[]
  /** Baseline ids no longer found (the drift they named is gone). */
  resolved: string[]
  summary: { breaking: number; warnings: number; accepted: number }
  /** No breaking change outside the baseline. */
  ok: boolean
}

/** The schema could not be had (no answer, an error status, not an OpenAPI document): exit code 2. */
export class DriftSourceError extends Error {}

async function fetchSchema(url: string, options: DriftOptions): Promise<string> {
  const client = new Client({
    ...options,
    baseUrl: new URL(url).origin,
    projectId: '',
    apiKey: options.apiKey ?? '',
    redact: createRedactor([options.apiKey]),
  })
  const ex = await client.raw('GET', url, { key: options.apiKey ? 'primary' : 'none' })
  if (ex.error) throw new DriftSourceError(`no schema from ${url}: ${ex.error}`)
  if (ex.status !== 200)
    throw new DriftSourceError(`no schema from ${url}: it answered ${ex.status} ${ex.text.slice(0, 200)}`)
  return ex.text
}

/**
 * Our contract's API operations, read like any other document: the ones a client uses, so not the
 * control and discovery endpoints, nor the operations that only refuse (no 2xx answer: the playlist
 * DELETE, a POST on the persons list), which nobody sends or reads anything through.
 */
export function ourOperations(): { doc: ApiDocument; operations: Array<DocOperation & { operationId: string }> } {
  const doc = readDocument(document as Record<string, unknown>)
  const operations = doc.operations.filter(
    (op): op is DocOperation & { operationId: string } =>
      op.operationId !== undefined &&
      !op.tags.some((t) => NOT_COMPARED_TAGS.includes(t)) &&
      [...op.responses.keys()].some((s) => /^2/.test(s)),
  )
  return { doc, operations }
}

export async function drift(options: DriftOptions): Promise<DriftResult> {
  let source: string
  let text: string
  if (options.schemaText !== undefined) {
    source = options.schemaName ?? '(given)'
    text = options.schemaText
  } else {
    const url = options.schemaUrl ?? (options.baseUrl ? options.baseUrl.replace(/\/+$/, '') + SCHEMA_PATH : undefined)
    if (!url) throw new DriftSourceError('a base URL, a schema URL or the schema itself is needed')
    source = url
    text = await fetchSchema(url, options)
  }
  let theirs: ApiDocument
  try {
    theirs = readDocument(parseDocumentText(text))
  } catch (error) {
    if (error instanceof DocumentError)
      throw new DriftSourceError(`the schema from ${source} cannot be read: ${error.message}`)
    throw error
  }
  const { doc: ours, operations: all } = ourOperations()
  const wanted = options.operations && options.operations.length > 0 ? new Set(options.operations) : undefined
  const unknown = [...(wanted ?? [])].filter((id) => !all.some((op) => op.operationId === id))
  if (unknown.length > 0) throw new DriftSourceError(`no operation ${unknown.join(', ')} in the contract`)
  const operations = wanted ? all.filter((op) => wanted.has(op.operationId)) : all
  const matches = matchOperations(ours, operations, theirs)
  const accepted = options.accepted ?? new Set<string>()
  const findings = matches.flatMap(compareOperation).map((f) => (accepted.has(f.id) ? { ...f, accepted: true } : f))
  const found = new Set(findings.map((f) => f.id))
  const breaking = findings.filter((f) => f.severity === 'breaking' && !f.accepted).length
  return {
    source,
    theirs: { title: theirs.title, version: theirs.version, openapi: theirs.openapi },
    ours: { title: ours.title, version: ours.version },
    operations: {
      ids: matches.map((m) => m.ours.operationId),
      compared: matches.length,
      matched: matches.filter((m) => m.theirs).length,
      missing: matches.filter((m) => !m.theirs && !m.ours.unpublished).map((m) => m.ours.operationId),
      unpublished: matches.filter((m) => !m.theirs && m.ours.unpublished).map((m) => m.ours.operationId),
    },
    findings,
    resolved: [...accepted].filter((id) => !found.has(id)).sort(),
    summary: {
      breaking,
      warnings: findings.filter((f) => f.severity === 'warning' && !f.accepted).length,
      accepted: findings.filter((f) => f.accepted).length,
    },
    ok: breaking === 0,
  }
}
