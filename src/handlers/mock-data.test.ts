import { beforeEach, describe, expect, it } from 'vitest'
import { testClient, type TestClient } from '../../test/support.ts'

const API = '/api/environments/1'

describe('the data as stored, under /_mock/projects (no key)', () => {
  let client: TestClient
  beforeEach(async () => {
    client = await testClient()
  })

  it('lists the projects', async () => {
    expect((await client.get('/_mock/projects', null)).body.results.map((p: any) => p.id)).toEqual([1, 2])
  })

  it("pages a project's persons as the API renders them, and searches them as the API's search does", async () => {
    const page = (await client.get('/_mock/projects/1/persons?limit=20&offset=40', null)).body
    const api = (await client.get(`${API}/persons/?limit=20&offset=40`)).body
    expect(page.count).toBe(api.count)
    expect(page.results).toEqual(api.results)
    expect(page.next).toBe('http://127.0.0.1:8010/_mock/projects/1/persons?limit=20&offset=60')
    const term = api.results[3].properties.email.split('@')[0]
    const found = (await client.get(`/_mock/projects/1/persons?search=${encodeURIComponent(term)}`, null)).body
    expect(found.results.map((p: any) => p.id)).toEqual(
      (await client.get(`${API}/persons/?search=${encodeURIComponent(term)}`)).body.results.map((p: any) => p.id),
    )
    expect(found.count).toBeGreaterThan(0)
    expect((await client.get('/_mock/projects/1/persons', null)).body.results).toHaveLength(50)
  })

  it('lists playlists soft-deleted ones included, and the items of each with their recordings', async () => {
    const created = (
      await client.post(`${API}/session_recording_playlists/`, { name: 'Gone soon', type: 'collection' })
    ).body
    const recording = (await client.get(`${API}/session_recordings/?limit=1`)).body.results[0]
    await client.post(`${API}/session_recording_playlists/${created.short_id}/recordings/${recording.id}/`)
    await client.post(`${API}/session_recording_playlists/${created.short_id}/recordings/not-here-yet/`)
    await client.patch(`${API}/session_recording_playlists/${created.short_id}/`, { deleted: true })

    const listed = (await client.get('/_mock/projects/1/playlists?search=gone', null)).body
    expect(listed.results.map((p: any) => [p.short_id, p.deleted])).toEqual([[created.short_id, true]])
    expect((await client.get(`${API}/session_recording_playlists/?search=gone`)).body.count).toBe(0)

    const items = (await client.get(`/_mock/projects/1/playlists/${created.short_id}/items`, null)).body
    expect(items.count).toBe(2)
    expect(items.results.map((i: any) => [i.recording_id, i.recording?.id ?? null])).toEqual([
      ['not-here-yet', null],
      [recording.id, recording.id],
    ])
  })

  it('pages recordings and finds them by id, distinct id or start URL', async () => {
    const all = (await client.get('/_mock/projects/1/session_recordings?limit=5', null)).body
    // The control API lists them all (the API's list, the last three days unless date_from says otherwise).
    expect(all.count).toBe((await client.get(`${API}/session_recordings/?date_from=-1y`)).body.count)
    const target = all.results[2]
    for (const term of [target.id.slice(0, 13), target.distinct_id.toUpperCase()]) {
      const found = (await client.get(`/_mock/projects/1/session_recordings?search=${encodeURIComponent(term)}`, null))
        .body
      expect(
        found.results.map((r: any) => r.id),
        term,
      ).toContain(target.id)
      expect(
        found.results.every(
          (r: any) =>
            r.id.includes(term.toLowerCase()) ||
            r.distinct_id.toLowerCase().includes(term.toLowerCase()) ||
            (r.start_url ?? '').toLowerCase().includes(term.toLowerCase()),
        ),
      ).toBe(true)
    }
    expect(
      (await client.get('/_mock/projects/1/session_recordings?search=nothing-matches-this', null)).body,
    ).toMatchObject({ count: 0, results: [] })
  })

  it('answers 404 for a project or playlist it does not have, and 400 for a bad page', async () => {
    expect((await client.get('/_mock/projects/99/persons', null)).status).toBe(404)
    expect((await client.get('/_mock/projects/1/playlists/nope/items', null)).status).toBe(404)
    const bad = await client.get('/_mock/projects/1/persons?limit=5000', null)
    expect(bad.status).toBe(400)
    expect(bad.body.attr).toBe('limit')
  })

  it('is never failed or slowed by faults, which are for the API', async () => {
    await client.post('/_mock/faults', { error_rate: 1, error_status: 503 }, null)
    expect((await client.get(`${API}/persons/`)).status).toBe(503)
    expect((await client.get('/_mock/projects/1/persons', null)).status).toBe(200)
  })
})
