import { getResponse, http, HttpResponse } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../app.ts'
import { contractViolations, testApp } from '../../test/support.ts'
import type { ResponseBody } from '../contract/api-types.ts'
import { createHandlers, DEFAULT_BASE_URL, resolveBaseUrl } from './handlers.ts'
import { setupMockServer } from './node.ts'

const auth = { authorization: 'Bearer phx_mock_all' }

let app: App
beforeAll(async () => {
  app = await testApp()
})

/** What the handlers answer for a request, without any interception (undefined: no handler matched). */
const answer = (handlers: ReturnType<typeof createHandlers>, url: string, init: RequestInit = {}) =>
  getResponse(
    handlers,
    new Request(url, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } }),
  )

describe('createHandlers: which requests reach the core', () => {
  it('defaults to https://us.posthog.com, under /api/ and /_mock/ only', async () => {
    const handlers = createHandlers(app)
    expect(DEFAULT_BASE_URL).toBe('https://us.posthog.com')
    const persons = await answer(handlers, 'https://us.posthog.com/api/environments/1/persons/?limit=2')
    expect(persons?.status).toBe(200)
    const body = (await persons!.json()) as ResponseBody<'persons_list'>
    expect(body.results).toHaveLength(2)
    expect(body.next).toBe('https://us.posthog.com/api/environments/1/persons/?limit=2&offset=2')

    const clock = await answer(handlers, 'https://us.posthog.com/_mock/clock')
    expect(await clock!.json()).toMatchObject({ now: '2026-11-01T00:00:00Z', frozen: true })

    expect(await answer(handlers, 'https://us.posthog.com/static/app.js')).toBeUndefined()
    expect(await answer(handlers, 'https://us.posthog.com/apixyz')).toBeUndefined()
    expect(await answer(handlers, 'https://eu.posthog.com/api/environments/1/persons/')).toBeUndefined()
  })

  it('answers unknown API paths and bad requests with the core, in the error shape', async () => {
    const handlers = createHandlers(app)
    const unknown = await answer(handlers, 'https://us.posthog.com/api/environments/1/nothing-here/')
    expect(unknown?.status).toBe(404)
    expect(await unknown!.json()).toEqual({
      type: 'invalid_request',
      code: 'not_found',
      detail: 'Not found.',
      attr: null,
    })
    const noKey = await getResponse(handlers, new Request('https://us.posthog.com/api/environments/1/persons/'))
    expect(noKey?.status).toBe(401)
    expect(((await noKey!.json()) as { code: string }).code).toBe('not_authenticated')
  })

  it('takes any origin given as baseUrl, and "*" for every origin', async () => {
    const local = createHandlers(app, { baseUrl: 'http://localhost:8010/' })
    expect((await answer(local, 'http://localhost:8010/api/environments/1/persons/1/'))?.status).toBe(200)
    expect(await answer(local, 'https://us.posthog.com/api/environments/1/persons/1/')).toBeUndefined()

    const any = createHandlers(app, { baseUrl: '*' })
    for (const origin of ['http://localhost:3000', 'https://eu.posthog.com', 'http://127.0.0.1:9']) {
      expect((await answer(any, `${origin}/api/environments/1/persons/1/`))?.status).toBe(200)
    }
    expect(await answer(any, 'https://eu.posthog.com/static/api/x.js')).toBeUndefined()
  })

  it('treats a relative base URL as the page origin, or any origin where there is no page (Node)', () => {
    expect(resolveBaseUrl('/')).toBeNull()
    expect(resolveBaseUrl('')).toBeNull()
    const g = globalThis as { location?: unknown }
    g.location = { href: 'http://127.0.0.1:5173/app/index.html' }
    try {
      expect(resolveBaseUrl('/')).toBe('http://127.0.0.1:5173')
    } finally {
      delete g.location
    }
  })

  it('refuses a base URL that is not an origin, saying why', () => {
    expect(() => resolveBaseUrl('https://us.posthog.com/proxy')).toThrow(/has a path/)
    expect(() => resolveBaseUrl('us.posthog.com')).toThrow(/not an origin/)
    expect(() => resolveBaseUrl('/proxy')).toThrow(/relative base URL is "\/"/)
  })
})

describe('setupMockServer (msw/node)', () => {
  let mock: Awaited<ReturnType<typeof setupMockServer>>
  beforeAll(async () => {
    mock = await setupMockServer(
      { fixtures: 'empty-project', onViolation: (v) => contractViolations.push(v) },
      // A handler of the test's own, placed before the mock's: it overrides one operation.
      http.get('https://us.posthog.com/api/environments/1/session_recordings/', () =>
        HttpResponse.json({ forced: true }, { status: 503 }),
      ),
    )
    mock.server.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(() => mock.server.close())

  it('intercepts global fetch and answers from the core', async () => {
    const res = await fetch('https://us.posthog.com/api/environments/1/persons/', { headers: auth })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ count: 0, results: [] })
    expect(mock.app.journal.entries({ operationId: 'persons_list' })).toHaveLength(1)
  })

  it('changes state across calls: a capture through /_mock/ shows up in the persons list', async () => {
    const captured = await fetch('https://us.posthog.com/_mock/projects/1/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: '$identify',
        distinct_id: 'ada',
        properties: { $set: { email: 'ada@example.com' } },
      }),
    })
    expect(captured.status).toBe(201)
    const list = (await (
      await fetch('https://us.posthog.com/api/environments/1/persons/?email=ada@example.com', { headers: auth })
    ).json()) as ResponseBody<'persons_list'>
    expect(list.results.map((p) => p.distinct_ids)).toEqual([['ada']])
  })

  it('lets the caller override an operation with a handler of its own', async () => {
    const res = await fetch('https://us.posthog.com/api/environments/1/session_recordings/', { headers: auth })
    expect(res.status).toBe(503)
  })

  it('leaves requests outside the API to onUnhandledRequest ("error" makes fetch fail)', async () => {
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args.join(' '))
    try {
      // Loopback only: should interception ever let it through, nothing outside this machine is called.
      await expect(fetch('http://127.0.0.1:9/decide/?v=3')).rejects.toThrow()
    } finally {
      console.error = original
    }
    expect(errors.join('\n')).toContain('GET http://127.0.0.1:9/decide/?v=3')
  })
})

describe('the same app behind msw and called directly', () => {
  it('gives the same answer either way (no behaviour of its own in the msw face)', async () => {
    const handlers = createHandlers(app)
    const url = 'https://us.posthog.com/api/environments/1/persons/?limit=5&offset=10'
    const viaMsw = await (await answer(handlers, url))!.text()
    const direct = await (await app.fetch(new Request(url, { headers: auth }))).text()
    expect(viaMsw).toBe(direct)
  })
})
