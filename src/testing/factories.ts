// Factories that write straight into the store, for arranging a test: a person with events (through
// event capture, as ingestion makes persons), a session recording, a playlist. Sensible defaults,
// every field overridable. They return the stored records (instants in epoch ms).
import { parseInstant, type Clock } from '../core/clock.ts'
import { capture } from '../domain/capture.ts'
import { newPerson } from '../domain/new-person.ts'
import { addRecording as addToPlaylist, createPlaylist } from '../domain/playlists.ts'
import { createRecording, type RecordingInput } from '../domain/recording.ts'
import type { PersonRecord, PlaylistRecord, RecordingRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'

type Instant = string | number

export interface EventInput {
  /** Default `$pageview`. */
  event?: string
  /** Default: spread evenly between the person's creation and now. */
  timestamp?: Instant
  /** Default: the person's first distinct id. */
  distinct_id?: string
  /** Event properties; `$set`, `$set_once` and `$unset` change the person, as in ingestion. */
  properties?: Record<string, unknown>
}

export interface PersonInput {
  /** Default 1. */
  project_id?: number
  /** Default `['person-<id>']`. The first one sends the events. */
  distinct_ids?: string[]
  /** Default `{ email: 'person-<id>@example.com', name: 'Person <id>' }`. */
  properties?: Record<string, unknown>
  /** Default: 7 days before now. The person is created by an `$identify` event at this instant. */
  created_at?: Instant
  /** Events after the `$identify`: a number of `$pageview`s (default 3), or the events themselves. */
  events?: number | EventInput[]
  /**
   * Whether a merge (`$identify` with `$anon_distinct_id`, `$create_alias`) marked it identified, the
   * flag the persons list shows as `is_identified`. Default: true with more than one distinct id.
   */
  is_identified?: boolean
}

export interface RecordingFactoryInput extends Partial<Omit<RecordingInput, 'start_time'>> {
  /** Default 1. */
  project_id?: number
  /** Default: a new person's distinct id (made with the person factory, no extra events). */
  distinct_id?: string
  /** Default: so the recording ends now. */
  start_time?: Instant
}

export interface PlaylistInput {
  /** Default 1. */
  project_id?: number
  /** Default `Playlist <id>`. */
  name?: string | null
  derived_name?: string | null
  description?: string
  pinned?: boolean
  deleted?: boolean
  /** Default `collection`. */
  type?: 'collection' | 'filters'
  /** Default `{}` for a collection, `{ date_from: '-7d' }` for a filters playlist (the API's rules apply). */
  filters?: Record<string, unknown>
  /** Default user 1 (the user of the default keys). */
  created_by_id?: number
  /** Default now. */
  created_at?: Instant
  /** Recording ids to put in a collection (the API lists the last one first). */
  recordings?: string[]
}

export interface Factories {
  person(input?: PersonInput): Promise<PersonRecord>
  recording(input?: RecordingFactoryInput): Promise<RecordingRecord>
  playlist(input?: PlaylistInput): Promise<PlaylistRecord>
}

const instant = (value: Instant | undefined): number | undefined =>
  value === undefined ? undefined : parseInstant(value)

/**
 * The factories over an app's store. Each runs in a write's turn (`exclusive`), so no request is between
 * its reading and its writing, and answers made before it are not given again.
 */
export function createFactories(
  store: Store,
  clock: Clock,
  exclusive: <T>(task: () => Promise<T>) => Promise<T>,
): Factories {
  const factories: Factories = {
    async person(input = {}) {
      const now = clock.now()
      const projectId = input.project_id ?? 1
      let person: PersonRecord
      try {
        person = newPerson(
          store,
          projectId,
          {
            distinct_ids: input.distinct_ids,
            properties: input.properties,
            created_at: instant(input.created_at),
            is_identified: input.is_identified,
          },
          now,
        )
      } catch (error) {
        throw new Error(`person factory: ${(error as Error).message}`, { cause: error })
      }
      const createdAt = person.created_at
      const first = person.distinct_ids[0]!
      const events: EventInput[] =
        typeof input.events === 'object' ? input.events : Array.from({ length: input.events ?? 3 }, () => ({}))
      const span = Math.max(0, now - createdAt)
      events.forEach((e, i) => {
        capture(
          store,
          projectId,
          {
            event: e.event ?? '$pageview',
            distinct_id: e.distinct_id ?? first,
            timestamp: instant(e.timestamp) ?? createdAt + Math.floor(((i + 1) * span) / (events.length + 1)),
            properties: e.properties ?? { $current_url: 'https://example.com/', $pathname: '/' },
          },
          now,
        )
      })
      return store.persons.get(person.id)!
    },

    async recording(input = {}) {
      const projectId = input.project_id ?? 1
      if (!store.project(projectId)) throw new Error(`recording factory: no project ${projectId} in this scenario`)
      const { project_id: _, ...rest } = input
      return createRecording(store, projectId, { ...rest, start_time: instant(input.start_time) }, clock.now())
    },

    async playlist(input = {}) {
      const projectId = input.project_id ?? 1
      if (!store.project(projectId)) throw new Error(`playlist factory: no project ${projectId} in this scenario`)
      const author = store.user(input.created_by_id ?? 1)
      if (!author) throw new Error(`playlist factory: no user ${input.created_by_id}`)
      const type = input.type ?? 'collection'
      const createdAt = instant(input.created_at) ?? clock.now()
      // The API's own rules and records (short id, activity entry); a rule broken here throws its 400's error.
      const playlist = await createPlaylist(
        store,
        projectId,
        {
          name: input.name === undefined ? `Playlist ${store.counters.playlist}` : input.name,
          derived_name: input.derived_name,
          description: input.description,
          pinned: input.pinned,
          deleted: input.deleted,
          type,
          filters: input.filters ?? (type === 'filters' ? { date_from: '-7d' } : {}),
        },
        author,
        createdAt,
      )
      for (const recordingId of input.recordings ?? []) await addToPlaylist(store, playlist, recordingId, createdAt)
      return playlist
    },
  }
  return {
    person: (input) => exclusive(() => factories.person(input)),
    recording: (input) => exclusive(() => factories.recording(input)),
    playlist: (input) => exclusive(() => factories.playlist(input)),
  }
}
