// A CommonJS module whose exports ESM loaders cannot list: the whole module, then its member.
import dereferenceJsonSchema from 'dereference-json-schema'
import type { Document } from 'openapi-backend'
import { OpenAPIRouter } from 'openapi-backend/router.js'
import { describe, expect, it } from 'vitest'
import { withoutProse } from '../../scripts/gen-types.ts'
import { loadContract } from './contract.ts'
import { document } from '../contract/document.gen.ts'
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

  it('reads in the run-time document what the whole document says: routes, parameters, bodies, media types', () => {
    // The whole document dereferenced at run time, as openapi-backend's own loading does.
    const whole = new OpenAPIRouter({
      definition: dereferenceJsonSchema.dereferenceSync(document as any) as Document,
      ignoreTrailingSlashes: false,
    }).getOperations()
    const facts = (op: (typeof whole)[number]) => ({
      id: op.operationId,
      method: op.method,
      path: op.path,
      tags: op.tags,
      security: op.security,
      parameters: withoutProse(op.parameters),
      requestBody: withoutProse(op.requestBody),
      responses: Object.entries(op.responses ?? {}).map(([status, r]: [string, any]) => [
        status,
        Object.keys(r.content ?? {}),
      ]),
      // The observed notes whole; a note's real schema only checks answers, so the run time keeps it as {}.
      extensions: withoutProse(
        Object.fromEntries(
          Object.entries(op)
            .filter(([key]) => key.startsWith('x-'))
            .map(([key, value]: [string, any]) => [
              key,
              key === 'x-observed' ? value.map((n: any) => ({ ...n, real_schema: n.real_schema && {} })) : value,
            ]),
        ),
      ),
    })
    expect(whole.length).toBeGreaterThan(20)
    expect(contract.operations.map((op) => facts(op.operation))).toEqual(whole.map(facts))
  })
})
