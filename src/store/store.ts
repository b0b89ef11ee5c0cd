// The store the handlers work on.
//
// The small relational models that do not change at run time (organization, user, project, personal
// API key) are @msw/data collections. Persons, events and session recordings are the big tables
// (100,000 persons and a million events in the scale benchmark): they live in indexed tables of their
// own, because @msw/data 1.x scans an array for every query and update (an update costs ~90 ms at
// 100,000 records here) and creates records one by one through async validation (~14 µs each), which a
// per-test reset of the default dataset cannot afford. So do the models every write adds to or
// changes: the activity log, playlists, their items, scheduled tasks and insights (record-table.ts).
import { Collection } from '@msw/data'
import { ActivityLog } from './activity-log.ts'
import type { Dataset } from './dataset.ts'
import { EventLog } from './event-log.ts'
import {
  apiKeySchema,
  organizationSchema,
  projectSchema,
  userSchema,
  type ApiKeyRecord,
  type InsightRecord,
  type PlaylistItemRecord,
  type ProjectRecord,
  type UserRecord,
} from './models.ts'
import { PersonTable } from './person-table.ts'
import { PlaylistItemTable } from './playlist-item-table.ts'
import { PlaylistTable } from './playlist-table.ts'
import { RecordTable } from './record-table.ts'
import { TaskTable } from './task-table.ts'
import { SeededRandom } from '../core/random.ts'
import { RecordingTable } from './recording-table.ts'

function collections() {
  return {
    organizations: new Collection({ schema: organizationSchema }),
    users: new Collection({ schema: userSchema }),
    projects: new Collection({ schema: projectSchema }),
    apiKeys: new Collection({ schema: apiKeySchema }),
  }
}

type Collections = ReturnType<typeof collections>

/** Caps on what one person may hold, so no sequence of writes grows a person (and its answers) without end. */
export interface PersonLimits {
  /** Most properties a person may have. */
  properties: number
  /** Largest size of a person's properties, as JSON in UTF-8 bytes. */
  propertiesBytes: number
}

/** 1,000 properties; 640 KiB, the real service's own ceiling (its Postgres check on the properties column). */
export const DEFAULT_PERSON_LIMITS: Readonly<PersonLimits> = Object.freeze({
  properties: 1000,
  propertiesBytes: 640 * 1024,
})

export interface Counters {
  person: number
  playlist: number
  playlistItem: number
  activity: number
  task: number
  insight: number
}

export class Store {
  dataset!: Dataset
  persons = new PersonTable()
  events = new EventLog()
  recordings = new RecordingTable()
  activity = new ActivityLog()
  organizations!: Collections['organizations']
  users!: Collections['users']
  projects!: Collections['projects']
  apiKeys!: Collections['apiKeys']
  playlists = new PlaylistTable()
  playlistItems = new PlaylistItemTable()
  tasks = new TaskTable()
  insights = new RecordTable<InsightRecord>()
  /** Seeded generator for ids made at run time (short ids, uuids). */
  random = new SeededRandom(1)
  counters!: Counters
  /** Earliest scheduled_for among queued tasks (Infinity when none), so most requests skip the task scan. */
  nextTaskDueAt = Infinity
  /** Caps on a person's properties (configuration, not data: kept across loads and restores). */
  limits: PersonLimits = { ...DEFAULT_PERSON_LIMITS }
  // Read on every request: kept in maps (these models do not change at run time).
  #keysByValue = new Map<string, ApiKeyRecord>()
  #projectsById = new Map<number, ProjectRecord>()
  #usersById = new Map<number, UserRecord>()

  static async create(dataset: Dataset): Promise<Store> {
    const store = new Store()
    await store.load(dataset)
    return store
  }

  /** Replaces everything with the dataset's records (they are frozen, so they are shared, not copied). */
  async load(dataset: Dataset): Promise<void> {
    const c = collections()
    await Promise.all([
      ...dataset.organizations.map((r) => c.organizations.create(r)),
      ...dataset.users.map((r) => c.users.create(r)),
      ...dataset.projects.map((r) => c.projects.create(r)),
      ...dataset.apiKeys.map((r) => c.apiKeys.create(r)),
    ])
    Object.assign(this, c)
    this.dataset = dataset
    const prebuilt = dataset.tables?.take()
    this.persons = prebuilt?.persons ?? new PersonTable(dataset.persons)
    this.events = new EventLog(dataset.events)
    this.recordings = prebuilt?.recordings ?? new RecordingTable(dataset.recordings)
    this.activity = new ActivityLog(dataset.activity)
    this.playlists = new PlaylistTable(dataset.playlists)
    this.playlistItems = new PlaylistItemTable(dataset.playlistItems)
    this.tasks = new TaskTable()
    this.insights = new RecordTable()
    this.random = new SeededRandom(dataset.seed)
    this.nextTaskDueAt = Infinity
    const max = (xs: Array<{ id: number }>) => xs.reduce((m, x) => Math.max(m, x.id), 0)
    this.counters = {
      // (The table's highest id: at a million persons a pass over them all cost ~0.3 s.)
      person: this.persons.highestId + 1,
      playlist: max(dataset.playlists) + 1,
      playlistItem: max(dataset.playlistItems) + 1,
      activity: dataset.activity.length + 1,
      task: 1,
      insight: 1,
    }
    this.#keysByValue = new Map(dataset.apiKeys.map((k) => [k.value, k]))
    this.#projectsById = new Map(dataset.projects.map((p) => [p.id, p]))
    this.#usersById = new Map(dataset.users.map((u) => [u.id, u]))
  }

  /** Adds a personal API key (tests and scenarios use narrower keys than the defaults). Gone at the next reset. */
  async addApiKey(key: Omit<ApiKeyRecord, 'created_at'> & { created_at?: number }): Promise<ApiKeyRecord> {
    const record = await this.apiKeys.create({ created_at: this.dataset.anchor, ...key })
    this.#keysByValue.set(record.value, record)
    return record
  }

  /** Rebuilds the key, project and user lookups from the collections (after a restore, see snapshot.ts). */
  reindex(): void {
    this.#keysByValue = new Map(this.apiKeys.all().map((k) => [k.value, k]))
    this.#projectsById = new Map(this.projects.all().map((p) => [p.id, p]))
    this.#usersById = new Map(this.users.all().map((u) => [u.id, u]))
  }

  /** The playlist's items in the order added (a new array). */
  itemsOf(playlistId: number): PlaylistItemRecord[] {
    return this.playlistItems.of(playlistId)
  }

  keyByValue(value: string): ApiKeyRecord | undefined {
    return this.#keysByValue.get(value)
  }

  project(id: number): ProjectRecord | undefined {
    return this.#projectsById.get(id)
  }

  user(id: number): UserRecord | undefined {
    return this.#usersById.get(id)
  }

  projectList(): ProjectRecord[] {
    return [...this.#projectsById.values()]
  }

  /** Record counts per model, as the control API reports them. */
  counts(): Record<string, number> {
    return {
      persons: this.persons.size,
      events: this.events.size,
      session_recordings: this.recordings.size,
      playlists: this.playlists.size,
      playlist_items: this.playlistItems.size,
      activity: this.activity.size,
      tasks: this.tasks.size,
      insights: this.insights.size,
    }
  }
}
