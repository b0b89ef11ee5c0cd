// What the real service's framework (Django REST framework) does before or instead of a view's own code:
// its message for a null where a field takes none, its content negotiation of `?format=`, and a view
// that never reads its request body.
import { expect } from 'vitest'
import { KEYS } from '../support.ts'
import { P, status, type FidelityCase } from './harness.ts'

const PLAYLISTS = `${P}/session_recording_playlists`
const INSIGHT_TOOL = `${P}/max_tools/create_and_query_insight/`

export const frameworkCases: FidelityCase[] = [
  {
    id: 'errors/null-not-allowed',
    source: "rest_framework/fields.py (Field.validate_empty_values: self.fail('null'))",
    behaviour:
      'null for a field that does not allow it: 400 code null "This field may not be null.", before its type is looked at',
    async run(api) {
      const nullError = (attr: string) => ({
        type: 'validation_error',
        code: 'null',
        detail: 'This field may not be null.',
        attr,
      })
      for (const field of ['description', 'pinned', 'deleted']) {
        const res = await api.post(`${PLAYLISTS}/`, { type: 'collection', [field]: null })
        status(res, 400)
        expect(res.body).toEqual(nullError(field))
      }
      const tool = await api.post(INSIGHT_TOOL, { query: null, insight_type: 'trends' })
      status(tool, 400)
      expect(tool.body).toEqual(nullError('query'))
      // A field that allows null (the playlist's name) takes it.
      status(await api.post(`${PLAYLISTS}/`, { type: 'collection', name: null }), 201)
    },
  },
  {
    id: 'insight-tool/format-json-only',
    source:
      'rest_framework/negotiation.py (DefaultContentNegotiation.filter_renderers: no renderer for the format, Http404)',
    behaviour:
      'the insight tool renders JSON only: ?format=txt is a 404 "Not found." before the key is read; ?format=json answers',
    seedOverrules: 'seed 4.1 lists format json or txt: the default profile answers txt with the tool message text',
    async run(api) {
      const notFound = { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null }
      const body = { query: 'pageviews', insight_type: 'trends' }
      for (const key of [undefined, null]) {
        const res = await api.request('POST', `${INSIGHT_TOOL}?format=txt`, { body, key })
        status(res, 404)
        expect(res.body).toEqual(notFound)
      }
      status(await api.post(`${INSIGHT_TOOL}?format=json`, body), 200)
    },
  },
  {
    id: 'playlists/add-recording-body-unread',
    source:
      'posthog/session_recordings/session_recording_playlist_api.py (SessionRecordingPlaylistViewSet.modify_recordings never reads request.data)',
    behaviour:
      'adding a recording to a playlist ignores the request body: fields of any type, and text that is not JSON, are not refused',
    async run(api) {
      const playlist = await api.mock.create.playlist({ type: 'collection' })
      const add = `${PLAYLISTS}/${playlist.short_id}/recordings/`
      const odd = await api.post(`${add}rec-1/`, { name: 12, pinned: 'yes', filters: [1], type: 'nope' })
      status(odd, 200)
      expect(odd.body).toEqual({ success: true })
      const notJson = await api.mock.fetch(`${add}rec-2/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.legacy}`, 'content-type': 'application/json' },
        body: '{not json',
      })
      expect(notJson.status).toBe(200)
      expect(await notJson.json()).toEqual({ success: true })
      const counts = (await api.get(`${PLAYLISTS}/${playlist.short_id}/`)).body.recordings_counts
      expect(counts.collection.count).toBe(2)
    },
  },
]
