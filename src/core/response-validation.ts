// Checks a response against the contract: documented status, documented media type, body schema
// (ajv validators compiled once when the contract loads).
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { BodyValidator, OperationView } from './contract.ts'
import type { MockResponse } from './http.ts'
import { knownValid, markValid } from './json.ts'

export interface ContractViolation {
  operationId: string
  status: number
  message: string
}

export function checkResponse(op: OperationView, res: MockResponse): ContractViolation | null {
  const fail = (message: string): ContractViolation => ({ operationId: op.operationId, status: res.status, message })
  const mediaTypes = op.responses.get(res.status)
  if (!mediaTypes) return fail(`status ${res.status} is not documented for ${op.operationId}`)
  const contentType = res.json !== undefined ? 'application/json' : res.headers['content-type']?.split(';')[0]?.trim()
  if (mediaTypes.length === 0) {
    if (res.json !== undefined || (res.text !== undefined && res.text !== '') || contentType) {
      return fail(
        `status ${res.status} is documented without a body, but the response has one (${contentType ?? 'no content type'})`,
      )
    }
    return null
  }
  if (!contentType || !mediaTypes.includes(contentType)) {
    return fail(
      `content type ${contentType ?? '(none)'} is not documented for status ${res.status} (documented: ${mediaTypes.join(', ')})`,
    )
  }
  if (contentType !== 'application/json') return null
  const validator = op.responseValidators.get(res.status)
  const first = validator ? firstError(validator, res.json) : null
  if (!first) return null
  const where = first.instancePath || '(root)'
  return fail(
    `${where} ${first.message}${first.params && Object.keys(first.params).length ? ' ' + JSON.stringify(first.params) : ''}`,
  )
}

// Immutable rendered records (serializeOnce: deep-frozen) found valid against a schema stay valid, so a
// page of them is checked as the envelope plus the items not seen before: validating every person of a
// 100-person page again was ~40% of a persons list request in-process.
function check(validate: ValidateFunction, value: unknown): ErrorObject | null {
  if (knownValid(value, validate)) return null
  if (!validate(value)) return validate.errors![0]!
  markValid(value, validate)
  return null
}

// A body holding records of its own (a playlist answer: its two users) is checked as the body without
// them plus each record, so a record known valid (marked, shared by every answer naming that user) is
// not validated again: the users' uuid and email formats were most of a playlist's validation, and
// every write renders a new playlist. What is accepted is the same as validating the whole; a body
// refused so is validated whole again, to report the whole validator's own first error.
function membersValid(members: NonNullable<BodyValidator['members']>, body: object): boolean {
  if (!members.outer(body)) return false
  for (const { key, validate } of members.each) {
    const value = (body as Record<string, unknown>)[key]
    // As ajv's `properties`: a member that is undefined is not checked (`required` is the outer's).
    if (value !== undefined && check(validate, value) !== null) return false
  }
  return true
}

function firstError(validator: BodyValidator, body: unknown): ErrorObject | null {
  const members = validator.members
  if (
    members !== undefined &&
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    !knownValid(body, validator.validate)
  ) {
    if (membersValid(members, body)) {
      markValid(body, validator.validate)
      return null
    }
    return check(validator.validate, body)
  }
  const results = (body as { results?: unknown } | null)?.results
  if (!validator.envelope || !validator.item || !Array.isArray(results)) return check(validator.validate, body)
  const envelopeError = check(validator.envelope, body)
  if (envelopeError) return envelopeError
  for (let i = 0; i < results.length; i++) {
    const error = check(validator.item, results[i])
    if (error) return { ...error, instancePath: `/results/${i}${error.instancePath}` }
  }
  return null
}
