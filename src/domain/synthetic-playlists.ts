// The real service's synthetic playlists: collections it computes rather than stores, listed with the
// stored playlists (the observed profile: the seed's playlist has an integer id and a creator these do
// not have). Their registry order, ids and texts are the real ones; what they hold is what the mock has
// to hold it: the recordings the user watched, the recordings expiring in the next 10 days; the mock
// keeps no comments, sharing links, exports, frustration scores or AI summaries, so the other five hold none.
import type { RecordingRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { recordingExpiry } from '../serializers/recording.ts'

export interface SyntheticPlaylist {
  id: number
  short_id: string
  name: string
  description: string
}

/** The registry, in its order (the summarised one, an EE source, appended last). */
export const SYNTHETIC_PLAYLISTS: readonly SyntheticPlaylist[] = Object.freeze([
  { id: -1, short_id: 'synthetic-watch-history', name: 'Watch history', description: 'Recordings you have watched' },
  {
    id: -2,
    short_id: 'synthetic-commented',
    name: 'Recordings with comments',
    description: 'Recordings that have team comments',
  },
  {
    id: -3,
    short_id: 'synthetic-shared',
    name: 'Shared recordings',
    description: 'Recordings that have been shared externally',
  },
  {
    id: -4,
    short_id: 'synthetic-exported',
    name: 'Exported recordings',
    description: 'Recordings that have been exported as clips or screenshots',
  },
  {
    id: -6,
    short_id: 'synthetic-expiring',
    name: 'Expiring soon',
    description: 'Recordings that will expire in the next 10 days',
  },
  {
    id: -7,
    short_id: 'synthetic-frustrated',
    name: 'Frustration signals',
    description: 'Sessions with rage clicks or errors in the last 7 days',
  },
  {
    id: -5,
    short_id: 'synthetic-summarised',
    name: 'Summarised sessions',
    description: 'Sessions with AI-generated summaries. Ask PostHog AI to summarize sessions for you.',
  },
])

const EXPIRY_WINDOW_MS = 10 * 86_400_000

function expiringIds(store: Store, projectId: number, now: number): Set<string> {
  const ids = new Set<string>()
  for (const r of store.recordings.list(projectId) as readonly RecordingRecord[]) {
    const expiry = recordingExpiry(r)
    if (expiry >= now && expiry <= now + EXPIRY_WINDOW_MS) ids.add(r.id)
  }
  return ids
}

/** How many recordings the synthetic playlist holds for the viewer, and how many of those they watched. */
export function syntheticCounts(
  store: Store,
  projectId: number,
  playlist: SyntheticPlaylist,
  viewerEmail: string,
  now: number,
): { count: number; watched: number } {
  const watched = store.recordings.viewedBy(projectId, viewerEmail)
  if (playlist.short_id === 'synthetic-watch-history') return { count: watched.size, watched: watched.size }
  if (playlist.short_id === 'synthetic-expiring') {
    const ids = expiringIds(store, projectId, now)
    let seen = 0
    for (const id of ids) if (watched.has(id)) seen++
    return { count: ids.size, watched: seen }
  }
  return { count: 0, watched: 0 }
}
