// The kit catches the mock's own mistakes: run against deliberately broken variants of the app (handler
// overrides, response validation off so the broken answers get out), each fault is reported as a
// failure of the check that is about it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HandlerContext } from '../src/handlers/context.ts'
import { empty, json } from '../src/core/http.ts'
import { handlers } from '../src/handlers/index.ts'
import { KEYS } from './support.ts'
import { appWith, createDoomedPerson, find, outcomes, verifyApp } from './verify-support.ts'

const broken = (overrides: Record<string, (ctx: HandlerContext) => any>) =>
  appWith({ handlers: overrides, validateResponses: false })

describe('the kit catches a broken deployment', () => {
  // The broken handlers crash on purpose; the core logs each crash.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('a wrong status: retrieve answers 201', async () => {
    const app = await broken({
      async persons_retrieve(ctx) {
        const res = await handlers.persons_retrieve!(ctx)
        return res.status === 200 ? { ...res, status: 201 } : res
      },
    })
    const result = await verifyApp(app, { operations: ['persons_retrieve'] })
    const check = find(result, 'persons_retrieve', 'responses conform to the contract')
    expect(check.outcome).toBe('failed')
    expect(check.message).toContain('status 201 is not documented for persons_retrieve')
    expect(check.exchanges[0]!.response).toMatch(/^201 application\/json/)
    expect(find(result, 'persons_retrieve', 'retrieve matches the list item').outcome).toBe('failed')
    expect(result.ok).toBe(false)
  })

  it('a missing field: persons in the list lose their uuid', async () => {
    const app = await broken({
      async persons_list(ctx) {
        const res = await handlers.persons_list!(ctx)
        const body = res.json as any
        return json(res.status, { ...body, results: body.results.map(({ uuid: _uuid, ...rest }: any) => rest) })
      },
    })
    const result = await verifyApp(app, { operations: ['persons_list'] })
    const check = find(result, 'persons_list', 'responses conform to the contract')
    expect(check.outcome).toBe('failed')
    expect(check.message).toMatch(/body does not match the contract: \/results\/0 must have required property 'uuid'/)
  })

  it('a filter that ignores its value: distinct_id', async () => {
    const app = await broken({
      persons_list(ctx) {
        return handlers.persons_list!({ ...ctx, query: { ...ctx.query, distinct_id: undefined } })
      },
    })
    const result = await verifyApp(app, { operations: ['persons_list'] })
    const check = find(result, 'persons_list', 'filter distinct_id')
    expect(check.outcome).toBe('failed')
    expect(check.message).toMatch(/results do not match distinct_id/)
    expect(check.exchanges[0]!.request).toMatch(/^GET \/api\/environments\/1\/persons\/\?distinct_id=/)
    // The other filters still work, and are reported as passing.
    expect(find(result, 'persons_list', 'filter email').outcome).toBe('passed')
  })

  it("pagination that repeats an item: each page starts with the previous page's last person", async () => {
    const app = await broken({
      persons_list(ctx) {
        const offset = ctx.query.offset ?? 0
        return handlers.persons_list!({ ...ctx, query: { ...ctx.query, offset: offset > 0 ? offset - 1 : 0 } })
      },
    })
    const result = await verifyApp(app, { operations: ['persons_list'] })
    const check = find(result, 'persons_list', 'pagination walk')
    expect(check.outcome).toBe('failed')
    expect(check.message).toMatch(/^id \d+ appears on page 1 and again on page 2$/)
  })

  it('a DELETE that removes a playlist (while still answering 405)', async () => {
    const app = await broken({
      async session_recording_playlists_destroy(ctx) {
        await handlers.session_recording_playlists_partial_update!({ ...ctx, body: { deleted: true } })
        return empty(405)
      },
    })
    const result = await verifyApp(app, { writes: true, tags: ['session_recording_playlists'] })
    const check = find(
      result,
      'session_recording_playlists_destroy',
      'DELETE is 405 with an empty body and keeps the playlist',
    )
    expect(check.outcome).toBe('failed')
    expect(check.message).toMatch(/the playlist is gone after DELETE \(retrieve answers 404\)/)
    expect(find(result, 'session_recording_playlists_create', 'create returns the playlist').outcome).toBe('passed')
  })

  it('a 500 on bad input: a malformed person id crashes retrieve', async () => {
    const app = await broken({
      persons_retrieve(ctx) {
        if (!/^\d+$/.test(ctx.params.id!))
          throw new TypeError(`Cannot read properties of undefined (reading '${ctx.params.id}')`)
        return handlers.persons_retrieve!(ctx)
      },
    })
    const result = await verifyApp(app, { operations: ['persons_retrieve'] })
    const check = find(result, 'persons_retrieve', 'negative input')
    expect(check.outcome).toBe('failed')
    expect(check.message).toMatch(
      /malformed requests were not answered 4xx in the error shape \(path id\); first: id=.* -> 500 \(a server error\)/,
    )
    expect(find(result, 'persons_retrieve', 'retrieve matches the list item').outcome).toBe('passed')
  })

  it('a DELETE of a person that does not remove it', async () => {
    const app = await broken({ persons_destroy: () => empty(204) })
    const doomed = await createDoomedPerson(app)
    const result = await verifyApp(app, { destructive: true, personIds: [doomed], operations: ['persons_destroy'] })
    const check = find(result, 'persons_destroy', 'delete removes the person')
    expect(check.outcome).toBe('failed')
    expect(check.message).toBe(`person ${doomed} can still be retrieved after DELETE (status 200)`)
  })

  it('a key that the deployment lets through: no key and an unknown key must be 401', async () => {
    const app = await broken({})
    // A deployment that forgets authentication on one operation, simulated in front of the app.
    const leaky = async (request: Request) => {
      const url = new URL(request.url)
      if (url.pathname.endsWith('/session_recordings/') && !request.headers.get('authorization')?.includes(KEYS.all)) {
        const headers = new Headers(request.headers)
        headers.set('authorization', `Bearer ${KEYS.all}`)
        return app.fetch(new Request(request, { headers }))
      }
      return app.fetch(request)
    }
    const result = await verifyApp(app, { fetch: leaky, operations: ['session_recordings_list'] })
    expect(find(result, 'session_recordings_list', 'no key is 401')).toMatchObject({
      outcome: 'failed',
      message: 'expected 401, got 200',
    })
    expect(find(result, 'session_recordings_list', 'unknown key is 401')).toMatchObject({
      outcome: 'failed',
      message: 'expected 401, got 200',
    })
  })

  it('runs clean against the unbroken app with the same selections (the faults above are the only cause)', async () => {
    const app = await appWith()
    const doomed = await createDoomedPerson(app)
    const result = await verifyApp(app, {
      writes: true,
      destructive: true,
      personIds: [doomed],
      operations: [
        'persons_retrieve',
        'persons_list',
        'persons_destroy',
        'session_recordings_list',
        'session_recording_playlists_destroy',
        'session_recording_playlists_create',
      ],
    })
    expect(outcomes(result, 'failed')).toEqual([])
  })
})
