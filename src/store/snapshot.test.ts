import { describe, expect, it } from 'vitest'
import { clientFor, testApp } from '../../test/support.ts'
import { decodeSnapshot, encodeSnapshot, snapshotDifference, SnapshotFormatError } from './snapshot.ts'

/** What a state file holds: the snapshot through JSON text and back. */
const throughJson = (data: ReturnType<typeof encodeSnapshot>) => decodeSnapshot(JSON.parse(JSON.stringify(data)))

async function changedApp() {
  const app = await testApp()
  const client = clientFor(app)
  const captured = await client.post('/_mock/projects/1/events', {
    event: '$identify',
    distinct_id: 'snapshot-user',
    properties: { $set: { email: 'snap@example.com', plan: 'growth' } },
  })
  expect(captured.status).toBe(201)
  const recording = await client.post('/_mock/projects/1/session_recordings', { distinct_id: 'snapshot-user' })
  expect(recording.status).toBe(201)
  return { app, client, person: captured.body.person, recording: recording.body }
}

describe('store snapshot', () => {
  it('two snapshots of an unchanged store are equal, and a change is located', async () => {
    const app = await testApp()
    const before = app.snapshot()
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
    const res = await clientFor(app).post('/_mock/projects/1/events', { event: 'x', distinct_id: 'brand-new' })
    expect(res.status).toBe(201)
    const difference = snapshotDifference(before, app.snapshot())
    expect(difference).toMatch(/^\/(persons|events|counters)/)
  })

  it('restores through JSON into a fresh app: same records, same answers, same next ids', async () => {
    const { app, client, person, recording } = await changedApp()
    const copy = await testApp()
    await copy.restore(throughJson(encodeSnapshot(app.snapshot())))
    expect(snapshotDifference(app.snapshot(), copy.snapshot())).toBeNull()

    const copyClient = clientFor(copy)
    for (const path of [
      `/api/environments/1/persons/${person.id}/`,
      '/api/environments/1/persons/?search=snap@example.com',
      '/api/environments/1/session_recordings/?limit=5',
    ]) {
      const [a, b] = [await client.get(path), await copyClient.get(path)]
      expect(b.status).toBe(200)
      expect(b.body).toEqual(a.body)
    }
    expect((await copyClient.get('/api/environments/1/session_recordings/?limit=1')).body.results[0].id).toBe(
      recording.id,
    )

    // The seeded generator resumes where it was: the next generated recording id is the same on both.
    const next = [
      await client.post('/_mock/projects/1/session_recordings', { distinct_id: 'snapshot-user' }),
      await copyClient.post('/_mock/projects/1/session_recordings', { distinct_id: 'snapshot-user' }),
    ]
    expect(next[1]!.body.id).toBe(next[0]!.body.id)
  })

  it('carries the activity log: the same entries after a restore, and the next entry goes on after them', async () => {
    const app = await testApp()
    const client = clientFor(app)
    const path = '/api/environments/1/persons/1/activity/'
    expect((await client.patch('/api/environments/1/persons/1/', { properties: { plan: 'a' } })).status).toBe(200)
    expect((await client.patch('/api/environments/1/persons/1/', { properties: { plan: 'b' } })).status).toBe(200)
    const copy = await testApp()
    await copy.restore(throughJson(encodeSnapshot(app.snapshot())))
    expect(snapshotDifference(app.snapshot(), copy.snapshot())).toBeNull()
    const copyClient = clientFor(copy)
    expect((await copyClient.get(path)).body).toEqual((await client.get(path)).body)
    expect((await copyClient.patch('/api/environments/1/persons/1/', { properties: { plan: 'c' } })).status).toBe(200)
    const before = (await client.get(path)).body.results.map((e: any) => e.id)
    const entries = (await copyClient.get(path)).body.results
    expect(entries.map((e: any) => e.activity)).toEqual(['updated', 'updated', 'updated'])
    expect(entries.slice(1).map((e: any) => e.id)).toEqual(before)
    expect(before).not.toContain(entries[0].id)
  })

  it("carries a collection's items: the count after a restore, and items added or removed there", async () => {
    const app = await testApp()
    const client = clientFor(app)
    const base = '/api/environments/1/session_recording_playlists/'
    const ids = (await client.get('/api/environments/1/session_recordings/?limit=3')).body.results.map((r: any) => r.id)
    const playlist = (await client.post(base, { name: 'Kept', type: 'collection' })).body
    expect((await client.post(`${base}${playlist.short_id}/recordings/${ids[0]}/`)).status).toBe(200)
    const copy = await testApp()
    await copy.restore(throughJson(encodeSnapshot(app.snapshot())))
    const copyClient = clientFor(copy)
    const count = async () =>
      (await copyClient.get(`${base}${playlist.short_id}/`)).body.recordings_counts.collection.count
    expect(await count()).toBe(1)
    expect((await copyClient.post(`${base}${playlist.short_id}/recordings/${ids[1]}/`)).status).toBe(200)
    expect((await copyClient.post(`${base}${playlist.short_id}/recordings/${ids[1]}/`)).status).toBe(200) // again: no second item
    expect(await count()).toBe(2)
    expect((await copyClient.delete(`${base}${playlist.short_id}/recordings/${ids[0]}/`)).status).toBe(204)
    expect(await count()).toBe(1)
  })

  it('a key added at run time still authenticates after a restore', async () => {
    const app = await testApp()
    await app.store.addApiKey({
      id: 'key-late',
      value: 'phx_added_later',
      label: 'late',
      user_id: 1,
      scopes: ['person:read'],
      scoped_teams: [],
      scoped_organizations: [],
    })
    const copy = await testApp()
    await copy.restore(throughJson(encodeSnapshot(app.snapshot())))
    expect((await clientFor(copy, 'phx_added_later').get('/api/environments/1/persons/?limit=1')).status).toBe(200)
  })

  it('events keep sharing their person-properties objects after a round trip', async () => {
    const { app } = await changedApp()
    const encoded = encodeSnapshot(app.snapshot()) as any
    expect(encoded.person_properties.length).toBeLessThan(encoded.events.length)
    const decoded = throughJson(encoded)
    expect(decoded.events.length).toBe(app.snapshot().events.length)
    expect(Object.isFrozen([...decoded.events][0]!.person_properties)).toBe(true)
  })

  it("a reset after a restore goes back to the snapshot's seed data", async () => {
    const seeded = await testApp({ seed: 7 })
    const { app } = await changedApp()
    await app.restore(throughJson(encodeSnapshot(seeded.snapshot())))
    await app.reset()
    expect(snapshotDifference(seeded.snapshot(), app.snapshot())).toBeNull()
    expect(app.store.dataset.seed).toBe(7)
  })

  it('refuses damaged data without touching the store', async () => {
    const { app } = await changedApp()
    const good = encodeSnapshot(app.snapshot()) as any
    const damaged = [
      null,
      { ...good, counters: undefined },
      { ...good, persons: [{ id: 'one' }] },
      { ...good, persons: [{ ...good.persons[0], id: -1 }] },
      { ...good, persons: [good.persons[0], good.persons[0]] },
      { ...good, events: [{ ...good.events[0], person_properties: 10 ** 6 }] },
      { ...good, events: [{ ...good.events[0], properties: 10 ** 6 }] },
      { ...good, events: [{ ...good.events[0], properties: 'x' }] },
      { ...good, event_properties: {} },
      { ...good, event_properties: [1] },
      { ...good, seed: 'x' },
    ]
    for (const data of damaged) expect(() => decodeSnapshot(data)).toThrow(SnapshotFormatError)
    expect(() => decodeSnapshot({ ...good, persons: [good.persons[0], good.persons[0]] })).toThrow(
      `two persons have the id ${good.persons[0].id}`,
    )

    const before = app.snapshot()
    const unknownCollection = throughJson({ ...good, collections: { ...good.collections, widgets: [{}] } })
    await expect(app.restore(unknownCollection)).rejects.toThrow(SnapshotFormatError)
    const badRecord = throughJson({
      ...good,
      collections: { ...good.collections, playlists: [{ id: 'not a number' }] },
    })
    await expect(app.restore(badRecord)).rejects.toThrow(SnapshotFormatError)
    const unknownFixtures = throughJson({ ...good, fixtures: 'no-such-scenario' })
    await expect(app.restore(unknownFixtures)).rejects.toThrow(SnapshotFormatError)
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
  })
})
