import { describe, expect, it } from 'vitest'
import type { PersonRecord } from './models.ts'
import { PersonTable } from './person-table.ts'

const person = (
  id: number,
  projectId: number,
  distinctIds: string[],
  email?: string,
  createdAt = id,
): PersonRecord => ({
  id,
  uuid: `00000000-0000-0000-0000-${String(id).padStart(12, '0')}`,
  project_id: projectId,
  distinct_ids: distinctIds,
  properties: email === undefined ? {} : { email },
  created_at: createdAt,
  last_seen_at: null,
  is_identified: false,
})

describe('PersonTable lookups', () => {
  it('finds by distinct id and email within a project only', () => {
    const table = new PersonTable([
      person(1, 1, ['a', 'shared'], 'x@example.com'),
      person(2, 2, ['shared'], 'x@example.com'),
    ])
    expect(table.getByDistinctId(1, 'shared')?.id).toBe(1)
    expect(table.getByDistinctId(2, 'shared')?.id).toBe(2)
    expect(table.getByDistinctId(3, 'shared')).toBeUndefined()
    expect(table.findByEmail(1, 'x@example.com').map((p) => p.id)).toEqual([1])
    expect(table.findByEmail(2, 'x@example.com').map((p) => p.id)).toEqual([2])
    expect(table.findByEmail(1, 'nobody@example.com')).toEqual([])
  })

  it('keeps every person sharing an email, newest first, through insert, replace and remove', () => {
    const table = new PersonTable([person(1, 1, ['a'], 'dup@example.com'), person(2, 1, ['b'], 'dup@example.com')])
    table.insert(person(3, 1, ['c'], 'dup@example.com'))
    expect(table.findByEmail(1, 'dup@example.com').map((p) => p.id)).toEqual([3, 2, 1])
    table.replace(person(2, 1, ['b'], 'other@example.com'))
    expect(table.findByEmail(1, 'dup@example.com').map((p) => p.id)).toEqual([3, 1])
    expect(table.findByEmail(1, 'other@example.com').map((p) => p.id)).toEqual([2])
    table.remove(table.get(3)!)
    expect(table.findByEmail(1, 'dup@example.com').map((p) => p.id)).toEqual([1])
    table.remove(table.get(1)!)
    expect(table.findByEmail(1, 'dup@example.com')).toEqual([])
    expect(table.getByDistinctId(1, 'a')).toBeUndefined()
    expect(table.getByDistinctId(1, 'b')?.id).toBe(2)
  })

  it('moves distinct ids with a replace (a merge hands them to another record)', () => {
    const table = new PersonTable([person(1, 1, ['a', 'b'])])
    table.replace(person(1, 1, ['a']))
    expect(table.getByDistinctId(1, 'b')).toBeUndefined()
    expect(table.getByDistinctId(1, 'a')?.distinct_ids).toEqual(['a'])
  })
})

describe('PersonTable list order through changes', () => {
  it('keeps each project newest first (created_at, then id) as persons change and go, the same as sorting again', () => {
    const persons = Array.from({ length: 300 }, (_, i) =>
      person(i + 1, 1 + (i % 3 === 0 ? 1 : 0), [`d${i}`], `e${i}@example.com`, i % 7),
    )
    const table = new PersonTable(persons)
    for (let i = 1; i <= 300; i += 4)
      table.replace({ ...table.get(i)!, properties: { email: `changed${i}@example.com` } })
    for (let i = 3; i <= 300; i += 5) table.remove(table.get(i)!)
    for (const projectId of [1, 2]) {
      const expected = [...table.all()]
        .filter((p) => p.project_id === projectId)
        .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
      expect(table.list(projectId)).toEqual(expected)
      expect(table.list(projectId).every((p) => table.get(p.id) === p)).toBe(true)
    }
  })
})

describe('PersonTable made of many persons at once', () => {
  it('finds each by every key and keeps each project in list order, then takes more', () => {
    const persons = [
      person(1, 1, ['a', 'shared'], 'x@example.com', 5),
      person(2, 2, ['shared'], 'x@example.com', 3),
      person(3, 1, ['b'], 'x@example.com', 5),
      person(4, 1, ['c', 'a'], undefined, 1),
      person(5, 1, ['e', 'f', 'g'], 'y@example.com', 2),
    ]
    const table = new PersonTable(persons)
    expect(table.size).toBe(5)
    expect(table.highestId).toBe(5)
    for (const d of ['e', 'f', 'g']) expect(table.getByDistinctId(1, d)?.id).toBe(5)
    expect(table.findByEmail(1, 'y@example.com').map((p) => p.id)).toEqual([5])
    expect(table.getByDistinctId(1, 'a')?.id).toBe(4)
    expect(table.getByDistinctId(2, 'shared')?.id).toBe(2)
    expect(table.getByUuid(persons[2]!.uuid)).toBe(persons[2])
    expect(table.list(1).map((p) => p.id)).toEqual([3, 1, 5, 4])
    table.insert(person(6, 1, ['d'], 'x@example.com', 9))
    expect(table.list(1).map((p) => p.id)).toEqual([6, 3, 1, 5, 4])
  })
})
