// What every endpoint shares: keys and scopes (posthog/permissions.py, posthog/auth.py), the error shape
// (drf-exceptions-hog), the framework's OPTIONS and 405, and the insight tool's scopes (ee/api/max_tools.py).
import { expect } from 'vitest'
import { P, status, type FidelityCase } from './harness.ts'

const PERMS = 'posthog/permissions.py (APIScopePermission)'
const NO_SCOPE = 'This action does not support Personal API Key access'
const NO_SCOPE_SEED =
  'seed 4.2 and 4.3 list no scope for the properties timeline and the playlist-recording actions: the default profile lets a key that may read (or write) the resource call them'

export const platformCases: FidelityCase[] = [
  {
    id: 'auth/missing-key',
    source: 'posthog/test/base.py (ErrorResponsesMixin.unauthenticated_response)',
    behaviour: 'no key: 401 not_authenticated "Authentication credentials were not provided."',
    async run(api) {
      const res = await api.get(`${P}/persons/`, null)
      status(res, 401)
      expect(res.body).toEqual({
        type: 'authentication_error',
        code: 'not_authenticated',
        detail: 'Authentication credentials were not provided.',
        attr: null,
      })
    },
  },
  {
    id: 'auth/invalid-key',
    source: 'posthog/auth.py (PersonalAPIKeyAuthentication.validate_key)',
    behaviour: 'an unknown key in the header: 401 authentication_failed naming where it was found',
    async run(api) {
      const res = await api.get(`${P}/persons/`, 'phx_not_a_key')
      status(res, 401)
      expect(res.body).toEqual({
        type: 'authentication_error',
        code: 'authentication_failed',
        detail: 'Personal API key found in request Authorization header is invalid.',
        attr: null,
      })
    },
  },
  {
    id: 'auth/missing-scope',
    source: PERMS,
    behaviour:
      'a key without the scope: 403 "API key missing required scope \'person:read\'"; X:write satisfies X:read',
    async run(api) {
      const res = await api.get(`${P}/persons/`, await api.key(['session_recording:read']))
      status(res, 403)
      expect(res.body).toEqual({
        type: 'authentication_error',
        code: 'permission_denied',
        detail: "API key missing required scope 'person:read'",
        attr: null,
      })
      status(await api.get(`${P}/persons/`, await api.key(['person:write'])), 200)
    },
  },
  {
    id: 'auth/unknown-project',
    source: 'posthog/api/routing.py (TeamAndOrgViewSetMixin.team)',
    behaviour: 'an unknown project: 404 "Project not found."',
    async run(api) {
      const res = await api.get('/api/environments/999999/persons/')
      status(res, 404)
      expect(res.body.detail).toBe('Project not found.')
    },
  },
  {
    id: 'auth/no-scope-declared-timeline',
    source: `${PERMS}: an action without required scopes refuses scoped keys`,
    behaviour:
      'a scoped key (even *) on the properties timeline: 403 "This action does not support Personal API Key access"; a legacy key passes',
    seedOverrules: NO_SCOPE_SEED,
    async run(api) {
      const person = await api.person(['t'])
      const res = await api.get(`${P}/persons/${person.id}/properties_timeline/`, await api.key(['*']))
      status(res, 403)
      expect(res.body.detail).toBe(NO_SCOPE)
      status(await api.get(`${P}/persons/${person.id}/properties_timeline/`), 200)
    },
  },
  {
    id: 'auth/no-scope-declared-playlist-recordings',
    source: `${PERMS}; posthog/session_recordings/session_recording_playlist_api.py (modify_recordings declares no scope)`,
    behaviour:
      'a scoped key adding or removing a playlist recording: 403 "This action does not support Personal API Key access"',
    seedOverrules: NO_SCOPE_SEED,
    async run(api) {
      const p = await api.mock.create.playlist({ name: 'p' })
      const key = await api.key(['session_recording_playlist:write'])
      for (const method of ['POST', 'DELETE']) {
        const res = await api.request(method, `${P}/session_recording_playlists/${p.short_id}/recordings/r1/`, { key })
        status(res, 403)
        expect(res.body.detail).toBe(NO_SCOPE)
      }
    },
  },
  {
    id: 'auth/insight-tool-scopes',
    source: 'ee/api/max_tools.py (required_scopes insight:read and query:read)',
    behaviour:
      'the insight tool needs query:read besides insight:read: 403 "API key missing required scope \'query:read\'"',
    seedOverrules: 'seed 4.1 and 5: the insight tool requires insight:read',
    async run(api) {
      const res = await api.post(
        `${P}/max_tools/create_and_query_insight/`,
        { query: 'pageviews', insight_type: 'trends' },
        await api.key(['insight:read']),
      )
      status(res, 403)
      expect(res.body.detail).toBe("API key missing required scope 'query:read'")
    },
  },
  {
    id: 'max-tools/missing-field',
    source:
      'ee/api/test/test_max_tools.py (TestMaxToolsAPI: a missing insight_type is a required error on insight_type)',
    behaviour: 'the insight tool without insight_type: 400 code required, attr insight_type',
    async run(api) {
      const res = await api.post(`${P}/max_tools/create_and_query_insight/`, { query: 'pageviews' })
      status(res, 400)
      expect(res.body).toMatchObject({ type: 'validation_error', code: 'required', attr: 'insight_type' })
    },
  },
  {
    id: 'http/options',
    source:
      'rest_framework/views.py (APIView.options, SimpleMetadata); posthog/permissions.py (OPTIONS needs the read scope)',
    behaviour: 'OPTIONS answers 200 with the view metadata and the Allow header, after the key check',
    async run(api) {
      const res = await api.request('OPTIONS', `${P}/persons/`)
      status(res, 200)
      expect(res.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS')
      expect(res.body).toMatchObject({
        name: 'Person List',
        renders: expect.arrayContaining(['application/json', 'text/csv']),
        parses: ['application/json'],
      })
      status(await api.request('OPTIONS', `${P}/persons/`, { key: null }), 401)
    },
  },
  {
    id: 'http/405',
    source: 'posthog/test/base.py (ErrorResponsesMixin.method_not_allowed_response); rest_framework/views.py (Allow)',
    behaviour: 'a method the path does not take: 405 "Method \\"PUT\\" not allowed." with Allow',
    async run(api) {
      const res = await api.request('PUT', `${P}/session_recordings/`)
      status(res, 405)
      expect(res.body).toEqual({
        type: 'invalid_request',
        code: 'method_not_allowed',
        detail: 'Method "PUT" not allowed.',
        attr: null,
      })
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    },
  },
  {
    id: 'http/404',
    source: 'posthog/test/base.py (ErrorResponsesMixin.not_found_response)',
    behaviour:
      'an unknown playlist: 404 {"type": "invalid_request", "code": "not_found", "detail": "Not found.", "attr": null}',
    async run(api) {
      const res = await api.get(`${P}/session_recording_playlists/nOtThErE/`)
      status(res, 404)
      expect(res.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null })
    },
  },
]
