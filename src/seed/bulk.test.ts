import { faker as englishFaker } from '@faker-js/faker/locale/en'
import type { Faker } from '@faker-js/faker'
import { describe, expect, it } from 'vitest'
import { SeededRandom } from '../core/random.ts'
import { BULK_PERSONS, buildBulkPeople, type BulkInput } from './bulk.ts'
import { PersonTable } from '../store/person-table.ts'
import { RecordingTable } from '../store/recording-table.ts'
import { buildDefaultDataset } from './seed.ts'

const ANCHOR = Date.UTC(2026, 10, 1)

function input(seed: number, eventsPerPerson?: number): BulkInput {
  const faker = new (englishFaker.constructor as typeof Faker)({ locale: englishFaker.rawDefinitions })
  faker.seed(seed)
  return {
    faker,
    rng: new SeededRandom(seed),
    anchor: ANCHOR,
    persons: [
      { projectId: 1, count: 600 },
      { projectId: 2, count: 120 },
    ],
    eventsPerPerson,
    recordings: [
      { projectId: 1, count: 900 },
      { projectId: 2, count: 150 },
    ],
    viewerEmails: ['a@hedgebox.net', 'b@hedgebox.net', 'c@hedgebox.net'],
  }
}

const asJson = (people: ReturnType<typeof buildBulkPeople>) => JSON.stringify({ ...people, events: [...people.events] })

describe('the generator of big datasets', () => {
  it('is deterministic for a seed and size, and different for another seed', () => {
    expect(asJson(buildBulkPeople(input(1)))).toBe(asJson(buildBulkPeople(input(1))))
    expect(asJson(buildBulkPeople(input(1)))).not.toBe(asJson(buildBulkPeople(input(2))))
  })

  it('makes the fields and kinds of values the default generator makes, consistent with each other', () => {
    const { persons, events, recordings } = buildBulkPeople(input(3))
    const small = buildDefaultDataset({ persons: 50 })
    expect(Object.keys(persons[0]!)).toEqual(Object.keys(small.persons[0]!))
    // (A big dataset's recordings are read from columns: their fields are what they write.)
    expect(Object.keys(JSON.parse(JSON.stringify(recordings[0]!))).sort()).toEqual(
      Object.keys(small.recordings[0]!).sort(),
    )
    expect(persons.map((p) => p.id)).toEqual(persons.map((_, i) => i + 1))
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    for (const p of persons) expect(p.uuid).toMatch(uuid)
    for (const r of recordings) expect(r.id).toMatch(uuid)
    // No two persons share a distinct id; identified persons have an email, a name, a company and a plan.
    const owner = new Map(persons.flatMap((p) => p.distinct_ids.map((d) => [d, p] as const)))
    expect(owner.size).toBe(persons.reduce((n, p) => n + p.distinct_ids.length, 0))
    const identified = persons.filter((p) => typeof p.properties.email === 'string')
    expect(identified.length / persons.length).toBeGreaterThan(0.75)
    for (const p of identified) {
      expect(p.properties.email).toMatch(/^[a-z0-9.]+@(gmail|yahoo|hotmail)\.com$/)
      for (const key of ['name', 'company', 'plan', '$browser', '$os', '$geoip_country_code'])
        expect(typeof p.properties[key]).toBe('string')
    }
    // Events: 5-15 a person, in time order, by the person's own distinct ids; identify first; last_seen_at the last one.
    const byPerson = new Map<
      string,
      Array<{ event: string; distinct_id: string; timestamp: number; person_properties: unknown }>
    >()
    for (const e of events) {
      if (!byPerson.has(e.person_uuid)) byPerson.set(e.person_uuid, [])
      byPerson.get(e.person_uuid)!.push(e)
    }
    for (const p of persons) {
      const own = byPerson.get(p.uuid)!
      expect(own.length).toBeGreaterThanOrEqual(5)
      expect(own.length).toBeLessThanOrEqual(15)
      expect(own.every((e, i) => i === 0 || e.timestamp >= own[i - 1]!.timestamp)).toBe(true)
      expect(own.every((e) => owner.get(e.distinct_id) === p)).toBe(true)
      expect(own.at(-1)!.timestamp).toBe(p.last_seen_at)
      expect(own.at(-1)!.person_properties).toBe(p.properties)
      expect(p.created_at).toBeLessThanOrEqual(own[0]!.timestamp)
      if (typeof p.properties.email === 'string') expect(own[0]!.event).toBe('$identify')
    }
    // Every recording belongs to a person of its project.
    for (const r of recordings) expect(owner.get(r.distinct_id)?.project_id).toBe(r.project_id)
  })

  it('fills the person and recording tables as the constructors would fill them from its records', () => {
    const { persons, recordings, tables } = buildBulkPeople(input(5))
    const made = { persons: new PersonTable(persons), recordings: new RecordingTable(recordings) }
    for (const projectId of [1, 2]) {
      expect(tables.persons.list(projectId)).toEqual(made.persons.list(projectId))
      expect(tables.recordings.list(projectId)).toEqual(made.recordings.list(projectId))
    }
    for (const p of persons) {
      expect(tables.persons.get(p.id)).toBe(p)
      expect(tables.persons.getByUuid(p.uuid)).toBe(p)
      for (const d of p.distinct_ids) expect(tables.persons.getByDistinctId(p.project_id, d)).toBe(p)
      if (typeof p.properties.email === 'string')
        expect(tables.persons.findByEmail(p.project_id, p.properties.email)).toEqual([p])
    }
    for (const r of recordings) expect(tables.recordings.get(r.project_id, r.id)).toBe(r)
    expect(tables.persons.highestId).toBe(persons.length)
  })

  it('takes a fixed number of events a person', () => {
    const { persons, events } = buildBulkPeople(input(4, 3))
    expect(events.length).toBe(persons.length * 3)
  })

  it('is what buildDefaultDataset uses from BULK_PERSONS persons on, and only there', () => {
    const big = buildDefaultDataset({ persons: BULK_PERSONS, eventsPerPerson: 1, recordings: 10 })
    expect(big.persons.filter((p) => p.project_id === 1)).toHaveLength(BULK_PERSONS)
    expect(big.persons[0]!.distinct_ids[0]).toMatch(/^(user-\d+|[a-z0-9.]+@(gmail|yahoo|hotmail)\.com|[0-9a-f-]{36})$/)
    // The pooled names: far fewer distinct names than persons.
    const names = new Set(big.persons.map((p) => p.properties.name))
    expect(names.size).toBeLessThan(25_000)
    expect(big.playlistItems.length).toBeGreaterThan(0)
    const small = buildDefaultDataset({ persons: 1000 })
    expect(new Set(small.persons.map((p) => p.properties.name)).size).toBeGreaterThan(800)
  })
})
