// Checks a response against the contract: documented status, documented media type, body schema
// (openapi-backend's ajv validators, each compiled once).
import type { OperationView } from './contract.ts'
import type { MockResponse } from './http.ts'

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
  const validate = contentType === 'application/json' ? op.responseValidators.get(res.status) : undefined
  if (!validate || validate(res.json)) return null
  const first = validate.errors![0]!
  const params = first.params && Object.keys(first.params).length ? ' ' + JSON.stringify(first.params) : ''
  return fail(`${first.instancePath || '(root)'} ${first.message}${params}`)
}
