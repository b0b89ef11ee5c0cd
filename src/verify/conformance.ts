// One response against the contract: status documented for the operation, content type documented for
// that status, body valid against its schema. Fields the contract does not name are noted. A response
// that fails but matches what the contract's `x-observed` notes say the real service does is known drift.
import { describeError, kitContract, type KitOperation, type ObservedNote } from './contract.ts'

export interface Conformance {
  verdict: 'ok' | 'fail' | 'drift'
  problems: string[]
  /** Paths of fields the contract does not name. */
  extras: string[]
  drift?: ObservedNote
}

export interface ResponseShape {
  status: number
  /** Media type without parameters, lower-case; null when absent. */
  contentType: string | null
  text: string
  /** The parsed body when it is JSON and parsed; undefined otherwise. */
  json?: unknown
  jsonError?: string
}

export function mediaTypeOf(header: string | null): string | null {
  if (!header) return null
  return header.split(';')[0]!.trim().toLowerCase() || null
}

export function isJsonMedia(mediaType: string | null): boolean {
  return mediaType === 'application/json' || (mediaType?.endsWith('+json') ?? false)
}

function documentedProblems(op: KitOperation, res: ResponseShape): { problems: string[]; extras: string[] } {
  const contract = kitContract(op.profile)
  const documented = op.responses.get(res.status)
  if (!documented) {
    const known = [...op.responses.keys()].join(', ')
    return { problems: [`status ${res.status} is not documented for ${op.operationId} (documented: ${known})`], extras: [] }
  }
  if (documented.length === 0) {
    const problems: string[] = []
    if (res.text !== '') problems.push(`status ${res.status} is documented without a body, but the response has one`)
    if (res.contentType) problems.push(`status ${res.status} is documented without a body, but the response says Content-Type ${res.contentType}`)
    return { problems, extras: [] }
  }
  const media = documented.find((m) => m.mediaType === res.contentType)
  if (!media) {
    return {
      problems: [`content type ${res.contentType ?? '(none)'} is not documented for status ${res.status} (documented: ${documented.map((m) => m.mediaType).join(', ')})`],
      extras: [],
    }
  }
  if (!isJsonMedia(media.mediaType)) return { problems: [], extras: [] }
  if (res.json === undefined) return { problems: [`the body is not valid JSON: ${res.jsonError ?? 'empty body'}`], extras: [] }
  const result = contract.validate(media.schema, res.json)
  if (!result.valid) return { problems: [`body does not match the contract: ${describeError(result.errors[0]!)}`], extras: [] }
  return { problems: [], extras: contract.extraFields(media.schema, res.json) }
}

/** The note whose real behaviour this response matches, if any. */
export function matchingDrift(op: KitOperation, res: ResponseShape): ObservedNote | undefined {
  for (const note of op.observed) {
    if (note.realStatus === undefined && !note.realSchema) continue
    const documented = op.responses.get(res.status)
    const statusMatches = note.realStatus !== undefined ? res.status === note.realStatus : documented !== undefined && res.status < 300
    if (!statusMatches) continue
    if (note.realSchema) {
      if (res.json === undefined || !note.realSchema(res.json)) continue
    }
    return note
  }
  return undefined
}

export function checkConformance(op: KitOperation, res: ResponseShape): Conformance {
  const { problems, extras } = documentedProblems(op, res)
  if (problems.length === 0) return { verdict: 'ok', problems, extras }
  const drift = matchingDrift(op, res)
  if (drift) return { verdict: 'drift', problems, extras: [], drift }
  return { verdict: 'fail', problems, extras }
}
