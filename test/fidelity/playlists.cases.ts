// Session recording playlists, from posthog/session_recordings/test/test_session_recording_playlist.py
// and posthog/session_recordings/session_recording_playlist_api.py.
import { expect } from 'vitest'
import type { Api } from './harness.ts'
import { P, status, type FidelityCase } from './harness.ts'

const T = 'posthog/session_recordings/test/test_session_recording_playlist.py::TestSessionRecordingPlaylist'
const SRC = 'posthog/session_recordings/session_recording_playlist_api.py'
const BASE = `${P}/session_recording_playlists`
const EMPTY_SAVED_FILTERS = {
  count: null,
  has_more: null,
  watched_count: null,
  increased: null,
  last_refreshed_at: null,
}

/** A playlist made as the real tests make them (straight in the database, by a user), a minute after the last. */
async function playlist(api: Api, input: Parameters<Api['mock']['create']['playlist']>[0] = {}) {
  await api.mock.advance(60_000)
  return api.mock.create.playlist({ name: null, ...input })
}
/** How many synthetic playlists the list merges in: the real service's seven (observed profile); none in the seed's. */
const syntheticCount = (api: Api) => (api.profile === 'observed' ? 7 : 0)
/** The stored playlists of a page, as the real tests read them (`if not r.get("is_synthetic")`). */
const stored = (results: any[]) => results.filter((p) => !p.is_synthetic)
const local = (url: string | null) => (url === null ? null : new URL(url).pathname + new URL(url).search)
const create = (api: Api, body: Record<string, unknown>) => api.post(`${BASE}/`, body)

export const playlistCases: FidelityCase[] = [
  {
    id: 'playlists/list-item',
    source: `${T}::test_list_playlists_when_there_are_some_playlists`,
    behaviour:
      'a listed playlist is exactly {is_synthetic, created_at, created_by, deleted, derived_name, description, filters, id, last_modified_at, last_modified_by, name, pinned, recordings_counts, short_id, type}, newest first',
    async run(api) {
      const one = (await create(api, { name: 'test', type: 'collection' })).body
      await api.mock.advance(60_000)
      const two = (await create(api, { name: 'test2', type: 'collection' })).body
      const res = await api.get(`${BASE}`)
      status(res, 200)
      expect(res.body).toMatchObject({ count: 2 + syntheticCount(api), next: null, previous: null })
      const user = api.user()
      const expected = (p: any, name: string) => ({
        is_synthetic: false,
        created_at: expect.any(String),
        created_by: user,
        deleted: false,
        derived_name: null,
        description: '',
        filters: {},
        id: p.id,
        last_modified_at: expect.any(String),
        last_modified_by: user,
        name,
        pinned: false,
        recordings_counts: { collection: { count: null, watched_count: 0 }, saved_filters: EMPTY_SAVED_FILTERS },
        short_id: p.short_id,
        type: 'collection',
      })
      expect(stored(res.body.results)).toEqual([expected(two, 'test2'), expected(one, 'test')])
    },
  },
  {
    id: 'playlists/create-without-type',
    source: `${T}::test_rejects_invalid_playlist_type (without_type)`,
    behaviour: 'create without type: 400 "Must provide a valid playlist type: either filters or collection"',
    async run(api) {
      const res = await create(api, { name: 'test' })
      status(res, 400)
      expect(res.body).toEqual({
        attr: null,
        code: 'invalid_input',
        detail: 'Must provide a valid playlist type: either filters or collection',
        type: 'validation_error',
      })
    },
  },
  {
    id: 'playlists/create-unknown-type',
    source: `${T}::test_rejects_invalid_playlist_type (with_unknown_type)`,
    behaviour: 'create with type "tomato": 400 invalid_choice on type',
    async run(api) {
      const res = await create(api, { name: 'test', type: 'tomato' })
      status(res, 400)
      expect(res.body).toEqual({
        attr: 'type',
        code: 'invalid_choice',
        detail: '"tomato" is not a valid choice.',
        type: 'validation_error',
      })
    },
  },
  {
    id: 'playlists/create-with-type',
    source: `${T}::test_creates_playlist_with_type`,
    behaviour: 'create a filters playlist (with filters) and a collection: 201 with their name and type',
    async run(api) {
      for (const [body, type] of [
        [{ name: 'test filters', type: 'filters', filters: { foo: 'bar' } }, 'filters'],
        [{ name: 'test collection', type: 'collection' }, 'collection'],
      ] as const) {
        const res = await create(api, body)
        status(res, 201)
        expect(res.body).toMatchObject({ name: body.name, type })
      }
    },
  },
  {
    id: 'playlists/create-filter-rules',
    source: `${T}::test_rejects_invalid_filter_combinations`,
    behaviour: 'a filters playlist needs filters; a collection may not have any (400, the real words)',
    async run(api) {
      for (const [body, detail] of [
        [{ type: 'filters' }, 'You must provide a valid filters when creating a saved filter'],
        [{ type: 'collection', filters: { events: [{ id: 'test' }] } }, 'You cannot create a collection with filters'],
      ] as const) {
        const res = await create(api, body)
        status(res, 400)
        expect(res.body).toEqual({ attr: null, code: 'invalid_input', detail, type: 'validation_error' })
      }
    },
  },
  {
    id: 'playlists/retrieve',
    source: `${T}::test_gets_individual_playlist_by_shortid`,
    behaviour: 'GET by short_id answers that playlist',
    async run(api) {
      const made = (await create(api, { type: 'collection' })).body
      expect((await api.get(`${BASE}/${made.short_id}`)).body.short_id).toBe(made.short_id)
    },
  },
  {
    id: 'playlists/update',
    source: `${T}::test_updates_playlist`,
    behaviour:
      'PATCH writes name, description, filters, pinned; last_modified_at is the time of the change as DRF prints it',
    async run(api) {
      const made = (await create(api, { type: 'filters', filters: { events: [{ id: 'original' }] } })).body
      await api.at('2022-01-02T00:00:00Z')
      const res = await api.patch(`${BASE}/${made.short_id}`, {
        name: 'changed name',
        description: 'changed description',
        filters: { events: [{ id: 'updated' }] },
        pinned: true,
      })
      status(res, 200)
      expect(res.body).toMatchObject({
        short_id: made.short_id,
        name: 'changed name',
        description: 'changed description',
        filters: { events: [{ id: 'updated' }] },
      })
      expect(res.body.last_modified_at).toBe('2022-01-02T00:00:00Z')
    },
  },
  {
    id: 'playlists/update-type',
    source: `${T}::test_cannot_update_type`,
    behaviour: 'PATCH of a collection to type filters with filters is a 400',
    async run(api) {
      const made = (await create(api, { type: 'collection' })).body
      status(
        await api.patch(`${BASE}/${made.short_id}`, { type: 'filters', filters: { events: [{ id: 'test' }] } }),
        400,
      )
    },
  },
  {
    id: 'playlists/update-saved-filter-empty',
    source: `${T}::test_cannot_update_saved_filter_to_have_no_filters`,
    behaviour: 'PATCH of a filters playlist with filters {} or null is a 400',
    async run(api) {
      const made = (await create(api, { type: 'filters', filters: { events: [{ id: 'test' }] } })).body
      for (const filters of [{}, null])
        status(await api.patch(`${BASE}/${made.short_id}`, { type: 'filters', filters }), 400)
    },
  },
  {
    id: 'playlists/update-empty-filters-collection',
    source: `${T}::test_does_not_count_empty_object_as_filters`,
    behaviour: 'PATCH of a collection with filters {} (soft-deleting it) is a 200',
    async run(api) {
      const made = (await create(api, { type: 'collection' })).body
      status(await api.patch(`${BASE}/${made.short_id}`, { filters: {}, deleted: true }), 200)
    },
  },
  {
    id: 'playlists/update-collection-filters',
    source: `${T}::test_cannot_update_collection_to_have_filters`,
    behaviour: 'PATCH adding filters to a collection is a 400',
    async run(api) {
      const made = (await create(api, { type: 'collection' })).body
      status(await api.patch(`${BASE}/${made.short_id}`, { filters: { events: [{ id: 'test' }] } }), 400)
    },
  },
  {
    id: 'playlists/update-read-only',
    source: `${T}::test_rejects_updates_to_readonly_playlist_properties`,
    behaviour: 'PATCH ignores short_id and type and writes the rest (200)',
    async run(api) {
      const made = (await create(api, { name: 'initial for readonly test', type: 'collection' })).body
      const res = await api.patch(`${BASE}/${made.short_id}`, {
        short_id: 'something else',
        type: 'filters',
        name: 'updated name for readonly test',
        pinned: true,
      })
      status(res, 200)
      expect(res.body).toMatchObject({
        short_id: made.short_id,
        type: 'collection',
        name: 'updated name for readonly test',
        pinned: true,
      })
    },
  },
  {
    id: 'playlists/list-filters',
    source: `${T}::test_filters_based_on_params`,
    behaviour: "list filters search (name), user (the caller's), pinned and created_by, newest first",
    async run(api) {
      const other = api.mock.store.user(2)!
      const playlists = [
        await playlist(api, { name: 'playlist', created_by_id: 1 }),
        await playlist(api, { pinned: true, created_by_id: 1 }),
        await playlist(api, { name: 'my playlist', created_by_id: other.id }),
      ]
      for (const [query, indices] of [
        ['search=my', [2]],
        ['search=playlist', [2, 0]],
        ['user=true', [1, 0]],
        ['pinned=true', [1]],
        [`created_by=${other.id}`, [2]],
      ] as const) {
        const results = (await api.get(`${BASE}?${query}`)).body.results
        expect(
          results.map((p: any) => p.short_id),
          query,
        ).toEqual(indices.map((i) => playlists[i]!.short_id))
      }
    },
  },
  {
    id: 'playlists/list-by-type',
    source: `${T}::test_filters_playlist_by_type`,
    behaviour: 'type=filters lists the filters playlists, type=collection the collections',
    async run(api) {
      const f = await playlist(api, {
        name: 'Filters Explicit',
        type: 'filters',
        filters: { events: [{ id: 'test' }] },
      })
      const c1 = await playlist(api, { name: 'Collection Explicit Items', type: 'collection' })
      const c2 = await playlist(api, { name: 'Collection Explicit No Filters', type: 'collection' })
      expect((await api.get(`${BASE}?type=filters`)).body.results.map((p: any) => p.id)).toEqual([f.id])
      expect(new Set(stored((await api.get(`${BASE}?type=collection`)).body.results).map((p: any) => p.id))).toEqual(
        new Set([c1.id, c2.id]),
      )
      expect(stored((await api.get(`${BASE}`)).body.results)).toHaveLength(3)
    },
  },
  {
    id: 'playlists/pin-to-filters',
    source: `${T}::test_cannot_pin_items_to_filters_type_playlist`,
    behaviour:
      'adding a recording to a filters playlist: 400 "Cannot add recordings to a playlist that is type \'filters\'.", nothing added',
    async run(api) {
      const made = (await create(api, { name: 'test filters only', type: 'filters', filters: { wat: 'am filter' } }))
        .body
      const res = await api.post(`${BASE}/${made.short_id}/recordings/test_session_id`)
      status(res, 400)
      expect(res.body).toEqual({
        type: 'validation_error',
        code: 'invalid_input',
        detail: "Cannot add recordings to a playlist that is type 'filters'.",
        attr: null,
      })
      expect(api.mock.store.itemsOf(made.id)).toHaveLength(0)
    },
  },
  {
    id: 'playlists/pinned-recordings',
    source: `${T}::test_get_pinned_recordings_for_playlist`,
    behaviour: 'a collection lists the recordings added to it that exist (one added by an unknown id is not listed)',
    async run(api) {
      const p = await playlist(api, { name: 'playlist' })
      const threeDaysAgo = new Date(api.mock.clock.now() - 3 * 86_400_000).toISOString()
      const one = await api.mock.create.recording({ id: 'session1', start_time: threeDaysAgo })
      const two = await api.mock.create.recording({ id: 'session2', start_time: threeDaysAgo })
      for (const id of [one.id, two.id, 'session-missing'])
        status(await api.post(`${BASE}/${p.short_id}/recordings/${id}`), 200)
      const res = await api.get(`${BASE}/${p.short_id}/recordings`)
      status(res, 200)
      expect(new Set(res.body.results.map((r: any) => r.id))).toEqual(new Set([one.id, two.id]))
    },
  },
  {
    id: 'playlists/one-year-bound',
    source: `${T}::test_collection_recordings_keep_one_year_search_bound`,
    behaviour: "a collection's recordings older than a year are not listed",
    async run(api) {
      const p = await playlist(api, { name: 'collection' })
      const day = 86_400_000
      const recent = await api.mock.create.recording({
        id: 'recent',
        start_time: api.mock.clock.now() - 3 * day,
        retention_period_days: 1826,
      })
      const old = await api.mock.create.recording({
        id: 'over-a-year-old',
        start_time: api.mock.clock.now() - 400 * day,
        retention_period_days: 1826,
      })
      for (const r of [recent, old]) await api.post(`${BASE}/${p.short_id}/recordings/${r.id}`)
      expect((await api.get(`${BASE}/${p.short_id}/recordings`)).body.results.map((r: any) => r.id)).toEqual(['recent'])
    },
  },
  {
    id: 'playlists/add-remove-success',
    source: `${T}::test_add_remove_static_playlist_items`,
    behaviour: 'adding and removing a recording both answer {"success": true} with 200',
    seedOverrules: 'seed 4.3: removing a recording from a playlist answers 204 with no body',
    async run(api) {
      const p1 = await playlist(api, { name: 'playlist1' })
      const add = await api.post(`${BASE}/${p1.short_id}/recordings/1`)
      status(add, 200)
      expect(add.body.success).toBe(true)
      const remove = await api.delete(`${BASE}/${p1.short_id}/recordings/1`)
      status(remove, 200)
      expect(remove.body.success).toBe(true)
      expect(api.mock.store.itemsOf(p1.id)).toHaveLength(0)
    },
  },
  {
    id: 'playlists/name-order-pages',
    source: `${T}::test_pagination_with_name_sort_is_case_insensitive`,
    behaviour: 'order=name sorts case-insensitively and pages cover every playlist once',
    async run(api) {
      const names = ['Banana', 'apple', 'Cherry', 'date', 'Elder', 'fig', 'Grape', 'kiwi']
      for (const name of names) await playlist(api, { name })
      const seen: string[] = []
      for (let offset = 0, count = 1; offset < count; offset += 5) {
        const body = (await api.get(`${BASE}?order=name&limit=5&offset=${offset}`)).body
        count = body.count
        seen.push(...stored(body.results).map((p: any) => p.name))
      }
      expect(seen).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    },
  },
  {
    id: 'playlists/name-ties',
    source: `${T}::test_pagination_with_name_ties_across_page_boundary`,
    behaviour: 'duplicate names straddling page boundaries: every playlist exactly once',
    async run(api) {
      const made = new Set<string>()
      for (const name of ['dup-a', 'dup-a', 'dup-a', 'Expiring soon', 'Expiring soon', 'dup-z', 'dup-z', 'dup-z'])
        made.add((await playlist(api, { name })).short_id)
      const seen: string[] = []
      for (let offset = 0, count = 1; offset < count; offset += 3) {
        const body = (await api.get(`${BASE}?order=name&limit=3&offset=${offset}`)).body
        count = body.count
        seen.push(...stored(body.results).map((p: any) => p.short_id))
      }
      expect(seen).toHaveLength(8)
      expect(new Set(seen)).toEqual(made)
    },
  },
  {
    id: 'playlists/pages',
    source: `${T}::test_pagination_with_zero_synthetics`,
    behaviour: 'limit and offset walk every playlist once; count is the total',
    async run(api) {
      const names = Array.from({ length: 8 }, (_, i) => `custom-${String(i).padStart(2, '0')}`)
      for (const name of names) await playlist(api, { name })
      const seen: string[] = []
      let total = 0
      for (let offset = 0; offset === 0 || offset < total; offset += 3) {
        const body = (await api.get(`${BASE}?collection_type=custom&limit=3&offset=${offset}`)).body
        total = body.count
        seen.push(...body.results.map((p: any) => p.name))
      }
      expect(total).toBe(8)
      expect(seen.sort()).toEqual(names)
    },
  },
  {
    id: 'playlists/limit-edges',
    source: `${SRC} (parse_positive_int, parse_non_negative_int, PLAYLIST_LIST_MAX_LIMIT)`,
    behaviour:
      'limit 0, negative or not a number means 100; above 500 means 500; a negative or non-number offset means 0',
    async run(api) {
      for (let i = 0; i < 501; i++) await playlist(api, { name: `p${i}` })
      for (const limit of ['0', '-5', 'abc'])
        expect((await api.get(`${BASE}?limit=${limit}`)).body.results, `limit=${limit}`).toHaveLength(100)
      expect((await api.get(`${BASE}?limit=100000`)).body.results).toHaveLength(500)
      const first = (await api.get(`${BASE}?limit=2`)).body.results.map((p: any) => p.id)
      for (const offset of ['-5', 'abc'])
        expect((await api.get(`${BASE}?limit=2&offset=${offset}`)).body.results.map((p: any) => p.id)).toEqual(first)
    },
  },
  {
    id: 'playlists/links',
    source:
      'rest_framework/pagination.py (LimitOffsetPagination.get_next_link, get_previous_link) as the playlists list seeds it',
    behaviour:
      'next and previous carry limit and offset with the query keys sorted; previous back to the start drops offset',
    async run(api) {
      for (let i = 0; i < 5; i++) await playlist(api, { name: `p${i}` })
      const second = (await api.get(`${BASE}/?order=name&limit=2&offset=2`)).body
      expect(local(second.next)).toBe(`${BASE}/?limit=2&offset=4&order=name`)
      expect(local(second.previous)).toBe(`${BASE}/?limit=2&order=name`)
      const total = (await api.get(`${BASE}/`)).body.count
      expect((await api.get(`${BASE}/?limit=2&offset=${total - 1}`)).body.next).toBeNull()
    },
  },
  {
    id: 'playlists/read-scope',
    source:
      'posthog/session_recordings/test/test_session_recording_playlist.py::TestSessionRecordingPlaylistPersonalAPIKey::test_personal_api_key_can_access_read_endpoints',
    behaviour: 'a key with session_recording_playlist:read lists, retrieves and lists the recordings of a playlist',
    async run(api) {
      const p = await playlist(api, { name: 'test playlist' })
      const key = await api.key(['session_recording_playlist:read'], [1])
      for (const path of ['', `/${p.short_id}`, `/${p.short_id}/recordings`])
        status(await api.get(`${BASE}${path}`, key), 200)
    },
  },
  {
    id: 'playlists/scope-or-team-refused',
    source:
      'posthog/session_recordings/test/test_session_recording_playlist.py::TestSessionRecordingPlaylistPersonalAPIKey::test_personal_api_key_denied_without_correct_scope_or_team',
    behaviour: 'a key without the scope, or scoped to another project, gets 403',
    async run(api) {
      status(await api.get(`${BASE}`, await api.key(['some_other_scope:read'], [1])), 403)
      status(await api.get(`${BASE}`, await api.key(['session_recording_playlist:read'], [2])), 403)
    },
  },
  {
    id: 'playlists/team-isolation',
    source:
      'posthog/session_recordings/test/test_session_recording_playlist.py::TestSessionRecordingPlaylistTeamIsolation',
    behaviour: "another project's playlist is not listed, and retrieve, update, recordings and add are 404 for it",
    async run(api) {
      const theirs = await playlist(api, { project_id: 2, name: 'other team playlist' })
      await playlist(api, { name: 'my team playlist' })
      expect(stored((await api.get(`${BASE}`)).body.results).map((p: any) => p.name)).toEqual(['my team playlist'])
      status(await api.get(`${BASE}/${theirs.short_id}`), 404)
      status(await api.patch(`${BASE}/${theirs.short_id}`, { name: 'hacked' }), 404)
      status(await api.get(`${BASE}/${theirs.short_id}/recordings`), 404)
      status(await api.post(`${BASE}/${theirs.short_id}/recordings/test_session`), 404)
    },
  },
  {
    id: 'playlists/delete-405',
    source: 'posthog/api/forbid_destroy_model.py (ForbidDestroyModel.destroy)',
    behaviour: "DELETE is a 405 with no body (the path's methods in Allow); the playlist stays",
    async run(api) {
      const p = await playlist(api, { name: 'kept' })
      const res = await api.delete(`${BASE}/${p.short_id}/`)
      status(res, 405)
      expect(res.text).toBe('')
      expect(res.headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS')
      status(await api.get(`${BASE}/${p.short_id}/`), 200)
    },
  },
  {
    id: 'playlists/patch-empty-body',
    source: `${SRC} (SessionRecordingPlaylistSerializer: every field optional on PATCH)`,
    behaviour: 'PATCH of a collection with no body is a 200 that changes nothing',
    async run(api) {
      const p = (await create(api, { name: 'as is', type: 'collection' })).body
      const res = await api.request('PATCH', `${BASE}/${p.short_id}/`)
      status(res, 200)
      expect(res.body).toEqual(p)
    },
  },
  {
    id: 'playlists/synthetic',
    source:
      'posthog/session_recordings/synthetic_playlists.py (the registry, SummarisedPlaylistSource appended with EE); test_session_recording_playlist.py::test_list_playlists_when_there_are_no_playlists',
    behaviour:
      'the list merges in seven synthetic collections (ids -1 to -7, short_id synthetic-..., no creator or instants, is_synthetic true), first by the default order, in registry order; watch history counts what the caller watched',
    seedOverrules:
      'seed 2.2: a playlist has an integer id, a created_at and a created_by user (the default profile lists no synthetic playlists)',
    async run(api) {
      await api.person(['user'])
      await api.mock.create.recording({
        id: 'seen',
        distinct_id: 'user',
        start_time: api.mock.clock.now() - 86_400_000,
        viewers: [api.user(1).email],
      })
      const mine = await playlist(api, { name: 'mine' })
      const body = (await api.get(`${BASE}`)).body
      expect(body.count).toBe(8)
      expect(body.results.map((p: any) => p.short_id)).toEqual([
        'synthetic-watch-history',
        'synthetic-commented',
        'synthetic-shared',
        'synthetic-exported',
        'synthetic-expiring',
        'synthetic-frustrated',
        'synthetic-summarised',
        mine.short_id,
      ])
      expect(body.results.map((p: any) => p.id).slice(0, 7)).toEqual([-1, -2, -3, -4, -6, -7, -5])
      expect(body.results[0]).toEqual({
        id: -1,
        short_id: 'synthetic-watch-history',
        name: 'Watch history',
        derived_name: null,
        description: 'Recordings you have watched',
        pinned: false,
        created_at: null,
        created_by: null,
        deleted: false,
        filters: {},
        last_modified_at: null,
        last_modified_by: null,
        recordings_counts: {
          saved_filters: EMPTY_SAVED_FILTERS,
          collection: { count: 1, has_more: false, watched_count: 1, increased: null, last_refreshed_at: null },
        },
        type: 'collection',
        is_synthetic: true,
      })
      // Ascending by a timestamp, their missing instants put them last.
      expect((await api.get(`${BASE}?order=last_modified_at`)).body.results[0].short_id).toBe(mine.short_id)
    },
  },
  {
    id: 'playlists/collection-type',
    source: `${SRC} (_filter_request, _filter_synthetic_playlists: collection_type, type, pinned, search)`,
    behaviour:
      'collection_type=custom lists only stored playlists (the "add to playlist" menu), collection_type=synthetic only the synthetic ones; type=filters and pinned leave synthetics out; search finds them by name or description',
    async run(api) {
      const mine = await playlist(api, { name: 'mine' })
      const ids = async (q: string) => (await api.get(`${BASE}?${q}`)).body.results.map((p: any) => p.short_id)
      expect(await ids('collection_type=custom&type=collection')).toEqual([mine.short_id])
      expect(await ids('collection_type=synthetic')).toHaveLength(syntheticCount(api))
      expect(await ids('type=filters')).toEqual([])
      expect(await ids('pinned=false')).toEqual([])
      expect(await ids('search=watched')).toEqual(api.profile === 'observed' ? ['synthetic-watch-history'] : [])
    },
  },
  {
    id: 'playlists/date-filters',
    source: `${SRC} (_filter_request: date_from last_modified_at__gt, date_to last_modified_at__lt, relative_date_parse)`,
    behaviour:
      'date_from and date_to keep the playlists last modified after and before them (dates, date-times or relative dates); synthetic playlists are not filtered by them',
    async run(api) {
      const old = await api.mock.create.playlist({ name: 'old', created_at: '2026-10-01T00:00:00Z' })
      const recent = await api.mock.create.playlist({ name: 'recent', created_at: '2026-11-03T00:00:00Z' })
      const ids = async (q: string) => stored((await api.get(`${BASE}?${q}`)).body.results).map((p: any) => p.short_id)
      expect(await ids('date_from=-7d')).toEqual([recent.short_id])
      expect(await ids('date_to=2026-10-15')).toEqual([old.short_id])
      expect(await ids('date_from=2026-09-01&date_to=2026-11-04T00:00:00Z')).toEqual([recent.short_id, old.short_id])
      expect((await api.get(`${BASE}?date_from=-7d`)).body.count).toBe(1 + syntheticCount(api))
    },
  },
  {
    id: 'playlists/holding-recording',
    source: `${SRC} (_filter_request: session_recording_id, playlist_items__recording_id)`,
    behaviour: 'session_recording_id lists the playlists holding that recording',
    async run(api) {
      const a = await playlist(api, { name: 'a' })
      const b = await playlist(api, { name: 'b' })
      await playlist(api, { name: 'c' })
      for (const p of [a, b]) status(await api.post(`${BASE}/${p.short_id}/recordings/rec-1`), 200)
      status(await api.post(`${BASE}/${b.short_id}/recordings/rec-2`), 200)
      const ids = async (q: string) => stored((await api.get(`${BASE}?${q}`)).body.results).map((p: any) => p.short_id)
      expect(await ids('session_recording_id=rec-1')).toEqual([b.short_id, a.short_id])
      expect(await ids('session_recording_id=rec-2')).toEqual([b.short_id])
      expect(await ids('session_recording_id=none')).toEqual([])
    },
  },
  {
    id: 'playlists/synthetic-detail',
    source: `${SRC} (safely_get_object for synthetic- short_ids; SessionRecordingPlaylistSerializer.update)`,
    behaviour:
      'a synthetic playlist is retrieved by its short_id as the list shows it; a PATCH of one is a 400 "Cannot update synthetic playlists"',
    seedOverrules:
      'seed 2.2: a playlist has an integer id and a creator (the default profile has no synthetic playlists: 404)',
    async run(api) {
      const listed = (await api.get(`${BASE}`)).body.results.find((p: any) => p.short_id === 'synthetic-expiring')
      const res = await api.get(`${BASE}/synthetic-expiring`)
      status(res, 200)
      expect(res.body).toEqual(listed)
      const patch = await api.patch(`${BASE}/synthetic-expiring`, { name: 'mine now' })
      status(patch, 400)
      expect(patch.body).toEqual({
        type: 'validation_error',
        code: 'invalid_input',
        detail: 'Cannot update synthetic playlists',
        attr: null,
      })
      status(await api.get(`${BASE}/synthetic-nonsense`), 404)
    },
  },
]
