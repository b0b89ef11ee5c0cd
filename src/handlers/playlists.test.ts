import { beforeEach, describe, expect, it } from 'vitest'
import { KEYS, testClient, type TestClient, type TestResponse } from '../../test/support.ts'

const BASE = '/api/environments/1/session_recording_playlists'
const SEED_PLAYLIST_FIELDS = [
  'id',
  'short_id',
  'name',
  'derived_name',
  'description',
  'pinned',
  'created_at',
  'created_by',
  'deleted',
  'filters',
  'last_modified_at',
  'last_modified_by',
  'recordings_counts',
  'type',
]
/** Every key of a playlist, as the real service answers one (its own tests compare the whole object). */
const REAL_PLAYLIST_KEYS = [...SEED_PLAYLIST_FIELDS, 'is_synthetic'].sort()
const SEED_USER_FIELDS = [
  'id',
  'uuid',
  'distinct_id',
  'first_name',
  'last_name',
  'email',
  'is_email_verified',
  'hedgehog_config',
  'role_at_organization',
]
const NOT_FOUND = { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null }

let c: TestClient

beforeEach(async () => {
  c = await testClient()
})

const now = async () => (await c.get('/_mock/clock', null)).body.now as string
const advance = (advance: string) => c.post('/_mock/clock', { advance }, null)
const create = (body: Record<string, unknown>, key?: string) => c.post(`${BASE}/`, body, key)
const list = async (query = '') => (await c.get(`${BASE}/${query}`)).body
const me = async () => (await c.get('/api/users/@me/')).body
/** Recording ids of project 1, newest first. */
const recordingIds = async (n: number) =>
  ((await c.get(`/api/environments/1/session_recordings/?limit=${n}&date_from=-1y`)).body.results as any[]).map(
    (r) => r.id as string,
  )

function expectEmpty405(res: TestResponse) {
  expect(res.status).toBe(405)
  expect(res.text).toBe('')
  expect(res.headers.get('content-type')).toBeNull()
}

describe('create', () => {
  it('answers 201 with every field of seed 2.2, the key user as author and the clock as time', async () => {
    const res = await create({
      name: 'Checkout bugs',
      description: 'Sessions to look at',
      type: 'collection',
      pinned: true,
    })
    expect(res.status).toBe(201)
    const p = res.body
    expect(Object.keys(p).sort()).toEqual(REAL_PLAYLIST_KEYS)
    expect(p.short_id).toMatch(/^[A-Za-z0-9]{8}$/)
    expect(p).toMatchObject({
      name: 'Checkout bugs',
      description: 'Sessions to look at',
      pinned: true,
      deleted: false,
      derived_name: null,
      filters: {},
      type: 'collection',
      is_synthetic: false,
    })
    const clock = await now()
    expect(p.created_at).toBe(clock)
    expect(p.last_modified_at).toBe(clock)
    const user = await me()
    for (const author of [p.created_by, p.last_modified_by]) {
      expect(Object.keys(author).sort()).toEqual([...SEED_USER_FIELDS].sort())
      expect(author).toMatchObject({ id: user.id, uuid: user.uuid, email: user.email, distinct_id: user.distinct_id })
    }
    expect(p.recordings_counts).toEqual({
      saved_filters: { count: null, has_more: null, watched_count: null, increased: null, last_refreshed_at: null },
      collection: { count: null, watched_count: 0 },
    })
    expect((await c.get(`${BASE}/${p.short_id}/`)).body).toEqual(p)
  })

  it('creates a filters playlist with its filters; _create_in_folder is taken and not answered (write-only)', async () => {
    const filters = { date_from: '-7d', events: [{ id: '$rageclick', type: 'events' }] }
    const res = await create({
      derived_name: 'Rage clicks',
      type: 'filters',
      filters,
      _create_in_folder: 'Replay/Team',
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: null, derived_name: 'Rage clicks', type: 'filters', filters })
    expect(res.body).not.toHaveProperty('_create_in_folder')
  })

  it('takes short_ids from the seeded generator, so the same seed repeats them', async () => {
    const a = (await create({ type: 'collection' })).body.short_id
    const b = (await create({ type: 'collection' })).body.short_id
    const again = await testClient()
    expect((await again.post(`${BASE}/`, { type: 'collection' })).body.short_id).toBe(a)
    expect((await again.post(`${BASE}/`, { type: 'collection' })).body.short_id).toBe(b)
    expect(a).not.toBe(b)
    const otherSeed = await testClient({ seed: 2 })
    expect((await otherSeed.post(`${BASE}/`, { type: 'collection' })).body.short_id).not.toBe(a)
  })

  it.each([
    [
      'no type',
      { name: 'x' },
      { code: 'invalid_input', attr: null, detail: 'Must provide a valid playlist type: either filters or collection' },
    ],
    [
      'a null type',
      { name: 'x', type: null },
      { code: 'invalid_input', attr: null, detail: 'Must provide a valid playlist type: either filters or collection' },
    ],
    [
      'an unknown type',
      { type: 'smart' },
      { code: 'invalid_choice', attr: 'type', detail: '"smart" is not a valid choice.' },
    ],
    [
      'a collection with filters',
      { type: 'collection', filters: { date_from: '-7d' } },
      { code: 'invalid_input', attr: null, detail: 'You cannot create a collection with filters' },
    ],
    [
      'a filters playlist without filters',
      { type: 'filters' },
      { code: 'invalid_input', attr: null, detail: 'You must provide a valid filters when creating a saved filter' },
    ],
    [
      'a filters playlist with empty filters',
      { type: 'filters', filters: {} },
      { code: 'invalid_input', attr: null, detail: 'You must provide a valid filters when creating a saved filter' },
    ],
    [
      'a name over 400 characters',
      { type: 'collection', name: 'n'.repeat(401) },
      { code: 'max_length', attr: 'name', detail: 'Ensure this field has no more than 400 characters.' },
    ],
    [
      'null filters',
      { type: 'collection', filters: null },
      { code: 'null', attr: 'filters', detail: 'This field may not be null.' },
    ],
  ])('refuses %s with the real 400 and creates nothing', async (_, body, error) => {
    const before = (await list()).count
    const res = await create(body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ type: 'validation_error', ...error })
    expect((await list()).count).toBe(before)
  })

  it('accepts a name of exactly 400 characters', async () => {
    expect((await create({ type: 'collection', name: 'n'.repeat(400) })).status).toBe(201)
  })

  it('is 403 for a key without session_recording_playlist:write, and creates nothing', async () => {
    const before = (await list()).count
    const res = await create({ name: 'x', type: 'collection' }, KEYS.read)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: "API key missing required scope 'session_recording_playlist:write'",
      attr: null,
    })
    expect((await list()).count).toBe(before)
  })

  it('writes a "created" activity entry only when the playlist has a name or a derived name', async () => {
    const entries = () => c.app.store.activity.toArray().filter((e) => e.scope === 'SessionRecordingPlaylist')
    const named = (await create({ name: 'Named', type: 'collection' })).body
    await create({ type: 'collection' })
    const derived = (await create({ derived_name: 'Derived', type: 'collection' })).body
    expect(entries().map((e) => [e.activity, e.item_id, e.detail])).toEqual([
      ['created', String(named.id), { name: 'Named', short_id: named.short_id, changes: null }],
      ['created', String(derived.id), { name: 'Derived', short_id: derived.short_id, changes: null }],
    ])
  })
})

describe('retrieve', () => {
  it('finds a playlist by short_id; unknown, soft-deleted and other projects are 404', async () => {
    const { results } = await list()
    const seeded = results[0]
    expect((await c.get(`${BASE}/${seeded.short_id}/`)).body).toEqual(seeded)
    for (const shortId of ['nope1234', 'x']) {
      const res = await c.get(`${BASE}/${shortId}/`)
      expect(res.status).toBe(404)
      expect(res.body).toEqual(NOT_FOUND)
    }
    const deletedShortId = c.app.store.playlists.findFirst((q) => q.where({ project_id: 1, deleted: true }))!.short_id
    expect((await c.get(`${BASE}/${deletedShortId}/`)).status).toBe(404)
  })
})

describe('projects', () => {
  it('keeps project 2 playlists invisible from project 1', async () => {
    const inProject2 = (await c.get('/api/environments/2/session_recording_playlists/')).body
    expect(inProject2.count).toBeGreaterThan(0)
    const project1 = await list()
    for (const p of inProject2.results) {
      expect(project1.results.map((x: any) => x.short_id)).not.toContain(p.short_id)
      expect((await c.get(`${BASE}/${p.short_id}/`)).status).toBe(404)
      expect((await c.patch(`${BASE}/${p.short_id}/`, { name: 'hijack' })).status).toBe(404)
      expect((await c.post(`${BASE}/${p.short_id}/recordings/abc/`)).status).toBe(404)
    }
    expect(
      (await c.get(`/api/environments/2/session_recording_playlists/${inProject2.results[0].short_id}/`)).body.name,
    ).not.toBe('hijack')
  })

  it('puts what project 1 creates in project 1 only', async () => {
    const p = (await create({ name: 'p1 only', type: 'collection' })).body
    expect((await c.get(`/api/environments/2/session_recording_playlists/${p.short_id}/`)).status).toBe(404)
    expect((await c.get(`/api/projects/1/session_recording_playlists/${p.short_id}/`)).body.id).toBe(p.id)
  })
})

describe('list', () => {
  it('lists live playlists newest modified first (ties by id) in the seed envelope', async () => {
    const body = await list()
    expect(Object.keys(body).sort()).toEqual(['count', 'next', 'previous', 'results'])
    expect(body.next).toBeNull()
    expect(body.previous).toBeNull()
    expect(body.results.every((p: any) => p.deleted === false)).toBe(true)
    expect(body.count).toBe(body.results.length)
    await advance('PT1M')
    const a = (await create({ name: 'A', type: 'collection' })).body
    const b = (await create({ name: 'B', type: 'collection' })).body
    await advance('PT1M')
    const c2 = (await create({ name: 'C', type: 'collection' })).body
    const names = (await list()).results.map((p: any) => p.name)
    expect(names.slice(0, 3)).toEqual(['C', 'A', 'B'])
    expect(a.id).toBeLessThan(b.id)
    await advance('PT1M')
    await c.patch(`${BASE}/${b.short_id}/`, { description: 'touched' })
    expect((await list()).results.map((p: any) => p.name).slice(0, 3)).toEqual(['B', 'C', 'A'])
    expect(c2.id).toBeGreaterThan(b.id)
  })

  it('filters by created_by and short_id', async () => {
    const all = (await list()).results
    const byUser1 = (await list('?created_by=1')).results
    expect(byUser1.length).toBeGreaterThan(0)
    expect(byUser1.length).toBeLessThan(all.length)
    expect(byUser1.every((p: any) => p.created_by.id === 1)).toBe(true)
    expect((await list('?created_by=999')).count).toBe(0)
    const target = all[1]
    expect((await list(`?short_id=${target.short_id}`)).results.map((p: any) => p.id)).toEqual([target.id])
    expect((await list('?short_id=missing1')).count).toBe(0)
  })

  it('pages with limit and offset, with next and previous links', async () => {
    for (let i = 0; i < 4; i++) await create({ name: `page ${i}`, type: 'collection' })
    const all = (await list()).results
    const first = await list('?limit=2')
    expect(first.count).toBe(all.length)
    expect(first.results.map((p: any) => p.id)).toEqual(all.slice(0, 2).map((p: any) => p.id))
    expect(first.previous).toBeNull()
    const nextUrl = new URL(first.next)
    expect(nextUrl.searchParams.get('offset')).toBe('2')
    expect(nextUrl.searchParams.get('limit')).toBe('2')
    const second = (await c.get(nextUrl.pathname + nextUrl.search)).body
    expect(second.results.map((p: any) => p.id)).toEqual(all.slice(2, 4).map((p: any) => p.id))
    // DRF's previous link back to the start drops offset and keeps limit; its links sort the query keys.
    expect(second.previous).toBe('http://127.0.0.1:8010/api/environments/1/session_recording_playlists/?limit=2')
    expect((await list('?offset=4&limit=2&b=1')).previous).toBe(
      'http://127.0.0.1:8010/api/environments/1/session_recording_playlists/?b=1&limit=2&offset=2',
    )
    const last = await list(`?limit=2&offset=${all.length - 1}`)
    expect(last.results).toHaveLength(1)
    expect(last.next).toBeNull()
  })

  it('defaults to 100 per page and clamps larger limits to 500', async () => {
    const seeded = (await list()).count
    for (let i = seeded; i < 505; i++) await create({ type: 'collection' })
    const byDefault = await list()
    expect(byDefault.count).toBe(505)
    expect(byDefault.results).toHaveLength(100)
    const clamped = await list('?limit=1000')
    expect(clamped.results).toHaveLength(500)
    expect(new URL(clamped.next).searchParams.get('offset')).toBe('500')
  })

  it.each(['abc', '0', '-3', '1.5', ''])(
    'reads limit=%s as the default (DRF reads what it cannot use so)',
    async (limit) => {
      const res = await c.get(`${BASE}/?limit=${limit}`)
      expect(res.status).toBe(200)
      expect(res.body.results).toHaveLength(Math.min(100, res.body.count))
    },
  )

  it.each(['abc', '-3'])('reads offset=%s as 0', async (offset) => {
    expect((await list(`?offset=${offset}`)).results.map((p: any) => p.id)).toEqual(
      (await list()).results.map((p: any) => p.id),
    )
  })
})

describe('update', () => {
  it('writes the writable fields and bumps last_modified only for name, description or filters', async () => {
    const p = (await create({ name: 'Before', type: 'collection' })).body
    await advance('PT1H')
    const pinned = await c.patch(`${BASE}/${p.short_id}/`, { pinned: true, derived_name: 'derived' })
    expect(pinned.status).toBe(200)
    expect(pinned.body).toMatchObject({
      pinned: true,
      derived_name: 'derived',
      last_modified_at: p.last_modified_at,
      created_at: p.created_at,
    })
    const renamed = (await c.patch(`${BASE}/${p.short_id}/`, { name: 'After' })).body
    expect(renamed.name).toBe('After')
    expect(renamed.last_modified_at).toBe(await now())
    expect(renamed.last_modified_by.id).toBe((await me()).id)
    await advance('PT1H')
    const described = (await c.patch(`${BASE}/${p.short_id}/`, { description: 'same words' })).body
    expect(described.last_modified_at).toBe(await now())
    await advance('PT1H')
    const emptyFilters = (await c.patch(`${BASE}/${p.short_id}/`, { filters: {} })).body
    expect(emptyFilters.last_modified_at).toBe(await now())
    expect(emptyFilters.created_at).toBe(p.created_at)
  })

  it('ignores type on update', async () => {
    const p = (await create({ type: 'collection' })).body
    const res = await c.patch(`${BASE}/${p.short_id}/`, { type: 'filters', name: 'still a collection' })
    expect(res.status).toBe(200)
    expect(res.body.type).toBe('collection')
  })

  it('refuses filters on a collection and a filters playlist update without filters, changing nothing', async () => {
    const col = (await create({ name: 'col', type: 'collection' })).body
    let res = await c.patch(`${BASE}/${col.short_id}/`, { name: 'changed', filters: { date_from: '-3d' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: 'You cannot update a collection to add filters',
      attr: null,
    })
    expect((await c.get(`${BASE}/${col.short_id}/`)).body).toEqual(col)

    const filters = { date_from: '-7d', events: [{ id: '$pageview' }] }
    const saved = (await create({ name: 'saved', type: 'filters', filters })).body
    for (const body of [{ name: 'renamed' }, { deleted: true }, { filters: {} }]) {
      res = await c.patch(`${BASE}/${saved.short_id}/`, body)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        type: 'validation_error',
        code: 'invalid_input',
        detail: 'You cannot remove all filters when updating a saved filter',
        attr: null,
      })
    }
    expect((await c.get(`${BASE}/${saved.short_id}/`)).body).toEqual(saved)
    res = await c.patch(`${BASE}/${saved.short_id}/`, { name: 'renamed', filters })
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('renamed')
  })

  it('is 404 for an unknown short_id and validates fields as on create', async () => {
    expect((await c.patch(`${BASE}/unknown1/`, { name: 'x' })).body).toEqual(NOT_FOUND)
    const p = (await create({ type: 'collection' })).body
    const res = await c.patch(`${BASE}/${p.short_id}/`, { name: 'n'.repeat(401) })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'max_length', attr: 'name' })
  })

  it('writes "updated" activity entries with the changes, only for named playlists that changed', async () => {
    const entries = () =>
      c.app.store.activity.toArray().filter((e) => e.scope === 'SessionRecordingPlaylist' && e.activity === 'updated')
    const p = (await create({ name: 'Old', type: 'collection' })).body
    await c.patch(`${BASE}/${p.short_id}/`, { name: 'New', pinned: true })
    await c.patch(`${BASE}/${p.short_id}/`, { pinned: true })
    const anonymous = (await create({ type: 'collection' })).body
    await c.patch(`${BASE}/${anonymous.short_id}/`, { pinned: true })
    expect(entries().map((e) => e.detail)).toEqual([
      {
        name: 'New',
        short_id: p.short_id,
        changes: [
          { type: 'SessionRecordingPlaylist', action: 'changed', field: 'name', before: 'Old', after: 'New' },
          { type: 'SessionRecordingPlaylist', action: 'changed', field: 'pinned', before: false, after: true },
        ],
      },
    ])
  })
})

describe('DELETE', () => {
  it('is 405 with an empty body for any short_id, after the scope check, and changes nothing', async () => {
    const p = (await create({ name: 'keep me', type: 'collection' })).body
    expectEmpty405(await c.delete(`${BASE}/${p.short_id}/`))
    expectEmpty405(await c.delete(`${BASE}/doesnotexist/`))
    expectEmpty405(await c.delete(`/api/projects/1/session_recording_playlists/${p.short_id}`))
    const denied = await c.delete(`${BASE}/${p.short_id}/`, KEYS.read)
    expect(denied.status).toBe(403)
    expect(denied.body.detail).toBe("API key missing required scope 'session_recording_playlist:write'")
    expect((await c.get(`${BASE}/${p.short_id}/`)).body).toEqual(p)
  })
})

describe('recordings in a playlist', () => {
  it('adds idempotently (200 success), lists most recently added first with full fields, and removes (204)', async () => {
    const p = (await create({ name: 'bucket', type: 'collection' })).body
    const [r1, r2] = await recordingIds(2)
    const added = await c.post(`${BASE}/${p.short_id}/recordings/${r1}/`)
    expect(added.status).toBe(200)
    expect(added.body).toEqual({ success: true })
    await advance('PT1S')
    await c.post(`${BASE}/${p.short_id}/recordings/${r2}/`)
    expect((await c.post(`${BASE}/${p.short_id}/recordings/${r1}/`)).body).toEqual({ success: true })

    const listed = (await c.get(`${BASE}/${p.short_id}/recordings/`)).body
    expect(Object.keys(listed).sort()).toEqual(['has_next', 'results', 'version'])
    expect(listed.has_next).toBe(false)
    expect(listed.results.map((r: any) => r.id)).toEqual([r2, r1])
    const fromRecordings = (await c.get('/api/environments/1/session_recordings/?limit=2')).body.results
    expect(listed.results[0]).toEqual(fromRecordings.find((r: any) => r.id === r2))
    expect((await c.get(`${BASE}/${p.short_id}/`)).body.recordings_counts.collection.count).toBe(2)

    const removed = await c.delete(`${BASE}/${p.short_id}/recordings/${r2}/`)
    expect(removed.status).toBe(204)
    expect(removed.text).toBe('')
    expect(removed.headers.get('content-type')).toBeNull()
    expect((await c.get(`${BASE}/${p.short_id}/recordings/`)).body.results.map((r: any) => r.id)).toEqual([r1])
    const again = await c.delete(`${BASE}/${p.short_id}/recordings/${r2}/`)
    expect(again.status).toBe(404)
    expect(again.body).toEqual(NOT_FOUND)
  })

  it('does not bump last_modified_at when recordings are added or removed', async () => {
    const p = (await create({ name: 'quiet', type: 'collection' })).body
    const [r1] = await recordingIds(1)
    await advance('PT1H')
    await c.post(`${BASE}/${p.short_id}/recordings/${r1}/`)
    await c.delete(`${BASE}/${p.short_id}/recordings/${r1}/`)
    expect((await c.get(`${BASE}/${p.short_id}/`)).body.last_modified_at).toBe(p.last_modified_at)
  })

  it('counts the collection and what the requesting user has watched', async () => {
    const p = (await create({ name: 'counts', type: 'collection' })).body
    const user = await me()
    const recordings = (await c.get('/api/environments/1/session_recordings/?limit=300&date_from=-1y')).body
      .results as any[]
    // viewed: the key's user's own view (viewers lists the others).
    expect(recordings.every((r) => !r.viewers.includes(user.email))).toBe(true)
    const watched = recordings.filter((r) => r.viewed).slice(0, 2)
    const unwatched = recordings.filter((r) => !r.viewed).slice(0, 1)
    expect(watched).toHaveLength(2)
    for (const r of [...watched, ...unwatched]) await c.post(`${BASE}/${p.short_id}/recordings/${r.id}/`)
    expect((await c.get(`${BASE}/${p.short_id}/`)).body.recordings_counts.collection).toEqual({
      count: 3,
      watched_count: 2,
    })
    // Another user sees their own watched count.
    const other = (await c.get(`${BASE}/${p.short_id}/`, KEYS.read)).body.recordings_counts.collection
    const otherEmail = (await c.get('/api/users/@me/', KEYS.read)).body.email
    expect(other).toEqual({
      count: 3,
      watched_count: [...watched, ...unwatched].filter((r) => r.viewers.includes(otherEmail)).length,
    })
  })

  it('keeps an item for a recording the project does not have yet, listing it once the recording exists', async () => {
    const p = (await create({ name: 'early', type: 'collection' })).body
    expect((await c.post(`${BASE}/${p.short_id}/recordings/future-session-1/`)).body).toEqual({ success: true })
    expect((await c.get(`${BASE}/${p.short_id}/`)).body.recordings_counts.collection.count).toBe(1)
    expect((await c.get(`${BASE}/${p.short_id}/recordings/`)).body.results).toEqual([])
    const person = (await c.get('/api/environments/1/persons/?limit=1')).body.results[0]
    const made = await c.post(
      '/_mock/projects/1/session_recordings',
      { id: 'future-session-1', distinct_id: person.distinct_ids[0] },
      null,
    )
    expect(made.status).toBe(201)
    expect((await c.get(`${BASE}/${p.short_id}/recordings/`)).body.results.map((r: any) => r.id)).toEqual([
      'future-session-1',
    ])
  })

  it('counts a recording as watched from the moment the project has it, and as its latest version says', async () => {
    const p = (await create({ name: 'watched later', type: 'collection' })).body
    const user = await me()
    const person = (await c.get('/api/environments/1/persons/?limit=1')).body.results[0]
    await c.post(`${BASE}/${p.short_id}/recordings/later-1/`)
    await c.post(`${BASE}/${p.short_id}/recordings/later-2/`)
    const counts = async () => (await c.get(`${BASE}/${p.short_id}/`)).body.recordings_counts.collection
    expect(await counts()).toEqual({ count: 2, watched_count: 0 })
    // Arrives watched by the user; the other arrives watched by someone else.
    expect(
      (
        await c.post(
          '/_mock/projects/1/session_recordings',
          { id: 'later-1', distinct_id: person.distinct_ids[0], viewers: [user.email] },
          null,
        )
      ).status,
    ).toBe(201)
    expect(
      (
        await c.post(
          '/_mock/projects/1/session_recordings',
          { id: 'later-2', distinct_id: person.distinct_ids[0], viewers: ['x@example.com'] },
          null,
        )
      ).status,
    ).toBe(201)
    expect(await counts()).toEqual({ count: 2, watched_count: 1 })
    // Stored again with other viewers: the count follows the version the project has now.
    expect(
      (
        await c.post(
          '/_mock/projects/1/session_recordings',
          { id: 'later-1', distinct_id: person.distinct_ids[0], viewers: [] },
          null,
        )
      ).status,
    ).toBe(201)
    expect(
      (
        await c.post(
          '/_mock/projects/1/session_recordings',
          { id: 'later-2', distinct_id: person.distinct_ids[0], viewers: [user.email, 'x@example.com'] },
          null,
        )
      ).status,
    ).toBe(201)
    expect(await counts()).toEqual({ count: 2, watched_count: 1 })
    expect((await c.delete(`${BASE}/${p.short_id}/recordings/later-2/`)).status).toBe(204)
    expect(await counts()).toEqual({ count: 1, watched_count: 0 })
  })

  it("refuses to add to a filters playlist with the real service's 400", async () => {
    const p = (await create({ name: 'saved', type: 'filters', filters: { date_from: '-7d' } })).body
    const [r1] = await recordingIds(1)
    const res = await c.post(`${BASE}/${p.short_id}/recordings/${r1}/`)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: "Cannot add recordings to a playlist that is type 'filters'.",
      attr: null,
    })
    expect((await c.get(`${BASE}/${p.short_id}/`)).body.recordings_counts.collection.count).toBeNull()
  })

  it('is 404 for unknown playlists, and needs :read to list and :write to add or remove', async () => {
    const [r1] = await recordingIds(1)
    expect((await c.get(`${BASE}/nothere1/recordings/`)).body).toEqual(NOT_FOUND)
    expect((await c.post(`${BASE}/nothere1/recordings/${r1}/`)).body).toEqual(NOT_FOUND)
    expect((await c.delete(`${BASE}/nothere1/recordings/${r1}/`)).body).toEqual(NOT_FOUND)
    const seeded = (await list()).results.find((x: any) => x.type === 'collection')
    expect((await c.get(`${BASE}/${seeded.short_id}/recordings/`, KEYS.read)).status).toBe(200)
    const add = await c.request('POST', `${BASE}/${seeded.short_id}/recordings/${r1}/`, { key: KEYS.read })
    expect(add.status).toBe(403)
    expect(add.body.detail).toBe("API key missing required scope 'session_recording_playlist:write'")
    expect((await c.delete(`${BASE}/${seeded.short_id}/recordings/${r1}/`, KEYS.read)).status).toBe(403)
  })

  it("lists a seeded collection's items with has_next false when they fit one page", async () => {
    const seeded = (await list()).results.find(
      (x: any) => x.type === 'collection' && x.recordings_counts.collection.count,
    )
    const listed = (await c.get(`${BASE}/${seeded.short_id}/recordings/`)).body
    expect(listed.results.length).toBe(seeded.recordings_counts.collection.count)
    expect(listed.has_next).toBe(false)
  })

  it('answers 50 recordings and has_next when a collection holds more', async () => {
    const p = (await create({ name: 'big', type: 'collection' })).body
    const ids = await recordingIds(55)
    for (const id of ids) await c.post(`${BASE}/${p.short_id}/recordings/${id}/`)
    const listed = (await c.get(`${BASE}/${p.short_id}/recordings/`)).body
    expect(listed.results).toHaveLength(50)
    expect(listed.has_next).toBe(true)
  })
})

describe('lifecycle', () => {
  it('create, retrieve, list, add two, list them, remove one, soft delete, 404, undelete, retrieve; DELETE 405 throughout', async () => {
    const path = (p: { short_id: string }) => `${BASE}/${p.short_id}/`
    const deleteIs405 = async (p: { short_id: string }) => expectEmpty405(await c.delete(path(p)))

    const created = await create({ name: 'Lifecycle', description: 'from start to end', type: 'collection' })
    expect(created.status).toBe(201)
    const p = created.body
    await deleteIs405(p)

    const retrieved = await c.get(path(p))
    expect(retrieved.status).toBe(200)
    expect(retrieved.body).toEqual(p)
    await deleteIs405(p)

    expect((await list()).results.map((x: any) => x.short_id)).toContain(p.short_id)
    await deleteIs405(p)

    const [r1, r2] = await recordingIds(2)
    expect((await c.post(`${path(p)}recordings/${r1}/`)).status).toBe(200)
    await advance('PT1S')
    expect((await c.post(`${path(p)}recordings/${r2}/`)).status).toBe(200)
    await deleteIs405(p)

    expect((await c.get(`${path(p)}recordings/`)).body.results.map((r: any) => r.id)).toEqual([r2, r1])
    expect((await c.get(path(p))).body.recordings_counts.collection.count).toBe(2)
    await deleteIs405(p)

    expect((await c.delete(`${path(p)}recordings/${r1}/`)).status).toBe(204)
    expect((await c.get(`${path(p)}recordings/`)).body.results.map((r: any) => r.id)).toEqual([r2])
    await deleteIs405(p)

    const softDeleted = await c.patch(path(p), { deleted: true })
    expect(softDeleted.status).toBe(200)
    expect(softDeleted.body).toMatchObject({ short_id: p.short_id, deleted: true, name: 'Lifecycle' })
    await deleteIs405(p)

    expect((await c.get(path(p))).body).toEqual(NOT_FOUND)
    expect((await c.get(`${path(p)}recordings/`)).status).toBe(404)
    expect((await c.post(`${path(p)}recordings/${r1}/`)).status).toBe(404)
    expect((await c.delete(`${path(p)}recordings/${r2}/`)).status).toBe(404)
    expect((await list()).results.map((x: any) => x.short_id)).not.toContain(p.short_id)
    expect((await list(`?short_id=${p.short_id}`)).count).toBe(0)
    await deleteIs405(p)

    const restored = await c.patch(path(p), { deleted: false })
    expect(restored.status).toBe(200)
    expect(restored.body.deleted).toBe(false)
    await deleteIs405(p)

    const back = await c.get(path(p))
    expect(back.status).toBe(200)
    expect(back.body).toMatchObject({
      id: p.id,
      short_id: p.short_id,
      name: 'Lifecycle',
      deleted: false,
      created_at: p.created_at,
    })
    expect(back.body.recordings_counts.collection.count).toBe(1)
    expect((await c.get(`${path(p)}recordings/`)).body.results.map((r: any) => r.id)).toEqual([r2])
    expect((await list()).results.map((x: any) => x.short_id)).toContain(p.short_id)
    await deleteIs405(p)
  })
})

describe('playlist_viewed (session_recording_playlist_api.py playlist_viewed)', () => {
  it('finds a synthetic playlist where the profile lists them (observed: safely_get_object), else it is a 404', async () => {
    const path = `${BASE}/synthetic-watch-history/playlist_viewed/`
    expect((await c.post(path)).status).toBe(404)
    // (The action declares no scope there: the legacy key, which has none, may call it; a scoped one may not.)
    const observed = await testClient({ profile: 'observed' }, KEYS.legacy)
    const res = await observed.post(path)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true })
    expect((await observed.post(path, {}, KEYS.all)).status).toBe(403)
  })
})
