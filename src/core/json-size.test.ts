import { describe, expect, it } from 'vitest'
import { approximateJsonBytes } from './json-size.ts'

describe('approximateJsonBytes', () => {
  const value = {
    name: 'a playlist',
    count: 42,
    ok: true,
    none: null,
    tags: ['x', 'yy'],
    nested: { deep: [1, 2.5, { k: 'v' }] },
  }

  it('is about the length of the JSON text (within a byte an object: its last comma is counted)', () => {
    const exact = JSON.stringify(value).length
    expect(approximateJsonBytes(value)).toBeGreaterThanOrEqual(exact)
    expect(approximateJsonBytes(value)).toBeLessThanOrEqual(exact + 3)
    expect(approximateJsonBytes('x'.repeat(1_000))).toBe(1_002)
  })

  it('stops once past stopAbove, returning more than it', () => {
    const big = { items: Array.from({ length: 10_000 }, (_, i) => ({ i, text: 'abcdefgh' })) }
    const bounded = approximateJsonBytes(big, { stopAbove: 20_000 })
    expect(bounded).toBeGreaterThan(20_000)
    expect(bounded).toBeLessThan(JSON.stringify(big).length / 5)
  })

  it('measures a long array of like items by a sample, within a few percent', () => {
    const page = {
      results: Array.from({ length: 100 }, (_, i) => ({
        id: i,
        distinct_ids: [`user-${i}`],
        properties: { email: `p${i}@example.test`, plan: 'pro' },
      })),
    }
    const exact = JSON.stringify(page).length
    const sampled = approximateJsonBytes(page, { sampleItems: 8 })
    expect(Math.abs(sampled - exact) / exact).toBeLessThan(0.05)
  })
})
