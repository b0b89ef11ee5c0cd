// The recorded scenario file: what `analytics-mock record` writes, and what `serve --scenario FILE`,
// `createApp({ fixtures })` / `createMock({ fixtures })` and `--state` load. It holds the answers the
// API operations gave (already redacted), in their API shapes, so a field the contract gains later is
// carried along without a change here; the loader (recorded.ts) turns them into store records and
// generates what no operation shows (the events behind each person's timeline).
//
// Browser-safe: this checks data already parsed; reading a file is the faces' business.
import * as z from 'zod'
import { ScenarioFormatError } from '../store/dataset.ts'

export const SCENARIO_FORMAT = 'analytics-mock-scenario'
/** Bump when the file changes shape; older files are then refused with a message, never misread. */
export const SCENARIO_VERSION = 1

export { ScenarioFormatError }

const instant = z.string().refine((s) => Number.isFinite(Date.parse(s)), 'is not an ISO 8601 instant')
const json = z.record(z.string(), z.unknown())

/** A person (the retrieve answer) with what its own endpoints answered. */
const personEntry = z.object({
  person: z.looseObject({
    id: z.number().int().nonnegative(),
    uuid: z.string().min(1),
    distinct_ids: z.array(z.string()),
    properties: json.nullable(),
    created_at: instant,
    last_seen_at: instant.nullable().optional(),
  }),
  /** GET persons/:id/activity/, every page, newest first; null when it could not be read (e.g. 403). */
  activity: z
    .array(
      z.looseObject({
        id: z.string(),
        user: z
          .looseObject({ first_name: z.string().nullable().optional(), email: z.string().nullable().optional() })
          .nullable(),
        activity: z.string(),
        scope: z.string(),
        item_id: z.string(),
        detail: json.nullable(),
        created_at: instant,
      }),
    )
    .nullable(),
  /** GET persons/:id/properties_timeline/ points, oldest first; null when it could not be read. */
  timeline: z
    .array(
      z.looseObject({ timestamp: instant, properties: json, relevant_event_count: z.number().int().nonnegative() }),
    )
    .nullable(),
})

/** A recording as the list answered it, without the embedded person (the loader joins it again). */
const recording = z.looseObject({
  id: z.string().min(1),
  distinct_id: z.string(),
  start_time: instant,
  recording_duration: z.number().nonnegative().nullable().optional(),
  active_seconds: z.number().int().nonnegative().nullable().optional(),
  inactive_seconds: z.number().int().nonnegative().nullable().optional(),
  viewers: z.array(z.string()).optional(),
  ongoing: z.boolean().nullable().optional(),
})

const user = z.looseObject({
  id: z.number().int(),
  uuid: z.string().optional(),
  distinct_id: z.string().nullable().optional(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
})

const playlistEntry = z.object({
  playlist: z.looseObject({
    id: z.number().int(),
    short_id: z.string().min(1),
    name: z.string().nullable().optional(),
    derived_name: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
    pinned: z.boolean().optional(),
    deleted: z.boolean().optional(),
    filters: json.nullable().optional(),
    type: z.enum(['collection', 'filters']).nullable().optional(),
    created_at: instant,
    created_by: z.looseObject({ id: z.number().int() }).nullable().optional(),
    last_modified_at: instant,
    last_modified_by: z.looseObject({ id: z.number().int() }).nullable().optional(),
  }),
  /** The ids GET :short_id/recordings/ listed, most recently added first; null when not read. */
  recordings: z.array(z.string()).nullable(),
  /** recordings_counts.collection.count: items, listed or not (e.g. beyond the first page). */
  item_count: z.number().int().nonnegative(),
})

export const scenarioSchema = z.object({
  format: z.literal(SCENARIO_FORMAT),
  version: z.literal(SCENARIO_VERSION),
  /** When it was recorded: the dataset's anchor (the in-process clock starts there). */
  recorded_at: instant,
  /** Where from: the deployment's origin and the project. Never a key. */
  source: z.object({ base_url: z.string(), project_id: z.number().int() }),
  /** What the recorder did to personal data (see docs/record.md). */
  redaction: z.object({ salted: z.boolean(), kept: z.array(z.string()) }),
  organization: z.object({ id: z.string().min(1), name: z.string(), slug: z.string() }),
  project: z.object({ id: z.number().int(), uuid: z.string().nullable(), name: z.string(), timezone: z.string() }),
  /** The recording key's user: the scenario's keys belong to them (so watched counts are theirs). */
  user_id: z.number().int(),
  users: z.array(user),
  persons: z.array(personEntry),
  recordings: z.array(recording),
  playlists: z.array(playlistEntry),
})

export type RecordedScenario = z.infer<typeof scenarioSchema>
export type RecordedPerson = RecordedScenario['persons'][number]
export type RecordedPlaylist = RecordedScenario['playlists'][number]
export type RecordedActivityEntry = NonNullable<RecordedPerson['activity']>[number]
export type RecordedTimelinePoint = NonNullable<RecordedPerson['timeline']>[number]

/** The data as a recorded scenario, checked; anything else is a ScenarioFormatError saying where. */
export function decodeScenario(data: unknown): RecordedScenario {
  const d = data as Record<string, unknown> | null
  if (typeof d !== 'object' || d === null || d.format !== SCENARIO_FORMAT) {
    throw new ScenarioFormatError(`it is not an analytics-mock scenario (no "format": "${SCENARIO_FORMAT}")`)
  }
  if (d.version !== SCENARIO_VERSION) {
    throw new ScenarioFormatError(
      `it has format version ${JSON.stringify(d.version)}; this analytics-mock reads version ${SCENARIO_VERSION}`,
    )
  }
  const parsed = scenarioSchema.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const where = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '')
    throw new ScenarioFormatError(`${where || 'the file'}: ${issue.message}`)
  }
  const scenario = parsed.data
  const ids = new Set<number>()
  for (const [i, entry] of scenario.persons.entries()) {
    if (ids.has(entry.person.id))
      throw new ScenarioFormatError(`persons[${i}].person.id: two persons have the id ${entry.person.id}`)
    ids.add(entry.person.id)
  }
  if (!scenario.users.some((u) => u.id === scenario.user_id))
    throw new ScenarioFormatError(`user_id: no user has the id ${scenario.user_id}`)
  return scenario
}
