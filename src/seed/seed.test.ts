import { describe, expect, it } from 'vitest'
import { buildDefaultDataset } from './seed.ts'
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
