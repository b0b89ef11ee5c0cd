import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { kitContract } from '../contract.ts'
import { invalidBody, invalidJson, invalidQueryValue, malformedId, sampleValid, streamSeed } from './generate.ts'

const contract = kitContract()
const queryParams = contract.operations
  .filter((op) => !op.tags.includes('mock-control'))
  .flatMap((op) => op.parameters.filter((p) => p.in === 'query').map((p) => ({ op: op.operationId, param: p })))

describe('negative inputs generated from the contract', () => {
  it('every generated query value is rejected by its parameter schema (as a coerced query string)', () => {
    let constrained = 0
    for (const { op, param } of queryParams) {
      const arb = invalidQueryValue(contract, param)
      if (!arb) continue
      constrained++
      for (const value of fc.sample(arb, { seed: 1, numRuns: 40 })) {
        expect(typeof value).toBe('string')
        if (param.json) {
          let ok = false
          try {
            ok = contract.validate(param.schema, JSON.parse(value)).valid
          } catch {
            // Not JSON: refused as it should be.
          }
          expect(ok, `${op} ${param.name}=${value}`).toBe(false)
        } else {
          expect(contract.validQueryValue(param.schema, value), `${op} ${param.name}=${value}`).toBe(false)
        }
      }
    }
    // limit, offset, format, properties, created_by, page, date_from/date_to, delete_events ... all constrained.
    expect(constrained).toBeGreaterThan(15)
  })

  it('plain strings without constraints yield nothing (there is nothing to break)', () => {
    const distinctId = contract.byId.get('persons_list')!.parameters.find((p) => p.name === 'distinct_id')!
    expect(invalidQueryValue(contract, distinctId)).toBeNull()
  })

  it('every generated body is rejected by the operation body schema, or is not JSON at all', () => {
    for (const op of contract.operations.filter((o) => o.requestBody && !o.tags.includes('mock-control'))) {
      for (const raw of fc.sample(invalidBody(contract, op.requestBody!.schema), { seed: 2, numRuns: 40 })) {
        let parsed: unknown
        try {
          parsed = JSON.parse(raw)
        } catch {
          continue
        }
        expect(contract.validate(op.requestBody!.schema, parsed).valid, `${op.operationId} ${raw}`).toBe(false)
      }
    }
  })

  it('breaks one field next to valid required ones (insight tool: missing or malformed query/insight_type)', () => {
    const schema = contract.byId.get('max_tools_create_and_query_insight')!.requestBody!.schema
    expect(contract.validate(schema, sampleValid(contract, schema)).valid).toBe(true)
    const values = fc.sample(invalidJson(contract, schema)!, { seed: 3, numRuns: 60 })
    expect(values.some((v) => v && typeof v === 'object' && !Array.isArray(v) && !('query' in v))).toBe(true)
    expect(
      values.some(
        (v: any) =>
          typeof v?.insight_type === 'string' && !['trends', 'funnel', 'retention', 'sql'].includes(v.insight_type),
      ),
    ).toBe(true)
    expect(values.some((v) => Array.isArray(v) || typeof v !== 'object')).toBe(true)
  })

  it('malformed ids are never digits (in any script), UUIDs, short ids or dot segments', () => {
    for (const id of fc.sample(malformedId(), { seed: 4, numRuns: 500 })) {
      expect(id.trim()).not.toMatch(/^[+-]?\p{Nd}+$/u)
      expect(id).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
      expect(id).not.toMatch(/^[A-Za-z0-9]{8}$/)
      expect(['.', '..', '']).not.toContain(id.trim())
      expect(() => encodeURIComponent(id)).not.toThrow()
    }
  })

  it('is seeded: the same seed gives the same cases, another seed others', () => {
    const limit = contract.byId.get('persons_list')!.parameters.find((p) => p.name === 'limit')!
    const arb = invalidQueryValue(contract, limit)!
    const a = fc.sample(arb, { seed: streamSeed(9, 'persons_list', 'query limit'), numRuns: 20 })
    const b = fc.sample(arb, { seed: streamSeed(9, 'persons_list', 'query limit'), numRuns: 20 })
    const c = fc.sample(arb, { seed: streamSeed(10, 'persons_list', 'query limit'), numRuns: 20 })
    expect(a).toEqual(b)
    expect(a).not.toEqual(c)
  })
})
