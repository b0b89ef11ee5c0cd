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
const responsesPointer = (op: KitOperation) => `#/paths/${token(op.path)}/${op.method.toLowerCase()}/responses`

/** What breaks the contract in the response (problems, and where the first one's rule is), else the fields it does not name. */
function documentedProblems(op: KitOperation, res: ResponseShape): Omit<Conformance, 'verdict'> {
  const contract = kitContract(op.profile)
  const documented = op.responses.get(res.status)
  const responses = responsesPointer(op)
  const broken = (rule: string, ...problems: string[]) => ({ problems, extras: [], rule })
  if (!documented) {
    const known = [...op.responses.keys()].join(', ')
    return broken(
      `${responses}: the statuses documented are ${known}`,
      `status ${res.status} is not documented for ${op.operationId} (documented: ${known})`,
    )
  }
  const answer = `${responses}/${res.status}`
  if (documented.length === 0) {
    const without = `status ${res.status} is documented without a body, but the response`
    const problems = [
      ...(res.text !== '' ? [`${without} has one`] : []),
      ...(res.contentType ? [`${without} says Content-Type ${res.contentType}`] : []),
    ]
    return broken(`${answer}: no content (no body, no Content-Type)`, ...problems)
  }
  const media = documented.find((m) => m.mediaType === res.contentType)
  const content = `${answer}/content`
  if (!media) {
    const types = documented.map((m) => m.mediaType).join(', ')
    const problem = `content type ${res.contentType ?? '(none)'} is not documented for status ${res.status} (documented: ${types})`
    return broken(`${content}: ${types}`, problem)
  }
  if (!isJsonMedia(media.mediaType)) return { problems: [], extras: [] }
  const schema = `${content}/${token(media.mediaType)}/schema`
  if (res.json === undefined)
    return broken(`${schema}: a JSON body`, `the body is not valid JSON: ${res.jsonError ?? 'empty body'}`)
  const result = contract.validate(media.schema, res.json)
  if (result.valid) return { problems: [], extras: contract.extraFields(media.schema, res.json) }
  const error = result.errors[0]!
  // A rule inside a named schema is pointed at there (ajv names the document it was reached through
  // before the #); one of the answer's own schema, under the answer.
  const pointer = error.schemaPath.slice(error.schemaPath.indexOf('#'))
  const where = pointer.startsWith('#/components/') ? pointer : `${schema}${pointer.slice(1)}`
  return broken(
    `${where}: ${error.message ?? error.keyword}`,
    `body does not match the contract: ${describeError(error)}`,
  )
}

/** The note whose real behaviour this response matches, if any. */
export const matchingDrift = (op: KitOperation, res: ResponseShape): ObservedNote | undefined =>
  op.observed.find(
    (note) =>
      (note.realStatus !== undefined
        ? res.status === note.realStatus
        : !!note.realSchema && op.responses.has(res.status) && res.status < 300) &&
      (!note.realSchema || (res.json !== undefined && note.realSchema(res.json))),
  )

export function checkConformance(op: KitOperation, res: ResponseShape): Conformance {
  const { problems, extras, rule } = documentedProblems(op, res)
  if (problems.length === 0) return { verdict: 'ok', problems, extras }
  const drift = matchingDrift(op, res)
  if (drift) return { verdict: 'drift', problems, extras: [], drift }
  return { verdict: 'fail', problems, extras, rule }
}
