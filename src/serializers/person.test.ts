import { describe, expect, it } from 'vitest'
import { toJson } from '../core/http.ts'
import type { PersonRecord } from '../store/models.ts'
import { toPerson } from './person.ts'

const person = (
  id: number,
  distinct_ids: string[],
  properties: Record<string, unknown>,
  last_seen_at: number | null,
): PersonRecord =>
  Object.freeze({
    id,
    uuid: `0188a0b0-0000-7000-8000-00000000000${id}`,
    project_id: 1,
    distinct_ids: Object.freeze(distinct_ids),
    properties: Object.freeze(properties),
    created_at: Date.UTC(2026, 0, 2, 3, 4, 5, 678),
    last_seen_at,
    is_identified: false,
  })

const variants = [
  person(1, ['ann@example.com'], { email: 'ann@example.com', plan: 'free' }, null),
  person(
    2,
    ['0d1e7f2a-1b2c-4d3e-8f40-123456789abc', 'zoë'],
    { name: 'Zoë “quoted” \n line\t\u0001', emoji: '😀', lone: '\ud800' },
    Date.UTC(2026, 5, 1),
  ),
  person(3, ['0d1e7f2a-1b2c-4d3e-8f40-123456789abc'], { nested: { a: [1, 2.5, null, true] }, $browser: 'Chrome' }, 0),
  person(4, [], {}, null),
]

describe('person answers', () => {
  it('name the person by email, name or username, then a distinct id that is not anonymous, then the id', () => {
    expect(JSON.parse(toJson(toPerson(variants[0]!)))).toMatchObject({
      name: 'ann@example.com',
      distinct_ids: ['ann@example.com'],
      last_seen_at: null,
    })
    expect(JSON.parse(toJson(toPerson(variants[1]!)))).toMatchObject({
      name: 'Zoë “quoted” \n line\t\u0001',
      distinct_ids: ['zoë', '0d1e7f2a-1b2c-4d3e-8f40-123456789abc'],
    })
    expect(toPerson(variants[2]!).name).toBe('0d1e7f2a-1b2c-4d3e-8f40-123456789abc')
    expect(toPerson(variants[3]!).name).toBe('4')
  })
})
