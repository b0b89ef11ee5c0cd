// Reads a deployment through the API's read operations, page by page: the persons (each one's activity
// log and properties timeline), the session recordings, the playlists and the recordings in each
// collection, plus who the key belongs to (the discovery endpoints). A client only: it speaks HTTP
// through the fetch it is given (the network, or an app in-process) with the verify kit's client, which
// builds URLs from the contract, keeps to the deployment's rate limits (verify/pacer.ts), waits out 429s
// as Retry-After says and never sends the key elsewhere.
// Nothing here is redacted yet and nothing is written: that is scenario.ts's job.
import { Client, type Exchange } from '../verify/http.ts'
import { kitContract, pageQuery, type KitOperation } from '../verify/contract.ts'
import { stageProgress, type Progress as BaseProgress } from '../verify/progress.ts'
import type { ClientSettings } from '../verify/types.ts'

type Json = Record<string, any>

export interface CrawlOptions extends ClientSettings {
  projectId: number
  /** At most this many persons (default: all), the newest first. */
  maxPersons?: number
  /** At most this many recordings from the list (default: all); those in playlists are added. */
  maxRecordings?: number
  /** Requests in flight at once for the per-person reads (default 4). */
  concurrency?: number
  onProgress?: (progress: Progress) => void
  /** Requests `fetch` answers without the network (a resumed recording's partial file): not paced. */
  answeredLocally?: (request: Request) => boolean
}

export interface Progress extends BaseProgress {
  stage: 'persons' | 'person details' | 'recordings' | 'playlists'
}

export interface CrawledPerson {
  person: Json
  activity: Json[] | null
  timeline: Json[] | null
}

export interface CrawledPlaylist {
  playlist: Json
  recordings: string[] | null
  item_count: number
}

export interface Crawled {
  /** GET /api/users/@me/ (null when the key may not read it). */
  me: Json | null
  /** The project as /api/users/@me/ or /api/projects/ showed it (null when neither did). */
  project: Json | null
  persons: CrawledPerson[]
  recordings: Json[]
  playlists: CrawledPlaylist[]
  /** Things that could not be read (the scenario is made without them). */
  warnings: string[]
  requests: number
}

interface ListReading {
  max?: number
  params?: Record<string, string | number>
  onPage?: (done: number, total?: number) => void
  /** The warning's kind, the start of its text up to the answer, and what the scenario goes without. */
  warnAs?: [string, string, string]
}

/** The deployment cannot be recorded (a refused key, an unknown project, no answer): exit code 1. */
export class RecordError extends Error {}

const PAGE = 100
/** Requests for one timeline until the crucial keys stop growing (see timelineOf). */
const TIMELINE_ROUNDS = 3
/** Named crucial keys longer than this (as JSON) would make a URL some proxies refuse. */
const MAX_NAMED_KEYS_LENGTH = 4000

/** The answer's JSON body, if it had one. */
const bodyOf = (ex: Exchange): Json | undefined =>
  ex.json && typeof ex.json === 'object' ? (ex.json as Json) : undefined

function describe(ex: Exchange): string {
  if (ex.error) return ex.error.replace(/^no response:/, `no response from ${ex.url}:`)
  const detail = typeof bodyOf(ex)?.detail === 'string' ? `: ${bodyOf(ex)!.detail}` : ''
  return `${ex.status}${detail}`
}

export async function crawl(options: CrawlOptions): Promise<Crawled> {
  const contract = kitContract()
  const op = (id: string): KitOperation => contract.byId.get(id)!
  // Retries of a 429 default to 8: a recording is long, and what a passing failure kept from it is lost.
  // The key is never in what the crawler keeps or reports (only answers are kept), so nothing to mask.
  const client = new Client({ ...options, maxRetries: options.maxRetries ?? 8 })
  const stages = stageProgress(client, options.now ?? Date.now, options.onProgress as (p: BaseProgress) => void)
  const stage = (name: Progress['stage'], operationId: string) => stages.start(name, operationId)
  const progress = (p: Progress) => stages.report(p)
  const warnings: string[] = []
  const warnOnce = new Set<string>()
  const warn = (kind: string, text: string) => {
    if (warnOnce.has(kind)) return
    warnOnce.add(kind)
    warnings.push(text)
  }

  /** An answer the recording cannot go on without. */
  const required = (ex: Exchange, what: string): Json => {
    const body = bodyOf(ex)
    if (ex.status === 200 && body) return body
    const hint =
      ex.status === 401 ? ' (is the key right?)' : ex.status === 404 ? ` (is project ${options.projectId} right?)` : ''
    throw new RecordError(`cannot read ${what}: ${describe(ex)}${hint}`)
  }

  /**
   * An answer a warning may stand for (a 403, a 404) or the answer itself; no answer at all, a 429 still
   * refused after the retries or a 5xx stops the recording instead: a scenario written without what a
   * passing failure kept from it would differ from the deployment's, and the same command resumes.
   */
  const settled = (ex: Exchange, what: string): Exchange => {
    if (ex.error || ex.status === 429 || ex.status >= 500) throw new RecordError(`cannot read ${what}: ${describe(ex)}`)
    return ex
  }

  /**
   * Every page of a list as its x-list entry pages it (offsets or page numbers, and the query reaching
   * every item), until it ends (a short page, `has_next: false`, `next: null`) or `max` items, an item
   * counted once. A list the recording can go without (`warnAs`) is a warning and null when refused.
   */
  async function readList(
    operationId: string,
    what: string,
    { max = Infinity, params = {}, onPage = () => {}, warnAs }: ListReading = {},
  ): Promise<Json[] | null> {
    const seen = new Set<string>()
    const items: Json[] = []
    for (let index = 0; items.length < max; index++) {
      const query = pageQuery(op(operationId).list, PAGE, index)
      const ex = settled(await client.call(op(operationId), { params, query }), what)
      if (warnAs && (ex.status !== 200 || !Array.isArray(bodyOf(ex)?.results))) {
        warn(warnAs[0], `${warnAs[1]} answered ${describe(ex)}): ${warnAs[2]}`)
        return null
      }
      const body = required(ex, what)
      const results = Array.isArray(body.results) ? (body.results as Json[]) : undefined
      if (!results) throw new RecordError(`cannot read ${what}: the answer has no results list`)
      for (const item of results) {
        const id = String(item.uuid ?? item.id)
        if (seen.has(id) || items.length >= max) continue // a page shifted by a new item: counted once
        seen.add(id)
        items.push(item)
      }
      onPage(items.length, typeof body.count === 'number' ? Math.min(body.count, max) : undefined)
      if (results.length < PAGE || body.has_next === false || ('next' in body && !body.next)) break
    }
    return items
  }

  // Who the key belongs to, and the project's name.
  const meEx = settled(await client.call(op('users_me_retrieve')), 'the key’s user')
  if (meEx.status === 401) required(meEx, 'the key’s user')
  const me = meEx.status === 200 ? (bodyOf(meEx) ?? null) : null
  if (!me)
    warn(
      'me',
      `could not read the key's user (GET /api/users/@me/ answered ${describe(meEx)}): the scenario's keys get a made-up user`,
    )
  let project: Json | null = me?.team?.id === options.projectId ? me.team : null
  if (!project) {
    const projects = settled(await client.call(op('projects_list'), { query: { limit: 500 } }), 'the projects')
    project = (bodyOf(projects)?.results as Json[] | undefined)?.find((p) => p.id === options.projectId) ?? null
  }

  stage('persons', 'persons_list')
  const listed = (await readList('persons_list', 'the persons', {
    max: options.maxPersons,
    onPage: (done, total) => progress({ stage: 'persons', done, total }),
  }))!

  /** A person's activity log, every page (null when the key may not read it). */
  const activityOf = (personId: number) =>
    readList('persons_activity_retrieve', 'an activity log', {
      params: { id: personId },
      warnAs: ['activity', 'could not read activity logs (GET persons/:id/activity/', 'the scenario has none'],
    })

  /**
   * A person's timeline over its whole history. The crucial keys are named (the real service answers a
   * single point when none are): the person's properties, then also any key the points show, until no
   * new one appears, so a key since removed still marks its changes.
   */
  async function timelineOf(person: Json): Promise<Json[] | null> {
    let keys = Object.keys(person.properties ?? {}).sort()
    for (let round = 1; ; round++) {
      const query: Record<string, string> = { date_from: 'all' }
      const named = JSON.stringify(keys.map((key) => ({ key, type: 'person', operator: 'is_set' })))
      const tooLong = named.length > MAX_NAMED_KEYS_LENGTH
      if (tooLong) {
        // Too long for a URL: unnamed, the real service answers a single point (the mock, a point per change).
        warn(
          'long timeline',
          `some persons have too many properties to name them all in a timeline request: their timelines (and events) are coarser`,
        )
      } else if (keys.length > 0) query.properties = named
      const ex = settled(
        await client.call(op('persons_properties_timeline_retrieve'), { params: { id: person.id }, query }),
        'a properties timeline',
      )
      const body = bodyOf(ex)
      if (ex.status !== 200 || !Array.isArray(body?.points)) {
        warn(
          'timeline',
          `could not read properties timelines (GET persons/:id/properties_timeline/ answered ${describe(ex)}): events are made from each person's current properties`,
        )
        return null
      }
      const points = body.points as Json[]
      const seen = new Set(keys)
      for (const point of points) for (const key of Object.keys(point.properties ?? {})) seen.add(key)
      if (tooLong || seen.size === keys.length || round === TIMELINE_ROUNDS) return points
      keys = [...seen].sort()
    }
  }

  async function details(listedPerson: Json): Promise<CrawledPerson> {
    let person = listedPerson
    // The real persons list gives the UUID as `id`; the retrieve answer has the integer one.
    if (typeof person.id !== 'number')
      person = required(
        await client.call(op('persons_retrieve'), { params: { id: person.uuid ?? person.id } }),
        'a person',
      )
    const [activity, timeline] = [await activityOf(person.id), await timelineOf(person)]
    return { person, activity, timeline }
  }

  let detailed = 0
  stage('person details', 'persons_activity_retrieve')
  const persons = await pool(listed, options.concurrency ?? 4, async (p) => {
    const out = await details(p)
    progress({ stage: 'person details', done: ++detailed, total: listed.length })
    return out
  })

  // The list covers the last three days unless asked otherwise: its x-list `reach` reads every recording kept.
  stage('recordings', 'session_recordings_list')
  const recordings = (await readList('session_recordings_list', 'the session recordings', {
    max: options.maxRecordings,
    onPage: (done, total) => progress({ stage: 'recordings', done, total }),
  }))!
  // A recording's answer shows the key's user's own view as `viewed` and only the other users in
  // `viewers`: the file keeps every viewer, the key's user among them when they viewed it.
  const myEmail = typeof me?.email === 'string' ? me.email : null
  for (const r of recordings) {
    const viewers = Array.isArray(r.viewers) ? (r.viewers as unknown[]) : []
    if (r.viewed === true && myEmail !== null && !viewers.includes(myEmail)) r.viewers = [...viewers, myEmail]
  }
  const recordingIds = new Set(recordings.map((r) => r.id as string))

  const playlists: CrawledPlaylist[] = []
  const listedPlaylists = (await readList('session_recording_playlists_list', 'the playlists'))!.filter(
    // The real service mixes in its synthetic playlists (negative ids): not the project's own.
    (p) =>
      !(
        p.is_synthetic === true ||
        (typeof p.id === 'number' && p.id < 0) ||
        String(p.short_id).startsWith('synthetic-')
      ),
  )
  stage('playlists', 'session_recording_playlists_recordings_list')
  for (const playlist of listedPlaylists) {
    const itemCount = Number(playlist.recordings_counts?.collection?.count ?? 0)
    let ids: string[] | null = null
    if (playlist.type !== 'filters') {
      const ex = settled(
        await client.call(op('session_recording_playlists_recordings_list'), {
          params: { short_id: playlist.short_id },
        }),
        'a playlist’s recordings',
      )
      const body = bodyOf(ex)
      if (ex.status === 200 && Array.isArray(body?.results)) {
        ids = []
        for (const r of body.results as Json[]) {
          ids.push(r.id)
          if (!recordingIds.has(r.id)) {
            recordingIds.add(r.id)
            recordings.push(r)
          }
        }
      } else
        warn(
          `playlist ${playlist.short_id}`,
          `could not read the recordings of playlist ${playlist.short_id} (${describe(ex)})`,
        )
    }
    playlists.push({ playlist, recordings: ids, item_count: itemCount })
    progress({ stage: 'playlists', done: playlists.length, total: listedPlaylists.length })
  }

  // Persons the recordings show but the (limited) persons list did not bring: read them too, so joins hold.
  const personIds = new Set(persons.map((p) => p.person.id))
  for (const recording of recordings) {
    const embedded = recording.person
    if (!embedded || typeof embedded.id !== 'number' || personIds.has(embedded.id)) continue
    personIds.add(embedded.id)
    const ex = settled(await client.call(op('persons_retrieve'), { params: { id: embedded.id } }), 'a person')
    const body = bodyOf(ex)
    if (ex.status === 200 && body) persons.push(await details(body))
  }

  return { me, project, persons, recordings, playlists, warnings, requests: client.requests }
}

/** `fn` over the items with at most `limit` running at once; results in the items' order. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return out
}
