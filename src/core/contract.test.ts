import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { loadContract } from './contract.ts'

// The validators are compiled on first use and without ajv's check of each schema against the JSON
// Schema meta-schema (the contract is fixed when the package is built): here every one of them is
// compiled and every schema checked, so a broken schema fails the tests instead of a first request.
describe('the contract', () => {
  const contract = loadContract()
  const metaSchema = new Ajv({ strict: false })
  const checkSchema = (schema: unknown, where: string) => {
    expect(metaSchema.validateSchema(schema as object), `${where}: ${metaSchema.errorsText(metaSchema.errors)}`).toBe(
      true,
    )
  }

  it('compiles every request validator, each from a valid JSON Schema', () => {
    let compiled = 0
    for (const op of contract.operations) {
      const validators = contract.api.validator.getRequestValidatorsForOperation(op.operationId)
      expect(validators, op.operationId).not.toBeNull()
      for (const validate of validators!) {
        checkSchema(validate.schema, op.operationId)
        compiled++
      }
      for (const parameter of (op.operation.parameters ?? []) as Array<Record<string, any>>) {
        const schema = parameter.content?.['application/json']?.schema
        if (schema) checkSchema(schema, `${op.operationId} ?${parameter.name}`)
      }
    }
    expect(compiled).toBeGreaterThanOrEqual(contract.operations.length)
  })

  it('compiles every response validator (seed and observed), each from a valid JSON Schema', () => {
    for (const op of contract.operations) {
      for (const view of [op, op.observed]) {
        for (const [status, validate] of view.responseValidators) {
          validate(undefined) // compiled at its first call
          checkSchema(validate.schema, `${op.operationId} ${status}`)
        }
      }
    }
  })
})
