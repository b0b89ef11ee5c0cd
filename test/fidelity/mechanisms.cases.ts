// The real service's shared mechanisms, each case read in its code: Django REST framework's parsers,
// serializer fields and exception handler (rest_framework/, PostHog/drf-exceptions-hog), PostHog's list
// links, relative dates and date ranges, the recordings query, the CSV renderer, and the viewsets' methods.
import { expect } from 'vitest'
import { KEYS } from '../support.ts'
import type { Api } from './harness.ts'
import { P, status, type FidelityCase } from './harness.ts'

const PLAYLISTS = `${P}/session_recording_playlists`
const RECORDINGS = `${P}/session_recordings/`
const PERSONS = `${P}/persons/`
const INSIGHT_TOOL = `${P}/max_tools/create_and_query_insight/`
const PLAYLIST_API = 'posthog/session_recordings/session_recording_playlist_api.py'
const RECORDING_API = 'posthog/session_recordings/session_recording_api.py'
const LIST_QUERY = 'posthog/session_recordings/queries/session_recording_list_from_query.py'
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A request with a raw body in a media type of its own. */
async function raw(api: Api, method: string, path: string, contentType: string, body: string) {
  const res = await api.mock.fetch(path, {
    method,
    headers: { authorization: `Bearer ${KEYS.legacy}`, 'content-type': contentType },
    body,
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : text }
}

const create = (api: Api, body: unknown) => api.post(`${PLAYLISTS}/`, body)
const fieldError = (attr: string | null, code: string, detail: string) => ({
  type: 'validation_error',
  code,
  detail,
  attr,
})
const ids = (body: any) => (body.results as any[]).map((r) => r.id)

export const mechanismCases: FidelityCase[] = [
  {
    id: 'parsers/form-and-multipart',
    source: 'rest_framework/parsers.py (FormParser, MultiPartParser: DEFAULT_PARSER_CLASSES; the viewsets set none)',
    behaviour: 'a playlist created from form data or a multipart body: 201, its BooleanField read from the text "true"',
    async run(api) {
      const form = await raw(
        api,
        'POST',
        `${PLAYLISTS}/`,
        'application/x-www-form-urlencoded',
        'name=From+a+form&type=collection&pinned=true',
      )
      status(form, 201)
      expect(form.body).toMatchObject({ name: 'From a form', type: 'collection', pinned: true })
      const parts = ['--B', 'Content-Disposition: form-data; name="name"', '', 'Multipart', '--B']
      parts.push('Content-Disposition: form-data; name="type"', '', 'collection', '--B--', '')
      const multipart = await raw(api, 'POST', `${PLAYLISTS}/`, 'multipart/form-data; boundary=B', parts.join('\r\n'))
      status(multipart, 201)
      expect(multipart.body).toMatchObject({ name: 'Multipart', pinned: false })
    },
  },
  {
    id: 'parsers/unsupported-media-type',
    source: 'rest_framework/request.py (Request._parse: no parser selected, UnsupportedMediaType(content_type))',
    behaviour: 'a body no default parser takes is a 415 naming the Content-Type as sent',
    async run(api) {
      const res = await raw(api, 'POST', `${PLAYLISTS}/`, 'text/plain; charset=utf-8', 'name=x')
      status(res, 415)
      expect(res.body).toEqual({
        type: 'invalid_request',
        code: 'unsupported_media_type',
        detail: 'Unsupported media type "text/plain; charset=utf-8" in request.',
        attr: null,
      })
    },
  },
  {
    id: 'fields/char-field',
    source:
      'rest_framework/fields.py (CharField.run_validation, to_internal_value: trim, str() of numbers, max_length)',
    behaviour:
      'a name written as a number is its text, padding is trimmed, max_length counts after trimming; a list is "Not a valid string."',
    async run(api) {
      const number = await create(api, { type: 'collection', name: 12, description: 1.5 })
      status(number, 201)
      expect(number.body).toMatchObject({ name: '12', description: '1.5' })
      const padded = await create(api, { type: 'collection', name: `  ${'x'.repeat(400)}  ` })
      status(padded, 201)
      expect(padded.body.name).toBe('x'.repeat(400))
      const long = await create(api, { type: 'collection', name: 'x'.repeat(401) })
      expect(long.body).toEqual(fieldError('name', 'max_length', 'Ensure this field has no more than 400 characters.'))
      expect((await create(api, { type: 'collection', name: ['x'] })).body).toEqual(
        fieldError('name', 'invalid_input', 'Not a valid string.'),
      )
      expect((await create(api, { type: 'collection', description: '   ' })).body.description).toBe('')
    },
  },
  {
    id: 'fields/boolean-field',
    source: 'rest_framework/fields.py (BooleanField.TRUE_VALUES, FALSE_VALUES)',
    behaviour:
      'pinned as "yes", "on", 1 or "True" is true, as "off" or 0 false; another word is "Must be a valid boolean."',
    async run(api) {
      for (const word of ['yes', 'on', 1, 'True', 't'])
        expect((await create(api, { type: 'collection', pinned: word })).body.pinned, String(word)).toBe(true)
      for (const word of ['off', 0, 'NO'])
        expect((await create(api, { type: 'collection', pinned: word })).body.pinned, String(word)).toBe(false)
      expect((await create(api, { type: 'collection', pinned: 'Yes' })).body).toEqual(
        fieldError('pinned', 'invalid_input', 'Must be a valid boolean.'),
      )
      const made = (await create(api, { type: 'collection' })).body
      status(await api.patch(`${PLAYLISTS}/${made.short_id}/`, { deleted: 'true' }), 200)
      status(await api.get(`${PLAYLISTS}/${made.short_id}/`), 404)
    },
  },
  {
    id: 'fields/choice-field',
    source: 'rest_framework/fields.py (ChoiceField.to_internal_value: invalid_choice with str(input))',
    behaviour: 'a playlist type outside its choices is invalid_choice on type, quoting the input as Python prints it',
    async run(api) {
      for (const [type, text] of [
        ['', ''],
        [1, '1'],
        [true, 'True'],
      ] as const)
        expect((await create(api, { type })).body).toEqual(
          fieldError('type', 'invalid_choice', `"${text}" is not a valid choice.`),
        )
      const tool = await api.post(INSIGHT_TOOL, { query: 'pageviews', insight_type: 'TRENDS' })
      expect(tool.body).toEqual(fieldError('insight_type', 'invalid_choice', '"TRENDS" is not a valid choice.'))
    },
  },
  {
    id: 'fields/json-field',
    source: `rest_framework/fields.py (JSONField: any JSON); ${PLAYLIST_API} (create: len(filters) > 0)`,
    behaviour:
      'filters take any JSON: a non-empty list is "filters" to create(), so a collection refuses it; null is the field\'s null error',
    async run(api) {
      expect((await create(api, { type: 'collection', filters: [1] })).body).toEqual(
        fieldError(null, 'invalid_input', 'You cannot create a collection with filters'),
      )
      expect((await create(api, { type: 'collection', filters: null })).body).toEqual(
        fieldError('filters', 'null', 'This field may not be null.'),
      )
      const recording = await api.mock.create.recording({ id: 'r1' })
      const update = await api.patch(`${RECORDINGS}${recording.id}/`, { viewed: 'yes', player_metadata: [1, 'x'] })
      status(update, 200)
      expect(update.body).toEqual({ success: true })
    },
  },
  {
    id: 'errors/first-field-shown',
    source:
      'exceptions_hog/handler.py (exception_handler: the first error of the ValidationError); rest_framework/serializers.py (Serializer.to_internal_value in field order)',
    behaviour:
      "with several fields wrong, the one shown is the first in the serializer's field order (name before pinned before type), whatever the body order",
    async run(api) {
      const res = await create(api, { type: 'tomato', pinned: 'maybe', name: 'x'.repeat(401) })
      expect(res.body).toEqual(fieldError('name', 'max_length', 'Ensure this field has no more than 400 characters.'))
      expect((await create(api, { type: 'tomato', pinned: 'maybe' })).body.attr).toBe('pinned')
      const tool = await api.post(INSIGHT_TOOL, { insight_type: 'nope' })
      expect(tool.body).toEqual(fieldError('query', 'required', 'This field is required.'))
    },
  },
  {
    id: 'insight-tool/query-char-field',
    source: 'ee/api/max_tools.py (InsightsToolCallSerializer.query: CharField(max_length=1000))',
    behaviour:
      'the question is trimmed (a padded one of 1000 characters is taken) and blank is "This field may not be blank."',
    async run(api) {
      status(await api.post(INSIGHT_TOOL, { query: `  ${'pageviews '.repeat(100)}  `, insight_type: 'trends' }), 200)
      expect((await api.post(INSIGHT_TOOL, { query: '   ', insight_type: 'trends' })).body).toEqual(
        fieldError('query', 'blank', 'This field may not be blank.'),
      )
    },
  },
  {
    id: 'persons/list-links',
    source:
      'posthog/api/person.py (PersonViewSet.list: next when len(actor_ids) >= limit, previous when offset - limit >= 0); posthog/utils.py (format_query_params_absolute_url)',
    behaviour:
      'first page: next only; middle pages: both, the offset replaced where it stands; an exactly full last page: a next to an empty page; a short last page: no next; previous at offset = limit: the URL as sent (offset 0 leaves it unchanged)',
    seedOverrules:
      'seed 2.5: next and previous are the URLs of the next and previous pages (none past the end, offset=0 back)',
    async run(api) {
      for (let i = 0; i < 10; i++) await api.person([`p${i}`], {}, `2026-11-0${1 + (i % 3)}T00:00:0${i}Z`)
      const at = async (q: string) => {
        const { next, previous } = (await api.get(`${PERSONS}${q}`)).body
        const local = (u: string | null) => (u === null ? null : u.slice(u.indexOf('/api/')))
        return { next: local(next), previous: local(previous) }
      }
      expect(await at('?limit=5')).toEqual({ next: `${PERSONS}?limit=5&offset=5`, previous: null })
      expect(await at('?limit=5&offset=5')).toEqual({
        next: `${PERSONS}?limit=5&offset=10`,
        previous: `${PERSONS}?limit=5&offset=5`,
      })
      expect(await at('?limit=5&offset=10')).toEqual({ next: null, previous: `${PERSONS}?limit=5&offset=5` })
      expect(await at('?limit=3&offset=3')).toEqual({
        next: `${PERSONS}?limit=3&offset=6`,
        previous: `${PERSONS}?limit=3&offset=3`,
      })
      // A middle page and a last page that is not full: the offset replaced where it stands (OFFSET_REGEX.sub).
      expect(await at('?offset=6&limit=3')).toEqual({
        next: `${PERSONS}?offset=9&limit=3`,
        previous: `${PERSONS}?offset=3&limit=3`,
      })
      expect(await at('?limit=3&offset=9')).toEqual({ next: null, previous: `${PERSONS}?limit=3&offset=6` })
      // No limit sent: the default 100, appended to neither link (format_query_params_absolute_url gets only the offset).
      expect(await at('?offset=100')).toEqual({ next: null, previous: `${PERSONS}?offset=100` })
    },
  },
  {
    id: 'persons/csv-whole-list',
    source: 'posthog/api/person.py (PersonViewSet.list: a CSV request is CSV_EXPORT_LIMIT persons from offset 0)',
    behaviour: 'format=csv ignores limit and offset: every person is a row',
    async run(api) {
      for (let i = 0; i < 4; i++) await api.person([`csv${i}`], { plan: i % 2 === 0 })
      const res = await api.get(`${PERSONS}?format=csv&limit=1&offset=2`)
      status(res, 200)
      const rows = res.text.trim().split('\r\n')
      expect(rows).toHaveLength(5)
      // Python's str() of the booleans.
      const column = rows[0]!.split(',').indexOf('properties.plan')
      const plans = rows.slice(1).map((r: string) => r.split(',')[column])
      expect(plans.sort()).toEqual(['False', 'False', 'True', 'True'])
    },
  },
  {
    id: 'recordings/relative-dates',
    source: `posthog/utils.py (relative_date_parse_with_delta_mapping); posthog/session_recordings/queries/sub_queries/base_query.py (SessionRecordingsQueryDateRange)`,
    behaviour:
      'date_from rounds a relative date down to its day (to its hour for hours), date_to stays exact; a date without a time covers its whole day; every unit the parser knows',
    async run(api) {
      // The clock is at 2026-11-04T12:00Z.
      const starts: Record<string, string> = {
        h3: '2026-11-04T09:00:00Z',
        h2: '2026-11-04T09:59:59Z',
        d2: '2026-11-02T00:00:00Z',
        w1: '2026-10-28T00:00:00Z',
        m1: '2026-10-04T00:00:00Z',
        y1: '2025-11-04T00:00:00Z',
        old: '2025-11-03T23:59:59Z',
      }
      // Kept two years, so no recording here has expired (the real query leaves expired ones out).
      for (const [id, start] of Object.entries(starts))
        await api.mock.create.recording({ id, start_time: start, retention_period_days: 730 })
      const list = async (q: string) => ids((await api.get(`${RECORDINGS}?${q}&limit=100`)).body).sort()
      expect(await list('date_from=-3h')).toEqual(['h2', 'h3'])
      expect(await list('date_from=-2d')).toEqual(['d2', 'h2', 'h3'])
      expect(await list('date_from=-1w')).toEqual(['d2', 'h2', 'h3', 'w1'])
      expect(await list('date_from=-1m')).toEqual(['d2', 'h2', 'h3', 'm1', 'w1'])
      expect(await list('date_from=-1y')).toEqual(['d2', 'h2', 'h3', 'm1', 'w1', 'y1'])
      // -2h from 12:00 rounds to 10:00: h2 (09:59:59) is out; date_to=-2h is exact (10:00): h3 and h2 are in.
      expect(await list('date_from=-2h')).toEqual([])
      expect(await list('date_from=-1y&date_to=-2h')).toEqual(['d2', 'h2', 'h3', 'm1', 'w1', 'y1'])
      expect(await list('date_from=2026-11-02&date_to=2026-11-02')).toEqual(['d2'])
      expect(await list('date_from=dStart')).toEqual(['h2', 'h3'])
    },
  },
  {
    id: 'playlists/relative-dates-exact',
    source: `${PLAYLIST_API} (_filter_request: relative_date_parse(date_from), last_modified_at__gt, not rounded)`,
    behaviour: 'the playlists list reads date_from=-1d exactly: modified 25 hours ago is out, 23 hours ago in',
    async run(api) {
      const now = api.mock.clock.now()
      const out = await api.mock.create.playlist({ name: 'out', created_at: now - 25 * HOUR })
      const inside = await api.mock.create.playlist({ name: 'in', created_at: now - 23 * HOUR })
      const shown = (await api.get(`${PLAYLISTS}/?date_from=-1d&collection_type=custom`)).body.results.map(
        (p: any) => p.short_id,
      )
      expect(shown).toEqual([inside.short_id])
      expect(shown).not.toContain(out.short_id)
    },
  },
  {
    id: 'timeline/default-range',
    source: 'posthog/queries/query_date_range.py (QueryDateRange.date_from_param and date_to_param without dates)',
    behaviour: 'without dates the timeline covers the start of the day a week back to the end of today',
    async run(api) {
      const person = await api.person(['t1'])
      const body = (await api.get(`${PERSONS}${person.uuid}/properties_timeline/`)).body
      expect(body.effective_date_from).toBe('2026-10-28T00:00:00+00:00')
      expect(body.effective_date_to).toBe('2026-11-04T23:59:59.999999+00:00')
    },
  },
  {
    id: 'recordings/distinct-ids-replace-person',
    source: `${LIST_QUERY} (_where_predicates: distinct_ids when given, else person_uuid's)`,
    behaviour: 'distinct_ids, when it names any, replaces person_uuid; an empty list leaves person_uuid in charge',
    async run(api) {
      const a = await api.person(['a1'])
      await api.person(['b1'])
      await api.mock.create.recording({ id: 'ra', distinct_id: 'a1' })
      await api.mock.create.recording({ id: 'rb', distinct_id: 'b1' })
      expect(ids((await api.get(`${RECORDINGS}?person_uuid=${a.uuid}&distinct_ids=["b1"]`)).body)).toEqual(['rb'])
      expect(ids((await api.get(`${RECORDINGS}?person_uuid=${a.uuid}&distinct_ids=[]`)).body)).toEqual(['ra'])
    },
  },
  {
    id: 'recordings/order-tie-break',
    source: `${LIST_QUERY} (get_query: ORDER BY the order column, then session_id, both in order_direction)`,
    behaviour: 'recordings tied on the order column come by session_id in the same direction',
    async run(api) {
      const start = api.mock.clock.now() - DAY
      for (const id of ['s-b', 's-c', 's-a']) await api.mock.create.recording({ id, start_time: start })
      expect(ids((await api.get(RECORDINGS)).body)).toEqual(['s-c', 's-b', 's-a'])
      expect(ids((await api.get(`${RECORDINGS}?order_direction=ASC`)).body)).toEqual(['s-a', 's-b', 's-c'])
      expect(ids((await api.get(`${RECORDINGS}?order=duration`)).body)).toEqual(['s-c', 's-b', 's-a'])
    },
  },
  {
    id: 'recordings/having-predicates',
    source: `${LIST_QUERY} (_having_predicates: property_to_expr over the query's columns)`,
    behaviour: 'having_predicates filters recordings by their columns (duration over a minute, clicks at least 3)',
    async run(api) {
      const start = api.mock.clock.now() - DAY
      await api.mock.create.recording({ id: 'short', start_time: start, active_seconds: 30, click_count: 5 })
      await api.mock.create.recording({ id: 'long', start_time: start, active_seconds: 90, click_count: 5 })
      await api.mock.create.recording({ id: 'idle', start_time: start, active_seconds: 90, click_count: 1 })
      const having = (filters: unknown) =>
        api.get(`${RECORDINGS}?having_predicates=${encodeURIComponent(JSON.stringify(filters))}`)
      const duration = { type: 'recording', key: 'duration', operator: 'gt', value: 60 }
      expect(ids((await having([duration])).body).sort()).toEqual(['idle', 'long'])
      const clicks = { type: 'recording', key: 'click_count', operator: 'gte', value: 3 }
      expect(ids((await having([duration, clicks])).body)).toEqual(['long'])
    },
  },
  {
    id: 'recordings/activity-score',
    source: `${LIST_QUERY} (BASE_QUERY: activity_score from the counts)`,
    behaviour:
      'activity_score is (active seconds + clicks + keypresses + console errors) / (mouse activity + duration + console errors, logs, warnings) * 100, rounded to 2 places',
    async run(api) {
      const recording = await api.mock.create.recording({
        id: 'scored',
        start_time: api.mock.clock.now() - DAY,
        active_seconds: 40,
        inactive_seconds: 20,
        click_count: 10,
        keypress_count: 5,
        mouse_activity_count: 30,
        console_error_count: 1,
        console_log_count: 2,
        console_warn_count: 3,
        activity_score: 99,
      })
      // (40 + 10 + 5 + 1) / (30 + 60 + 1 + 2 + 3) * 100 = 58.333...
      expect((await api.get(`${RECORDINGS}${recording.id}/`)).body.activity_score).toBe(58.33)
      expect((await api.get(RECORDINGS)).body.results[0].activity_score).toBe(58.33)
    },
  },
  {
    id: 'playlists/put',
    source: `${PLAYLIST_API} (SessionRecordingPlaylistViewSet is a ModelViewSet: update)`,
    behaviour: 'PUT updates a playlist as PATCH does (the same serializer, not partial)',
    async run(api) {
      const made = await api.mock.create.playlist({ name: 'before' })
      const res = await api.request('PUT', `${PLAYLISTS}/${made.short_id}/`, { body: { name: 'after', pinned: 'yes' } })
      status(res, 200)
      expect(res.body).toMatchObject({ short_id: made.short_id, name: 'after', pinned: true })
    },
  },
  {
    id: 'persons/put-202',
    source: 'posthog/api/person.py (PersonViewSet.update, which PUT reaches)',
    behaviour: 'PUT of a person sets its properties: 202 with no body; no properties is the hand-built 400',
    async run(api) {
      const person = await api.person(['put1'])
      const res = await api.request('PUT', `${PERSONS}${person.id}/`, { body: { properties: { plan: 'pro' } } })
      status(res, 202)
      expect(res.text).toBe('')
      const missing = await api.request('PUT', `${PERSONS}${person.id}/`, { body: {} })
      expect(missing.body).toEqual({
        attr: 'properties',
        code: 'This field is required.',
        detail: 'required',
        type: 'validation_error',
      })
    },
  },
  {
    id: 'playlists/bulk-recordings',
    source: `${PLAYLIST_API} (bulk_add_recordings, bulk_delete_recordings)`,
    behaviour:
      'bulk_add adds the ids not there yet (added_count), bulk_delete removes those there (deleted_count); an empty or missing list is a 400',
    async run(api) {
      const playlist = await api.mock.create.playlist({ type: 'collection', recordings: ['r1'] })
      const base = `${PLAYLISTS}/${playlist.short_id}/recordings`
      const add = await api.post(`${base}/bulk_add/`, { session_recording_ids: ['r1', 'r2', 'r3'] })
      expect(add.body).toEqual({ success: true, added_count: 2, total_requested: 3 })
      const del = await api.post(`${base}/bulk_delete/`, { session_recording_ids: ['r2', 'nope'] })
      expect(del.body).toEqual({ success: true, deleted_count: 1, total_requested: 2 })
      expect((await api.post(`${base}/bulk_add/`, {})).body).toEqual(
        fieldError(null, 'invalid_input', 'session_recording_ids must be provided as a non-empty array'),
      )
      const many = Array.from({ length: 21 }, (_, i) => `x${i}`)
      expect((await api.post(`${base}/bulk_add/`, { session_recording_ids: many })).body.detail).toBe(
        'Cannot process more than 20 recordings at once',
      )
    },
  },
  {
    id: 'recordings/bulk-viewed',
    source: `${RECORDING_API} (bulk_viewed, bulk_not_viewed)`,
    behaviour:
      "bulk_viewed marks the recordings viewed by the key's user (viewed_count: the ids asked for); bulk_not_viewed takes those views back",
    async run(api) {
      const start = api.mock.clock.now() - DAY
      await api.mock.create.recording({ id: 'v1', start_time: start })
      await api.mock.create.recording({ id: 'v2', start_time: start })
      const viewed = await api.post(`${RECORDINGS}bulk_viewed/`, { session_recording_ids: ['v1', 'v2', 'absent'] })
      expect(viewed.body).toEqual({ success: true, viewed_count: 3, total_requested: 3 })
      expect((await api.get(`${RECORDINGS}v1/`)).body.viewed).toBe(true)
      const back = await api.post(`${RECORDINGS}bulk_not_viewed/`, { session_recording_ids: ['v1', 'absent'] })
      expect(back.body).toEqual({ success: true, not_viewed_count: 1, total_requested: 2 })
      expect((await api.get(`${RECORDINGS}v1/`)).body.viewed).toBe(false)
      expect((await api.get(`${RECORDINGS}v2/`)).body.viewed).toBe(true)
    },
  },
  {
    id: 'persons/split',
    source: 'posthog/api/person.py (PersonViewSet.split); posthog/models/person/person.py (split_person)',
    behaviour:
      'split (201 {"success": true}) keeps the first distinct id and moves each other one to a new person without properties, whose uuid is uuid5 of "{team_id}:{distinct_id}" (missing_person.py uuidFromDistinctId)',
    async run(api) {
      const person = await api.person(['a', 'b', 'c'], { plan: 'pro' })
      const res = await api.post(`${PERSONS}${person.id}/split/`, {})
      status(res, 201)
      expect(res.body).toEqual({ success: true })
      const kept = await api.get(`${PERSONS}${person.uuid}/`)
      expect(kept.body).toMatchObject({ uuid: person.uuid, distinct_ids: ['a'], properties: { plan: 'pro' } })
      const moved = await api.get(`${PERSONS}9dd14a38-6d58-5e65-a0b0-1d6918ba9ca6/`)
      expect(moved.body).toMatchObject({ distinct_ids: ['b'], properties: {} })
      expect((await api.get(`${PERSONS}013dafea-5553-5166-bba1-4d5d637c6839/`)).body.distinct_ids).toEqual(['c'])
      const activity = await api.get(`${PERSONS}${person.id}/activity/`)
      expect(activity.body.results[0]).toMatchObject({
        activity: 'split_person',
        detail: {
          name: person.uuid,
          changes: [{ type: 'Person', action: 'split', after: { distinct_ids: ['a', 'b', 'c'] } }],
        },
      })
    },
  },
  {
    id: 'persons/split-listed',
    source: 'posthog/api/person.py (PersonViewSet.split: distinct_ids_to_split, its 400s)',
    behaviour:
      "distinct_ids_to_split moves only those ids (main_distinct_id the inverse); a list naming an id of another person, an empty list, or both parameters are 400s in the view's words",
    async run(api) {
      const person = await api.person(['s1', 's2', 's3'])
      const split = (body: unknown) => api.post(`${PERSONS}${person.id}/split/`, body)
      expect((await split({ distinct_ids_to_split: ['zz', 's2', 'yy'] })).body).toEqual(
        fieldError('distinct_ids_to_split', 'invalid_input', "not on this person: ['yy', 'zz']"),
      )
      expect((await split({ distinct_ids_to_split: [] })).body).toEqual(
        fieldError('distinct_ids_to_split', 'invalid_input', 'must not be empty'),
      )
      expect((await split({ distinct_ids_to_split: 's2' })).body).toEqual(
        fieldError('distinct_ids_to_split', 'invalid_input', 'must be a list of strings'),
      )
      expect((await split({ distinct_ids_to_split: ['s2'], main_distinct_id: 's1' })).body).toEqual(
        fieldError(null, 'invalid_input', 'main_distinct_id cannot be combined with distinct_ids_to_split'),
      )
      expect((await api.get(`${PERSONS}${person.id}/`)).body.distinct_ids).toEqual(['s1', 's2', 's3'])
      status(await split({ distinct_ids_to_split: ['s2', 's2'] }), 201)
      expect((await api.get(`${PERSONS}${person.id}/`)).body.distinct_ids).toEqual(['s1', 's3'])
      expect((await api.get(`${PERSONS}1311ad41-c482-552f-a8e4-42902ae0a592/`)).body.distinct_ids).toEqual(['s2'])
      status(await split({ main_distinct_id: 's3' }), 201)
      expect((await api.get(`${PERSONS}${person.id}/`)).body.distinct_ids).toEqual(['s3'])
      status(await api.post(`${PERSONS}999999/split/`, {}), 404)
    },
  },
  {
    id: 'playlists/playlist-viewed',
    source: `${PLAYLIST_API} (playlist_viewed); posthog/session_recordings/test/test_session_recording_playlist.py (test_marks_playlist_as_viewed, test_can_marks_playlist_as_viewed_more_than_once)`,
    behaviour:
      'playlist_viewed answers 200 {"success": true}, again on a second view; an unknown or soft-deleted playlist is a 404',
    async run(api) {
      const playlist = await api.mock.create.playlist({ type: 'filters', filters: { events: [{ id: 'test' }] } })
      const viewed = `${PLAYLISTS}/${playlist.short_id}/playlist_viewed/`
      expect((await api.post(viewed, {})).body).toEqual({ success: true })
      status(await api.post(viewed), 200)
      status(await api.post(`${PLAYLISTS}/nope1234/playlist_viewed/`), 404)
      const gone = await api.mock.create.playlist({ deleted: true })
      status(await api.post(`${PLAYLISTS}/${gone.short_id}/playlist_viewed/`), 404)
    },
  },
  {
    id: 'recordings/viewed',
    source: `${RECORDING_API} (viewed: get_object is SessionRecording.get_or_build)`,
    behaviour:
      "viewed answers {viewed, other_viewers}: the key's user's own view, and how many other users viewed it; an id the project has no recording with is built, not a 404",
    async run(api) {
      await api.mock.create.recording({ id: 'w1', start_time: api.mock.clock.now() - DAY, viewers: ['x@example.com'] })
      expect((await api.get(`${RECORDINGS}w1/viewed/`)).body).toEqual({ viewed: false, other_viewers: 1 })
      status(await api.patch(`${RECORDINGS}w1/`, { viewed: true }), 200)
      expect((await api.get(`${RECORDINGS}w1/viewed/`)).body).toEqual({ viewed: true, other_viewers: 1 })
      expect((await api.get(`${RECORDINGS}never-recorded/viewed/`)).body).toEqual({ viewed: false, other_viewers: 0 })
    },
  },
  {
    id: 'recordings/bulk-delete',
    source: `${RECORDING_API} (bulk_delete, MAX_RECORDINGS_PER_BULK_DELETE); posthog/models/team/team.py (session_recording_retention_period, default 30d)`,
    behaviour:
      'bulk_delete deletes the listed recordings its query finds from date_from on (default the 30-day retention), skipping the rest; at most 100 ids',
    async run(api) {
      const now = api.mock.clock.now()
      await api.mock.create.recording({ id: 'd1', start_time: now - DAY })
      await api.mock.create.recording({ id: 'd2', start_time: now - 40 * DAY })
      await api.mock.create.recording({ id: 'd3', start_time: now - DAY })
      const del = await api.post(`${RECORDINGS}bulk_delete/`, { session_recording_ids: ['d1', 'd2', 'nope'] })
      expect(del.body).toEqual({ success: true, deleted_count: 1, total_requested: 3, failed_ids: [] })
      status(await api.get(`${RECORDINGS}d1/`), 404)
      status(await api.get(`${RECORDINGS}d2/`), 200)
      const older = await api.post(`${RECORDINGS}bulk_delete/`, { session_recording_ids: ['d2'], date_from: '-60d' })
      expect(older.body.deleted_count).toBe(1)
      status(await api.get(`${RECORDINGS}d3/`), 200)
      const many = Array.from({ length: 101 }, (_, i) => `x${i}`)
      expect((await api.post(`${RECORDINGS}bulk_delete/`, { session_recording_ids: many })).body).toEqual(
        fieldError(null, 'invalid_input', 'Cannot process more than 100 recordings at once'),
      )
      expect((await api.post(`${RECORDINGS}bulk_delete/`, {})).body.detail).toBe(
        'session_recording_ids must be provided as a non-empty array',
      )
    },
  },
  {
    id: 'playlists/filters-any-json',
    source: `rest_framework/fields.py (JSONField); ${PLAYLIST_API} (SessionRecordingPlaylistSerializer.filters, create, update: len(filters))`,
    behaviour:
      'filters are stored as given, a list or a text too: a saved filter may be a non-empty list or text, a collection an empty one',
    async run(api) {
      const list = await create(api, { type: 'filters', filters: [{ key: 'x' }] })
      status(list, 201)
      expect(list.body.filters).toEqual([{ key: 'x' }])
      expect((await api.get(`${PLAYLISTS}/${list.body.short_id}/`)).body.filters).toEqual([{ key: 'x' }])
      const text = await create(api, { type: 'filters', filters: 'abc' })
      expect(text.body.filters).toBe('abc')
      const patched = await api.patch(`${PLAYLISTS}/${text.body.short_id}/`, { filters: ['y'] })
      expect(patched.body.filters).toEqual(['y'])
      expect((await create(api, { type: 'collection', filters: [] })).body.filters).toEqual([])
      expect((await create(api, { type: 'filters', filters: '' })).body).toEqual(
        fieldError(null, 'invalid_input', 'You must provide a valid filters when creating a saved filter'),
      )
    },
  },
]

/**
 * Every unit relative_date_parse knows (posthog/utils.py get_delta_mapping_for: h d w m q y M s, with
 * Start/End), each with the instant it names from 2026-11-04T12:34:56Z on a UTC project: exact
 * (relative_date_parse as the playlists list calls it), the recordings list's date_from
 * (SessionRecordingsQueryDateRange: a leading - goes to QueryDateRange.date_from, always_truncate, to the
 * hour for an hour delta, else the day; text without - and without a time component to the start of its
 * day) and its date_to (explicitDate: a leading - exact; without one, the end of its day).
 */
const UNIT_CASES: ReadonlyArray<{ input: string; exact: string; recordingsFrom?: string; recordingsTo?: string }> = [
  { input: '-3h', exact: '2026-11-04T09:34:56Z', recordingsFrom: '2026-11-04T09:00:00Z' },
  { input: '-2d', exact: '2026-11-02T12:34:56Z', recordingsFrom: '2026-11-02T00:00:00Z' },
  { input: '-1w', exact: '2026-10-28T12:34:56Z', recordingsFrom: '2026-10-28T00:00:00Z' },
  { input: '-1m', exact: '2026-10-04T12:34:56Z', recordingsFrom: '2026-10-04T00:00:00Z' },
  { input: '-1q', exact: '2026-08-05T12:34:56Z', recordingsFrom: '2026-08-05T00:00:00Z' },
  { input: '-1y', exact: '2025-11-04T12:34:56Z', recordingsFrom: '2025-11-04T00:00:00Z' },
  // Minutes and seconds are no hour delta: always_truncate takes the date_from to its day.
  { input: '-30M', exact: '2026-11-04T12:04:56Z', recordingsFrom: '2026-11-04T00:00:00Z' },
  { input: '-45s', exact: '2026-11-04T12:34:11Z', recordingsFrom: '2026-11-04T00:00:00Z' },
  { input: '-1dStart', exact: '2026-11-03T00:00:00Z', recordingsFrom: '2026-11-03T00:00:00Z' },
  { input: '-1hStart', exact: '2026-11-04T11:00:00Z', recordingsFrom: '2026-11-04T11:00:00Z' },
  {
    input: 'dStart',
    exact: '2026-11-04T00:00:00Z',
    recordingsFrom: '2026-11-04T00:00:00Z',
    recordingsTo: '2026-11-04T23:59:59.999999Z',
  },
  {
    input: 'hStart',
    exact: '2026-11-04T12:00:00Z',
    recordingsFrom: '2026-11-04T00:00:00Z',
    recordingsTo: '2026-11-04T23:59:59.999999Z',
  },
  {
    input: 'mStart',
    exact: '2026-11-01T12:34:56Z',
    recordingsFrom: '2026-11-01T00:00:00Z',
    recordingsTo: '2026-11-01T23:59:59.999999Z',
  },
  {
    input: 'yStart',
    exact: '2026-01-01T12:34:56Z',
    recordingsFrom: '2026-01-01T00:00:00Z',
    recordingsTo: '2026-01-01T23:59:59.999999Z',
  },
  // dEnd, hEnd, mEnd and yEnd (day=31, clipped: the month stays) lie ahead: a date_to only.
  { input: 'dEnd', exact: '2026-11-04T23:59:59.999999Z', recordingsTo: '2026-11-04T23:59:59.999999Z' },
  { input: 'hEnd', exact: '2026-11-04T12:59:59.999999Z', recordingsTo: '2026-11-04T23:59:59.999999Z' },
  { input: 'mEnd', exact: '2026-11-30T12:34:56Z', recordingsTo: '2026-11-30T23:59:59.999999Z' },
  { input: 'yEnd', exact: '2026-11-30T12:34:56Z', recordingsTo: '2026-11-30T23:59:59.999999Z' },
]
const UNIT_NOW = '2026-11-04T12:34:56Z'
/** The instant in ms (a microsecond fraction is cut: .999999 is the millisecond .999, just before it). */
const ms = (at: string) => Date.parse(at.replace(/(\.\d{3})\d+Z$/, '$1Z'))
const hasMicroseconds = (at: string) => /\.\d{4,}Z$/.test(at)

mechanismCases.push(
  {
    id: 'playlists/relative-dates-every-unit',
    source: `posthog/utils.py (relative_date_parse_with_delta_mapping, get_delta_mapping_for); ${PLAYLIST_API} (_filter_request: last_modified_at__gt date_from, __lt date_to)`,
    behaviour:
      'date_from and date_to of every unit and position are read exactly: modified at the instant named is out (gt, lt), a millisecond inside is in',
    async run(api) {
      await api.at(UNIT_NOW)
      const made = async (at: number) =>
        (await api.mock.create.playlist({ name: String(at), created_at: at })).short_id as string
      const shown = async (q: string) =>
        ((await api.get(`${PLAYLISTS}/?collection_type=custom&limit=500&${q}`)).body.results as any[]).map(
          (p) => p.short_id,
        )
      for (const { input, exact } of UNIT_CASES) {
        const [at, after, before] = [await made(ms(exact)), await made(ms(exact) + 1), await made(ms(exact) - 1)]
        const from = await shown(`date_from=${input}`)
        expect([from.includes(at), from.includes(after), from.includes(before)], `date_from=${input}`).toEqual([
          false,
          true,
          false,
        ])
        // An instant with microseconds lies after its millisecond: that millisecond is before it.
        const to = await shown(`date_to=${input}`)
        expect([to.includes(at), to.includes(after), to.includes(before)], `date_to=${input}`).toEqual([
          hasMicroseconds(exact),
          false,
          true,
        ])
      }
    },
  },
  {
    id: 'recordings/relative-dates-every-unit',
    source: `posthog/utils.py (relative_date_parse_with_delta_mapping); posthog/hogql_queries/utils/query_date_range.py (QueryDateRange.date_from, date_to); posthog/session_recordings/queries/sub_queries/base_query.py (SessionRecordingsQueryDateRange); ${LIST_QUERY} (_where_predicates: min_first_timestamp >= date_from, <= date_to)`,
    behaviour:
      'date_from of every unit starts its day (its hour for hours), a date_to with a leading - is exact, one without ends its day; both ends included',
    async run(api) {
      await api.at(UNIT_NOW)
      let n = 0
      const made = async (at: number) =>
        (await api.mock.create.recording({ id: `u${n++}`, start_time: at, retention_period_days: 730 })).id
      const listed = async (q: string) => ids((await api.get(`${RECORDINGS}?limit=1000&${q}`)).body)
      for (const { input, exact, recordingsFrom, recordingsTo } of UNIT_CASES) {
        if (recordingsFrom) {
          const [at, before] = [await made(ms(recordingsFrom)), await made(ms(recordingsFrom) - 1)]
          const from = await listed(`date_from=${input}`)
          expect([from.includes(at), from.includes(before)], `date_from=${input}`).toEqual([true, false])
        }
        const to = recordingsTo ?? exact
        const [at, after] = [await made(ms(to)), await made(ms(to) + 1)]
        const listedTo = await listed(`date_from=-2y&date_to=${input}`)
        expect([listedTo.includes(at), listedTo.includes(after)], `date_to=${input}`).toEqual([true, false])
      }
    },
  },
)

type Encoding = 'json' | 'form' | 'multipart'
/** A body as its encoding writes it: JSON, a urlencoded form, or multipart parts (texts only). */
function encoded(kind: Encoding, fields: Record<string, unknown>): [string, string] {
  if (kind === 'json') return ['application/json', JSON.stringify(fields)]
  const entries = Object.entries(fields).map(([k, v]) => [k, String(v)])
  if (kind === 'form') return ['application/x-www-form-urlencoded', new URLSearchParams(entries).toString()]
  const parts = entries.map(([k, v]) => `--B\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
  return ['multipart/form-data; boundary=B', `${parts.join('')}--B--\r\n`]
}
const listRefused = fieldError(null, 'invalid_input', 'session_recording_ids must be provided as a non-empty array')

mechanismCases.push({
  id: 'parsers/every-writable-endpoint',
  source:
    'rest_framework/parsers.py (JSONParser, FormParser, MultiPartParser: DEFAULT_PARSER_CLASSES, which no viewset here replaces); posthog/api/person.py (update, delete_events, delete_property, split read request.data as it comes); ' +
    `${PLAYLIST_API} (the serializer's fields; bulk_add_recordings: a list or 400); ${RECORDING_API} (update's serializer; bulk_viewed, bulk_not_viewed, bulk_delete: a list or 400); ee/api/max_tools.py (InsightsToolCallSerializer)`,
  behaviour:
    "every writable endpoint takes a form and a multipart body as it takes JSON: its fields coerce a boolean word, a number and padded text; a view that reads a raw list gets a form field's text and refuses it; one that reads a raw object sets nothing from text",
  async run(api) {
    const observed = api.profile === 'observed'
    for (const kind of ['json', 'form', 'multipart'] as const) {
      await api.mock.reset()
      const send = (method: string, path: string, fields: Record<string, unknown>) =>
        raw(api, method, path, ...encoded(kind, fields))
      const person = await api.person(['a', 'b'], { x: 1 })
      const personPath = `${PERSONS}${person.id}/`
      await api.mock.create.recording({ id: 'r1', start_time: api.mock.clock.now() - DAY })
      const playlist = (await create(api, { type: 'collection', name: 'n' })).body.short_id as string
      const at = `${kind}`

      // The insight tool: a CharField trims (a number, in JSON, is its text), a ChoiceField checks.
      const tool = await send('POST', INSIGHT_TOOL, {
        query: kind === 'json' ? 12 : '  pageviews  ',
        insight_type: 'trends',
      })
      status(tool, 200)
      expect(tool.body[0].data.query, at).toBe(kind === 'json' ? '12' : 'pageviews')

      // A person's update reads properties unvalidated: a form field is text, whose $set sets nothing
      // (PUT is the real 202 in both profiles; the seed has PATCH answer 200).
      for (const method of ['PUT', 'PATCH']) {
        const properties = kind === 'json' ? { plan: 'pro' } : '{"plan": "pro"}'
        status(await send(method, personPath, { properties }), observed || method === 'PUT' ? 202 : 200)
        const shown = (await api.get(personPath)).body.properties
        expect(shown, `${at} ${method}`).toEqual(kind === 'json' ? { x: 1, plan: 'pro' } : { x: 1 })
      }
      status(await send('POST', `${personPath}delete_events/`, { keep: 'yes' }), observed ? 202 : 200)
      if (observed) {
        // delete_property's key from the body (the default profile reads the seed's query parameter).
        const deleted = await send('POST', `${personPath}delete_property/`, { $unset: 'x' })
        expect([deleted.status, deleted.body], at).toEqual([201, { success: true }])
        expect((await api.get(personPath)).body.properties, at).not.toHaveProperty('x')
      }
      const split = await send('POST', `${personPath}split/`, { main_distinct_id: 'a' })
      expect([split.status, split.body], at).toEqual([201, { success: true }])
      expect((await api.get(personPath)).body.distinct_ids, at).toEqual(['a'])

      // Playlists: the serializer's CharField and BooleanField from text (or, in JSON, a number and a 1).
      const made = await send('POST', `${PLAYLISTS}/`, { name: '  padded  ', type: 'collection', pinned: 'yes' })
      status(made, 201)
      expect([made.body.name, made.body.pinned], at).toEqual(['padded', true])
      const put = await send('PUT', `${PLAYLISTS}/${playlist}/`, {
        name: kind === 'json' ? 7 : ' 7 ',
        pinned: kind === 'json' ? 1 : '1',
      })
      status(put, 200)
      expect([put.body.name, put.body.pinned], at).toEqual(['7', true])
      const patched = await send('PATCH', `${PLAYLISTS}/${playlist}/`, { description: ' d ', pinned: 'off' })
      status(patched, 200)
      expect([patched.body.description, patched.body.pinned, patched.body.name], at).toEqual(['d', false, '7'])
      const ids = kind === 'json' ? ['r1'] : 'r1'
      for (const action of ['bulk_add', 'bulk_delete']) {
        const bulk = await send('POST', `${PLAYLISTS}/${playlist}/recordings/${action}/`, {
          session_recording_ids: ids,
        })
        if (kind === 'json') status(bulk, 200)
        else expect([bulk.status, bulk.body], `${at} ${action}`).toEqual([400, listRefused])
      }
      status(await send('POST', `${PLAYLISTS}/${playlist}/playlist_viewed/`, { a: 'b' }), 200)
      status(await send('POST', `${PLAYLISTS}/${playlist}/recordings/r1/`, { a: 'b' }), 200)

      // Recordings: update's BooleanFields from words; the bulk actions want a list.
      const viewed = await send('PATCH', `${RECORDINGS}r1/`, { viewed: 'true', analyzed: 'no' })
      expect([viewed.status, viewed.body], at).toEqual([200, { success: true }])
      expect((await api.get(`${RECORDINGS}r1/`)).body.viewed, at).toBe(true)
      status(await send('PUT', `${RECORDINGS}r1/`, { viewed: 'yes' }), 200)
      for (const action of ['bulk_viewed', 'bulk_not_viewed', 'bulk_delete']) {
        const bulk = await send('POST', `${RECORDINGS}${action}/`, { session_recording_ids: ids })
        if (kind === 'json') status(bulk, 200)
        else expect([bulk.status, bulk.body], `${at} ${action}`).toEqual([400, listRefused])
      }
    }
  },
})
