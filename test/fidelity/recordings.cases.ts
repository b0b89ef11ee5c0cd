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
  return api.mock.create.recording({ id, distinct_id: distinctId, start_time: start, retention_period_days: 90, start_url: 'https://not-provided-by-test.com' })
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
      await api.mock.create.person({ project_id: 2, distinct_ids: ['user'], properties: { $some_prop: 'something', email: 'bob@bob.com' }, events: 0 })
      const person = await api.person(['user'], { $some_prop: 'something', email: 'bob@bob.com' })
      await api.mock.create.recording({ project_id: 2, id: 'other_team', distinct_id: 'user' })
      await dayOld(api, 'user', 'current_team')
      const res = await api.get(LIST)
      status(res, 200)
      const items = results(res.body)
      expect(items.map((r) => r.id)).toEqual(['current_team'])
      const item = items[0]
      // Every key the real answer has; the seed's `storage` (2.4) besides.
      expect(Object.keys(item).sort()).toEqual(
        [
          'active_seconds', 'activity_score', 'click_count', 'console_error_count', 'console_log_count', 'console_warn_count', 'distinct_id',
          'end_time', 'expiry_time', 'external_references', 'id', 'inactive_seconds', 'keypress_count', 'mouse_activity_count', 'ongoing',
          'person', 'recording_duration', 'recording_ttl', 'retention_period_days', 'snapshot_library', 'snapshot_source', 'start_time',
          'start_url', 'storage', 'viewed', 'viewers',
        ].sort(),
      )
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
      expect(Object.keys(item.person).sort()).toEqual(['created_at', 'distinct_ids', 'id', 'name', 'properties', 'uuid'])
      expect(item.person).toMatchObject({ id: person.id, name: 'bob@bob.com', properties: { $some_prop: 'something', email: 'bob@bob.com' } })
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
    behaviour: "expiry_time is the start of the recording's UTC day plus its retention; recording_ttl the whole days from now to it",
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
    source: 'posthog/session_recordings/queries/session_recording_list_from_query.py (order start_time, direction DESC)',
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
      for (let i = 0; i < 3; i++) await api.mock.create.recording({ id: `r${i}`, start_time: api.mock.clock.now() - (i + 1) * DAY })
      const first = (await api.get(`${LIST}?limit=2`)).body
      expect(Object.keys(first).sort()).toEqual(['has_next', 'results', 'version'])
      expect(first).toMatchObject({ has_next: true, version: 4 })
      expect((await api.get(`${LIST}?limit=2&offset=2`)).body).toMatchObject({ has_next: false, results: [expect.objectContaining({ id: 'r2' })] })
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
        { type: 'extra_forbidden', loc: ['foo'], msg: 'Extra inputs are not permitted', input: 'bar', url: `${PYDANTIC}extra_forbidden` },
      ])
      expect(res.body.detail).toBe(
        '[{"type": "extra_forbidden", "loc": ["foo"], "msg": "Extra inputs are not permitted", "input": "bar", "url": "https://errors.pydantic.dev/2.12/v/extra_forbidden"}]',
      )
    },
  },
  {
    id: 'recordings/limit-not-a-number',
    source: `${SRC} (query_as_params_to_dict + RecordingsQuery: limit is an int)`,
    behaviour: 'limit=abc is a 400 with the model\'s int_parsing error; a JSON number string works',
    async run(api) {
      const res = await api.get(`${LIST}?limit=abc`)
      status(res, 400)
      expect(JSON.parse(res.body.detail)).toEqual([
        { type: 'int_parsing', loc: ['limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'abc', url: `${PYDANTIC}int_parsing` },
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
    source: 'posthog/session_recordings/queries/session_recording_list_from_query.py (limit or SESSION_RECORDINGS_DEFAULT_LIMIT)',
    behaviour: 'limit=0 means the default page size of 50',
    async run(api) {
      for (let i = 0; i < 55; i++) await api.mock.create.recording({ id: `r${i}`, start_time: api.mock.clock.now() - (i + 1) * 3_600_000 })
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
      expect(results((await api.get(`${LIST}?person_uuid=${a.uuid}`)).body).map((r) => r.id).sort()).toEqual(['ra1', 'ra2'])
    },
  },
]
