// The auth matrix: every operation of the contract that takes a key, against every way a key can be
// wrong, must answer the real service's status and exact body; another project's records are 404;
// and no answer for one project ever carries the other project's data.
import { beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import type { OperationInfo } from '../src/core/contract.ts'
import { leakedMarkers, otherProjectMarkers } from './fuzz/oracle.ts'
import { clientFor, KEYS, type TestClient, testApp } from './support.ts'

// Besides the fixtures' insight:read-only key (scenario key-without-scopes), a key whose one scope none
// of the operations needs, so every scoped operation is refused to it.
const UNRELATED_KEY = 'phx_test_unrelated_scope'

const KEY_SCOPES: Record<string, string[]> = {
  [KEYS.read]: [
    'person:read',
    'session_recording_playlist:read',
    'session_recording:read',
    'activity_log:read',
    'insight:read',
  ],
  phx_mock_noscope: ['insight:read'],
  [UNRELATED_KEY]: ['dashboard:read'],
}

/** As the real service decides it: the scope itself, or `X:write` for `X:read`. */
const lacks = (scopes: string[], required: string) =>
  !scopes.includes(required) && !(required.endsWith(':read') && scopes.includes(required.replace(/:read$/, ':write')))

/** Bodies and query strings that get past validation, so the handler's own lookup is reached. */
const EXAMPLE_BODIES: Record<string, unknown> = {
  max_tools_create_and_query_insight: { query: 'How many pageviews last week?', insight_type: 'trends' },
  persons_partial_update: { properties: { plan: 'enterprise' } },
  persons_update: { properties: { plan: 'enterprise' } },
  session_recording_playlists_update: { description: 'touched by the auth matrix' },
  session_recording_playlists_recordings_bulk_add: { session_recording_ids: ['auth-matrix'] },
  session_recording_playlists_recordings_bulk_delete: { session_recording_ids: ['auth-matrix'] },
  session_recordings_bulk_viewed: { session_recording_ids: ['auth-matrix'] },
  session_recordings_bulk_not_viewed: { session_recording_ids: ['auth-matrix'] },
  session_recordings_bulk_delete: { session_recording_ids: ['auth-matrix'] },
  session_recording_playlists_create: { name: 'Auth matrix', type: 'collection' },
  session_recording_playlists_partial_update: { description: 'touched by the auth matrix' },
  session_recordings_partial_update: { viewed: true },
  session_recordings_update: { viewed: true },
}
const EXAMPLE_QUERY: Record<string, string> = { persons_delete_property_create: '?$unset=plan' }

const errorBody = (type: string, code: string, detail: string) => ({ type, code, detail, attr: null })

interface Ids {
  id: string
  short_id: string
  session_recording_id: string
}

function idsOf(app: App, projectId: number): Ids {
  const { store } = app
  const playlist = store.playlists
    .all()
    .find((p) => p.project_id === projectId && !p.deleted && p.type === 'collection')!
  return {
    id: String(store.persons.list(projectId)[0]!.id),
    short_id: playlist.short_id,
    session_recording_id: store.recordings.list(projectId)[0]!.id,
  }
}

function pathOf(op: OperationInfo, projectId: number, ids: Ids): string {
  return (
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      // A recording's {id} is its session id; elsewhere {id} is a person's.
      encodeURIComponent(
        name === 'project_id'
          ? String(projectId)
          : name === 'id' && op.path.includes('/session_recordings/')
            ? ids.session_recording_id
            : ids[name as keyof Ids],
      ),
    ) + (EXAMPLE_QUERY[op.operationId] ?? '')
  )
}

function send(
  client: TestClient,
  op: OperationInfo,
  path: string,
  key: string | null,
  headers: Record<string, string> = {},
) {
  const body = EXAMPLE_BODIES[op.operationId] ?? ((op.operation as any).requestBody?.required ? {} : undefined)
  return client.request(op.method, path, { key, body, headers })
}

const app = await testApp({ fixtures: 'key-without-scopes' })
await app.store.addApiKey({
  id: 'key-unrelated',
  value: UNRELATED_KEY,
  label: 'test: dashboard:read',
  user_id: 1,
  scopes: ['dashboard:read'],
  scoped_teams: [],
  scoped_organizations: [],
})
const client = clientFor(app)
const apiOps = app.contract.operations.filter((op) => op.scopes !== null)
const projectOps = apiOps.filter((op) => op.path.includes('{project_id}'))
let own: Ids
let other: Ids

beforeAll(async () => {
  own = idsOf(app, 1)
  other = idsOf(app, 2)
})

describe('auth matrix', () => {
  it('covers every operation that takes a key', () => {
    expect(apiOps.length).toBeGreaterThan(15)
    expect(apiOps.map((op) => op.operationId)).toContain('max_tools_create_and_query_insight')
  })

  describe.each(apiOps.map((op) => [op.operationId, op] as const))('%s', (_, op) => {
    it('no Authorization header: 401 not_authenticated', async () => {
      const res = await send(client, op, pathOf(op, 1, own), null)
      expect(res.status).toBe(401)
      expect(res.body).toEqual(
        errorBody('authentication_error', 'not_authenticated', 'Authentication credentials were not provided.'),
      )
      expect(res.headers.get('www-authenticate')).toBe('Bearer')
    })

    it.each([
      'Token phx_mock_all',
      'Basic dXNlcjpwYXNz',
      'phx_mock_all',
      'Bearer',
      'Bearer x',
      'Bearer pha_oauth_token',
    ])('malformed Authorization header "%s": 401 not_authenticated', async (header) => {
      const res = await send(client, op, pathOf(op, 1, own), null, { authorization: header })
      expect(res.status).toBe(401)
      expect(res.body).toEqual(
        errorBody('authentication_error', 'not_authenticated', 'Authentication credentials were not provided.'),
      )
    })

    it('unknown key: 401 authentication_failed', async () => {
      const res = await send(client, op, pathOf(op, 1, own), 'phx_no_such_key_0123456789')
      expect(res.status).toBe(401)
      expect(res.body).toEqual(
        errorBody(
          'authentication_error',
          'authentication_failed',
          'Personal API key found in request Authorization header is invalid.',
        ),
      )
    })

    it('every key lacking the scope: 403 naming the scope', async () => {
      const required = op.scopes!
      if (required.length === 0) {
        // Any valid key may call it, whatever its scopes.
        const res = await send(client, op, pathOf(op, 1, own), UNRELATED_KEY)
        expect(res.status).toBe(200)
        return
      }
      const lacking = Object.entries(KEY_SCOPES).filter(([, scopes]) => required.some((s) => lacks(scopes, s)))
      expect(lacking.length).toBeGreaterThan(0)
      for (const [key, scopes] of lacking) {
        const missing = required.find((s) => lacks(scopes, s))!
        const res = await send(client, op, pathOf(op, 1, own), key)
        expect({ key, status: res.status, body: res.body }).toEqual({
          key,
          status: 403,
          body: errorBody('authentication_error', 'permission_denied', `API key missing required scope '${missing}'`),
        })
      }
    })

    if (op.path.includes('{project_id}')) {
      it('a key of another project: 403 naming the project', async () => {
        const res = await send(client, op, pathOf(op, 1, own), KEYS.project2)
        expect(res.status).toBe(403)
        expect(res.body).toEqual(
          errorBody(
            'authentication_error',
            'permission_denied',
            'API key does not have access to the requested project: ID 1.',
          ),
        )
      })
    }
  })
})

describe("another project's records", () => {
  const addressed = projectOps.filter((op) => /\{(id|short_id)\}/.test(op.path))

  it.each(addressed.map((op) => [op.operationId, op] as const))(
    "%s with project 2's record in a project-1 path: 404",
    async (_, op) => {
      // An operation the contract documents no success for (playlist DELETE: 405 for any short_id) never looks the record up.
      const refusesAll = ![...op.responses.keys()].some((s) => s < 300)
      for (const ids of [other, { ...other, id: app.store.persons.get(Number(other.id))!.uuid }]) {
        const before = app.snapshot()
        const res = await send(
          client,
          op,
          pathOf(op, 1, {
            ...own,
            id: ids.id,
            short_id: ids.short_id,
            session_recording_id: op.path.includes('/session_recordings/')
              ? ids.session_recording_id
              : own.session_recording_id,
          }),
          KEYS.all,
        )
        if (refusesAll) expect(res.status).toBe(405)
        // The real recording DELETE asks its recording service to delete the id in the caller's project, found or not: 204, and the other project's recording stays.
        else if (op.operationId === 'session_recordings_destroy') expect(res.status).toBe(204)
        // viewed builds the recording it does not find in the caller's project (get_or_build): nobody viewed it.
        else if (op.operationId === 'session_recordings_viewed_retrieve')
          expect(res.body).toEqual({ viewed: false, other_viewers: 0 })
        else if (op.path.includes('/session_recordings/')) {
          expect(res.status).toBe(404)
          expect(res.body).toEqual(errorBody('invalid_request', 'not_found', 'Recording not found'))
        } else {
          expect(res.status).toBe(404)
          expect(res.body).toEqual(errorBody('invalid_request', 'not_found', 'Not found.'))
        }
        expect(app.snapshot().persons).toEqual(before.persons)
        expect(app.snapshot().collections).toEqual(before.collections)
        expect(app.store.recordings.get(2, other.session_recording_id)).toBeDefined()
      }
    },
  )

  it('a project-1 path addressing a project-2 recording never shows it in project 1', async () => {
    const ops = projectOps.filter((op) => op.path.includes('{session_recording_id}'))
    expect(ops.length).toBeGreaterThan(0)
    const markers = otherProjectMarkers(app)
    for (const op of ops) {
      const res = await send(
        client,
        op,
        pathOf(op, 1, { ...own, session_recording_id: other.session_recording_id }),
        KEYS.all,
      )
      expect(res.status).toBeLessThan(500)
      const listed = await client.get(`/api/environments/1/session_recording_playlists/${own.short_id}/recordings/`)
      expect(leakedMarkers(listed.text, '', { uuids: markers.uuids, shortIds: [] })).toEqual([])
    }
  })
})

describe('no answer carries the other project’s data', () => {
  const reads = projectOps.filter((op) => op.method === 'GET')
  const LIST_QUERY = '?limit=500'

  it.each([
    [1, KEYS.all, 2],
    [2, KEYS.project2, 1],
  ] as const)(
    'every read of project %i (key %s) is free of project %i identifiers',
    async (projectId, key, otherId) => {
      const markers = otherProjectMarkers(app, otherId)
      expect(markers.uuids.size).toBeGreaterThan(5)
      const ids = idsOf(app, projectId)
      for (const op of reads) {
        const path =
          pathOf(op, projectId, ids) +
          (op.path.endsWith('{project_id}/persons/') || op.path.endsWith('s/') ? LIST_QUERY : '')
        const res = await client.request('GET', path, { key })
        expect({ op: op.operationId, status: res.status < 500 }).toEqual({ op: op.operationId, status: true })
        expect({ op: op.operationId, leaked: leakedMarkers(res.text, path, markers) }).toEqual({
          op: op.operationId,
          leaked: [],
        })
      }
      for (const path of ['/api/projects/', '/api/users/@me/', '/api/personal_api_keys/@current']) {
        const res = await client.request('GET', path, { key })
        expect(res.status).toBe(200)
        expect(leakedMarkers(res.text, path, markers)).toEqual([])
      }
    },
  )

  it('a key of project 2 lists only project 2', async () => {
    const res = await client.get('/api/projects/', KEYS.project2)
    expect(res.status).toBe(200)
    expect(res.body.results.map((p: any) => p.id)).toEqual([2])
    const me = await client.get('/api/users/@me/', KEYS.project2)
    expect(me.body.team.id).toBe(2)
  })
})
