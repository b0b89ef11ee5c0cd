import { beforeAll, describe, expect, it } from 'vitest'
import { KEYS, testClient, type TestClient } from '../../test/support.ts'

const PERSONS = '/api/environments/1/persons/'

describe('authentication, scopes and project access (in the real service order and words)', () => {
  let client: TestClient
  beforeAll(async () => {
    client = await testClient()
    await client.app.store.addApiKey({
      id: 'key-person-write',
      value: 'phx_person_write',
      label: 'person write only',
      user_id: 1,
      scopes: ['person:write'],
      scoped_teams: [],
      scoped_organizations: [],
    })
  })

  it('401 not_authenticated without an Authorization header, with WWW-Authenticate', async () => {
    const res = await client.get(PERSONS, null)
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect(res.body).toEqual({
      type: 'authentication_error',
      code: 'not_authenticated',
      detail: 'Authentication credentials were not provided.',
      attr: null,
    })
  })

  it('401 not_authenticated for a malformed header (not "Bearer <key>")', async () => {
    for (const header of ['Token phx_mock_all', 'Bearer', 'Bearer    ', 'phx_mock_all']) {
      const res = await client.request('GET', PERSONS, { key: null, headers: { authorization: header } })
      expect(res.status, header).toBe(401)
      expect(res.body.code, header).toBe('not_authenticated')
    }
  })

  it('401 authentication_failed for an unknown key, naming where the key was found', async () => {
    const res = await client.get(PERSONS, 'phx_not_a_key')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({
      type: 'authentication_error',
      code: 'authentication_failed',
      detail: 'Personal API key found in request Authorization header is invalid.',
      attr: null,
    })
    const viaQuery = await client.get(`${PERSONS}?personal_api_key=phx_nope`, null)
    expect(viaQuery.status).toBe(401)
    expect(viaQuery.body.detail).toBe('Personal API key found in request query string is invalid.')
  })

  it('accepts the key in the query string as the real service does', async () => {
    const res = await client.get(`${PERSONS}?personal_api_key=${KEYS.all}&limit=1`, null)
    expect(res.status).toBe(200)
    expect(res.body.results).toHaveLength(1)
  })

  it('403 naming the missing scope', async () => {
    const res = await client.post('/api/environments/1/session_recording_playlists/', { type: 'collection' }, KEYS.read)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: "API key missing required scope 'session_recording_playlist:write'",
      attr: null,
    })
    const recordings = await client.get('/api/environments/1/session_recordings/', 'phx_person_write')
    expect(recordings.status).toBe(403)
    expect(recordings.body.detail).toBe("API key missing required scope 'session_recording:read'")
  })

  it('a :write scope satisfies the :read scope', async () => {
    const res = await client.get(`${PERSONS}?limit=2`, 'phx_person_write')
    expect(res.status).toBe(200)
    expect(res.body.results).toHaveLength(2)
  })

  it('403 for a project outside the key, 404 for an unknown or malformed project', async () => {
    const other = await client.get(PERSONS, KEYS.project2)
    expect(other.status).toBe(403)
    expect(other.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: 'API key does not have access to the requested project: ID 1.',
      attr: null,
    })
    expect((await client.get('/api/environments/2/persons/?limit=1', KEYS.project2)).status).toBe(200)
    for (const project of ['999', 'abc']) {
      const res = await client.get(`/api/environments/${project}/persons/`)
      expect(res.status, project).toBe(404)
      expect(res.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Project not found.', attr: null })
    }
  })

  it('checks in order: 401 before 403 before 404 before 400', async () => {
    // unknown project + bad limit + no key -> 401
    expect((await client.get('/api/environments/999/persons/?limit=x', null)).status).toBe(401)
    // missing scope wins over unknown project and bad params
    expect((await client.get('/api/environments/999/session_recordings/?limit=x', 'phx_person_write')).status).toBe(403)
    // unknown project wins over bad params
    expect((await client.get('/api/environments/999/persons/?limit=x')).status).toBe(404)
    expect((await client.get('/api/environments/1/persons/?limit=x')).status).toBe(400)
  })
})
