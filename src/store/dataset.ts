// The data a store starts from (and returns to on reset): plain, frozen records built from a seed.
import type { EventColumns } from './event-log.ts'
import type {
  ActivityRecord,
  ApiKeyRecord,
  OrganizationRecord,
  PersonRecord,
  PlaylistItemRecord,
  PlaylistRecord,
  ProjectRecord,
  RecordingRecord,
  UserRecord,
} from './models.ts'

export interface Dataset {
  /** The seed (or scenario) this data came from. */
  seed: number
  fixtures: string
  /** The instant the data is built around: recent activity is just before it. */
  anchor: number
  organizations: OrganizationRecord[]
  users: UserRecord[]
  projects: ProjectRecord[]
  apiKeys: ApiKeyRecord[]
  persons: PersonRecord[]
  /** Columnar and immutable: the live EventLog uses it as its base without copying. */
  events: EventColumns
  recordings: RecordingRecord[]
  playlists: PlaylistRecord[]
  playlistItems: PlaylistItemRecord[]
  activity: ActivityRecord[]
}

/** 2026-11-01T00:00:00Z: the default dataset's anchor and the in-process default "now". */
export const DEFAULT_ANCHOR = Date.UTC(2026, 10, 1)

/** A scenario name no loader knows (the message names the known ones). */
export class UnknownFixturesError extends Error {}
