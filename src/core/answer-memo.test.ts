import { describe, expect, it } from 'vitest'
import type { HandlerContext } from '../handlers/context.ts'
import { handlers } from '../handlers/index.ts'
import { createMock } from '../testing/index.ts'
import { clientFor, KEYS, testApp } from '../../test/support.ts'

/** An app whose persons_retrieve handler counts its runs (and, given `read`, reads the clock as it says). */
async function counted(options: Parameters<typeof testApp>[0] = {}, read?: (ctx: HandlerContext) => void) {
  let runs = 0
  const app = await testApp({
    ...options,
    handlers: {
      persons_retrieve: (ctx: HandlerContext) => {
        runs++
        read?.(ctx)
        return handlers.persons_retrieve!(ctx)
      },
    },
  })
  return { app, client: clientFor(app), runs: () => runs }
}

describe('the answer memo', () => {
  it('gives the same read its answer again, byte for byte and journaled, without making it again', async () => {
    const { app, client, runs } = await counted()
    const first = await client.get('/api/environments/1/persons/1/')
    const second = await client.get('/api/environments/1/persons/1/')
    expect(second.text).toBe(first.text)
    expect(runs()).toBe(1)
    const journaled = app.journal.entries({ operationId: 'persons_retrieve' })
    expect(journaled.map((e) => [e.status, e.validation])).toEqual([
      [200, 'passed'],
      [200, 'passed'],
    ])
  })

  it('makes the answer again after a write, and shows the write', async () => {
    const { client, runs } = await counted()
    await client.get('/api/environments/1/persons/1/')
    expect((await client.patch('/api/environments/1/persons/1/', { properties: { plan: 'memo' } })).status).toBe(200)
    const after = await client.get('/api/environments/1/persons/1/')
    expect(after.body.properties.plan).toBe('memo')
    expect(runs()).toBe(2)
  })

  it('keeps answers apart by key, URL and what the request accepts', async () => {
    const { client, runs } = await counted()
    await client.get('/api/environments/1/persons/1/')
    await client.get('/api/environments/1/persons/1/', KEYS.read)
    await client.get('/api/environments/1/persons/1/?format=json')
    await client.request('GET', '/api/environments/1/persons/1/', { headers: { accept: 'text/csv' } })
    expect(runs()).toBe(4)
    // A refusal is no answer kept: the key without the scope is refused every time.
    const refused = await client.get('/api/environments/1/persons/1/', 'phx_mock_nothing')
    expect(refused.status).toBe(401)
  })

  it('lets every answer go when the clock is set, a reset or a factory changes the state', async () => {
    const mock = await createMock({ now: '2026-11-04T12:00:00Z' })
    const client = clientFor(mock.app)
    const list = async () => (await client.get('/api/environments/1/persons/?limit=500')).body.count as number
    const before = await list()
    await mock.create.person({ properties: { email: 'memo@example.com' } })
    expect(await list()).toBe(before + 1)
    await mock.reset()
    expect(await list()).toBe(before)
  })

  it('under a running clock, keeps an answer made without the clock, and lets one that read it go as the clock moves', async () => {
    let wall = Date.UTC(2026, 10, 4, 12)
    const clock = { now: wall, frozen: false, wall: () => wall }
    const timeless = await counted({ clock })
    await timeless.client.get('/api/environments/1/persons/1/')
    wall += 1000
    await timeless.client.get('/api/environments/1/persons/1/')
    expect(timeless.runs()).toBe(1)

    const timed = await counted({ clock }, (ctx) => ctx.services.clock.now())
    await timed.client.get('/api/environments/1/persons/1/')
    await timed.client.get('/api/environments/1/persons/1/')
    expect(timed.runs()).toBe(1) // the same instant
    wall += 1
    await timed.client.get('/api/environments/1/persons/1/')
    expect(timed.runs()).toBe(2)

    const daily = await counted({ clock }, (ctx) =>
      ctx.services.clock.nowUntil((now) => Math.floor(now / 86_400_000 + 1) * 86_400_000),
    )
    await daily.client.get('/api/environments/1/persons/1/')
    wall += 60_000
    await daily.client.get('/api/environments/1/persons/1/')
    expect(daily.runs()).toBe(1)
    wall += 86_400_000
    await daily.client.get('/api/environments/1/persons/1/')
    expect(daily.runs()).toBe(2)
  })
})
