import { readFileSync } from 'node:fs'
import { beforeEach, describe, expect, it } from 'vitest'
import { loadContract } from '../core/contract.ts'
import { createRouter } from '../core/router.ts'
import { testClient, type TestClient } from '../../test/support.ts'

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }

describe('the mock describing itself (/_mock/, no key)', () => {
  let client: TestClient
  beforeEach(async () => {
    client = await testClient()
  })

  it("GET /_mock/health: up, the package's version, the scenario and seed served, the uptime", async () => {
    const res = await client.get('/_mock/health', null)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'ok',
      version: pkg.version,
      scenario: 'default',
      seed: 1,
      uptime_s: expect.any(Number),
    })
    expect(res.body.uptime_s).toBeGreaterThanOrEqual(0)
    await client.post('/_mock/reset', { fixtures: 'empty-project', seed: 3 }, null)
    expect((await client.get('/_mock/health', null)).body).toMatchObject({ scenario: 'empty-project', seed: 3 })
  })

  it("the version it reports is the contract's, which is the package's", () => {
    expect(loadContract().document.info.version).toBe(pkg.version)
  })

  it('GET /_mock/routes: every operation, API paths under both prefixes, with the scopes it needs', async () => {
    const res = await client.get('/_mock/routes', null)
    expect(res.status).toBe(200)
    const { operations } = loadContract()
    expect(res.body.count).toBe(operations.length)
    expect(res.body.results).toHaveLength(operations.length)
    expect(res.body.results).toContainEqual({
      operation_id: 'persons_list',
      method: 'GET',
      paths: ['/api/environments/{project_id}/persons/', '/api/projects/{project_id}/persons/'],
      scopes: ['person:read'],
      tags: ['persons'],
    })
    expect(res.body.results).toContainEqual({
      operation_id: 'mock_routes_list',
      method: 'GET',
      paths: ['/_mock/routes'],
      scopes: null,
      tags: ['mock-control'],
    })
  })

  it('lists only what the router answers, each path to its own operation', async () => {
    const router = createRouter(loadContract())
    const { results } = (await client.get('/_mock/routes', null)).body as {
      results: Array<{ operation_id: string; method: string; paths: string[] }>
    }
    for (const route of results) {
      for (const path of route.paths) {
        const match = router.match(route.method, path.replace(/\{[^}]+\}/g, '1'))
        expect(match.kind === 'operation' && match.op.operationId, `${route.method} ${path}`).toBe(route.operation_id)
      }
    }
  })
})
