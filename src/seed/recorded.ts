// A recorded scenario (scenario-format.ts) as a dataset: the recorded answers become store records,
// and what no operation shows is generated so it agrees with what was recorded.
//
// - Events: each person's properties timeline says when the person's properties changed and how many
//   events each stretch holds; the events are generated to match (the first of each stretch at the
//   point's instant, the last one of the person at its last_seen_at, the person properties of the
//   stretch on each), so the timeline, deletions (a deletion task counts them) and the insight tool
//   see the same numbers. Event names and properties are not exposed anywhere: they are $pageview
//   events on a made-up origin. A person whose timeline could not be read gets one event at its
//   creation and one at its last_seen_at, with its current properties.
// - Playlist items: in the order listed (most recently added first); items the playlist counts but
//   could not list (beyond the first page, or recordings the project no longer shows) are kept as
//   items of recordings the project does not have, so counts agree and lists stay as recorded.
// - Recordings keep start_time and recording_duration (so end_time too); inactive_seconds is what
//   the duration leaves after active_seconds. `ongoing` is derived from the clock, as for any
//   recording, unless it was recorded as ongoing.
// - Keys: phx_mock_all (every scope) and phx_mock_read (the read scopes) belong to the user who
//   recorded, so what that user saw (watched counts) is what the keys see.
import { SeededRandom } from '../core/random.ts'
import { freezeDeep, type Dataset } from '../store/dataset.ts'
import { EventColumns } from '../store/event-log.ts'
import {
  playlistSchema,
  type ActivityRecord,
  type ApiKeyRecord,
  type PersonRecord,
  type PlaylistItemRecord,
  type PlaylistRecord,
  type RecordingRecord,
  type UserRecord,
} from '../store/models.ts'
import type { RecordedPerson, RecordedPlaylist, RecordedScenario } from './scenario-format.ts'
import { READ_KEY_SCOPES } from './vocabulary.ts'

type Json = Record<string, unknown>

const GENERATED_ORIGIN = 'https://app.example.com'
const GENERATED_PATHS = ['/', '/pricing', '/signup', '/login', '/dashboard', '/settings', '/docs']

const ms = (iso: string): number => Date.parse(iso)
const msOrNull = (iso: string | null | undefined): number | null => (iso == null ? null : Date.parse(iso))

export interface RecordedDatasetOptions {
  /** Seeds what is generated (events, ids of unlisted items); default 1. */
  seed?: number
  /** The name the dataset goes by (its identity: see fixtures/index.ts). */
  fixtures: string
}

export function buildRecordedDataset(scenario: RecordedScenario, options: RecordedDatasetOptions): Dataset {
  const seed = options.seed ?? 1
  const rng = new SeededRandom(seed)
  const anchor = ms(scenario.recorded_at)
  const projectId = scenario.project.id
  const orgId = scenario.organization.id

  const users = usersOf(scenario, rng)
  const userIdByEmail = new Map<string, number>()
  for (const u of users) if (u.email) userIdByEmail.set(u.email, u.id)

  const persons: PersonRecord[] = []
  const events = new EventColumns()
  const activity: ActivityRecord[] = []
  let seq = 1
  for (const entry of scenario.persons) {
    const person = toPerson(entry, projectId)
    persons.push(person)
    generateEvents(entry, person, rng, events)
    // Oldest first, so the log's order (newest created_at first, then the later seq) is the recorded one.
    for (const e of [...(entry.activity ?? [])].reverse()) {
      activity.push(
        freezeDeep({
          id: e.id,
          seq: seq++,
          project_id: projectId,
          scope: e.scope,
          item_id: e.item_id,
          activity: e.activity,
          user_id: e.user?.email ? (userIdByEmail.get(e.user.email) ?? null) : null,
          detail: { ...(e.detail ?? {}) },
          created_at: ms(e.created_at),
        }),
      )
    }
  }

  const recordings = scenario.recordings.map((r) => toRecording(r, projectId))
  const playlists: PlaylistRecord[] = []
  const playlistItems: PlaylistItemRecord[] = []
  for (const entry of scenario.playlists) {
    const playlist = toPlaylist(entry, projectId)
    playlists.push(playlist)
    playlistItems.push(...itemsOf(entry, playlist, playlistItems.length + 1, rng))
  }

  const keyBase = {
    user_id: scenario.user_id,
    scoped_teams: [] as number[],
    scoped_organizations: [] as string[],
    created_at: anchor,
  }
  const apiKeys: ApiKeyRecord[] = [
    { id: 'key-all', value: 'phx_mock_all', label: 'mock: every scope', scopes: ['*'], ...keyBase },
    { id: 'key-read', value: 'phx_mock_read', label: 'mock: read scopes', scopes: [...READ_KEY_SCOPES], ...keyBase },
  ]
  const earliest = Math.min(anchor, ...persons.map((p) => p.created_at), ...playlists.map((p) => p.created_at))

  return {
    seed,
    fixtures: options.fixtures,
    anchor,
    organizations: [
      freezeDeep({
        id: orgId,
        name: scenario.organization.name,
        slug: scenario.organization.slug,
        created_at: earliest,
      }),
    ],
    users: users.map(freezeDeep),
    projects: [
      freezeDeep({
        id: projectId,
        uuid: scenario.project.uuid ?? rng.uuid(),
        organization_id: orgId,
        name: scenario.project.name,
        // A made-up project token: the real one is not recorded.
        api_token: `phc_${rng.uuid().replace(/-/g, '')}`,
        timezone: scenario.project.timezone,
        created_at: earliest,
      }),
    ],
    apiKeys: apiKeys.map(freezeDeep),
    persons,
    events: events.done(),
    recordings,
    playlists,
    playlistItems,
    activity,
  }
}

/** Users as the store keeps them; what a recorded user lacks (an activity entry names only first name and email) is filled in. */
function usersOf(scenario: RecordedScenario, rng: SeededRandom): UserRecord[] {
  return scenario.users.map((u) => ({
    id: u.id,
    uuid: u.uuid ?? rng.uuid(),
    distinct_id: u.distinct_id ?? `user-${u.id}`,
    first_name: u.first_name ?? '',
    last_name: u.last_name ?? '',
    email: u.email ?? '',
    is_email_verified: (u.is_email_verified as boolean | null | undefined) ?? false,
    role_at_organization: (u.role_at_organization as string | null | undefined) ?? null,
    hedgehog_config: (u.hedgehog_config as Record<string, unknown> | null | undefined) ?? null,
    organization_id: scenario.organization.id,
  }))
}

function toPerson(entry: RecordedPerson, projectId: number): PersonRecord {
  const p = entry.person
  return freezeDeep({
    id: p.id,
    uuid: p.uuid,
    project_id: projectId,
    distinct_ids: [...p.distinct_ids],
    properties: { ...(p.properties ?? {}) },
    created_at: ms(p.created_at),
    last_seen_at: msOrNull(p.last_seen_at),
    // The retrieve answer has no is_identified: more than one distinct id means a merge made it.
    is_identified: typeof p.is_identified === 'boolean' ? p.is_identified : p.distinct_ids.length > 1,
  })
}

/** The person's events, stretch by stretch of its timeline (see the top of this file). */
function generateEvents(entry: RecordedPerson, person: PersonRecord, rng: SeededRandom, out: EventColumns): void {
  type Stretch = { at: number; properties: Json; count: number }
  let stretches: Stretch[]
  if (entry.timeline) {
    stretches = entry.timeline.map((p) => ({
      at: ms(p.timestamp),
      properties: p.properties,
      count: p.relevant_event_count,
    }))
  } else {
    const last = person.last_seen_at
    stretches = [
      {
        at: person.created_at,
        properties: person.properties,
        count: last !== null && last > person.created_at ? 2 : 1,
      },
    ]
  }
  const distinctIds = person.distinct_ids.length > 0 ? person.distinct_ids : [person.uuid]
  stretches.forEach((stretch, i) => {
    if (stretch.count === 0) return
    const next = stretches[i + 1]
    const isLast = next === undefined
    const end = isLast ? Math.max(stretch.at, person.last_seen_at ?? stretch.at) : Math.max(stretch.at, next.at - 1)
    const times = [stretch.at]
    for (let k = 1; k < stretch.count; k++)
      times.push(isLast && k === stretch.count - 1 ? end : stretch.at + rng.int(end - stretch.at + 1))
    times.sort((a, b) => a - b)
    const personProperties = freezeDeep({ ...stretch.properties })
    for (const timestamp of times) {
      const path = GENERATED_PATHS[rng.int(GENERATED_PATHS.length)]!
      out.push({
        project_id: person.project_id,
        event: '$pageview',
        distinct_id: distinctIds[rng.int(distinctIds.length)]!,
        person_uuid: person.uuid,
        timestamp,
        properties: PAGEVIEW_PROPERTIES.get(path)!,
        person_properties: personProperties,
      })
    }
  })
}

/** A pageview's properties by path, one frozen object each, shared by the events on that path. */
const PAGEVIEW_PROPERTIES = new Map<string, Readonly<Json>>(
  GENERATED_PATHS.map((path) => [path, Object.freeze({ $current_url: GENERATED_ORIGIN + path, $pathname: path })]),
)

/** Fields a recording answer shows but the store derives (or joins) when it answers. */
const DERIVED_RECORDING_FIELDS = new Set(['person', 'viewed', 'recording_duration', 'end_time', 'ongoing'])

/** The recording as recorded: every field it was answered with is kept (the store's own names map one to one). */
function toRecording(r: RecordedScenario['recordings'][number], projectId: number): RecordingRecord {
  const kept: Json = {}
  for (const [key, value] of Object.entries(r)) if (!DERIVED_RECORDING_FIELDS.has(key)) kept[key] = value
  const active = r.active_seconds ?? 0
  const duration = Math.round(r.recording_duration ?? active + (r.inactive_seconds ?? 0))
  const count = (key: string) => (typeof r[key] === 'number' ? (r[key] as number) : 0)
  return freezeDeep({
    ...kept,
    id: r.id,
    project_id: projectId,
    distinct_id: r.distinct_id,
    start_time: ms(r.start_time),
    active_seconds: active,
    inactive_seconds: Math.max(0, duration - active),
    click_count: count('click_count'),
    keypress_count: count('keypress_count'),
    mouse_activity_count: count('mouse_activity_count'),
    console_log_count: count('console_log_count'),
    console_warn_count: count('console_warn_count'),
    console_error_count: count('console_error_count'),
    start_url: (r.start_url as string | null | undefined) ?? null,
    viewers: [...(r.viewers ?? [])],
    storage: (r.storage as string | undefined) ?? 'object_storage',
    snapshot_source: (r.snapshot_source as string | undefined) ?? 'web',
    activity_score: (r.activity_score as number | undefined) ?? null,
    ongoing: r.ongoing === true ? true : null,
  } as RecordingRecord)
}

/** The playlist as the store keeps it: every field of the store's model the answer has under the same name, plus the renamed ones. */
function toPlaylist(entry: RecordedPlaylist, projectId: number): PlaylistRecord {
  const p = entry.playlist as Json
  const record: Json = {}
  for (const key of Object.keys(playlistSchema.shape)) {
    const value = p[key]
    if (value === undefined) continue
    record[key] = key.endsWith('_at') && typeof value === 'string' ? ms(value) : value
  }
  return freezeDeep({
    ...record,
    project_id: projectId,
    name: entry.playlist.name ?? null,
    derived_name: entry.playlist.derived_name ?? null,
    description: entry.playlist.description ?? '',
    pinned: entry.playlist.pinned ?? false,
    deleted: entry.playlist.deleted ?? false,
    filters: { ...(entry.playlist.filters ?? {}) },
    type: entry.playlist.type ?? null,
    created_by_id: entry.playlist.created_by?.id ?? null,
    last_modified_by_id: entry.playlist.last_modified_by?.id ?? null,
    ...(typeof p._create_in_folder === 'string' && p._create_in_folder !== ''
      ? { create_in_folder: p._create_in_folder }
      : {}),
  } as PlaylistRecord)
}

function itemsOf(
  entry: RecordedPlaylist,
  playlist: PlaylistRecord,
  firstId: number,
  rng: SeededRandom,
): PlaylistItemRecord[] {
  const listed = entry.recordings ?? []
  const unlisted = Math.max(0, entry.item_count - listed.length)
  // Oldest first: the unlisted ones (their recordings are not in the project), then the listed ones from the last.
  const ids = [...Array.from({ length: unlisted }, () => rng.uuid()), ...[...listed].reverse()]
  return ids.map((recordingId, i) =>
    freezeDeep({
      id: firstId + i,
      playlist_id: playlist.id,
      recording_id: recordingId,
      created_at: playlist.created_at + (i + 1) * 1000,
    }),
  )
}
