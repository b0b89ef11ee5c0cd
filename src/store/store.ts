// The store the handlers work on, in the store's three kinds of table:
// - @msw/data collections for the directory (organizations, users, projects, personal API keys): a few
//   records that requests read and never change, read through @msw/data's own queries;
// - Tables (table.ts) for the models writes add to or change: persons, recordings, playlists and their
//   items, tasks, insights, the activity log;
// - columns (columns.ts) for the events (event-log.ts), and for a big generated dataset's recordings.
// docs/architecture.md says where @msw/data stops and why.
import { Collection } from '@msw/data'
import type { Dataset } from './dataset.ts'
import { EventLog } from './event-log.ts'
import {
  apiKeySchema,
  organizationSchema,
  projectSchema,
  userSchema,
  type ApiKeyRecord,
  type PlaylistItemRecord,
  type ProjectRecord,
  type UserRecord,
} from './models.ts'
import { PersonTable } from './person-table.ts'
import { ActivityLog, InsightTable, PlaylistItemTable, PlaylistTable, RecordingTable, TaskTable } from './tables.ts'
import { SeededRandom } from '../core/random.ts'

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

const DIRECTORY = ['organizations', 'users', 'projects', 'apiKeys'] as const

function collections() {
  return {
    organizations: new Collection({ schema: organizationSchema }),
    users: new Collection({ schema: userSchema }),
    projects: new Collection({ schema: projectSchema }),
    apiKeys: new Collection({ schema: apiKeySchema }),
  }
}

type Collections = ReturnType<typeof collections>

/** Whether two datasets' directory records are the same records (a reset to the same seed and scenario). */
const sameDirectory = (a: Dataset, b: Dataset) =>
  DIRECTORY.every((name) => a[name].length === b[name].length && a[name].every((r, i) => r === b[name][i]))

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
  insights = new InsightTable()
  /** Seeded generator for ids made at run time (short ids, uuids). */
  random = new SeededRandom(1)
  counters!: Counters
  /** Earliest scheduled_for among queued tasks (Infinity when none), so most requests skip the task scan. */
  nextTaskDueAt = Infinity
  /** Caps on a person's properties (configuration, not data: kept across loads and restores). */
  limits: PersonLimits = { ...DEFAULT_PERSON_LIMITS }
  /** The dataset the collections hold the directory of, unchanged since (undefined: changed, or none yet). */
  #directoryOf: Dataset | undefined

  static async create(dataset: Dataset): Promise<Store> {
    const store = new Store()
    await store.load(dataset)
    return store
  }

  /** Replaces everything with the dataset's records (they are frozen, so they are shared, not copied). */
  async load(dataset: Dataset): Promise<void> {
    // The directory is made again only when it differs: a reset to the same data keeps its collections.
    if (!this.#directoryOf || !sameDirectory(this.#directoryOf, dataset)) {
      const c = collections()
      await Promise.all(DIRECTORY.flatMap((name) => dataset[name].map((r) => c[name].create(r as never))))
      Object.assign(this, c)
      this.#directoryOf = dataset
    }
    this.dataset = dataset
    this.persons = new PersonTable(dataset.persons)
    this.events = new EventLog(dataset.events)
    this.recordings = new RecordingTable(dataset.recordings)
    this.activity = new ActivityLog(dataset.activity)
    this.playlists = new PlaylistTable(dataset.playlists)
    this.playlistItems = new PlaylistItemTable(dataset.playlistItems)
    this.tasks = new TaskTable()
    this.insights = new InsightTable()
    this.random = new SeededRandom(dataset.seed)
    this.nextTaskDueAt = Infinity
    this.counters = {
      person: this.persons.highestId + 1,
      playlist: this.playlists.highestRow + 1,
      playlistItem: dataset.playlistItems.reduce((m, i) => Math.max(m, i.id), 0) + 1,
      activity: dataset.activity.length + 1,
      task: 1,
      insight: 1,
    }
  }

  /** Puts the collections in place of the directory's (a restore): the next load makes the dataset's again. */
  replaceDirectory(c: Collections): void {
    Object.assign(this, c)
    this.#directoryOf = undefined
  }

  /** Adds a personal API key (tests and scenarios use narrower keys than the defaults). Gone at the next reset. */
  async addApiKey(key: Omit<ApiKeyRecord, 'created_at'> & { created_at?: number }): Promise<ApiKeyRecord> {
    this.#directoryOf = undefined
    return this.apiKeys.create({ created_at: this.dataset.anchor, ...key })
  }

  /** The playlist's items in the order added (a new array). */
  itemsOf(playlistId: number): PlaylistItemRecord[] {
    return this.playlistItems.of(playlistId)
  }

  // The directory's lookups, on every request: @msw/data queries (a scan of a few records, cheap enough for that).
  keyByValue(value: string): ApiKeyRecord | undefined {
    return this.apiKeys.findFirst((q) => q.where((key) => key.value === value))
  }

  project(id: number): ProjectRecord | undefined {
    return this.projects.findFirst((q) => q.where((project) => project.id === id))
  }

  user(id: number): UserRecord | undefined {
    return this.users.findFirst((q) => q.where((user) => user.id === id))
  }

  projectList(): ProjectRecord[] {
    return this.projects.findMany()
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
