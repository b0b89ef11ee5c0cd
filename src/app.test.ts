import { beforeAll, describe, expect, it } from 'vitest'
import { KEYS, testClient, type TestClient } from '../test/support.ts'
import { createApp, type AppliedChange } from './app.ts'

describe('routing and error bodies', () => {
  let client: TestClient
  beforeAll(async () => {
    client = await testClient()
  })

  it('answers with and without the trailing slash, and under /api/projects/ too', async () => {
    const paths = [
      '/api/environments/1/persons/?limit=3',
      '/api/environments/1/persons?limit=3',
      '/api/projects/1/persons/?limit=3',
      '/api/projects/1/persons?limit=3',
    ]
    const bodies = await Promise.all(paths.map((p) => client.get(p)))
    for (const res of bodies) expect(res.status).toBe(200)
    const ids = bodies.map((r) => r.body.results.map((p: any) => p.id))
    expect(new Set(ids.map((x) => JSON.stringify(x))).size).toBe(1)
    // links keep the prefix and the path the client used
    expect(bodies[2]!.body.next).toBe('http://127.0.0.1:8010/api/projects/1/persons/?limit=3&offset=3')
  })

  it('404 in the error shape for an unknown path', async () => {
    const res = await client.get('/api/environments/1/nothing-here/')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null })
  })

  it('405 with an Allow header for a known path and a wrong method', async () => {
    const res = await client.request('PUT', '/api/environments/1/session_recordings/')
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect(res.body).toEqual({
      type: 'invalid_request',
      code: 'method_not_allowed',
      detail: 'Method "PUT" not allowed.',
      attr: null,
    })
    const persons = await client.request('POST', '/api/environments/1/persons/5/')
    expect(persons.status).toBe(405)
    // The real service's methods for the path.
    expect(persons.headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS')
  })

  it('501 not_mocked for an endpoint the real service has and the mock does not serve, after the key and project checks', async () => {
    for (const [method, path, template] of [
      [
        'POST',
        '/api/environments/1/persons/5/update_property/',
        '/api/environments/{project_id}/persons/{id}/update_property/',
      ],
      ['GET', '/api/projects/1/persons/values/?key=email', '/api/environments/{project_id}/persons/values/'],
      [
        'GET',
        '/api/environments/1/session_recordings/0191-abc/snapshots/',
        '/api/environments/{project_id}/session_recordings/{id}/snapshots/',
      ],
      [
        'POST',
        '/api/environments/1/session_recordings/0191-abc/persist/',
        '/api/environments/{project_id}/session_recordings/{id}/persist/',
      ],
    ] as const) {
      const res = await client.request(method, path)
      expect(res.status, path).toBe(501)
      expect(res.body).toEqual({
        type: 'server_error',
        code: 'not_mocked',
        detail: `${method} ${template} exists in the real service, but analytics-mock does not mock it.`,
        attr: null,
      })
    }
    const notMocked = '/persons/5/update_property/'
    expect((await client.request('POST', `/api/environments/1${notMocked}`, { key: null })).status).toBe(401)
    expect((await client.request('POST', `/api/environments/99${notMocked}`)).status).toBe(404)
    // Not a real endpoint at all: 404.
    expect((await client.get('/api/environments/1/persons/5/nonsense/')).status).toBe(404)
  })

  it('OPTIONS: 200 with the view metadata and Allow, after the key check; no key on the control API', async () => {
    const res = await client.request('OPTIONS', '/api/environments/1/session_recording_playlists/abc/')
    expect(res.status).toBe(200)
    expect(res.headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS')
    expect(res.body).toEqual({
      name: 'Session Recording Playlist Instance',
      description: '',
      renders: ['application/json'],
      parses: ['application/json'],
    })
    expect((await client.request('OPTIONS', '/api/environments/1/persons/1/activity/')).body.name).toBe('Activity')
    expect((await client.request('OPTIONS', '/api/environments/1/persons/', { key: null })).status).toBe(401)
    const control = await client.request('OPTIONS', '/_mock/clock', { key: null })
    expect(control.status).toBe(200)
    expect(control.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS')
  })

  it('declares the statuses fault injection answers (429, 500, 502, 503) on every API operation', async () => {
    for (const op of client.app.contract.operations.filter((o) => o.scopes !== null)) {
      for (const status of [429, 500, 502, 503])
        expect(op.responses.get(status), `${op.operationId} ${status}`).toEqual(['application/json'])
    }
  })

  it('the 405 still needs a key (authentication comes first)', async () => {
    expect((await client.request('PUT', '/api/environments/1/session_recordings/', { key: null })).status).toBe(401)
  })

  it('400 parse_error for malformed JSON, and nothing is created', async () => {
    const res = await client.request('POST', '/api/environments/1/max_tools/create_and_query_insight/', {
      rawBody: '{"query": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body.type).toBe('invalid_request')
    expect(res.body.code).toBe('parse_error')
    // Python's json words it, through DRF: the real service's message.
    expect(res.body.detail).toBe('JSON parse error - Expecting value: line 1 column 11 (char 10)')
    expect(res.body.attr).toBeNull()
    expect(client.app.store.insights.count()).toBe(0)
  })

  it('400 validation_error naming the parameter for a wrongly typed or out-of-range query value', async () => {
    const bad = await client.get('/api/environments/1/persons/?limit=ten')
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: 'A valid integer is required.',
      attr: 'limit',
    })
    const negative = await client.get('/api/environments/1/persons/?offset=-1')
    expect(negative.status).toBe(400)
    expect(negative.body).toEqual({
      type: 'validation_error',
      code: 'min_value',
      detail: 'Ensure this value is greater than or equal to 0.',
      attr: 'offset',
    })
  })

  it('413 for a body over 1 MiB, before anything else happens', async () => {
    const res = await client.request('PATCH', '/api/environments/1/persons/1/', {
      rawBody: JSON.stringify({ properties: { blob: 'x'.repeat(1024 * 1024) } }),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    expect(res.body.type).toBe('invalid_request')
    expect(res.body.code).toBe('request_too_large')
    expect(res.body.attr).toBeNull()
    expect((await client.get('/api/environments/1/persons/1/')).body.properties).not.toHaveProperty('blob')
  })

  it('an empty response carries no Content-Type', async () => {
    const res = await client.delete('/_mock/journal', null)
    expect(res.status).toBe(204)
    expect(res.headers.get('content-type')).toBeNull()
    expect(res.text).toBe('')
  })
})

describe('JSON-encoded query parameters', () => {
  it('are validated without type coercion: a number where the contract wants a string is a 400', async () => {
    const client = await testClient()
    const q = (value: unknown) => encodeURIComponent(JSON.stringify(value))
    const list = await client.get(`/api/environments/1/persons/?properties=${q([{ key: 851, value: 'x' }])}`)
    expect(list.status).toBe(400)
    expect(list.body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: 'Not a valid string.',
      attr: 'properties__0__key',
    })
    const timeline = await client.get(
      `/api/environments/1/persons/200/properties_timeline/?events=${q([{ type: 3.5 }])}`,
    )
    expect(timeline.status).toBe(400)
    expect(timeline.body.attr).toBe('events__0__type')
    const fine = await client.get(`/api/environments/1/persons/?properties=${q([{ key: 'plan', value: 'free' }])}`)
    expect(fine.status).toBe(200)
  })
})

describe('changes made by a body DRF parses other than JSON', () => {
  it('a form-encoded write is recorded with its body, so a replay makes the same playlist', async () => {
    const first = await createApp()
    const changes: AppliedChange[] = []
    first.onChange((change) => void changes.push(change))
    const res = await first.fetch(
      new Request('http://127.0.0.1:8010/api/environments/1/session_recording_playlists/', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.all}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=From+a+form&type=collection&pinned=true',
      }),
    )
    expect(res.status).toBe(201)
    const made = (await res.json()) as { short_id: string }
    expect(changes).toHaveLength(1)
    expect(changes[0]!.request?.body).toBe('name=From+a+form&type=collection&pinned=true')

    const second = await createApp()
    expect(await second.replay(changes[0]!)).toBe(201)
    const again = await second.fetch(
      new Request(`http://127.0.0.1:8010/api/environments/1/session_recording_playlists/${made.short_id}/`, {
        headers: { authorization: `Bearer ${KEYS.all}` },
      }),
    )
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ name: 'From a form', type: 'collection', pinned: true })
  })
})
