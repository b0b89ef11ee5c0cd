import { describe, expect, it } from 'vitest'
import { BIG_PERSONS, buildDefaultDataset } from './seed.ts'
import { testClient } from '../../test/support.ts'

describe('the default dataset', () => {
  it('is the same, byte for byte, for the same seed, and different for another seed', () => {
    const a = JSON.stringify(buildDefaultDataset({ seed: 1 }))
    const b = JSON.stringify(buildDefaultDataset({ seed: 1 }))
    const c = JSON.stringify(buildDefaultDataset({ seed: 2 }))
    expect(a).toBe(b)
    expect(a).not.toBe(c)
  })

  it('has the shape the README promises: two projects in one organization, ~200 persons, ~300 recordings', () => {
    const ds = buildDefaultDataset()
    expect(ds.organizations).toHaveLength(1)
    expect(ds.projects.map((p) => p.id)).toEqual([1, 2])
    expect(new Set(ds.projects.map((p) => p.organization_id)).size).toBe(1)
    expect(ds.users.length).toBeGreaterThanOrEqual(3)
    expect(ds.persons.filter((p) => p.project_id === 1)).toHaveLength(200)
    expect(ds.persons.filter((p) => p.project_id === 2).length).toBeLessThan(200)
    expect(ds.recordings.filter((r) => r.project_id === 1)).toHaveLength(300)
    expect(ds.playlists.length).toBeGreaterThanOrEqual(3)
    expect(ds.apiKeys.map((k) => k.value)).toEqual([
      'phx_mock_all',
      'phx_mock_read',
      'phx_mock_project2',
      'phx_mock_legacy',
    ])
    // realistic properties on identified persons
    const identified = ds.persons.filter((p) => typeof p.properties.email === 'string')
    expect(identified.length).toBeGreaterThan(100)
    for (const key of ['email', 'name', '$browser', '$os', 'plan'])
      expect(identified[0]!.properties).toHaveProperty(key)
    // every recording belongs to a person of its project through a distinct id
    const byDistinctId = new Map(
      ds.persons.flatMap((p) => p.distinct_ids.map((d) => [`${p.project_id}:${d}`, p] as const)),
    )
    for (const r of ds.recordings) expect(byDistinctId.has(`${r.project_id}:${r.distinct_id}`)).toBe(true)
  })

  it('two apps with one seed answer identically; another seed answers differently', async () => {
    const paths = [
      '/api/environments/1/persons/?limit=50&offset=20',
      '/api/environments/1/persons/17/',
      '/api/environments/1/session_recordings/?limit=20',
      '/api/environments/2/persons/',
    ]
    const [a, b, c] = await Promise.all([testClient({ seed: 7 }), testClient({ seed: 7 }), testClient({ seed: 8 })])
    for (const path of paths) {
      const [ra, rb, rc] = await Promise.all([a.get(path), b.get(path), c.get(path)])
      expect(ra.status).toBe(200)
      expect(ra.text).toBe(rb.text)
      expect(ra.text).not.toBe(rc.text)
    }
  })
})

describe('a big dataset (from BIG_PERSONS persons on)', () => {
  const big = buildDefaultDataset({ persons: BIG_PERSONS, eventsPerPerson: 1, recordings: 1000 })
  const small = buildDefaultDataset({ persons: 1000 })

  it('has the fields and kinds of values the default data has, consistent with each other', () => {
    const { persons, recordings } = big
    expect(persons.filter((p) => p.project_id === 1)).toHaveLength(BIG_PERSONS)
    expect(Object.keys(persons[0]!)).toEqual(Object.keys(small.persons[0]!))
    // (Its recordings are read from columns: their fields are what they write.)
    expect(Object.keys(JSON.parse(JSON.stringify(recordings[0]!)))).toEqual(Object.keys(small.recordings[0]!))
    expect(persons.map((p) => p.id)).toEqual(persons.map((_, i) => i + 1))
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    for (const p of persons.slice(0, 10_000)) expect(p.uuid).toMatch(uuid)
    for (const r of recordings) expect(r.id).toMatch(uuid)
    // No two persons share a distinct id; identified persons have an email, a name, a company and a plan.
    const owner = new Map(persons.flatMap((p) => p.distinct_ids.map((d) => [d, p] as const)))
    expect(owner.size).toBe(persons.reduce((n, p) => n + p.distinct_ids.length, 0))
    const identified = persons.filter((p) => typeof p.properties.email === 'string')
    expect(identified.length / persons.length).toBeGreaterThan(0.75)
    for (const p of identified.slice(0, 5000)) {
      expect(p.properties.email).toMatch(/^[a-z0-9.]+@(gmail|yahoo|hotmail)\.com$/)
      for (const key of ['name', 'company', 'plan', '$browser', '$os', '$geoip_country_code'])
        expect(typeof p.properties[key]).toBe('string')
    }
    for (const r of recordings) expect(owner.get(r.distinct_id)?.project_id).toBe(r.project_id)
  })

  it('takes a fixed number of events a person, and draws names from a pool (far fewer names than persons)', () => {
    expect(big.events.length).toBe(big.persons.length)
    expect(new Set(big.persons.map((p) => p.properties.name)).size).toBeLessThan(25_000)
    expect(new Set(small.persons.map((p) => p.properties.name)).size).toBeGreaterThan(800)
    expect(big.playlistItems.length).toBeGreaterThan(0)
  })

  it('is deterministic for a seed and size', () => {
    const again = buildDefaultDataset({ persons: BIG_PERSONS, eventsPerPerson: 1, recordings: 1000 })
    expect(JSON.stringify(again.persons)).toBe(JSON.stringify(big.persons))
    expect(JSON.stringify(again.recordings)).toBe(JSON.stringify(big.recordings))
    for (const i of [0, 1, 77_777, big.events.length - 1]) expect(again.events.at(i)).toEqual(big.events.at(i))
  })
})
