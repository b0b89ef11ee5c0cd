import { describe, expect, it } from 'vitest'
import { loadContract } from './contract.ts'
import { queryValidators, requestValidators } from '../contract/validators.gen.ts'

// The validators are compiled ahead of time (scripts/gen-validators.ts checks each schema against the
// JSON Schema meta-schema as it compiles it); here every operation is held to have them.
describe('the contract', () => {
  const contract = loadContract()

  it('has every request validator: the body, where there is one, and the parameters', () => {
    for (const op of contract.operations) {
      const body = (op.operation.requestBody as any)?.content?.['application/json']
      expect(requestValidators[op.operationId]?.length, op.operationId).toBe(body ? 2 : 1)
      for (const parameter of (op.operation.parameters ?? []) as Array<Record<string, any>>) {
        if (!parameter.content?.['application/json']) continue
        expect(queryValidators[op.operationId]?.[parameter.name], `${op.operationId} ?${parameter.name}`).toBeTypeOf(
          'function',
        )
      }
    }
  })

  it('has a response validator for every JSON answer (seed and observed)', () => {
    for (const op of contract.operations) {
      for (const view of [op, op.observed]) {
        for (const [status, media] of view.responses) {
          if (media.includes('application/json'))
            expect(view.responseValidators.has(status), `${op.operationId} ${status}`).toBe(true)
        }
      }
    }
  })
})
