// DELETE (with and without delete_events) and POST delete_events, scheduled on the mock's clock.
import { iso, isoOffset } from '../../src/core/datetime.ts'
import { describe, expect, it } from 'vitest'
import { activityFor } from '../../src/domain/activity.ts'
import { KEYS } from '../support.ts'
import { expectError, harness, PERSONS, type PersonsHarness } from './support.ts'

async function at(now: string, options: Parameters<typeof harness>[0] = {}) {
  const h = await harness({ ...options, clock: { now, frozen: true } })
  const person = (await h.allPersons()).find((p) => p.properties.email && p.distinct_ids.length === 2)!
  return { h, person }
}

// Every event of the person: date_from=all reaches back to the project's first event, from the start of its
// day (posthog/queries/query_date_range.py QueryDateRange.date_from_param); the default range is one week.
async function timeline(h: PersonsHarness, id: number) {
  const res = await h.client.get(`${PERSONS}/${id}/properties_timeline/?date_from=all`)
  expect(res.status).toBe(200)
  return res.body
}
const startOfDay = (ms: number) => Math.floor(ms / 86_400_000) * 86_400_000
const eventCount = (t: any) => t.points.reduce((n: number, p: any) => n + p.relevant_event_count, 0)

describe('DELETE', () => {
  it('answers 204 with no body and no Content-Type; the person is gone from retrieve, list and lookups', async () => {
    const { h, person } = await at('2026-11-03T10:00:00Z')
    const res = await h.client.delete(`${PERSONS}/${person.id}/`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(res.headers.get('content-type')).toBeNull()

    expectError(await h.client.get(`${PERSONS}/${person.id}/`), 404, 'invalid_request')
    expectError(await h.client.get(`${PERSONS}/${person.uuid}/`), 404, 'invalid_request')
    expect((await h.allPersons()).map((p) => p.id)).not.toContain(person.id)
    for (const distinctId of person.distinct_ids) {
      expect((await h.client.get(`${PERSONS}/?distinct_id=${encodeURIComponent(distinctId)}`)).body.count).toBe(0)
    }
    expect((await h.client.get(`${PERSONS}/?email=${encodeURIComponent(person.properties.email)}`)).body.count).toBe(0)
    expect((await h.client.get(`${PERSONS}/?search=${person.uuid}`)).body.count).toBe(0)
    expectError(await h.client.delete(`${PERSONS}/${person.id}/`), 404, 'invalid_request')
  })

  it('frees its distinct ids: the next event on one makes a new person', async () => {
    const { h, person } = await at('2026-11-03T10:00:00Z')
    await h.client.delete(`${PERSONS}/${person.id}/`)
    const captured = await h.capture('$pageview', person.distinct_ids[0], '2026-11-03T10:00:00Z')
    expect(captured.person.id).not.toBe(person.id)
    expect(captured.person.uuid).not.toBe(person.uuid)
    expect(captured.person.distinct_ids).toEqual([person.distinct_ids[0]])
    expect(captured.person.properties).toEqual({})
  })

  it('writes an activity entry "deleted" (kept in the log; the person\'s activity endpoint 404s now)', async () => {
    const { h, person } = await at('2026-11-03T10:00:00Z')
    await h.client.delete(`${PERSONS}/${person.id}/`)
    expectError(await h.client.get(`${PERSONS}/${person.id}/activity/`), 404, 'invalid_request')
    const entries = activityFor(h.client.app.store, 1, 'Person', person.id)
    expect(entries.slice(0, entries.length).map((e) => [e.activity, e.detail.name, e.created_at])).toEqual([
      ['deleted', person.uuid, Date.parse('2026-11-03T10:00:00Z')],
    ])
  })

  it.each([
    ['absent', ''],
    ['false', '?delete_events=false'],
  ])('delete_events %s: no task, the events stay', async (_what, query) => {
    const { h, person } = await at('2026-11-03T10:00:00Z')
    expect((await h.client.delete(`${PERSONS}/${person.id}/${query}`)).status).toBe(204)
    expect(await h.tasks()).toEqual([])
    expect(h.client.app.store.events.forPerson(person.uuid).length).toBeGreaterThan(0)
  })

  it('a delete_events value that is not a boolean is a 400 that deletes nothing', async () => {
    const { h, person } = await at('2026-11-03T10:00:00Z')
    expectError(await h.client.delete(`${PERSONS}/${person.id}/?delete_events=maybe`), 400, 'validation_error')
    expect((await h.client.get(`${PERSONS}/${person.id}/`)).status).toBe(200)
    expect(await h.tasks()).toEqual([])
  })

  it('needs person:write', async () => {
    const { h, person } = await at('2026-11-03T10:00:00Z')
    expectError(
      await h.client.request('DELETE', `${PERSONS}/${person.id}/`, { key: KEYS.read }),
      403,
      'authentication_error',
    )
    expect((await h.client.get(`${PERSONS}/${person.id}/`)).status).toBe(200)
  })
})

describe('DELETE ?delete_events=true schedules the event deletion for the next Sunday 05:00 UTC', () => {
  // 2026-11-08 is a Sunday.
  it.each([
    ['Monday', '2026-11-02T09:15:00Z', '2026-11-08T05:00:00Z'],
    ['Tuesday', '2026-11-03T00:00:00Z', '2026-11-08T05:00:00Z'],
    ['Wednesday', '2026-11-04T12:00:00Z', '2026-11-08T05:00:00Z'],
    ['Thursday', '2026-11-05T05:00:00Z', '2026-11-08T05:00:00Z'],
    ['Friday', '2026-11-06T23:30:00Z', '2026-11-08T05:00:00Z'],
    ['Saturday', '2026-11-07T23:59:59Z', '2026-11-08T05:00:00Z'],
    ['Sunday before 05:00', '2026-11-08T04:59:59.999Z', '2026-11-08T05:00:00Z'],
    ['Sunday at 05:00', '2026-11-08T05:00:00Z', '2026-11-15T05:00:00Z'],
    ['Sunday after 05:00', '2026-11-08T05:00:00.001Z', '2026-11-15T05:00:00Z'],
  ])('queued on a %s (%s) -> %s', async (_day, queuedAt, sunday) => {
    const { h, person } = await at(queuedAt)
    expect((await h.client.delete(`${PERSONS}/${person.id}/?delete_events=true`)).status).toBe(204)
    expect(await h.tasks()).toEqual([
      {
        id: 1,
        kind: 'delete_person_events',
        project_id: 1,
        target: {
          person_uuid: person.uuid,
          person_id: person.id,
          distinct_ids: expect.arrayContaining(person.distinct_ids),
        },
        created_at: iso(Date.parse(queuedAt)),
        scheduled_for: sunday,
        state: 'queued',
        ran_at: null,
        result: null,
      },
    ])
  })

  it('stays queued at 04:59 that Sunday and runs once the clock passes 05:00; the events are gone', async () => {
    const { h, person } = await at('2026-11-04T12:00:00Z')
    const events = eventCount(await timeline(h, person.id))
    expect(events).toBeGreaterThan(0)
    await h.client.delete(`${PERSONS}/${person.id}/?delete_events=true`)
    // The person is gone but its events are not, until the task runs.
    expect(h.client.app.store.events.forPerson(person.uuid)).toHaveLength(events)

    expect(await h.setClock('2026-11-08T04:59:00Z')).toEqual([])
    expect((await h.tasks())[0]).toMatchObject({ state: 'queued', ran_at: null, result: null })
    expect(h.client.app.store.events.forPerson(person.uuid)).toHaveLength(events)

    const ran = await h.setClock('2026-11-08T05:00:30Z')
    expect(ran).toHaveLength(1)
    expect((await h.tasks())[0]).toMatchObject({
      state: 'done',
      scheduled_for: '2026-11-08T05:00:00Z',
      ran_at: '2026-11-08T05:00:00Z',
      result: { deleted_events: events },
    })
    expect(h.client.app.store.events.forPerson(person.uuid)).toHaveLength(0)
    // Running again changes nothing.
    expect(await h.setClock('2026-11-20T00:00:00Z')).toEqual([])
  })

  it('runs at the start of any request once the clock has passed it (no clock call needed)', async () => {
    const { h, person } = await at('2026-11-04T12:00:00Z')
    await h.client.delete(`${PERSONS}/${person.id}/?delete_events=true`)
    h.client.app.clock.set('2026-11-08T06:00:00Z')
    expect((await h.client.get(`${PERSONS}/?limit=1`)).status).toBe(200)
    expect((await h.tasks())[0].state).toBe('done')
  })

  it("deletes only that person's events", async () => {
    const { h, person } = await at('2026-11-04T12:00:00Z')
    const other = (await h.allPersons()).find((p) => p.id !== person.id)!
    const otherEvents = eventCount(await timeline(h, other.id))
    await h.client.delete(`${PERSONS}/${person.id}/?delete_events=true`)
    await h.setClock('2026-11-09T00:00:00Z')
    expect(eventCount(await timeline(h, other.id))).toBe(otherEvents)
  })
})

describe('POST delete_events', () => {
  it('answers 200 with no body; the person is unchanged; a task is queued for the next non-peak window', async () => {
    const { h, person } = await at('2026-11-03T14:00:00Z')
    const res = await h.client.post(`${PERSONS}/${person.id}/delete_events/`)
    expect(res.status).toBe(200)
    expect(res.text).toBe('')
    expect(res.headers.get('content-type')).toBeNull()
    expect((await h.client.get(`${PERSONS}/${person.id}/`)).body).toEqual(person)
    expect(await h.tasks()).toMatchObject([
      {
        kind: 'delete_person_events',
        target: { person_uuid: person.uuid },
        created_at: '2026-11-03T14:00:00Z',
        scheduled_for: '2026-11-04T00:00:00Z',
        state: 'queued',
      },
    ])
  })

  it('inside the window it runs in the next minute', async () => {
    const { h, person } = await at('2026-11-03T02:10:30Z')
    await h.client.post(`${PERSONS}/${person.id}/delete_events/`, { properties: {} })
    expect((await h.tasks())[0].scheduled_for).toBe('2026-11-03T02:11:00Z')
  })

  it('uses the configured window', async () => {
    const { h, person } = await at('2026-11-03T14:00:00Z', { nonPeakWindow: { startHour: 22, endHour: 4 } })
    await h.client.post(`${PERSONS}/${person.id}/delete_events/`)
    expect((await h.tasks())[0].scheduled_for).toBe('2026-11-03T22:00:00Z')
  })

  it('the events stay until the clock reaches the slot, then the timeline is empty and the person remains', async () => {
    const { h, person } = await at('2026-11-03T14:00:00Z')
    const before = await timeline(h, person.id)
    expect(before.points.length).toBeGreaterThan(0)
    await h.client.post(`${PERSONS}/${person.id}/delete_events/`)

    expect(await h.setClock('2026-11-03T23:59:59.999Z')).toEqual([])
    // The same day: the range still ends at the end of 2026-11-03 (date_to_param), over the same points.
    expect(await timeline(h, person.id)).toEqual(before)

    expect(await h.setClock('2026-11-04T00:00:00Z')).toHaveLength(1)
    const after = await timeline(h, person.id)
    expect(after).toEqual({
      points: [],
      crucial_property_keys: [],
      // The project's first event that is left, from the start of its day; the end of the new day.
      effective_date_from: isoOffset(
        startOfDay(Math.min(...[...h.client.app.store.events.forProject(1)].map((e) => e.timestamp))),
      ),
      effective_date_to: '2026-11-04T23:59:59.999999+00:00',
    })
    expect((await h.tasks())[0]).toMatchObject({
      state: 'done',
      ran_at: '2026-11-04T00:00:00Z',
      result: { deleted_events: eventCount(before) },
    })
    expect((await h.client.get(`${PERSONS}/${person.id}/`)).body).toEqual(person)
  })

  it('events captured after the deletion ran show on the timeline again', async () => {
    const { h, person } = await at('2026-11-03T14:00:00Z')
    await h.client.post(`${PERSONS}/${person.id}/delete_events/`)
    await h.setClock('2026-11-04T01:00:00Z')
    await h.capture('$pageview', person.distinct_ids[0], '2026-11-04T01:00:00Z')
    const t = await timeline(h, person.id)
    expect(t.points).toHaveLength(1)
    expect(t.points[0]).toMatchObject({ timestamp: '2026-11-04T01:00:00Z', relevant_event_count: 1 })
  })

  it('an unknown person is a 404 and queues nothing; a read key is a 403', async () => {
    const { h, person } = await at('2026-11-03T14:00:00Z')
    expectError(await h.client.post(`${PERSONS}/99999999/delete_events/`), 404, 'invalid_request')
    expectError(
      await h.client.request('POST', `${PERSONS}/${person.id}/delete_events/`, { key: KEYS.read }),
      403,
      'authentication_error',
    )
    expect(await h.tasks()).toEqual([])
  })
})

// The real service keeps one pending deletion a person: AsyncDeletion's "unique pending deletion"
// constraint (deletion_type, key = the person's uuid, while delete_verified_at is null), inserted with
// ignore_conflicts. Asking again while one waits answers the same and adds nothing.
describe('one pending event deletion a person', () => {
  it('a second POST delete_events while the first waits answers 200 and leaves the waiting task as it was', async () => {
    const { h, person } = await at('2026-11-03T14:00:00Z')
    expect((await h.client.post(`${PERSONS}/${person.id}/delete_events/`)).status).toBe(200)
    const [first] = await h.tasks()
    await h.setClock('2026-11-03T15:30:00Z')
    const again = await h.client.post(`${PERSONS}/${person.id}/delete_events/`)
    expect(again.status).toBe(200)
    expect(again.text).toBe('')
    expect(await h.tasks()).toEqual([first])
  })

  it('DELETE ?delete_events=true while a deletion waits removes the person and queues no second task', async () => {
    const { h, person } = await at('2026-11-03T14:00:00Z')
    await h.client.post(`${PERSONS}/${person.id}/delete_events/`)
    const waiting = await h.tasks()
    expect((await h.client.delete(`${PERSONS}/${person.id}/?delete_events=true`)).status).toBe(204)
    expectError(await h.client.get(`${PERSONS}/${person.id}/`), 404, 'invalid_request')
    expect(await h.tasks()).toEqual(waiting)
  })

  it('once the waiting one has run, asking again queues a new one (its id after the one the refused insert drew, as a Postgres sequence)', async () => {
    const { h, person } = await at('2026-11-03T14:00:00Z')
    await h.client.post(`${PERSONS}/${person.id}/delete_events/`)
    await h.client.post(`${PERSONS}/${person.id}/delete_events/`)
    await h.setClock('2026-11-04T01:00:00Z')
    await h.client.post(`${PERSONS}/${person.id}/delete_events/`)
    const tasks = await h.tasks()
    expect(tasks.map((t) => [t.state, t.scheduled_for])).toEqual([
      ['done', '2026-11-04T00:00:00Z'],
      ['queued', '2026-11-04T01:01:00Z'],
    ])
    expect(tasks[1].id).toBe(tasks[0].id + 2)
  })

  it("each person has its own: another person's request queues its own task", async () => {
    const { h, person } = await at('2026-11-03T14:00:00Z')
    const other = (await h.allPersons()).find((p) => p.id !== person.id)!
    await h.client.post(`${PERSONS}/${person.id}/delete_events/`)
    await h.client.post(`${PERSONS}/${other.id}/delete_events/`)
    expect((await h.tasks()).map((t) => t.target.person_uuid)).toEqual([person.uuid, other.uuid])
  })
})
