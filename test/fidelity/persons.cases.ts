// Persons, from the real service's posthog/api/test/test_person.py (TestPerson) and posthog/api/person.py.
import { expect } from 'vitest'
import { P, status, type FidelityCase } from './harness.ts'

const T = 'posthog/api/test/test_person.py::TestPerson'
const SRC = 'posthog/api/person.py'
const PERSONS = `${P}/persons`
const SEED_IDS = 'seed 2.1 and 4.2: the list holds persons whose id is the integer id, in an envelope with count'

export const personCases: FidelityCase[] = [
  {
    id: 'persons/retrieve-by-pk',
    source: `${T}::test_legacy_get_person_by_id`,
    behaviour: 'GET persons/<integer id> answers the person with that integer id',
    async run(api) {
      const person = await api.person(['distinct_id'], { email: 'someone@gmail.com' })
      const res = await api.get(`${PERSONS}/${person.id}`)
      status(res, 200)
      expect(res.body.id).toBe(person.id)
    },
  },
  {
    id: 'persons/retrieve-fields',
    source: `${T}::test_retrieve_person`,
    behaviour: 'a retrieved person carries id (integer), uuid and distinct_ids',
    async run(api) {
      const person = await api.person(['123456789'])
      for (const id of [String(person.id), person.uuid]) {
        const res = await api.get(`${PERSONS}/${id}`)
        status(res, 200)
        expect(res.body).toMatchObject({ id: person.id, uuid: person.uuid, distinct_ids: ['123456789'] })
      }
    },
  },
  {
    id: 'persons/retrieve-bad-id-detail',
    source: `${T}::test_retrieve_person_by_distinct_id_with_useful_error`,
    behaviour: 'an id that is neither an integer nor a UUID is a 400 whose detail names the id sent',
    async run(api) {
      const res = await api.get(`${PERSONS}/NOT_A_UUID`)
      status(res, 400)
      expect(res.body.detail).toBe(
        'The ID provided does not look like a personID. If you are using a distinctId, please use /persons?distinct_id=NOT_A_UUID instead.',
      )
    },
  },
  {
    id: 'persons/retrieve-id-forms',
    source: `${SRC} (PersonViewSet.safely_get_object: uuid.UUID() then int())`,
    behaviour:
      'ids Python reads as a UUID (no dashes, braces) or an integer (sign, spaces, underscores) are looked up, not refused',
    async run(api) {
      const person = await api.person(['forms'])
      const hex = person.uuid.replace(/-/g, '')
      for (const id of [
        hex,
        `{${person.uuid}}`,
        `urn:uuid:${person.uuid}`,
        `+${person.id}`,
        `${String(person.id).split('').join('_')}`,
      ]) {
        const res = await api.get(`${PERSONS}/${encodeURIComponent(id)}/`)
        status(res, 200)
        expect(res.body.uuid).toBe(person.uuid)
      }
      status(await api.get(`${PERSONS}/-1/`), 404)
    },
  },
  {
    id: 'persons/search',
    source: `${T}::test_search`,
    behaviour: 'search matches part of an email, or a distinct id',
    async run(api) {
      await api.person(['distinct_id'], { email: 'someone@gmail.com' })
      await api.person(['distinct_id_2'], { email: 'another@gmail.com', name: 'james' })
      await api.person(['distinct_id_3'], { name: 'jane' })
      expect((await api.get(`${PERSONS}/?search=another@gm`)).body.results).toHaveLength(1)
      expect((await api.get(`${PERSONS}/?search=distinct_id_3`)).body.results).toHaveLength(1)
    },
  },
  {
    id: 'persons/search-uuid',
    source: `${T}::test_search_person_id`,
    behaviour: "search matches the person's uuid",
    async run(api) {
      const person = await api.person(['distinct_id'], { email: 'someone@gmail.com' })
      expect((await api.get(`${PERSONS}/?search=${person.uuid}`)).body.results).toHaveLength(1)
    },
  },
  {
    id: 'persons/properties-filter',
    source: `${T}::test_properties`,
    behaviour: 'properties filters: is_set and icontains on a person property',
    async run(api) {
      await api.person(['distinct_id'], { email: 'someone@gmail.com' })
      await api.person(['distinct_id_2'], { email: 'another@gmail.com' })
      await api.person(['distinct_id_3'], {})
      const q = (f: unknown) => `${PERSONS}/?properties=${encodeURIComponent(JSON.stringify([f]))}`
      expect(
        (await api.get(q({ key: 'email', operator: 'is_set', value: 'is_set', type: 'person' }))).body.results,
      ).toHaveLength(2)
      expect(
        (await api.get(q({ key: 'email', operator: 'icontains', value: 'another@gm', type: 'person' }))).body.results,
      ).toHaveLength(1)
    },
  },
  {
    id: 'persons/filter-email-item',
    source: `${T}::test_filter_person_email`,
    behaviour: 'the list item of a person filtered by email: id is the uuid, with uuid, properties and distinct_ids',
    seedOverrules: SEED_IDS,
    async run(api) {
      await api.person(['distinct_id', 'another_one'], { email: 'someone@gmail.com' })
      const person2 = await api.person(['distinct_id_2'], { email: 'another@gmail.com' })
      const res = await api.get(`${PERSONS}/?email=another@gmail.com`)
      status(res, 200)
      expect(res.body.results).toHaveLength(1)
      expect(res.body.results[0]).toMatchObject({
        id: person2.uuid,
        uuid: person2.uuid,
        properties: { email: 'another@gmail.com' },
        distinct_ids: ['distinct_id_2'],
      })
    },
  },
  {
    id: 'persons/filter-prop',
    source: `${T}::test_filter_person_prop`,
    behaviour: 'a properties filter without an operator is an exact match (the item id the uuid)',
    seedOverrules: SEED_IDS,
    async run(api) {
      await api.person(['distinct_id', 'another_one'], { email: 'someone@gmail.com' })
      const person2 = await api.person(['distinct_id_2'], { email: 'another@gmail.com', some_prop: 'some_value' })
      const res = await api.get(
        `${PERSONS}/?properties=${encodeURIComponent(JSON.stringify([{ key: 'some_prop', value: 'some_value', type: 'person' }]))}`,
      )
      expect(res.body.results.map((p: any) => p.id)).toEqual([person2.uuid])
    },
  },
  {
    id: 'persons/filter-list',
    source: `${T}::test_filter_person_list`,
    behaviour: "distinct_id matches any of a person's distinct ids exactly; email exactly; no match is an empty list",
    async run(api) {
      const person1 = await api.person(['distinct_id', 'another_one'], { email: 'someone@gmail.com' })
      const person2 = await api.person(['distinct_id_2'], { email: 'another@gmail.com' })
      const uuids = async (q: string) => (await api.get(`${PERSONS}/?${q}`)).body.results.map((p: any) => p.uuid)
      expect(await uuids('distinct_id=distinct_id')).toEqual([person1.uuid])
      expect(await uuids('distinct_id=another_one')).toEqual([person1.uuid])
      expect(await uuids('email=another@gmail.com')).toEqual([person2.uuid])
      expect(await uuids('email=inexistent')).toEqual([])
      expect(await uuids('distinct_id=inexistent')).toEqual([])
    },
  },
  {
    id: 'persons/filter-list-ids',
    source: `${T}::test_filter_person_list`,
    behaviour: 'filtered list items carry the uuid as id',
    seedOverrules: SEED_IDS,
    async run(api) {
      const person1 = await api.person(['distinct_id', 'another_one'], { email: 'someone@gmail.com' })
      expect((await api.get(`${PERSONS}/?distinct_id=distinct_id`)).body.results[0].id).toBe(person1.uuid)
    },
  },
  {
    id: 'persons/other-project-distinct-id',
    source: `${T}::test_cant_see_another_organization_pii_with_filters`,
    behaviour: "a distinct id shared with another project's person finds only this project's",
    async run(api) {
      await api.mock.create.person({ project_id: 2, distinct_ids: ['distinct_id', 'x_another_one'], events: 0 })
      const mine = await api.person(['distinct_id'])
      expect((await api.get(`${PERSONS}/?distinct_id=distinct_id`)).body.results.map((p: any) => p.uuid)).toEqual([
        mine.uuid,
      ])
      expect((await api.get(`${PERSONS}/?distinct_id=x_another_one`)).body.results).toEqual([])
    },
  },
  {
    id: 'persons/list-envelope',
    source: `${SRC} (PersonViewSet.list)`,
    behaviour: 'the list answers {results, next, previous}; count only with include_total',
    seedOverrules: 'seed 2.5: list responses carry count',
    async run(api) {
      await api.person(['a'])
      const plain = await api.get(`${PERSONS}/`)
      expect(Object.keys(plain.body).sort()).toEqual(['next', 'previous', 'results'])
      expect((await api.get(`${PERSONS}/?include_total`)).body.count).toBe(1)
    },
  },
  {
    id: 'persons/list-item-keys',
    source: 'posthog/queries/actor_base_query.py (get_serialized_people)',
    behaviour:
      'a list item is {type, id, uuid, created_at, last_seen_at, properties, is_identified, name, distinct_ids, matched_recordings, value_at_data_point}',
    seedOverrules: SEED_IDS,
    async run(api) {
      // Identified: its anonymous id merged into it by an identify.
      await api.person(['identified-user', '0188a0b0-0000-7000-8000-0000000000aa'], { email: 'x@example.com' })
      const item = (await api.get(`${PERSONS}/`)).body.results[0]
      expect(Object.keys(item).sort()).toEqual(
        [
          'created_at',
          'distinct_ids',
          'id',
          'is_identified',
          'last_seen_at',
          'matched_recordings',
          'name',
          'properties',
          'type',
          'uuid',
          'value_at_data_point',
        ].sort(),
      )
      expect(item).toMatchObject({
        type: 'person',
        id: item.uuid,
        is_identified: true,
        matched_recordings: [],
        value_at_data_point: null,
      })
    },
  },
  {
    id: 'persons/pagination',
    source: 'posthog/api/test/test_person.py::TestPersonFromClickhouse::test_pagination_limit',
    behaviour: '19 persons, limit=10: 10 then (through next) 9, newest first; include_total counts 19',
    async run(api) {
      const created: string[] = []
      for (let i = 0; i < 19; i++) {
        created.push(String(i + 100))
        await api.person(
          [String(i + 100)],
          { $browser: 'whatever', $os: 'Windows' },
          new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString(),
        )
      }
      const first = (await api.get(`${PERSONS}/?limit=10`)).body
      expect(first.results).toHaveLength(10)
      const next = new URL(first.next)
      const second = (await api.get(next.pathname + next.search)).body
      expect(second.results).toHaveLength(9)
      expect([...first.results, ...second.results].map((p: any) => p.distinct_ids[0])).toEqual(created.reverse())
      expect((await api.get(`${PERSONS}/?limit=10&include_total`)).body.count).toBe(19)
    },
  },
  {
    id: 'persons/pagination-ties',
    source: `${T}::test_pagination_no_gaps_or_duplicates_when_created_at_is_tied`,
    behaviour: 'persons with the same created_at are paged with no gap and no duplicate',
    async run(api) {
      const uuids: string[] = []
      for (let i = 1; i <= 7; i++) uuids.push((await api.person([`tied-${i}`], {}, '2021-08-25T22:09:14.252Z')).uuid)
      const seen: string[] = []
      let url: string | null = `${PERSONS}/?limit=2`
      while (url) {
        const page: any = (await api.get(url)).body
        seen.push(...page.results.map((p: any) => p.uuid))
        url = page.next ? new URL(page.next).pathname + new URL(page.next).search : null
      }
      expect(seen).toHaveLength(7)
      expect(new Set(seen)).toEqual(new Set(uuids))
    },
  },
  {
    id: 'persons/limit-zero',
    source: `${SRC} (list: a limit that reads as 0 takes DEFAULT_PAGE_LIMIT, 100)`,
    behaviour: 'limit=0 means the default page size of 100',
    async run(api) {
      for (let i = 0; i < 101; i++) await api.person([`p${i}`])
      expect((await api.get(`${PERSONS}/?limit=0`)).body.results).toHaveLength(100)
    },
  },
  {
    id: 'persons/names',
    source: `${T}::test_return_non_anonymous_name`,
    behaviour:
      'without email/name/username the name is the first non-anonymous distinct id, which also leads distinct_ids',
    async run(api) {
      await api.person(
        ['distinct_id1', '17787c3099427b-0e8f6c86323ea9-33647309-1aeaa0-17787c30995b7c'],
        {},
        '2026-11-01T00:00:00Z',
      )
      await api.person(
        ['17787c327b-0e8f623ea9-336473-1aeaa0-17787c30995b7c', 'distinct_id2'],
        {},
        '2026-11-02T00:00:00Z',
      )
      const results = (await api.get(`${PERSONS}/`)).body.results
      expect(results.map((p: any) => p.name)).toEqual(['distinct_id2', 'distinct_id1'])
      expect(results[0].distinct_ids).toEqual(['distinct_id2', '17787c327b-0e8f623ea9-336473-1aeaa0-17787c30995b7c'])
    },
  },
  {
    id: 'persons/display-name-defaults',
    source: `${T}::test_person_display_name_defaults`,
    behaviour: 'the name is the email, else the name property, else a distinct id',
    async run(api) {
      await api.person(['distinct_id1'], { name: 'someone', email: 'someone@gmail.com' }, '2026-11-01T00:00:00Z')
      await api.person(['distinct_id2'], { name: 'another_one' }, '2026-11-02T00:00:00Z')
      await api.person(['distinct_id3'], {}, '2026-11-03T00:00:00Z')
      const results = (await api.get(`${PERSONS}/`)).body.results.reverse()
      expect(results.map((p: any) => p.name)).toEqual(['someone@gmail.com', 'another_one', 'distinct_id3'])
    },
  },
  {
    id: 'persons/csv',
    source: `${T}::test_csv_export`,
    behaviour: 'the list as CSV: a header and a line per person; a properties filter applies',
    async run(api) {
      await api.person(['1', '2', '3'], { $browser: 'whatever', $os: 'Mac OS X' })
      await api.person(['4'], { $browser: 'whatever', $os: 'Windows' })
      const all = await api.get(`${PERSONS}/?format=csv`)
      expect(all.text.trim().split(/\r?\n/)).toHaveLength(3)
      const windows = await api.get(
        `${PERSONS}/?format=csv&properties=${encodeURIComponent(JSON.stringify([{ key: '$os', value: 'Windows', type: 'person' }]))}`,
      )
      expect(windows.text.trim().split(/\r?\n/)).toHaveLength(2)
    },
  },
  {
    id: 'persons/create-refused',
    source: `${SRC} (PersonViewSet.create)`,
    behaviour: 'POST persons/ is a 405 telling to send an $identify event',
    async run(api) {
      const res = await api.post(`${PERSONS}/`, { properties: {} })
      status(res, 405)
      expect(res.body).toEqual({
        type: 'invalid_request',
        code: 'method_not_allowed',
        detail:
          'Creating persons via this API is not allowed. Please create persons by sending an $identify event. See https://posthog.com/docs/product-analytics/identify for details.',
        attr: null,
      })
    },
  },
  {
    id: 'persons/patch-missing-properties',
    source: `${T}::test_update_multiple_person_properties_validation`,
    behaviour: 'PATCH without properties is a 400 with code and detail swapped',
    async run(api) {
      const person = await api.person(['some_distinct_id'], { $browser: 'whatever', $os: 'Mac OS X' })
      const res = await api.patch(`${PERSONS}/${person.uuid}`, { foo: 'bar', bar: 'baz' })
      status(res, 400)
      expect(res.body).toEqual({
        type: 'validation_error',
        code: 'This field is required.',
        detail: 'required',
        attr: 'properties',
      })
    },
  },
  {
    id: 'persons/patch-202',
    source: `${T}::test_patch_user_property_activity`,
    behaviour: 'PATCH answers 202 with no body',
    seedOverrules: 'seed 4.2: PATCH answers 200 with the person',
    async run(api) {
      const person = await api.person(['1', '2', '3'], { $browser: 'whatever', $os: 'Mac OS X' })
      const current = (await api.get(`${PERSONS}/${person.uuid}/`)).body
      const res = await api.patch(`${PERSONS}/${person.uuid}/`, {
        ...current,
        properties: { ...current.properties, a: 'b' },
      })
      status(res, 202)
      expect(res.text).toBe('')
    },
  },
  {
    id: 'persons/patch-activity',
    source: `${T}::test_patch_user_property_activity`,
    behaviour:
      'PATCH logs "updated" with one change {type Person, action changed, field properties, before null, after null}, no name, the time as DRF prints it',
    async run(api) {
      await api.at('2021-08-25T22:09:14.252Z')
      const person = await api.person(['1', '2', '3'], { $browser: 'whatever', $os: 'Mac OS X' })
      await api.patch(`${PERSONS}/${person.uuid}/`, { properties: { a: 'b' } })
      const page = (await api.get(`${PERSONS}/${person.uuid}/activity`)).body
      const { id: _id, ...entry } = page.results[0]
      expect(entry).toEqual({
        user: { first_name: api.user().first_name, email: api.user().email },
        activity: 'updated',
        created_at: '2021-08-25T22:09:14.252000Z',
        scope: 'Person',
        item_id: String(person.id),
        detail: {
          changes: [{ type: 'Person', action: 'changed', field: 'properties', before: null, after: null }],
          trigger: null,
          type: null,
          name: null,
          short_id: null,
        },
      })
    },
  },
  {
    id: 'persons/delete-202',
    source: `${T}::test_delete_person`,
    behaviour: 'DELETE answers 202 with an empty body; a second DELETE is a 404',
    seedOverrules: 'seed 3 and 4.2: DELETE answers 204',
    async run(api) {
      const person = await api.person(['person_1', 'anonymous_id'], { $os: 'Chrome' })
      const res = await api.delete(`${PERSONS}/${person.uuid}/`)
      status(res, 202)
      expect(res.text).toBe('')
      status(await api.delete(`${PERSONS}/${person.uuid}/`), 404)
    },
  },
  {
    id: 'persons/delete-activity',
    source: `${T}::test_delete_person`,
    behaviour:
      'DELETE logs "deleted" (named by the uuid) in the project-wide person activity, events kept, nothing queued',
    async run(api) {
      await api.at('2021-08-25T22:09:14.252Z')
      const person = await api.person(['person_1', 'anonymous_id'], { $os: 'Chrome' })
      await api.event('person_1', 'test', '2021-08-25T22:00:00Z')
      await api.delete(`${PERSONS}/${person.uuid}/`)
      const page = (await api.get(`${PERSONS}/activity`)).body
      const entries = page.results.map(({ id: _id, ...e }: any) => e).filter((e: any) => e.activity === 'deleted')
      expect(entries).toEqual([
        {
          user: { first_name: api.user().first_name, email: api.user().email },
          activity: 'deleted',
          scope: 'Person',
          item_id: String(person.id),
          detail: { changes: null, trigger: null, type: null, name: person.uuid, short_id: null },
          created_at: '2021-08-25T22:09:14.252000Z',
        },
      ])
      expect(api.mock.tasks()).toEqual([])
      expect(api.mock.store.events.forPerson(person.uuid).length).toBeGreaterThan(0)
    },
  },
  {
    id: 'persons/delete-and-events',
    source: `${T}::test_delete_person_and_events`,
    behaviour: 'DELETE ?delete_events=true removes the person and queues the deletion of its events',
    async run(api) {
      const person = await api.person(['person_1', 'anonymous_id'], { $os: 'Chrome' })
      const res = await api.delete(`${PERSONS}/${person.uuid}/?delete_events=true`)
      expect([202, 204]).toContain(res.status)
      status(await api.get(`${PERSONS}/${person.uuid}/`), 404)
      expect(api.mock.tasks().map((t) => t.target.person_uuid)).toEqual([person.uuid])
    },
  },
  {
    id: 'persons/delete-keep-person',
    source: `${T}::test_destroy_with_keep_person_param`,
    behaviour: 'DELETE ?keep_person=true&delete_events=true keeps the person and queues the deletion of its events',
    async run(api) {
      const person = await api.person(['person_1'], { $os: 'Chrome' })
      const res = await api.delete(`${PERSONS}/${person.uuid}/?keep_person=true&delete_events=true`)
      expect([202, 204]).toContain(res.status)
      status(await api.get(`${PERSONS}/${person.uuid}/`), 200)
      expect(api.mock.tasks()).toHaveLength(1)
    },
  },
  {
    id: 'persons/delete-events-202',
    source: `${T}::test_delete_events_only`,
    behaviour: 'POST delete_events/ answers 202 with an empty body, keeps the person and queues the deletion',
    seedOverrules: 'seed 4.2: delete_events answers 200',
    async run(api) {
      const person = await api.person(['person_1', 'anonymous_id'], { $os: 'Chrome' })
      const res = await api.post(`${PERSONS}/${person.uuid}/delete_events/`)
      status(res, 202)
      expect(res.text).toBe('')
      status(await api.get(`${PERSONS}/${person.uuid}/`), 200)
      expect(api.mock.tasks().map((t) => t.target.person_uuid)).toEqual([person.uuid])
    },
  },
  {
    id: 'persons/delete-events-unknown',
    source: `${T}::test_delete_person_events_not_found`,
    behaviour: 'delete_events/ for an unknown uuid is a 404 "Not found."',
    async run(api) {
      const res = await api.post(`${PERSONS}/11111111-1111-1111-1111-111111111111/delete_events/`)
      status(res, 404)
      expect(res.body.detail).toBe('Not found.')
    },
  },
  {
    id: 'persons/delete-property-event',
    source: `${T}::test_new_delete_person_properties`,
    behaviour:
      'delete_property with {"$unset": key} captures $delete_person_property {"$unset": [key]} for the first distinct id',
    async run(api) {
      const person = await api.person(['some_distinct_id'], { $browser: 'whatever', $os: 'Mac OS X', foo: 1 })
      const res = await api.post(`${PERSONS}/${person.uuid}/delete_property`, { $unset: 'foo' })
      expect(res.status).toBeLessThan(300)
      const last = api.mock.store.events.forPerson(person.uuid).at(-1)!
      expect(last).toMatchObject({
        event: '$delete_person_property',
        distinct_id: 'some_distinct_id',
        properties: { $unset: ['foo'] },
      })
      expect((await api.get(`${PERSONS}/${person.uuid}/`)).body.properties).not.toHaveProperty('foo')
    },
  },
  {
    id: 'persons/delete-property-by-pk',
    source: `${T}::test_delete_person_property_by_numeric_id`,
    behaviour: 'delete_property by the integer id works the same',
    async run(api) {
      const person = await api.person(['some_distinct_id'], { foo: 1 })
      expect((await api.post(`${PERSONS}/${person.id}/delete_property`, { $unset: 'foo' })).status).toBeLessThan(300)
      expect((await api.get(`${PERSONS}/${person.id}/`)).body.properties).not.toHaveProperty('foo')
    },
  },
  {
    id: 'persons/delete-property-201',
    source: `${SRC} (PersonViewSet.delete_property)`,
    behaviour: 'delete_property answers 201 {"success": true}, reading the key from the body only',
    seedOverrules: 'seed 4.2: delete_property takes the key in the $unset query parameter and answers 200',
    async run(api) {
      const person = await api.person(['some_distinct_id'], { foo: 1, bar: 2 })
      const res = await api.post(`${PERSONS}/${person.uuid}/delete_property/?$unset=bar`, { $unset: 'foo' })
      status(res, 201)
      expect(res.body).toEqual({ success: true })
      expect((await api.get(`${PERSONS}/${person.uuid}/`)).body.properties).toEqual({ bar: 2 })
    },
  },
  {
    id: 'persons/delete-property-activity',
    source: `${SRC} (PersonViewSet.delete_property: log_activity)`,
    behaviour:
      'delete_property logs "delete_property" named by the uuid, with one change {type Person, action changed} and no field or values',
    async run(api) {
      const person = await api.person(['some_distinct_id'], { foo: 1 })
      await api.post(`${PERSONS}/${person.uuid}/delete_property/?$unset=foo`, { $unset: 'foo' })
      const entry = (await api.get(`${PERSONS}/${person.uuid}/activity/`)).body.results[0]
      expect(entry.detail).toEqual({
        changes: [{ type: 'Person', action: 'changed', field: null, before: null, after: null }],
        trigger: null,
        type: null,
        name: person.uuid,
        short_id: null,
      })
    },
  },
  {
    id: 'persons/all-activity',
    source: `${SRC} (PersonViewSet.all_activity, url_path activity)`,
    behaviour: 'GET persons/activity/ is the project-wide person activity log, not a person id',
    async run(api) {
      const a = await api.person(['a'])
      const b = await api.person(['b'])
      await api.patch(`${PERSONS}/${a.id}/`, { properties: { x: 1 } })
      await api.patch(`${PERSONS}/${b.id}/`, { properties: { x: 2 } })
      const res = await api.get(`${PERSONS}/activity/`)
      status(res, 200)
      expect(res.body.results.map((e: any) => e.item_id)).toEqual([String(b.id), String(a.id)])
      expect(res.body.total_count).toBe(2)
    },
  },
  {
    id: 'persons/search-wildcards',
    source:
      'posthog/hogql_queries/actor_strategies.py (PersonStrategy.filter_conditions: ILIKE of "%search%", unescaped)',
    behaviour: 'in search, `_` is any one character and `%` any run of them; a backslash makes the next one literal',
    async run(api) {
      const a = await api.person(['a_b'], { email: 'a_b@example.com' })
      const b = await api.person(['axb'], { email: 'axb@example.com' })
      const c = await api.person(['user-3'], { email: 'ann@corp.io', name: 'Ann 100%' })
      const found = async (term: string) =>
        new Set((await api.get(`${PERSONS}/?search=${encodeURIComponent(term)}`)).body.results.map((p: any) => p.uuid))
      expect(await found('a_b')).toEqual(new Set([a.uuid, b.uuid]))
      expect(await found('a\\_b')).toEqual(new Set([a.uuid]))
      expect(await found('A%@EXAMPLE')).toEqual(new Set([a.uuid, b.uuid]))
      expect(await found('ann%corp')).toEqual(new Set([c.uuid]))
      expect(await found('100\\%')).toEqual(new Set([c.uuid]))
      expect(await found('x_b@')).toEqual(new Set())
    },
  },
  {
    id: 'persons/tie-order-uuid',
    source: `${T}::test_pagination_no_gaps_or_duplicates_when_created_at_is_tied`,
    behaviour:
      'persons created at the same instant are listed by uuid, descending, as ClickHouse orders a UUID (its second half first)',
    async run(api) {
      const uuids: string[] = []
      for (let i = 1; i <= 9; i++) uuids.push((await api.person([`tied-${i}`], {}, '2021-08-25T22:09:14.252Z')).uuid)
      const clickhouseKey = (u: string) => u.slice(19) + u.slice(0, 18)
      const expected = [...uuids].sort((x, y) => (clickhouseKey(x) < clickhouseKey(y) ? 1 : -1))
      // (These uuids are ones where the second half's order is not the text's: the case tells the two apart.)
      expect(expected).not.toEqual([...uuids].sort().reverse())
      expect((await api.get(`${PERSONS}/?limit=100`)).body.results.map((p: any) => p.uuid)).toEqual(expected)
    },
  },
  {
    id: 'persons/activity-links-keep-limit',
    source:
      'posthog/models/activity_logging/activity_page.py (activity_page_response, with posthog/utils.py format_query_params_absolute_url)',
    behaviour:
      'activity next/previous are the URL as sent with page replaced (or appended) and then limit, the default 10 included',
    async run(api) {
      const person = await api.person(['a'])
      for (let i = 0; i < 12; i++) await api.patch(`${PERSONS}/${person.id}/`, { properties: { n: i } })
      const at = (link: string) => new URL(link).pathname + new URL(link).search
      const first = (await api.get(`${PERSONS}/${person.id}/activity/`)).body
      expect(at(first.next)).toBe(`${PERSONS}/${person.id}/activity/?page=2&limit=10`)
      expect(first.previous).toBeNull()
      const second = (await api.get(`${PERSONS}/${person.id}/activity/?limit=5&page=2`)).body
      expect(at(second.next)).toBe(`${PERSONS}/${person.id}/activity/?limit=5&page=3`)
      expect(at(second.previous)).toBe(`${PERSONS}/${person.id}/activity/?limit=5&page=1`)
    },
  },
  {
    id: 'persons/is-identified-merge-flag',
    source: "posthog/hogql_queries/actor_strategies.py (PersonStrategy.get_actors: the person row's is_identified)",
    behaviour:
      "is_identified is the stored flag an $identify with $anon_distinct_id sets (the plugin-server's merge), not a count of distinct ids",
    seedOverrules: SEED_IDS,
    async run(api) {
      const anonymous = await api.person(['0188a0b0-0000-7000-8000-000000000001'])
      // Two distinct ids, never merged by an identify (as a person the real tests create directly).
      const named = await api.mock.create.person({
        distinct_ids: ['user-1', 'user-1-laptop'],
        events: 0,
        is_identified: false,
      })
      const flags = async () =>
        Object.fromEntries((await api.get(`${PERSONS}/`)).body.results.map((p: any) => [p.uuid, p.is_identified]))
      expect(await flags()).toEqual({ [anonymous.uuid]: false, [named.uuid]: false })
      // posthog-js identify(): the event's distinct id joins the anonymous person, which is then identified.
      await api.event('user-2', '$identify', '2026-11-04T11:00:00Z', {
        $anon_distinct_id: '0188a0b0-0000-7000-8000-000000000001',
      })
      expect(await flags()).toEqual({ [anonymous.uuid]: true, [named.uuid]: false })
    },
  },
]
