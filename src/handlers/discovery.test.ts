import { beforeAll, describe, expect, it } from 'vitest'
import { KEYS, testClient, type TestClient } from '../../test/support.ts'

describe('discovery endpoints real clients call', () => {
  let client: TestClient
  beforeAll(async () => {
    client = await testClient()
  })

  it('GET /api/projects/ lists the projects the key can reach', async () => {
    const all = await client.get('/api/projects/')
    expect(all.status).toBe(200)
    expect(all.body.results.map((p: any) => p.id)).toEqual([1, 2])
    expect(all.body.count).toBe(2)
    const scoped = await client.get('/api/projects/', KEYS.project2)
    expect(scoped.body.results.map((p: any) => p.id)).toEqual([2])
    expect((await client.get('/api/projects/', null)).status).toBe(401)
  })

  it('GET /api/projects/ pages as DRF LimitOffsetPagination: lenient limit and offset, links in its form', async () => {
    const first = await client.get('/api/projects/?limit=1')
    expect(first.body.results.map((p: any) => p.id)).toEqual([1])
    expect(first.body.previous).toBeNull()
    expect(new URL(first.body.next).search).toBe('?limit=1&offset=1')
    const next = new URL(first.body.next)
    const second = await client.get(next.pathname + next.search)
    expect(second.body.results.map((p: any) => p.id)).toEqual([2])
    expect(second.body.next).toBeNull()
    expect(new URL(second.body.previous).search).toBe('?limit=1')
    for (const query of ['limit=0', 'limit=-3', 'limit=abc', 'offset=-1', 'offset=x']) {
      const lenient = await client.get(`/api/projects/?${query}`)
      expect(lenient.status, query).toBe(200)
      expect(
        lenient.body.results.map((p: any) => p.id),
        query,
      ).toEqual([1, 2])
    }
  })

  it('GET /api/users/@me/ answers for the key user, with organization and team', async () => {
    const res = await client.get('/api/users/@me/', KEYS.project2)
    expect(res.status).toBe(200)
    expect(res.body.team.id).toBe(2)
    expect(res.body.organization.id).toBe(res.body.team.organization)
    expect(res.body.organizations).toHaveLength(1)
    expect(typeof res.body.distinct_id).toBe('string')
    expect(res.body.email).toMatch(/@/)
  })

  it('GET /api/personal_api_keys/@current describes the key without revealing it', async () => {
    const res = await client.get('/api/personal_api_keys/@current', KEYS.project2)
    expect(res.status).toBe(200)
    expect(res.body.scopes).toEqual(['*'])
    expect(res.body.scoped_teams).toEqual([2])
    expect(res.body.scoped_organizations).toEqual([])
    expect(res.text).not.toContain(KEYS.project2)
    const read = await client.get('/api/personal_api_keys/@current', KEYS.read)
    expect(read.body.scopes).toContain('person:read')
    expect(read.body.scopes).not.toContain('person:write')
  })
})
