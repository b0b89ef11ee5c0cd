// A frontend's tests, written as its developers would: msw intercepts the app's own fetch calls and
// analytics-mock answers them, with state, a clock the test moves, and a journal to assert on.
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMock, KEYS } from 'analytics-mock/testing'
import { ApiRequestError, createClient } from './api-client.ts'
import { archivePlaylist, personCard, personList, playlistPage, playlistSidebar, restorePlaylist } from './screens.ts'

// Wednesday 4 November 2026, noon UTC, frozen: nothing moves unless a test moves it.
const mock = await createMock({ now: '2026-11-04T12:00:00Z' })
const server = setupServer(...mock.handlers)
const client = createClient({ apiKey: KEYS.all, projectId: 1 })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => mock.reset()) // seeded data, no tasks, empty journal, clock back at noon
afterAll(() => server.close())

describe('person card', () => {
  it('shows the new plan once the user changes it (PATCH)', async () => {
    const person = await mock.create.person({
      properties: { email: 'ada@example.com', plan: 'free' },
      created_at: '2026-11-01T09:00:00Z',
    })
    expect(await personCard(client, person.id)).toMatchObject({
      kind: 'person',
      title: 'ada@example.com',
      plan: 'free',
    })

    await client.updatePersonProperties(person.id, { plan: 'enterprise' })

    expect(await personCard(client, person.id)).toMatchObject({
      kind: 'person',
      title: 'ada@example.com',
      plan: 'enterprise',
    })
    expect(await personList(client, 'ada@example')).toEqual(['ada@example.com'])
    expect(mock.calls('persons_partial_update').map((call) => [call.status, call.request_body])).toEqual([
      [200, { properties: { plan: 'enterprise' } }],
    ])
  })

  it('keeps the old plan when the key may only read (403), and says why', async () => {
    const person = await mock.create.person({ properties: { email: 'bo@example.com', plan: 'free' } })
    const readOnly = createClient({ apiKey: KEYS.read, projectId: 1 })
    const error = await readOnly.updatePersonProperties(person.id, { plan: 'growth' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect((error as ApiRequestError).status).toBe(403)
    expect((error as ApiRequestError).body).toMatchObject({ detail: "API key missing required scope 'person:write'" })
    expect(await personCard(client, person.id)).toMatchObject({ plan: 'free' })
  })

  it('starts from the seeded data again in the next test', async () => {
    expect(mock.calls()).toEqual([])
    expect(await personList(client, 'ada@example')).toEqual([])
  })
})

describe('playlist sidebar', () => {
  it('drops a playlist the user deleted (a soft delete), and its page says it was deleted', async () => {
    const [r1, r2] = [await mock.create.recording(), await mock.create.recording()]
    const playlist = await mock.create.playlist({ name: 'Checkout bugs', pinned: true, recordings: [r1.id, r2.id] })
    expect(await playlistSidebar(client)).toContain('📌 Checkout bugs')
    expect(await playlistPage(client, playlist.short_id)).toEqual({
      kind: 'playlist',
      title: 'Checkout bugs',
      recordings: '2 recordings',
    })

    await archivePlaylist(client, playlist.short_id)

    expect(await playlistSidebar(client)).not.toContain('📌 Checkout bugs')
    expect(await playlistPage(client, playlist.short_id)).toEqual({
      kind: 'missing',
      message: 'This playlist was deleted.',
    })
    expect(mock.store.playlists.findFirst((q) => q.where({ short_id: playlist.short_id }))?.deleted).toBe(true)
  })

  it('brings it back on undo', async () => {
    const playlist = await mock.create.playlist({ name: 'Onboarding drop-offs' })
    await archivePlaylist(client, playlist.short_id)
    expect(await playlistSidebar(client)).not.toContain('Onboarding drop-offs')
    await restorePlaylist(client, playlist.short_id)
    expect(await playlistSidebar(client)).toContain('Onboarding drop-offs')
    expect(mock.calls('session_recording_playlists_partial_update').map((call) => call.request_body)).toEqual([
      { deleted: true },
      { deleted: false },
    ])
  })

  it('never shows the seeded playlist that was deleted before the test began', async () => {
    const sidebar = await playlistSidebar(client)
    expect(sidebar).toContain('📌 Checkout friction')
    expect(sidebar).not.toContain('Old experiment')
  })

  it('cannot hard-delete: the API answers 405 with no body, which is why the app soft-deletes', async () => {
    const playlist = await mock.create.playlist()
    const res = await fetch(
      `https://us.posthog.com/api/environments/1/session_recording_playlists/${playlist.short_id}/`,
      {
        method: 'DELETE',
        headers: { authorization: `Bearer ${KEYS.all}` },
      },
    )
    expect(res.status).toBe(405)
    expect(await res.text()).toBe('')
    expect(await playlistSidebar(client)).toContain(playlist.name)
  })
})

describe('event deletion, on the clock', () => {
  it('the card keeps showing the events until the queued deletion runs in the non-peak window', async () => {
    const person = await mock.create.person({ created_at: '2026-11-02T08:00:00Z', events: 4 }) // an $identify and 4 page views
    expect(await personCard(client, person.id)).toMatchObject({ events: '5 events' })

    await client.requestEventDeletion(person.id)
    expect(await personCard(client, person.id)).toMatchObject({ events: '5 events' })
    expect(mock.tasks('queued').map((task) => new Date(task.scheduled_for).toISOString())).toEqual([
      '2026-11-05T00:00:00.000Z',
    ])

    await mock.advance('PT11H59M') // 23:59, still peak hours
    expect(await personCard(client, person.id)).toMatchObject({ events: '5 events' })

    await mock.advance('PT1M') // midnight UTC: the non-peak window opens and the task runs
    expect(await personCard(client, person.id)).toMatchObject({ kind: 'person', events: '0 events' })
    expect(mock.tasks('done')).toMatchObject([{ result: { deleted_events: 5 } }])
  })

  it('deleting a person with their events: the person goes at once, the events at 05:00 UTC on Sunday', async () => {
    const person = await mock.create.person({ properties: { email: 'gone@example.com' }, events: 2 })
    await client.deletePerson(person.id, { deleteEvents: true })

    expect(await personCard(client, person.id)).toEqual({ kind: 'missing', message: 'This person no longer exists.' })
    expect(await personList(client, 'gone@example.com')).toEqual([])
    expect(mock.store.events.forPerson(person.uuid)).toHaveLength(3)

    expect(await mock.setNow('2026-11-08T04:59:59Z')).toEqual([])
    expect(mock.store.events.forPerson(person.uuid)).toHaveLength(3)
    const ran = await mock.setNow('2026-11-08T05:00:00Z')
    expect(ran).toMatchObject([
      { kind: 'delete_person_events', target: { person_id: person.id }, result: { deleted_events: 3 } },
    ])
    expect(mock.store.events.forPerson(person.uuid)).toHaveLength(0)
  })
})
