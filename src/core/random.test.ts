import { describe, expect, it } from 'vitest'
import { ALPHANUMERIC, SeededRandom } from './random.ts'

describe('SeededRandom', () => {
  it('makes the sequence it always made for a seed (ids in saved states and fixtures depend on it)', () => {
    const r = new SeededRandom(1)
    expect([r.uuid(), r.string(8, ALPHANUMERIC), r.uuid(), r.string(3, 'xyz'), r.uuid()]).toEqual([
      '35c8cada-6699-4406-8558-2925aa04322d',
      '792Uc5z9',
      'bc2a8790-c955-409e-b901-50f4a6946315',
      'xyy',
      '40f16dd9-b67a-4438-88ad-799816da49a2',
    ])
    const later = new SeededRandom(42)
    for (let i = 0; i < 1000; i++) later.uuid()
    expect(later.uuid()).toBe('3ba11969-cd9f-4575-887b-5e9307a8064b')
    expect(later.state).toBe(1563637808)
  })

  it('uuids are version 4 with the RFC 4122 variant; long strings come whole', () => {
    const r = new SeededRandom(7)
    for (let i = 0; i < 200; i++)
      expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const long = r.string(10_000, 'ab')
    expect(long).toHaveLength(10_000)
    expect(long).toMatch(/^[ab]+$/)
  })
})
