// The recorded scenario file: what `analytics-mock record` writes, and what `serve --scenario FILE`,
// `createApp({ fixtures })` / `createMock({ fixtures })` and `--state` load. It holds the answers the
// API operations gave (already redacted), in their API shapes, so a field the contract gains later is
// carried along without a change here; the loader (recorded.ts) turns them into store records and
// generates what no operation shows (the events behind each person's timeline).
//
// Browser-safe: this checks data already parsed; reading a file is the faces' business.
import * as z from 'zod/mini'
import { en } from 'zod/locales'
import { ScenarioFormatError } from '../store/dataset.ts'

export const SCENARIO_FORMAT = 'analytics-mock-scenario'
/** Bump when the file changes shape; older files are then refused with a message, never misread. */
export const SCENARIO_VERSION = 1

export { ScenarioFormatError }

/** zod's English messages: zod/mini (the schemas below, written to be bundled small) sets no language of its own. */
const ENGLISH = en().localeError
/** A value, or null, or absent. */
const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema))
const int = z.number().check(z.int())
/** A whole number, 0 or more. */
const count = z.number().check(z.int(), z.nonnegative())
/** Text of one character or more. */
const text = z.string().check(z.minLength(1))
const instant = z.string().check(z.refine((s) => Number.isFinite(Date.parse(s)), 'is not an ISO 8601 instant'))
const json = z.record(z.string(), z.unknown())

/** A person (the retrieve answer) with what its own endpoints answered. */
const personEntry = z.object({
  person: z.looseObject({
    id: count,
    uuid: text,
    distinct_ids: z.array(z.string()),
    properties: z.nullable(json),
    created_at: instant,
    last_seen_at: maybe(instant),
  }),
  /** GET persons/:id/activity/, every page, newest first; null when it could not be read (e.g. 403). */
  activity: z.nullable(
    z.array(
      z.looseObject({
        id: z.string(),
        user: z.nullable(z.looseObject({ first_name: maybe(z.string()), email: maybe(z.string()) })),
        activity: z.string(),
        scope: z.string(),
        item_id: z.string(),
        detail: z.nullable(json),
        created_at: instant,
      }),
    ),
  ),
  /** GET persons/:id/properties_timeline/ points, oldest first; null when it could not be read. */
  timeline: z.nullable(z.array(z.looseObject({ timestamp: instant, properties: json, relevant_event_count: count }))),
})

/** A recording as the list answered it, without the embedded person (the loader joins it again). */
const recording = z.looseObject({
  id: text,
  distinct_id: z.string(),
  start_time: instant,
  recording_duration: maybe(z.number().check(z.nonnegative())),
  active_seconds: maybe(count),
  inactive_seconds: maybe(count),
  viewers: z.optional(z.array(z.string())),
  ongoing: maybe(z.boolean()),
})

const user = z.looseObject({
  id: int,
  uuid: z.optional(z.string()),
  distinct_id: maybe(z.string()),
  first_name: maybe(z.string()),
  last_name: maybe(z.string()),
  email: maybe(z.string()),
})

const playlistEntry = z.object({
  playlist: z.looseObject({
    id: int,
    short_id: text,
    name: maybe(z.string()),
    derived_name: maybe(z.string()),
    description: maybe(z.string()),
    pinned: z.optional(z.boolean()),
    deleted: z.optional(z.boolean()),
    filters: maybe(json),
    type: maybe(z.enum(['collection', 'filters'])),
    created_at: instant,
    created_by: maybe(z.looseObject({ id: int })),
    last_modified_at: instant,
    last_modified_by: maybe(z.looseObject({ id: int })),
  }),
  /** The ids GET :short_id/recordings/ listed, most recently added first; null when not read. */
  recordings: z.nullable(z.array(z.string())),
  /** recordings_counts.collection.count: items, listed or not (e.g. beyond the first page). */
  item_count: count,
})

const scenarioSchema = z.object({
  format: z.literal(SCENARIO_FORMAT),
  version: z.literal(SCENARIO_VERSION),
  /** When it was recorded: the dataset's anchor (the in-process clock starts there). */
  recorded_at: instant,
  /** Where from: the deployment's origin and the project. Never a key. */
  source: z.object({ base_url: z.string(), project_id: int }),
  /** What the recorder did to personal data (see docs/record.md). */
  redaction: z.object({ salted: z.boolean(), kept: z.array(z.string()) }),
  organization: z.object({ id: text, name: z.string(), slug: z.string() }),
  project: z.object({
    id: int,
    uuid: z.nullable(z.string()),
    name: z.string(),
    timezone: z.string(),
  }),
  /** The recording key's user: the scenario's keys belong to them (so watched counts are theirs). */
  user_id: int,
  users: z.array(user),
  persons: z.array(personEntry),
  recordings: z.array(recording),
  playlists: z.array(playlistEntry),
})

export type RecordedScenario = z.infer<typeof scenarioSchema>
export type RecordedPerson = RecordedScenario['persons'][number]
export type RecordedPlaylist = RecordedScenario['playlists'][number]

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
  const parsed = scenarioSchema.safeParse(data, { error: ENGLISH })
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
