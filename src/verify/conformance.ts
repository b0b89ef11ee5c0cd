// One response against the contract: status documented for the operation, content type documented for
// that status, body valid against its schema. Fields the contract does not name are noted. A response
// that fails but matches what the contract's `x-observed` notes say the real service does is known drift.
import { describeError, kitContract, type KitOperation, type ObservedNote } from './contract.ts'
import { isJsonMedia } from './openapi.ts'

export interface Conformance {
  verdict: 'ok' | 'fail' | 'drift'
  problems: string[]
  /** Where in the contract the first problem's rule is (a JSON pointer into contracts/openapi.yaml, and what it asks). */
  rule?: string
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

/** A JSON pointer token (RFC 6901). */
const token = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1')

/** Where an operation's documented responses are in the contract: `#/paths/~1api~1.../get/responses`. */
export const responsesPointer = (op: KitOperation) => `#/paths/${token(op.path)}/${op.method.toLowerCase()}/responses`

function documentedProblems(
  op: KitOperation,
  res: ResponseShape,
): { problems: string[]; extras: string[]; rule?: string } {
  const contract = kitContract(op.profile)
  const documented = op.responses.get(res.status)
  const responses = responsesPointer(op)
  if (!documented) {
    const known = [...op.responses.keys()].join(', ')
    return {
      problems: [`status ${res.status} is not documented for ${op.operationId} (documented: ${known})`],
      extras: [],
      rule: `${responses}: the statuses documented are ${known}`,
    }
  }
  const answer = `${responses}/${res.status}`
  if (documented.length === 0) {
    const problems: string[] = []
    if (res.text !== '') problems.push(`status ${res.status} is documented without a body, but the response has one`)
    if (res.contentType)
      problems.push(
        `status ${res.status} is documented without a body, but the response says Content-Type ${res.contentType}`,
      )
    return { problems, extras: [], rule: `${answer}: no content (no body, no Content-Type)` }
  }
  const media = documented.find((m) => m.mediaType === res.contentType)
  const content = `${answer}/content`
  if (!media) {
    const types = documented.map((m) => m.mediaType).join(', ')
    return {
      problems: [
        `content type ${res.contentType ?? '(none)'} is not documented for status ${res.status} (documented: ${types})`,
      ],
      extras: [],
      rule: `${content}: ${types}`,
    }
  }
  if (!isJsonMedia(media.mediaType)) return { problems: [], extras: [] }
  const schema = `${content}/${token(media.mediaType)}/schema`
  if (res.json === undefined)
    return {
      problems: [`the body is not valid JSON: ${res.jsonError ?? 'empty body'}`],
      extras: [],
      rule: `${schema}: a JSON body`,
    }
  const result = contract.validate(media.schema, res.json)
  if (!result.valid) {
    const error = result.errors[0]!
    // A rule inside a named schema is pointed at there (ajv names the document it was reached through
    // before the #); one of the answer's own schema, under the answer.
    const pointer = error.schemaPath.slice(error.schemaPath.indexOf('#'))
    const where = pointer.startsWith('#/components/') ? pointer : `${schema}${pointer.slice(1)}`
    return {
      problems: [`body does not match the contract: ${describeError(error)}`],
      extras: [],
      rule: `${where}: ${error.message ?? error.keyword}`,
    }
  }
  return { problems: [], extras: contract.extraFields(media.schema, res.json) }
}

/** The note whose real behaviour this response matches, if any. */
export function matchingDrift(op: KitOperation, res: ResponseShape): ObservedNote | undefined {
  for (const note of op.observed) {
    if (note.realStatus === undefined && !note.realSchema) continue
    const documented = op.responses.get(res.status)
    const statusMatches =
      note.realStatus !== undefined ? res.status === note.realStatus : documented !== undefined && res.status < 300
    if (!statusMatches) continue
    if (note.realSchema) {
      if (res.json === undefined || !note.realSchema(res.json)) continue
    }
    return note
  }
  return undefined
}

export function checkConformance(op: KitOperation, res: ResponseShape): Conformance {
  const { problems, extras, rule } = documentedProblems(op, res)
  if (problems.length === 0) return { verdict: 'ok', problems, extras }
  const drift = matchingDrift(op, res)
  if (drift) return { verdict: 'drift', problems, extras: [], drift }
  return { verdict: 'fail', problems, extras, rule }
}
