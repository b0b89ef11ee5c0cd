// A frontend's small PostHog API client, as an app would write it: plain `fetch`, a personal API key,
// one project. Request and response bodies are typed from the mock's contract (analytics-mock/msw), so
// a field the API does not have is a compile error here, not a surprise in a test.
import type { RequestBody, ResponseBody } from 'analytics-mock/msw'

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    method: string,
    path: string,
  ) {
    super(`${method} ${path} answered ${status}`)
  }
}

export interface ClientOptions {
  /** Default https://us.posthog.com */
  baseUrl?: string
  apiKey: string
  projectId: number
}

export type Person = ResponseBody<'persons_retrieve'>
export type Playlist = ResponseBody<'session_recording_playlists_retrieve'>
export type PropertiesTimeline = ResponseBody<'persons_properties_timeline_retrieve'>

export function createClient({ baseUrl = 'https://us.posthog.com', apiKey, projectId }: ClientOptions) {
  const project = `/api/environments/${projectId}`

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    const parsed = text ? JSON.parse(text) : undefined
    if (!res.ok) throw new ApiRequestError(res.status, parsed, method, path)
    return parsed as T
  }

  return {
    listPersons: (search = '', limit = 20) =>
      call<ResponseBody<'persons_list'>>(
        'GET',
        `${project}/persons/?limit=${limit}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      ),
    getPerson: (id: number) => call<Person>('GET', `${project}/persons/${id}/`),
    updatePersonProperties: (id: number, properties: RequestBody<'persons_partial_update'>['properties']) =>
      call<Person>('PATCH', `${project}/persons/${id}/`, { properties }),
    deletePerson: (id: number, options: { deleteEvents?: boolean } = {}) =>
      call<void>('DELETE', `${project}/persons/${id}/${options.deleteEvents ? '?delete_events=true' : ''}`),
    /** Queues deletion of the person's events; the service runs it later, in non-peak hours. */
    requestEventDeletion: (id: number) => call<void>('POST', `${project}/persons/${id}/delete_events/`),
    getPropertiesTimeline: (id: number) =>
      call<PropertiesTimeline>('GET', `${project}/persons/${id}/properties_timeline/`),

    listPlaylists: () =>
      call<ResponseBody<'session_recording_playlists_list'>>(
        'GET',
        `${project}/session_recording_playlists/?limit=100`,
      ),
    getPlaylist: (shortId: string) => call<Playlist>('GET', `${project}/session_recording_playlists/${shortId}/`),
    updatePlaylist: (shortId: string, patch: RequestBody<'session_recording_playlists_partial_update'>) =>
      call<Playlist>('PATCH', `${project}/session_recording_playlists/${shortId}/`, patch),
  }
}

export type Client = ReturnType<typeof createClient>
