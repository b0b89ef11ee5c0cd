// Session recordings, from posthog/session_recordings/test/test_session_recordings.py and
// posthog/session_recordings/session_recording_api.py (+ its queries).
import { expect } from 'vitest'
import type { Api } from './harness.ts'
import { P, status, type FidelityCase } from './harness.ts'

const T = 'posthog/session_recordings/test/test_session_recordings.py::TestSessionRecordings'
const SRC = 'posthog/session_recordings/session_recording_api.py'
const LIST = `${P}/session_recordings/`
const DAY = 86_400_000
const PYDANTIC = 'https://errors.pydantic.dev/2.12/v/'

/** A recording of `distinctId` that started a day ago (the real tests' base_time), kept 90 days. */
async function dayOld(api: Api, distinctId: string, id: string, offsetSeconds = 0) {
  const start = Math.floor((api.mock.clock.now() - DAY) / 1000) * 1000 + offsetSeconds * 1000
  return api.mock.create.recording({
    id,
    distinct_id: distinctId,
    start_time: start,
    retention_period_days: 90,
    start_url: 'https://not-provided-by-test.com',
  })
}

/** The real SessionRecordingSerializer's fields, in its order. */
const SERIALIZER_FIELDS = [
  'id',
  'distinct_id',
  'viewed',
  'viewers',
  'recording_duration',
  'active_seconds',
  'inactive_seconds',
  'start_time',
  'end_time',
  'click_count',
  'keypress_count',
  'mouse_activity_count',
  'console_log_count',
  'console_warn_count',
  'console_error_count',
  'start_url',
  'person',
  'retention_period_days',
  'expiry_time',
  'recording_ttl',
  'snapshot_source',
  'snapshot_library',
  'ongoing',
  'activity_score',
  'has_summary',
  'summary_outcome',
  'external_references',
  'matches_filters',
]
const ONE = (id: string) => `${LIST}${id}/`

/** A key of another user of the organization (the real tests' second user). */
async function otherUsersKey(api: Api, userId = 2): Promise<string> {
  const value = `phx_fidelity_user${userId}`
  if (!api.mock.store.apiKeys.all().some((k) => k.value === value)) {
    await api.mock.store.addApiKey({
      id: value,
      value,
      label: 'fidelity',
      user_id: userId,
      scopes: null,
      scoped_teams: [],
      scoped_organizations: [],
    })
  }
  return value
}

/** A list item's embedded person's distinct_ids, whichever envelope the profile answers. */
const results = (body: any) => body.results as any[]

export const recordingCases: FidelityCase[] = [
  {
    id: 'recordings/item-fields',
    source: `${T}::test_session_recordings_dont_leak_teams`,
    behaviour:
      "an item carries the real fields, retention_period_days (90), recording_ttl (89 a day in), expiry_time, snapshot_library and external_references among them; another project's recordings are not listed",
    async run(api) {
      await api.mock.create.person({
        project_id: 2,
        distinct_ids: ['user'],
        properties: { $some_prop: 'something', email: 'bob@bob.com' },
        events: 0,
      })
      const person = await api.person(['user'], { $some_prop: 'something', email: 'bob@bob.com' })
      await api.mock.create.recording({ project_id: 2, id: 'other_team', distinct_id: 'user' })
      await dayOld(api, 'user', 'current_team')
      const res = await api.get(LIST)
      status(res, 200)
      const items = results(res.body)
      expect(items.map((r) => r.id)).toEqual(['current_team'])
      const item = items[0]
      // Every key the real answer has (the seed's `storage` aside: see recordings/no-storage).
      expect(Object.keys(item).filter((k) => k !== 'storage')).toEqual(SERIALIZER_FIELDS)
      expect(item).toMatchObject({ has_summary: false, summary_outcome: null, matches_filters: true })
      expect(item).toMatchObject({
        distinct_id: 'user',
        retention_period_days: 90,
        recording_ttl: 89,
        snapshot_library: null,
        external_references: [],
        start_url: 'https://not-provided-by-test.com',
        viewed: false,
        viewers: [],
      })
      expect(Object.keys(item.person).sort()).toEqual([
        'created_at',
        'distinct_ids',
        'id',
        'last_seen_at',
        'name',
        'properties',
        'uuid',
      ])
      expect(item.person).toMatchObject({
        id: person.id,
        name: 'bob@bob.com',
        properties: { $some_prop: 'something', email: 'bob@bob.com' },
      })
    },
  },
  {
    id: 'recordings/person-distinct-ids',
    source: `${T}::test_session_recordings_dont_leak_teams (person.distinct_ids == ["user"])`,
    behaviour: "the embedded person's distinct_ids is an array holding the recording's distinct id",
    seedOverrules: 'seed 2.1: embedded in a session recording, distinct_ids is a single string',
    async run(api) {
      await api.person(['user', 'other-id'], { email: 'bob@bob.com' })
      await dayOld(api, 'user', 'r1')
      expect(results((await api.get(LIST)).body)[0].person.distinct_ids).toEqual(['user'])
    },
  },
  {
    id: 'recordings/expiry-time',
    source: 'posthog/session_recordings/queries/session_replay_events.py (expiry_time, recording_ttl)',
    behaviour:
      "expiry_time is the start of the recording's UTC day plus its retention; recording_ttl the whole days from now to it",
    async run(api) {
      await api.at('2026-11-04T12:00:00Z')
      await api.mock.create.recording({ id: 'r', start_time: '2026-11-01T18:30:00Z', retention_period_days: 30 })
      const item = results((await api.get(LIST)).body)[0]
      expect(item.expiry_time).toBe('2026-12-01T00:00:00Z')
      expect(item.recording_ttl).toBe(27)
    },
  },
  {
    id: 'recordings/same-person',
    source: `${T}::test_session_recording_for_user_with_multiple_distinct_ids`,
    behaviour: "recordings under two of a person's distinct ids both embed that person",
    async run(api) {
      const p = await api.person(['d1', 'd2'], { $some_prop: 'something', email: 'bob@bob.com' })
      await dayOld(api, 'd1', '1')
      await dayOld(api, 'd2', '2', 30)
      expect(results((await api.get(LIST)).body).map((r) => r.person.id)).toEqual([p.id, p.id])
    },
  },
  {
    id: 'recordings/newest-first',
    source:
      'posthog/session_recordings/queries/session_recording_list_from_query.py (order start_time, direction DESC)',
    behaviour: 'newest start_time first by default; order_direction=ASC reverses; order=duration sorts by duration',
    async run(api) {
      const now = api.mock.clock.now()
      await api.mock.create.recording({ id: 'old-long', start_time: now - 3 * DAY, active_seconds: 600 })
      await api.mock.create.recording({ id: 'new-short', start_time: now - DAY, active_seconds: 10 })
      const ids = async (q = '') => results((await api.get(`${LIST}${q}`)).body).map((r) => r.id)
      expect(await ids()).toEqual(['new-short', 'old-long'])
      expect(await ids('?order_direction=ASC')).toEqual(['old-long', 'new-short'])
      expect(await ids('?order=duration')).toEqual(['old-long', 'new-short'])
    },
  },
  {
    id: 'recordings/envelope',
    source: `${SRC} (list_recordings_response)`,
    behaviour: 'the list answers {results, has_next, version: 4}, with no count or links',
    seedOverrules: 'seed 4.4 and 2.5: the recordings list is the paginated envelope {count, next, previous, results}',
    async run(api) {
      for (let i = 0; i < 3; i++)
        await api.mock.create.recording({ id: `r${i}`, start_time: api.mock.clock.now() - (i + 1) * DAY })
      const first = (await api.get(`${LIST}?limit=2`)).body
      expect(Object.keys(first).sort()).toEqual(['has_next', 'results', 'version'])
      expect(first).toMatchObject({ has_next: true, version: 4 })
      expect((await api.get(`${LIST}?limit=2&offset=2`)).body).toMatchObject({
        has_next: false,
        results: [expect.objectContaining({ id: 'r2' })],
      })
    },
  },
  {
    id: 'recordings/unknown-parameter',
    source: `${SRC} (filter_from_params_to_query: RecordingsQuery.model_validate, extra fields forbidden)`,
    behaviour: "an unknown query parameter is a 400 whose detail is the model's error list as JSON",
    async run(api) {
      const res = await api.get(`${LIST}?foo=bar`)
      status(res, 400)
      expect(res.body).toMatchObject({ type: 'validation_error', code: 'invalid_input', attr: null })
      expect(JSON.parse(res.body.detail)).toEqual([
        {
          type: 'extra_forbidden',
          loc: ['foo'],
          msg: 'Extra inputs are not permitted',
          input: 'bar',
          url: `${PYDANTIC}extra_forbidden`,
        },
      ])
      expect(res.body.detail).toBe(
        '[{"type": "extra_forbidden", "loc": ["foo"], "msg": "Extra inputs are not permitted", "input": "bar", "url": "https://errors.pydantic.dev/2.12/v/extra_forbidden"}]',
      )
    },
  },
  {
    id: 'recordings/limit-not-a-number',
    source: `${SRC} (query_as_params_to_dict + RecordingsQuery: limit is an int)`,
    behaviour: "limit=abc is a 400 with the model's int_parsing error; a JSON number string works",
    async run(api) {
      const res = await api.get(`${LIST}?limit=abc`)
      status(res, 400)
      expect(JSON.parse(res.body.detail)).toEqual([
        {
          type: 'int_parsing',
          loc: ['limit'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          input: 'abc',
          url: `${PYDANTIC}int_parsing`,
        },
      ])
      status(await api.get(`${LIST}?limit=5`), 200)
    },
  },
  {
    id: 'recordings/value-errors',
    source: `${SRC} (RecordingsQuery fields: order, order_direction, person_uuid)`,
    behaviour: 'wrong values are each reported, in field order: an unknown order, a number where a string is due',
    async run(api) {
      const res = await api.get(`${LIST}?order_direction=UP&person_uuid=12`)
      status(res, 400)
      expect(JSON.parse(res.body.detail).map((e: any) => [e.type, e.loc])).toEqual([
        ['enum', ['order_direction']],
        ['string_type', ['person_uuid']],
      ])
    },
  },
  {
    id: 'recordings/limit-zero',
    source:
      'posthog/session_recordings/queries/session_recording_list_from_query.py (limit or SESSION_RECORDINGS_DEFAULT_LIMIT)',
    behaviour: 'limit=0 means the default page size of 50',
    async run(api) {
      for (let i = 0; i < 55; i++)
        await api.mock.create.recording({ id: `r${i}`, start_time: api.mock.clock.now() - (i + 1) * 3_600_000 })
      expect(results((await api.get(`${LIST}?limit=0`)).body)).toHaveLength(50)
      expect(results((await api.get(`${LIST}?limit=100000`)).body)).toHaveLength(55)
    },
  },
  {
    id: 'recordings/person-filter',
    source: `${SRC} (RecordingsQuery person_uuid)`,
    behaviour: "person_uuid lists the recordings of that person's distinct ids only",
    async run(api) {
      const a = await api.person(['a1', 'a2'])
      await api.person(['b1'])
      await dayOld(api, 'a1', 'ra1')
      await dayOld(api, 'a2', 'ra2', 10)
      await dayOld(api, 'b1', 'rb1', 20)
      expect(
        results((await api.get(`${LIST}?person_uuid=${a.uuid}`)).body)
          .map((r) => r.id)
          .sort(),
      ).toEqual(['ra1', 'ra2'])
    },
  },
  {
    id: 'recordings/no-storage',
    source: `${SRC} (SessionRecordingSerializer.Meta.fields)`,
    behaviour: 'the current serializer has no storage field',
    seedOverrules: "seed 2.4: storage is one of the session recording's fields",
    async run(api) {
      await api.person(['user'])
      await dayOld(api, 'user', 'r1')
      expect(results((await api.get(LIST)).body)[0]).not.toHaveProperty('storage')
      expect((await api.get(ONE('r1'))).body).not.toHaveProperty('storage')
    },
  },
  {
    id: 'recordings/default-window',
    source: 'posthog/schema.py (RecordingsQuery.date_from, default "-3d")',
    behaviour:
      'without date_from the list covers the last three days (from the start of the UTC day three days back); date_from=-7d or null widens it',
    async run(api) {
      // The clock is at 2026-11-04T12:00Z: -3d starts at 2026-11-01T00:00Z.
      await api.mock.create.recording({ id: 'inside', start_time: '2026-11-01T00:00:00Z' })
      await api.mock.create.recording({ id: 'outside', start_time: '2026-10-31T23:59:59Z' })
      const ids = async (q = '') => results((await api.get(`${LIST}${q}`)).body).map((r) => r.id)
      expect(await ids()).toEqual(['inside'])
      expect(await ids('?date_from=-7d')).toEqual(['inside', 'outside'])
      expect(await ids('?date_from=null')).toEqual(['inside', 'outside'])
      // Recordings asked for by id are shown whatever the window (bypass_date_window_for_session_ids).
      expect(await ids('?session_ids=["outside"]')).toEqual(['outside'])
    },
  },
  {
    id: 'recordings/empty-person-uuid',
    source:
      'posthog/session_recordings/queries/session_recording_list_from_query.py (person_uuid, applied only when set)',
    behaviour: 'person_uuid= (empty, as the frontend sends it when no person is chosen) does not filter',
    async run(api) {
      await api.person(['user'])
      await dayOld(api, 'user', 'r1')
      expect(results((await api.get(`${LIST}?person_uuid=`)).body).map((r) => r.id)).toEqual(['r1'])
    },
  },
  {
    id: 'recordings/viewed-per-user',
    source: `${SRC} (current_user_viewed, _other_users_viewed)`,
    behaviour: "viewed is the caller's own view; viewers lists the other users' e-mails only",
    async run(api) {
      const me = api.user(1).email
      const other = api.user(2).email
      await api.person(['user'])
      await api.mock.create.recording({
        id: 'both',
        distinct_id: 'user',
        start_time: api.mock.clock.now() - DAY,
        viewers: [me, other],
      })
      await api.mock.create.recording({
        id: 'theirs',
        distinct_id: 'user',
        start_time: api.mock.clock.now() - 2 * DAY,
        viewers: [other],
      })
      const byId = async (key?: string) =>
        Object.fromEntries(results((await api.get(LIST, key)).body).map((r) => [r.id, [r.viewed, r.viewers]]))
      expect(await byId()).toEqual({ both: [true, [other]], theirs: [false, [other]] })
      expect(await byId(await otherUsersKey(api))).toEqual({ both: [true, [me]], theirs: [true, []] })
      expect((await api.get(ONE('theirs'))).body).toMatchObject({ viewed: false, viewers: [other] })
    },
  },
  {
    id: 'recordings/retrieve',
    source: `${SRC} (SessionRecordingViewSet.retrieve)`,
    behaviour:
      'GET of one recording answers it as the list does (the person loaded, viewed for the caller); an unknown one is a 404 "Recording not found"',
    async run(api) {
      await api.person(['user'], { email: 'bob@bob.com' })
      await dayOld(api, 'user', 'r1')
      const res = await api.get(ONE('r1'))
      status(res, 200)
      expect(Object.keys(res.body).filter((k) => k !== 'storage')).toEqual(SERIALIZER_FIELDS)
      expect(res.body).toEqual(results((await api.get(LIST)).body)[0])
      const missing = await api.get(ONE('nope'))
      status(missing, 404)
      expect(missing.body).toEqual({
        type: 'invalid_request',
        code: 'not_found',
        detail: 'Recording not found',
        attr: null,
      })
    },
  },
  {
    id: 'recordings/mark-viewed',
    source: `${SRC} (SessionRecordingViewSet.update, SessionRecordingUpdateSerializer)`,
    behaviour:
      'PATCH {"viewed": true} answers {"success": true} and records the caller as a viewer; other fields are ignored',
    async run(api) {
      await api.person(['user'])
      await dayOld(api, 'user', 'r1')
      const res = await api.patch(ONE('r1'), { viewed: true, player_metadata: { id: 'r1' }, start_url: 'ignored' })
      status(res, 200)
      expect(res.body).toEqual({ success: true })
      expect((await api.get(ONE('r1'))).body).toMatchObject({
        viewed: true,
        viewers: [],
        start_url: 'https://not-provided-by-test.com',
      })
      expect((await api.get(ONE('r1'), await otherUsersKey(api))).body).toMatchObject({
        viewed: false,
        viewers: [api.user(1).email],
      })
      // Again: nothing more changes.
      status(await api.patch(ONE('r1'), { viewed: 'true' }), 200)
      expect((await api.get(ONE('r1'), await otherUsersKey(api))).body.viewers).toEqual([api.user(1).email])
    },
  },
  {
    id: 'recordings/update-errors',
    source: `${SRC} (SessionRecordingUpdateSerializer.validate; update's load_metadata check)`,
    behaviour:
      "a body with neither viewed nor analyzed true is a 400 \"At least one of 'viewed' or 'analyzed' must be provided.\"; a value that is not a boolean is a field error; an unknown recording is a 404 first",
    async run(api) {
      await api.person(['user'])
      await dayOld(api, 'user', 'r1')
      const none = await api.patch(ONE('r1'), { viewed: false })
      status(none, 400)
      expect(none.body).toEqual({
        type: 'validation_error',
        code: 'invalid_input',
        detail: "At least one of 'viewed' or 'analyzed' must be provided.",
        attr: null,
      })
      const wrong = await api.patch(ONE('r1'), { viewed: 'maybe' })
      status(wrong, 400)
      expect(wrong.body).toMatchObject({ attr: 'viewed', detail: 'Must be a valid boolean.' })
      // analyzed alone is accepted and marks nothing viewed.
      status(await api.patch(ONE('r1'), { analyzed: true }), 200)
      expect((await api.get(ONE('r1'))).body.viewed).toBe(false)
      status(await api.patch(ONE('nope'), {}), 404)
    },
  },
  {
    id: 'recordings/delete',
    source: `${SRC} (SessionRecordingViewSet.destroy; models/session_recording.py load_metadata reads the deletion)`,
    behaviour: 'DELETE answers 204 with no body; the recording is then neither listed nor found (404)',
    async run(api) {
      await api.person(['user'])
      await dayOld(api, 'user', 'r1')
      await dayOld(api, 'user', 'r2', 10)
      const res = await api.delete(ONE('r1'))
      status(res, 204)
      expect(res.text).toBe('')
      status(await api.get(ONE('r1')), 404)
      expect(results((await api.get(LIST)).body).map((r) => r.id)).toEqual(['r2'])
    },
  },
  {
    id: 'recordings/scopes',
    source: `${SRC} (SessionRecordingViewSet: scope_object "session_recording", scope_object_read_actions list/retrieve/snapshots)`,
    behaviour: 'retrieve needs session_recording:read; PATCH and DELETE need session_recording:write',
    async run(api) {
      await api.person(['user'])
      await dayOld(api, 'user', 'r1')
      const read = await api.key(['session_recording:read'])
      status(await api.get(ONE('r1'), read), 200)
      const patch = await api.patch(ONE('r1'), { viewed: true }, read)
      status(patch, 403)
      expect(patch.body.detail).toBe("API key missing required scope 'session_recording:write'")
      status(await api.delete(ONE('r1'), read), 403)
      const write = await api.key(['session_recording:write'])
      status(await api.patch(ONE('r1'), { viewed: true }, write), 200)
    },
  },
  {
    id: 'recordings/hide-viewed',
    source: `${SRC} (_viewed_session_ids_to_exclude)`,
    behaviour:
      'hide_viewed_recordings=current-user leaves out what the caller viewed, any-user what anyone viewed; session_ids are never hidden',
    async run(api) {
      const me = api.user(1).email
      const other = api.user(2).email
      await api.person(['user'])
      await api.mock.create.recording({
        id: 'mine',
        distinct_id: 'user',
        start_time: api.mock.clock.now() - DAY,
        viewers: [me],
      })
      await api.mock.create.recording({
        id: 'theirs',
        distinct_id: 'user',
        start_time: api.mock.clock.now() - DAY - 1000,
        viewers: [other],
      })
      await api.mock.create.recording({
        id: 'unseen',
        distinct_id: 'user',
        start_time: api.mock.clock.now() - DAY - 2000,
      })
      const ids = async (q: string) => results((await api.get(`${LIST}${q}`)).body).map((r) => r.id)
      expect(await ids('?hide_viewed_recordings=current-user')).toEqual(['theirs', 'unseen'])
      expect(await ids('?hide_viewed_recordings=any-user')).toEqual(['unseen'])
      expect(await ids('?hide_viewed_recordings=any-user&session_ids=["mine"]')).toEqual(['mine'])
      status(await api.get(`${LIST}?hide_viewed_recordings=true`), 400)
    },
  },
  {
    id: 'recordings/selected-first',
    source: `${SRC} (list_recordings_from_query: session_recording_id prepended; _load_selected_recording_ignoring_filters)`,
    behaviour:
      'session_recording_id=X puts X first on the page (matches_filters true when it matches the filters, false when it does not); an unknown X adds nothing',
    async run(api) {
      await api.person(['user'])
      for (let i = 0; i < 4; i++) await dayOld(api, 'user', `r${i}`, -i * 60)
      await api.mock.create.recording({ id: 'old', distinct_id: 'user', start_time: api.mock.clock.now() - 30 * DAY })
      const page = async (q: string) =>
        results((await api.get(`${LIST}${q}`)).body).map((r) => [r.id, r.matches_filters])
      expect(await page('?limit=2&session_recording_id=r2')).toEqual([
        ['r2', true],
        ['r0', true],
        ['r1', true],
      ])
      expect(await page('?limit=2&session_recording_id=r1')).toEqual([
        ['r1', true],
        ['r0', true],
      ])
      expect(await page('?limit=2&session_recording_id=old')).toEqual([
        ['old', false],
        ['r0', true],
        ['r1', true],
      ])
      expect(await page('?limit=2&session_recording_id=nope')).toEqual([
        ['r0', true],
        ['r1', true],
      ])
    },
  },
]
