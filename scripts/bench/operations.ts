// The operations the limit benchmark measures: every operation of the API description (all 18), the
// two big lists again on 100,000 persons, and the three writes again with --state. Each says which
// server answers it, the status it must answer, and the requests: reads repeat one request; writes
// change something every time (two bodies in turn, or a target of their own per request).
import { AUTH, load, send, type BenchRequest } from './harness.ts'

const P = '/api/environments/1'
/** The floors (issue 46): every operation in memory at 0.4x of the ceiling or more; writes with --state at 0.2x or more at 8 connections. */
export const IN_MEMORY_FLOOR = 0.4
export const DURABLE_FLOOR = 0.2
/** The key allowed the actions that declare no scope (which scoped keys, `*` included, are refused). */
const LEGACY = { authorization: 'Bearer phx_mock_legacy' }
const JSON_BODY = { 'content-type': 'application/json' }

export type ServerKind = 'default' | 'large' | 'state'

/** What the requests of a case are made from: the server's URL and what was read or made there. */
export interface CaseContext {
  url: string
  /** A collection playlist of project 1 (short id). */
  collection: string
  /** Makes a new collection playlist and answers its short id. */
  newCollection(name: string): Promise<string>
}

export interface OperationCase {
  name: string
  operationId: string
  server: ServerKind
  /** The status every answer must have. */
  status: number
  /** The judged share of the ceiling (null: printed only). */
  target: number | null
  /**
   * Requests for a round. `round` counts from 0 (warm-up rounds are negative); cases with `beforeRound`
   * run a fixed number of requests per round (`count`), so what the round acts on can be made first.
   */
  requests(ctx: CaseContext, round: number): Promise<BenchRequest[]> | BenchRequest[]
  /** Untimed, before each of the mock's rounds: makes the `count` targets the round acts on. */
  beforeRound?(ctx: CaseContext, round: number, count: number): Promise<void>
  /** Most targets one round may use (e.g. the persons there are to delete). */
  maxCount?: number
  connections?: number
  /** Not sent to the peer (its answers would not say anything: e.g. it has no state to reset). */
  noPeer?: boolean
}

const get = (path: string, headers = AUTH): BenchRequest => ({ method: 'GET', path, headers })
const write = (method: string, path: string, body: unknown, headers = AUTH): BenchRequest => ({
  method,
  path,
  headers: { ...headers, ...JSON_BODY },
  body: JSON.stringify(body),
})
/**
 * Each request its own target: `${prefix}${n}${suffix}`, n counted from 1 in each load run (ids that
 * must differ between runs carry the round in `prefix`); the ceiling answers all of `route`.
 */
const each = (
  method: string,
  route: string,
  prefix: string,
  suffix: string,
  headers: Record<string, string>,
  body?: unknown,
): BenchRequest => ({
  method,
  path: `${prefix}1${suffix}`,
  pathFor: (n) => `${prefix}${n}${suffix}`,
  prefix: route,
  headers: body === undefined ? headers : { ...headers, ...JSON_BODY },
  body: body === undefined ? undefined : JSON.stringify(body),
})

/** Back to the seeded data (the control API), so the targets of a destructive round exist again. */
async function reset(ctx: CaseContext): Promise<void> {
  const res = await send(ctx.url, { method: 'POST', path: '/_mock/reset', headers: JSON_BODY, body: '{}' })
  if (res.status !== 200) throw new Error(`reset answered ${res.status}`)
}

const patchPerson = (): BenchRequest[] =>
  [1, 2].map((n) => write('PATCH', `${P}/persons/1/`, { properties: { plan: `bench-${n}`, seen: n } }))
const patchPlaylist = (ctx: CaseContext): BenchRequest[] =>
  [1, 2].map((n) =>
    write('PATCH', `${P}/session_recording_playlists/${ctx.collection}/`, {
      description: `Changed by the benchmark (${n})`,
      pinned: true,
    }),
  )
const PLAYLISTS = `${P}/session_recording_playlists/`
/** Adds recordings by id (ids the project need not have yet, as the real service allows) to a playlist made for the case. */
async function addRecordings(ctx: CaseContext, round: number): Promise<BenchRequest[]> {
  const playlist = await playlistFor(ctx, 'add')
  return [each('POST', PLAYLISTS, `${PLAYLISTS}${playlist}/recordings/bench-${round}-`, '/', LEGACY, {})]
}

/** Up to this many persons of project 1 are deleted (or changed) per round on the large server. */
const LARGE_TARGETS = 90_000

export const OPERATIONS: OperationCase[] = [
  {
    name: 'GET person retrieve',
    operationId: 'persons_retrieve',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: () => [get(`${P}/persons/1/`)],
  },
  {
    name: 'GET persons list, limit=100',
    operationId: 'persons_list',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: () => [get(`${P}/persons/?limit=100`)],
  },
  {
    name: 'GET persons list, limit=100, 100k persons',
    operationId: 'persons_list',
    server: 'large',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: () => [get(`${P}/persons/?limit=100&offset=50000`)],
  },
  {
    name: 'PATCH person',
    operationId: 'persons_partial_update',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: patchPerson,
  },
  {
    name: 'DELETE person, 100k persons (reset between rounds)',
    operationId: 'persons_destroy',
    server: 'large',
    status: 204,
    target: IN_MEMORY_FLOOR,
    maxCount: LARGE_TARGETS,
    requests: () => [each('DELETE', `${P}/persons/`, `${P}/persons/`, '/', AUTH)],
    beforeRound: (ctx) => reset(ctx),
  },
  {
    name: 'GET person activity',
    operationId: 'persons_activity_retrieve',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: async (ctx) => {
      // A person with some history: three changes, logged.
      for (const n of [1, 2, 3])
        await send(ctx.url, write('PATCH', `${P}/persons/2/`, { properties: { plan: `history-${n}` } }))
      return [get(`${P}/persons/2/activity/`)]
    },
  },
  {
    name: 'POST person delete_events',
    operationId: 'persons_delete_events_create',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: () => [write('POST', `${P}/persons/3/delete_events/`, {})],
  },
  {
    name: 'POST person delete_property, 100k persons (reset between rounds)',
    operationId: 'persons_delete_property_create',
    server: 'large',
    status: 200,
    target: IN_MEMORY_FLOOR,
    maxCount: LARGE_TARGETS,
    requests: () => [
      each('POST', `${P}/persons/`, `${P}/persons/`, '/delete_property/?$unset=$browser', AUTH, { $unset: '$browser' }),
    ],
    beforeRound: (ctx) => reset(ctx),
  },
  {
    name: 'GET person properties_timeline',
    operationId: 'persons_properties_timeline_retrieve',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: () => [get(`${P}/persons/4/properties_timeline/`, LEGACY)],
  },
  {
    name: 'GET playlists list',
    operationId: 'session_recording_playlists_list',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: () => [get(`${P}/session_recording_playlists/`)],
  },
  {
    name: 'GET playlist retrieve',
    operationId: 'session_recording_playlists_retrieve',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: (ctx) => [get(`${P}/session_recording_playlists/${ctx.collection}/`)],
  },
  {
    name: 'PATCH playlist',
    operationId: 'session_recording_playlists_partial_update',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: patchPlaylist,
  },
  {
    name: 'POST playlist (create)',
    operationId: 'session_recording_playlists_create',
    server: 'default',
    status: 201,
    target: IN_MEMORY_FLOOR,
    requests: () => [
      write('POST', `${P}/session_recording_playlists/`, { name: 'Made by the benchmark', type: 'collection' }),
    ],
  },
  {
    name: 'DELETE playlist (405, as the real service)',
    operationId: 'session_recording_playlists_destroy',
    server: 'default',
    status: 405,
    target: IN_MEMORY_FLOOR,
    requests: (ctx) => [
      { method: 'DELETE', path: `${P}/session_recording_playlists/${ctx.collection}/`, headers: AUTH },
    ],
  },
  {
    name: 'GET playlist recordings',
    operationId: 'session_recording_playlists_recordings_list',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: (ctx) => [get(`${P}/session_recording_playlists/${ctx.collection}/recordings/`, LEGACY)],
  },
  {
    name: 'POST playlist recording (add)',
    operationId: 'session_recording_playlists_recordings_create',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: addRecordings,
  },
  {
    name: 'DELETE playlist recording (remove)',
    operationId: 'session_recording_playlists_recordings_destroy',
    server: 'default',
    status: 204,
    target: IN_MEMORY_FLOOR,
    noPeer: true,
    // Each round removes what was added to a playlist of its own just before (a few more than it
    // removes: the load generator may number a request it never sends).
    requests: async (ctx, round) => [
      each(
        'DELETE',
        PLAYLISTS,
        `${PLAYLISTS}${await playlistFor(ctx, `remove ${round}`)}/recordings/bench-`,
        '/',
        LEGACY,
      ),
    ],
    async beforeRound(ctx, round, count) {
      const playlist = await playlistFor(ctx, `remove ${round}`)
      const added = await load(
        ctx.url,
        [each('POST', PLAYLISTS, `${PLAYLISTS}${playlist}/recordings/bench-`, '/', LEGACY, {})],
        { connections: 8, amount: count + 64 },
      )
      if (added.unexpected || added.errors)
        throw new Error(`adding ${count} recordings failed (${added.unexpected} unexpected, ${added.errors} errors)`)
    },
  },
  {
    // date_from=-5y: a window holding every recording (the -3d default holds none of the bench's data, made
    // around 2026-11-01, once the wall clock is past it), so the row reads and renders a full page.
    name: 'GET session recordings list, limit=50, date_from=-5y',
    operationId: 'session_recordings_list',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: () => [get(`${P}/session_recordings/?limit=50&date_from=-5y`)],
  },
  {
    name: 'GET session recordings list, limit=50, date_from=-5y, 100k persons',
    operationId: 'session_recordings_list',
    server: 'large',
    status: 200,
    target: IN_MEMORY_FLOOR,
    requests: () => [get(`${P}/session_recordings/?limit=50&offset=50000&date_from=-5y`)],
  },
  {
    // Its query reads every event of the project, and the writes measured before it add one per PATCH
    // (a $set event): on the default data again, so it measures the query over the seeded events.
    name: 'POST max_tools create_and_query_insight (reset between rounds)',
    operationId: 'max_tools_create_and_query_insight',
    server: 'default',
    status: 200,
    target: IN_MEMORY_FLOOR,
    maxCount: 20_000,
    beforeRound: (ctx) => reset(ctx),
    requests: () => [
      write('POST', `${P}/max_tools/create_and_query_insight/`, {
        query: 'How many pageviews per day in the last 30 days?',
        insight_type: 'trends',
      }),
    ],
  },
  // The writes again, each answer waiting for its change to be on disk (--state: the log flushed first).
  {
    name: 'PATCH person, --state',
    operationId: 'persons_partial_update',
    server: 'state',
    status: 200,
    target: DURABLE_FLOOR,
    requests: patchPerson,
    noPeer: true,
  },
  {
    name: 'PATCH playlist, --state',
    operationId: 'session_recording_playlists_partial_update',
    server: 'state',
    status: 200,
    target: DURABLE_FLOOR,
    requests: patchPlaylist,
    noPeer: true,
  },
  {
    name: 'POST playlist recording (add), --state',
    operationId: 'session_recording_playlists_recordings_create',
    server: 'state',
    status: 200,
    target: DURABLE_FLOOR,
    requests: addRecordings,
    noPeer: true,
  },
  // Concurrent writes share a flush (group commit): at 8 connections the groups are small, so the figure
  // depends on how many writes are in flight. Issue 13 judged durable writes at 64 connections, both sides.
  {
    name: 'PATCH playlist, --state, 64 connections',
    operationId: 'session_recording_playlists_partial_update',
    server: 'state',
    status: 200,
    target: DURABLE_FLOOR,
    connections: 64,
    requests: patchPlaylist,
    noPeer: true,
  },
]

const playlists = new Map<string, Promise<string>>()
/** A collection playlist made for `label` on the case's server, once. */
function playlistFor(ctx: CaseContext, label: string): Promise<string> {
  const key = `${ctx.url} ${label}`
  let made = playlists.get(key)
  if (!made) playlists.set(key, (made = ctx.newCollection(`bench ${label}`)))
  return made
}
