// Retrieve, PATCH, delete_property and the activity log, seen through the API.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { KEYS } from '../support.ts'
import { expectError, harness, PERSONS, type PersonsHarness } from './support.ts'

let h: PersonsHarness
let person: any

const NOW = '2026-11-03T10:00:00Z'

beforeAll(async () => {
  h = await harness({ clock: { now: NOW, frozen: true } })
})
beforeEach(async () => {
  await h.client.post('/_mock/reset', {})
  await h.setClock(NOW)
  person = (await h.allPersons()).find((p) => p.properties.plan && p.properties.email)
})
const get = (id: string | number = person.id) => h.client.get(`${PERSONS}/${id}/`)
const activity = async (query = '') => {
  const res = await h.client.get(`${PERSONS}/${person.id}/activity/${query}`)
  expect(res.status).toBe(200)
  return res.body
}
/** The timeline with `plan` as its crucial key (without keys named, no change is relevant). */
const timeline = async () => {
  const res = await h.client.get(
    `${PERSONS}/${person.id}/properties_timeline/?properties=${encodeURIComponent(JSON.stringify([{ key: 'plan', type: 'person' }]))}`,
  )
  expect(res.status).toBe(200)
  return res.body
}

describe('retrieve', () => {
  it('by integer id or UUID', async () => {
    const byId = await get()
    expect(byId.status).toBe(200)
    expect(byId.body).toEqual(person)
    expect((await get(person.uuid)).body).toEqual(person)
    expect((await get(person.uuid.toUpperCase())).body).toEqual(person)
  })

  it("any other id form is a 400 with the real service's message", async () => {
    const res = await get('not-an-id')
    expectError(res, 400, 'validation_error')
    expect(res.body.detail).toBe(
      'The ID provided does not look like a personID. If you are using a distinctId, please use /persons?distinct_id=not-an-id instead.',
    )
  })

  it("an unknown or another project's person is a 404", async () => {
    expectError(await get(99999999), 404, 'invalid_request')
    const other = (await h.client.get('/api/environments/2/persons/?limit=1')).body.results[0]
    const res = await get(other.id)
    expectError(res, 404, 'invalid_request')
    expect(res.body.detail).toBe('Not found.')
  })

  it('format=csv renders the person as one row', async () => {
    const res = await h.client.get(`${PERSONS}/${person.id}/?format=csv`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    const [header, row] = res.text.trimEnd().split('\r\n')
    expect(header!.split(',')).toContain('properties.email')
    expect(row).toContain(person.uuid)
  })
})

describe('PATCH', () => {
  it('merges properties, answers 200 with the person, and GET shows the merge', async () => {
    const res = await h.client.patch(`${PERSONS}/${person.id}/`, { properties: { plan: 'enterprise', seats: 12 } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      ...person,
      properties: { ...person.properties, plan: 'enterprise', seats: 12 },
      last_seen_at: NOW,
    })
    expect((await get()).body).toEqual(res.body)
    const listed = await h.client.get(
      `${PERSONS}/?properties=${encodeURIComponent(JSON.stringify([{ key: 'seats', value: 12 }]))}`,
    )
    expect(listed.body.results.map((p: any) => p.id)).toEqual([person.id])
  })

  it('writes an activity entry "updated" naming the field, as the real service does (not the values)', async () => {
    await h.client.patch(`${PERSONS}/${person.id}/`, { properties: { plan: 'enterprise' } })
    const page = await activity()
    expect(page.total_count).toBe(1)
    const { id, ...entry } = page.results[0]
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(entry).toEqual({
      activity: 'updated',
      scope: 'Person',
      item_id: String(person.id),
      created_at: NOW,
      user: { first_name: expect.any(String), email: expect.any(String) },
      detail: {
        changes: [{ type: 'Person', action: 'changed', field: 'properties', before: null, after: null }],
        trigger: null,
        type: null,
        name: null,
        short_id: null,
      },
    })
  })

  it('captures a $set event the properties timeline sees', async () => {
    const before = await timeline()
    await h.client.patch(`${PERSONS}/${person.id}/`, { properties: { plan: 'custom' } })
    const after = await timeline()
    const last = after.points[after.points.length - 1]
    expect(last).toEqual({
      timestamp: NOW,
      properties: { ...person.properties, plan: 'custom' },
      relevant_event_count: 1,
    })
    expect(after.points.length).toBe(before.points.length + 1)
  })

  it.each([
    ['an empty body object', {}],
    ['a body without properties', { name: 'x' }],
  ])("%s is a 400 with the real service's (swapped) body and changes nothing", async (_what, body) => {
    const res = await h.client.patch(`${PERSONS}/${person.id}/`, body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      type: 'validation_error',
      code: 'This field is required.',
      detail: 'required',
      attr: 'properties',
    })
    expect((await get()).body).toEqual(person)
    expect((await activity()).total_count).toBe(0)
  })

  it('no body at all is the same 400', async () => {
    const res = await h.client.request('PATCH', `${PERSONS}/${person.id}/`)
    expect(res.body).toEqual({
      type: 'validation_error',
      code: 'This field is required.',
      detail: 'required',
      attr: 'properties',
    })
  })

  it('properties as null is the 400 of no properties, and changes nothing', async () => {
    const res = await h.client.patch(`${PERSONS}/${person.id}/`, { properties: null })
    expectError(res, 400, 'validation_error')
    expect(res.body.attr).toBe('properties')
    expect((await get()).body).toEqual(person)
    expect((await activity()).total_count).toBe(0)
  })

  // posthog/api/person.py (PersonViewSet.update): properties are read unvalidated and sent as the $set
  // of an event, and the update is logged, whatever they are; a $set that is no object sets nothing.
  it.each([
    ['a string', 'pro'],
    ['a list', ['a']],
    ['a number', 3],
  ])('properties as %s is taken, as the real update takes it, and sets nothing', async (_what, value) => {
    const res = await h.client.patch(`${PERSONS}/${person.id}/`, { properties: value })
    expect(res.status).toBe(200)
    expect(res.body.properties).toEqual(person.properties)
    expect((await get()).body.properties).toEqual(person.properties)
    expect((await activity()).total_count).toBe(1)
  })

  it('checks properties before looking the person up, as the real service', async () => {
    expect((await h.client.patch(`${PERSONS}/99999999/`, {})).status).toBe(400)
    expectError(await h.client.patch(`${PERSONS}/99999999/`, { properties: { a: 1 } }), 404, 'invalid_request')
  })

  it('needs person:write', async () => {
    const res = await h.client.request('PATCH', `${PERSONS}/${person.id}/`, {
      key: KEYS.read,
      body: { properties: { a: 1 } },
    })
    expectError(res, 403, 'authentication_error')
    expect(res.body.detail).toBe("API key missing required scope 'person:write'")
    expect((await get()).body).toEqual(person)
  })
})

describe('delete_property', () => {
  it('takes the key from the $unset query parameter (seed): 200 {"success": true}, the property is gone', async () => {
    const res = await h.client.post(`${PERSONS}/${person.id}/delete_property/?$unset=plan`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true })
    const { plan: _gone, ...rest } = person.properties
    expect((await get()).body.properties).toEqual(rest)
  })

  it('takes the key from a $unset body field (real service)', async () => {
    const res = await h.client.post(`${PERSONS}/${person.id}/delete_property/`, { $unset: 'email' })
    expect(res.body).toEqual({ success: true })
    const after = (await get()).body
    expect(after.properties.email).toBeUndefined()
    expect(after.name).not.toBe(person.properties.email)
    expect((await h.client.get(`${PERSONS}/?email=${encodeURIComponent(person.properties.email)}`)).body.count).toBe(0)
  })

  it('writes an activity entry "delete_property" and a $delete_person_property event the timeline sees', async () => {
    await h.client.post(`${PERSONS}/${person.id}/delete_property/?$unset=plan`)
    const page = await activity()
    expect(page.results[0]).toMatchObject({
      activity: 'delete_property',
      scope: 'Person',
      item_id: String(person.id),
      detail: {
        name: person.uuid,
        changes: [{ type: 'Person', action: 'changed', field: null, before: null, after: null }],
        trigger: null,
        type: null,
        short_id: null,
      },
    })
    const points = (await timeline()).points
    expect(points[points.length - 1].timestamp).toBe(NOW)
    expect(points[points.length - 1].properties.plan).toBeUndefined()
  })

  it('a missing key is a 400 that changes nothing', async () => {
    for (const res of [
      await h.client.post(`${PERSONS}/${person.id}/delete_property/`),
      await h.client.post(`${PERSONS}/${person.id}/delete_property/`, { properties: { plan: null } }),
      await h.client.post(`${PERSONS}/${person.id}/delete_property/?$unset=`),
    ]) {
      expectError(res, 400, 'validation_error')
      expect(res.body).toMatchObject({ code: 'required', attr: '$unset' })
    }
    expect((await get()).body).toEqual(person)
    expect((await activity()).total_count).toBe(0)
  })

  it('an unknown person is a 404', async () => {
    expectError(await h.client.post(`${PERSONS}/99999999/delete_property/?$unset=plan`), 404, 'invalid_request')
  })
})

describe('activity', () => {
  async function patchAt(iso: string, n: number) {
    await h.setClock(iso)
    const res = await h.client.patch(`${PERSONS}/${person.id}/`, { properties: { n } })
    expect(res.status).toBe(200)
  }

  // Links as posthog/models/activity_logging/activity_page.py builds them: page, then limit (the default too).
  it('pages newest first: page/limit, default limit 10, {results, next, previous, total_count}', async () => {
    const minuteOf = (e: any) => new Date(e.created_at).getUTCMinutes()
    for (let i = 0; i < 12; i++) await patchAt(`2026-11-03T10:${String(i).padStart(2, '0')}:00Z`, i)
    const first = await activity()
    expect(first.total_count).toBe(12)
    expect(first.results).toHaveLength(10)
    expect(first.results.map((e: any) => minuteOf(e))).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2])
    expect(first.previous).toBeNull()
    expect(first.next).toBe(`http://127.0.0.1:8010/api/environments/1/persons/${person.id}/activity/?page=2&limit=10`)
    const second = await activity('?page=2')
    expect(second.results.map((e: any) => minuteOf(e))).toEqual([1, 0])
    expect(second.next).toBeNull()
    expect(second.previous).toBe(
      `http://127.0.0.1:8010/api/environments/1/persons/${person.id}/activity/?page=1&limit=10`,
    )
    const small = await activity('?limit=5&page=3')
    expect(small.results.map((e: any) => minuteOf(e))).toEqual([1, 0])
    expect(small.previous).toBe(
      `http://127.0.0.1:8010/api/environments/1/persons/${person.id}/activity/?limit=5&page=2`,
    )
  })

  it('is empty for a person nobody changed, and past the last page', async () => {
    expect(await activity()).toEqual({ results: [], next: null, previous: null, total_count: 0 })
    await patchAt(NOW, 1)
    const past = await activity('?page=3')
    expect(past.results).toEqual([])
    expect(past.total_count).toBe(1)
  })

  it("shows only this person's entries", async () => {
    const other = (await h.allPersons()).find((p) => p.id !== person.id)!
    await h.client.patch(`${PERSONS}/${other.id}/`, { properties: { x: 1 } })
    expect((await activity()).total_count).toBe(0)
  })

  it('needs activity_log:read (the read key has it), not person:read', async () => {
    expect((await h.client.get(`${PERSONS}/${person.id}/activity/`, KEYS.read)).status).toBe(200)
    const noscope = await harness({ fixtures: 'key-without-scopes' })
    const res = await noscope.client.get(`${PERSONS}/${person.id}/activity/`, 'phx_mock_noscope')
    expectError(res, 403, 'authentication_error')
    expect(res.body.detail).toBe("API key missing required scope 'activity_log:read'")
  })

  it('bad paging parameters are 400s', async () => {
    expectError(await h.client.get(`${PERSONS}/${person.id}/activity/?page=0`), 400, 'validation_error')
    expectError(await h.client.get(`${PERSONS}/${person.id}/activity/?limit=x`), 400, 'validation_error')
  })
})
