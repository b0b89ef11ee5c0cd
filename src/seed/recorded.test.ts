// A recorded scenario as data: what the loader checks, and what it generates so that it agrees with
// what was recorded (events behind each timeline point, items a playlist counts but did not list).
import { describe, expect, it } from 'vitest'
import { openRecorded } from '../../fixtures/recorded.ts'
import { createApp } from '../app.ts'
import { buildRecordedDataset } from './recorded.ts'
import { decodeScenario, SCENARIO_FORMAT, type RecordedScenario } from './scenario-format.ts'

const user = {
  id: 7,
  uuid: '0191f1a2-0000-7000-8000-000000000007',
  distinct_id: 'u7',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
}

function scenario(): RecordedScenario {
  return {
    format: SCENARIO_FORMAT,
    version: 1,
    recorded_at: '2026-05-01T00:00:00.000Z',
    source: { base_url: 'https://deployment.test', project_id: 42 },
    redaction: { salted: true, kept: [] },
    organization: { id: '0191f1a2-0000-7000-8000-0000000000aa', name: 'Org', slug: 'org' },
    project: { id: 42, uuid: null, name: 'Project', timezone: 'UTC' },
    user_id: 7,
    users: [user],
    persons: [
      {
        person: {
          id: 5,
          uuid: '0191f1a2-0000-7000-8000-000000000005',
          distinct_ids: ['p5'],
          properties: { plan: 'b' },
          created_at: '2026-04-01T00:00:00.000Z',
          last_seen_at: '2026-04-20T00:00:00.000Z',
        },
        activity: [
          {
            id: '0191f1a2-0000-7000-8000-0000000000a2',
            user: { first_name: 'Ann', email: 'ann@example.com' },
            activity: 'updated',
            scope: 'Person',
            item_id: '5',
            detail: null,
            created_at: '2026-04-10T00:00:00.000Z',
          },
          {
            id: '0191f1a2-0000-7000-8000-0000000000a1',
            user: { first_name: 'System', email: null, is_system: true },
            activity: 'created',
            scope: 'Person',
            item_id: '5',
            detail: null,
            created_at: '2026-04-10T00:00:00.000Z',
          },
        ],
        timeline: [
          { timestamp: '2026-04-02T00:00:00.000Z', properties: { plan: 'a' }, relevant_event_count: 3 },
          { timestamp: '2026-04-10T00:00:00.000Z', properties: { plan: 'b' }, relevant_event_count: 4 },
        ],
      },
      {
        person: {
          id: 6,
          uuid: '0191f1a2-0000-7000-8000-000000000006',
          distinct_ids: ['p6'],
          properties: { plan: 'c' },
          created_at: '2026-04-03T00:00:00.000Z',
          last_seen_at: '2026-04-04T00:00:00.000Z',
        },
        activity: null,
        timeline: null,
      },
    ],
    recordings: [
      {
        id: 'r1',
        distinct_id: 'p5',
        start_time: '2026-04-30T23:50:00.000Z',
        recording_duration: 300,
        active_seconds: 120,
        inactive_seconds: 0,
        viewers: ['ann@example.com'],
        ongoing: true,
        retention_period_days: 30,
      },
    ],
    playlists: [
      {
        playlist: {
          id: 3,
          short_id: 'abcdEFGH',
          name: 'Seen',
          description: '',
          pinned: false,
          deleted: false,
          filters: {},
          type: 'collection',
          created_at: '2026-04-01T00:00:00.000Z',
          created_by: { id: 7 },
          last_modified_at: '2026-04-02T00:00:00.000Z',
          last_modified_by: { id: 7 },
        },
        recordings: ['r1'],
        item_count: 3,
      },
    ],
  } as RecordedScenario
}

describe('the scenario file', () => {
  it('refuses what is not one, saying where', () => {
    expect(() => decodeScenario({ hello: 1 })).toThrow('it is not an analytics-mock scenario')
    expect(() => decodeScenario({ ...scenario(), version: 2 })).toThrow(
      'it has format version 2; this analytics-mock reads version 1',
    )
    const bad = scenario()
    bad.recordings[0]!.start_time = 'soon'
    expect(() => decodeScenario(bad)).toThrow('recordings[0].start_time: is not an ISO 8601 instant')
    const twice = scenario()
    twice.persons[1]!.person.id = 5
    expect(() => decodeScenario(twice)).toThrow('persons[1].person.id: two persons have the id 5')
    expect(() => decodeScenario({ ...scenario(), user_id: 8 })).toThrow('user_id: no user has the id 8')
    // zod's own English words for a field of the wrong type or size
    expect(() => decodeScenario({ ...scenario(), users: {} })).toThrow(
      'users: Invalid input: expected array, received object',
    )
    expect(() => decodeScenario({ ...scenario(), user_id: 1.5 })).toThrow(
      'user_id: Invalid input: expected int, received number',
    )
  })

  it('a path, where there is no Node file module (a browser), is an error saying to pass the parsed scenario', async () => {
    const node = process as { getBuiltinModule?: unknown }
    const saved = node.getBuiltinModule
    node.getBuiltinModule = undefined
    // The check runs before openRecorded first waits, so the module is back before anything else runs.
    const opened = openRecorded('scenarios/recorded.json')
    node.getBuiltinModule = saved
    await expect(opened).rejects.toThrow(
      /files are read in Node\.js only .* pass the parsed scenario instead: createMock\(\{ fixtures: await \(await fetch\(url\)\)\.json\(\) \}\)/,
    )
  })
})

describe('the dataset of a recorded scenario', () => {
  it('generates the events behind each timeline point: as many, from its instant, the last at last_seen_at', () => {
    const ds = buildRecordedDataset(decodeScenario(scenario()), { fixtures: 'recorded:x' })
    const events = [...ds.events].filter((e) => e.person_uuid.endsWith('05')).sort((a, b) => a.timestamp - b.timestamp)
    expect(events).toHaveLength(7)
    expect(events.map((e) => e.person_properties.plan)).toEqual(['a', 'a', 'a', 'b', 'b', 'b', 'b'])
    expect(new Date(events[0]!.timestamp).toISOString()).toBe('2026-04-02T00:00:00.000Z')
    expect(new Date(events[3]!.timestamp).toISOString()).toBe('2026-04-10T00:00:00.000Z')
    expect(events[2]!.timestamp).toBeLessThan(Date.parse('2026-04-10T00:00:00.000Z'))
    expect(new Date(events[6]!.timestamp).toISOString()).toBe('2026-04-20T00:00:00.000Z')
    // A person whose timeline was not read: its creation and its last_seen_at, with its properties.
    const other = [...ds.events]
      .filter((e) => e.person_uuid.endsWith('06'))
      .map((e) => new Date(e.timestamp).toISOString())
    expect(other.sort()).toEqual(['2026-04-03T00:00:00.000Z', '2026-04-04T00:00:00.000Z'])
  })

  it('answers as recorded: timeline, activity order, counts, unknown fields kept, keys of the recording user', async () => {
    const app = await createApp({ fixtures: scenario() })
    expect(app.store.dataset.fixtures).toMatch(/^recorded:[0-9a-f]{16}$/)
    expect(app.clock.iso()).toBe('2026-05-01T00:00:00Z')
    const get = async (path: string, key = 'phx_mock_all') =>
      (
        await app.fetch(
          new Request(`http://mock.test/api/environments/42${path}`, { headers: { authorization: `Bearer ${key}` } }),
        )
      ).json()
    // `plan` named as a crucial key: without one the real service (and so the mock) answers a single point.
    // date_from=all, as record reads it: the default range is the week before the clock
    // (posthog/queries/query_date_range.py QueryDateRange.date_from_param), which holds none of these events.
    const timeline = await get(
      `/persons/5/properties_timeline/?date_from=all&properties=${encodeURIComponent('[{"key":"plan","operator":"is_set","type":"person"}]')}`,
    )
    expect(timeline.points.map((p: any) => [p.timestamp, p.properties.plan, p.relevant_event_count])).toEqual([
      ['2026-04-02T00:00:00Z', 'a', 3],
      ['2026-04-10T00:00:00Z', 'b', 4],
    ])
    const activity = await get('/persons/5/activity/')
    expect(activity.results.map((e: any) => [e.id, e.user])).toEqual([
      ['0191f1a2-0000-7000-8000-0000000000a2', { first_name: 'Ann', email: 'ann@example.com' }],
      ['0191f1a2-0000-7000-8000-0000000000a1', { first_name: 'System', email: null, is_system: true }],
    ])
    const playlist = await get('/session_recording_playlists/abcdEFGH/')
    expect(playlist.recordings_counts.collection).toEqual({ count: 3, watched_count: 1 })
    expect((await get('/session_recording_playlists/abcdEFGH/recordings/')).results.map((r: any) => r.id)).toEqual([
      'r1',
    ])
    const [recording] = (await get('/session_recordings/', 'phx_mock_read')).results
    expect(recording).toMatchObject({
      recording_duration: 300,
      active_seconds: 120,
      inactive_seconds: 180,
      end_time: '2026-04-30T23:55:00Z',
      ongoing: true,
    })
    expect(recording.person.id).toBe(5)
    expect((app.store.recordings.get(42, 'r1') as any).retention_period_days).toBe(30)
  })

  it('refuses a size (a recording has its own)', async () => {
    await expect(createApp({ fixtures: scenario(), size: { persons: 3 } })).rejects.toThrow(
      'a recorded scenario has the size it was recorded with',
    )
  })
})
