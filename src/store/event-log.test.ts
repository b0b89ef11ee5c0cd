import { describe, expect, it } from 'vitest'
import { EventColumns, EventLog, SET_OF } from './event-log.ts'
import type { EventRecord } from './models.ts'

const shared = Object.freeze({ $browser: 'Chrome' })
const event = (project_id: number, person_uuid: string, event: string, timestamp: number): EventRecord =>
  Object.freeze({
    project_id,
    event,
    distinct_id: `d-${person_uuid}`,
    person_uuid,
    timestamp,
    properties: shared,
    person_properties: Object.freeze({ n: timestamp }),
  })

const base = [
  event(1, 'a', '$pageview', 1),
  event(1, 'b', '$identify', 2),
  event(2, 'c', '$pageview', 3),
  event(1, 'a', 'x', 4),
]

describe('EventColumns', () => {
  it('gives back the records it was built from, sharing their property objects', () => {
    const columns = EventColumns.from(base)
    expect([...columns]).toEqual(base)
    expect(columns.at(0).properties).toBe(shared)
    expect(columns.at(3).person_properties).toBe(base[3]!.person_properties)
    const copy = columns.at(0) as { event: string }
    copy.event = 'changed'
    expect(columns.at(0).event).toBe('$pageview')
    expect(Object.isFrozen(columns.at(0).properties)).toBe(true)
  })

  it('keeps only the chosen projects', () => {
    expect([...EventColumns.from(base).filterProjects((p) => p !== 1)]).toEqual([base[2]])
  })
})

describe('EventLog', () => {
  it('a frozen view keeps the events as they were when taken, whatever the log does after', () => {
    const log = new EventLog(EventColumns.from(base))
    log.add(event(1, 'a', 'late', 5))
    const view = log.frozen()
    const before = log.toArray()
    log.add(event(1, 'b', 'later', 6))
    log.add(event(3, 'd', 'other', 7))
    expect(log.deleteForPerson('a')).toBe(3)
    expect(view.length).toBe(5)
    expect([...view]).toEqual(before)
    // Iterated again: the same events.
    expect([...view].map((e) => e.timestamp)).toEqual([1, 2, 4, 5, 3])
    expect(log.toArray().map((e) => e.timestamp)).toEqual([2, 6, 3, 7])
  })

  it('answers by person and by project over base and appended events, and forgets deleted ones', () => {
    const columns = EventColumns.from(base)
    const log = new EventLog(columns)
    const added = event(1, 'a', 'late', 5)
    log.add(added)
    log.add(event(3, 'd', 'other', 6))
    expect(log.size).toBe(6)
    expect(log.forPerson('a').map((e) => e.event)).toEqual(['$pageview', 'x', 'late'])
    expect([...log.forProject(1)].map((e) => e.timestamp)).toEqual([1, 2, 4, 5])
    expect(log.toArray().map((e) => e.project_id)).toEqual([1, 1, 1, 1, 2, 3])

    expect(log.deleteForPerson('a')).toBe(3)
    expect(log.forPerson('a')).toEqual([])
    expect([...log.forProject(1)].map((e) => e.timestamp)).toEqual([2])
    expect(log.size).toBe(3)
    expect(log.deleteForPerson('a')).toBe(0)

    // A fresh log on the same base (a reset) sees the base untouched.
    const again = new EventLog(columns)
    expect(again.forPerson('a').map((e) => e.timestamp)).toEqual([1, 4])
    expect(again.size).toBe(4)
  })

  it('iterates a project more than once', () => {
    const events = new EventLog(base).forProject(1)
    expect([...events]).toEqual([...events])
  })
})

describe('EventColumns', () => {
  it('keeps every reference as written while its columns widen past 8 and 16 bits', () => {
    const n = 70_000 // distinct ids past 0xffff, persons past 0xff
    const columns = new EventColumns(16)
    const t = columns.tables
    t.projects.add(1)
    t.names.add('$pageview')
    t.properties.add(Object.freeze({}))
    for (let i = 0; i < n; i++) t.distinctIds.add(`d-${i}`)
    for (let i = 0; i < 300; i++) t.persons.add(`p-${i}`)
    for (let i = 0; i < n; i++) columns.append(0, 0, i, i % 300, 0, 0, i)
    columns.done()
    expect(columns.columns.of.distinctId.BYTES_PER_ELEMENT).toBe(4)
    expect(columns.columns.of.person.BYTES_PER_ELEMENT).toBe(2)
    expect(columns.columns.of.project.BYTES_PER_ELEMENT).toBe(1)
    expect(columns.length).toBe(n)
    for (const i of [0, 255, 256, 299, 300, 65_535, 65_536, n - 1]) {
      expect(columns.at(i)).toMatchObject({
        project_id: 1,
        event: '$pageview',
        distinct_id: `d-${i}`,
        person_uuid: `p-${i % 300}`,
        timestamp: i,
      })
    }
  })

  it('reads a properties ref with SET_OF added as { $set: <the properties at the ref> }', () => {
    const columns = new EventColumns(2)
    const person = Object.freeze({ email: 'a@example.com' })
    const t = columns.tables
    t.projects.add(1)
    t.names.add('$identify')
    t.distinctIds.add('d')
    t.persons.add('p')
    t.properties.add(Object.freeze({ $pathname: '/' }))
    t.properties.add(person)
    columns.append(0, 0, 0, 0, SET_OF + 1, 1, 1)
    columns.append(0, 0, 0, 0, 0, 1, 2)
    columns.done()
    expect(columns.at(0).properties).toEqual({ $set: { email: 'a@example.com' } })
    expect((columns.at(0).properties as { $set: unknown }).$set).toBe(person)
    expect(Object.isFrozen(columns.at(0).properties)).toBe(true)
    expect(columns.at(1).properties).toEqual({ $pathname: '/' })
    expect(columns.at(0).person_properties).toBe(person)
  })
})
