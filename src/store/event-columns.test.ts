import { describe, expect, it } from 'vitest'
import { eventColumnsOf, EventRowsWriter, SET_OF } from './event-columns.ts'

describe('EventRowsWriter', () => {
  it('keeps every reference as written while its columns widen past 8 and 16 bits', () => {
    const n = 70_000 // distinct ids past 0xffff, persons past 0xff
    const writer = new EventRowsWriter(n + 1)
    const distinctIds = Array.from({ length: n }, (_, i) => `d-${i}`)
    const persons = Array.from({ length: 300 }, (_, i) => `p-${i}`)
    for (let i = 0; i < n; i++) writer.write(0, 0, i, i % 300, 0, 0, i)
    const rows = writer.finish([1, 1, n, 300, 1])
    expect(rows.refs.map((c) => c.BYTES_PER_ELEMENT)).toEqual([1, 1, 4, 2, 1, 1])
    const columns = eventColumnsOf(rows, {
      projects: [1],
      names: ['$pageview'],
      distinctIds,
      persons,
      properties: [Object.freeze({})],
    })
    expect(columns.length).toBe(n)
    for (const i of [0, 255, 256, 299, 300, 65_535, 65_536, n - 1]) {
      const event = columns.at(i)
      expect(event).toMatchObject({
        project_id: 1,
        event: '$pageview',
        distinct_id: `d-${i}`,
        person_uuid: `p-${i % 300}`,
        timestamp: i,
      })
    }
  })

  it('refuses tables bigger than a column can point into', () => {
    const writer = new EventRowsWriter(1)
    writer.write(0, 0, 0, 0, 0, 0, 1)
    const rows = writer.finish([1, 1, 1, 1, 1])
    const big = Array.from({ length: 300 }, (_, i) => `d-${i}`)
    expect(() =>
      eventColumnsOf(rows, { projects: [1], names: ['x'], distinctIds: big, persons: ['p'], properties: [{}] }),
    ).toThrow(RangeError)
  })
})

describe('a properties ref with SET_OF added', () => {
  it('reads as { $set: <the properties at the ref> }, and keeps its column wide enough when the table is small', () => {
    const writer = new EventRowsWriter(2)
    const person = Object.freeze({ email: 'a@example.com' })
    writer.write(0, 0, 0, 0, SET_OF + 1, 1, 1)
    writer.write(0, 0, 0, 0, 0, 1, 2)
    const columns = eventColumnsOf(writer.finish([1, 1, 1, 1, 2]), {
      projects: [1],
      names: ['$identify'],
      distinctIds: ['d'],
      persons: ['p'],
      properties: [Object.freeze({ $pathname: '/' }), person],
    })
    expect(columns.at(0).properties).toEqual({ $set: { email: 'a@example.com' } })
    expect((columns.at(0).properties as { $set: unknown }).$set).toBe(person)
    expect(Object.isFrozen(columns.at(0).properties)).toBe(true)
    expect(columns.at(1).properties).toEqual({ $pathname: '/' })
    expect(columns.at(0).person_properties).toBe(person)
  })
})
