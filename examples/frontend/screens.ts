// What the frontend shows: small view models built from the API client, the way a component's data
// hook would build them. The tests assert on these, as a user would read the screen.
import { ApiRequestError, type Client } from './api-client.ts'

export type PersonCard =
  | { kind: 'person'; title: string; plan: string; distinctIds: string; events: string }
  | { kind: 'missing'; message: string }

export async function personCard(client: Client, id: number): Promise<PersonCard> {
  try {
    const [person, timeline] = await Promise.all([client.getPerson(id), client.getPropertiesTimeline(id)])
    const events = timeline.points.reduce((sum, point) => sum + point.relevant_event_count, 0)
    return {
      kind: 'person',
      title: person.name,
      plan: typeof person.properties?.plan === 'string' ? person.properties.plan : 'no plan',
      distinctIds: person.distinct_ids.join(', '),
      events: events === 1 ? '1 event' : `${events} events`,
    }
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404)
      return { kind: 'missing', message: 'This person no longer exists.' }
    throw error
  }
}

/** The person list: one line per person. */
export async function personList(client: Client, search = ''): Promise<string[]> {
  const page = await client.listPersons(search)
  return page.results.map((person) => person.name)
}

/** Playlists in the sidebar, pinned ones marked. */
export async function playlistSidebar(client: Client): Promise<string[]> {
  const page = await client.listPlaylists()
  return page.results.map((p) => `${p.pinned ? '📌 ' : ''}${p.name || p.derived_name || 'Untitled playlist'}`)
}

export type PlaylistPage =
  { kind: 'playlist'; title: string; recordings: string } | { kind: 'missing'; message: string }

export async function playlistPage(client: Client, shortId: string): Promise<PlaylistPage> {
  try {
    const playlist = await client.getPlaylist(shortId)
    const count = Number(playlist.recordings_counts.collection?.count ?? 0)
    return {
      kind: 'playlist',
      title: playlist.name || playlist.derived_name || 'Untitled playlist',
      recordings: `${count} recordings`,
    }
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404)
      return { kind: 'missing', message: 'This playlist was deleted.' }
    throw error
  }
}

/** "Delete" in the playlist menu: the API refuses hard deletes, so the app soft-deletes. */
export async function archivePlaylist(client: Client, shortId: string): Promise<void> {
  await client.updatePlaylist(shortId, { deleted: true })
}

export async function restorePlaylist(client: Client, shortId: string): Promise<void> {
  await client.updatePlaylist(shortId, { deleted: false })
}
