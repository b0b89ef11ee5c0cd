// The generated datasets: the default data, the scenarios of fixtures/, and any size asked for, made by
// @faker-js/faker and the seed's own generator from a fixed seed: same seed and size, same data, byte for
// byte. Nothing here reads the wall clock or Math.random. Only the English locale: the package's main
// entry loads every locale, which costs memory and start-up time for nothing.
//
// From BIG_PERSONS persons on, the same code makes its values more cheaply (docs/generated-data.md says
// what differs): faker fills pools of names and companies once and the seed's generator draws from them,
// uuids come from the seed's generator, an email is built from a pooled name and the person's id, values
// persons share are one object, an `$identify` event's `$set` is the person's first properties, and the
// recordings are kept in columns (recording-columns.ts).
import type { Faker } from '@faker-js/faker'
// faker's smallest locale, for its Faker class; the definitions are the English ones the seed draws from.
import { faker as baseFaker } from '@faker-js/faker/locale/base'
import { fakerDefinitions } from './faker-locale.gen.ts'
import { RecordingColumns, recordingId, type DrawnRecording } from './recording-columns.ts'
import { DEFAULT_ANCHOR, freezeDeep, type Dataset } from '../store/dataset.ts'
import { EventColumns, SET_OF } from '../store/event-log.ts'
import type {
  ApiKeyRecord,
  PersonRecord,
  PlaylistItemRecord,
  PlaylistRecord,
  ProjectRecord,
  RecordingRecord,
  UserRecord,
} from '../store/models.ts'
import { ALPHANUMERIC, SeededRandom } from '../core/random.ts'
import {
  BROWSERS,
  COUNTRIES,
  DAY,
  EVENT_NAMES,
  OSES,
  PATHS,
  PLANS,
  READ_KEY_SCOPES,
  REFERRERS,
  ORIGIN,
  START_URLS,
} from './vocabulary.ts'

export interface SeedOptions {
  seed?: number
  /** Persons in project 1 (default 200); project 2 gets a fifth of that (at least 10). */
  persons?: number
  /** Events per person: a fixed count, or the default 5..15 at random. */
  eventsPerPerson?: number
  /** Recordings in project 1 (default 300, or 1.5 per person when `persons` is given); project 2 gets a sixth. */
  recordings?: number
  /** The instant the data is placed before (default DEFAULT_ANCHOR, 2026-11-01T00:00:00Z). */
  anchor?: number
  fixtures?: string
}

/** How big a generated dataset is (AppOptions.size): the scenario's own sizes where a field is absent. */
export type DatasetSize = Pick<SeedOptions, 'persons' | 'eventsPerPerson' | 'recordings' | 'anchor'>

/** Persons in project 1 from which the cheaper values are made (the default data and the scenarios have fewer). */
export const BIG_PERSONS = 100_000

const RECORDINGS_PER_PERSON = 1.5
const ORG_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
const FREE_PLANS = PLANS.slice(0, 2)
const PAID_PLANS = PLANS.slice(2)
/** A plan change's `$set`, one per plan. */
const UPGRADE_SETS = new Map(PLANS.map((plan) => [plan, Object.freeze({ $set: Object.freeze({ plan }) })]))
/** A big dataset's name and company pools, and its emails' providers. */
const NAME_POOL = 20_000
const COMPANY_POOL = 2_000
const PROVIDERS = ['gmail.com', 'yahoo.com', 'hotmail.com']

/**
 * The string made flat: V8 keeps a concatenation or a slice (how faker builds values) as a tree of its
 * parts; reading a character flattens it in place, and the next collection drops the tree.
 */
const flat = (value: string): string => (value.charCodeAt(0), value)

/** What every part of the generator draws from. */
interface Draws {
  faker: Faker
  rng: SeededRandom
  pick: <T>(items: readonly T[]) => T
  anchor: number
  big: boolean
  /** (Big datasets) full names with their email stems, companies, and anonymous persons' shared properties. */
  names: ReadonlyArray<{ name: string; stem: string }>
  companies: readonly string[]
  anonymous: Map<string, Readonly<Record<string, unknown>>>
}

export function buildDefaultDataset(options: SeedOptions = {}): Dataset {
  const seed = options.seed ?? 1
  const anchor = options.anchor ?? DEFAULT_ANCHOR
  const personsInProject1 = options.persons ?? 200
  // In proportion to the persons (the default data's 300 for 200), so a bigger dataset is bigger throughout.
  const recordingsInProject1 = options.recordings ?? Math.round(personsInProject1 * RECORDINGS_PER_PERSON)
  // A fresh instance per dataset (the entry's own is shared), on the English definitions it draws from.
  const faker = new (baseFaker.constructor as typeof Faker)({ locale: fakerDefinitions })
  faker.seed(seed)
  const rng = new SeededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[rng.int(items.length)]!
  const d: Draws = { faker, rng, pick, anchor, big: false, names: [], companies: [], anonymous: new Map() }
  const { organizations, users, projects, apiKeys } = directory(d)
  const perProject = [
    { projectId: 1, count: personsInProject1 },
    { projectId: 2, count: Math.max(10, Math.round(personsInProject1 / 5)) },
  ]
  const recordingCounts = [
    { projectId: 1, count: recordingsInProject1 },
    { projectId: 2, count: Math.max(5, Math.round(recordingsInProject1 / 6)) },
  ]
  if (personsInProject1 >= BIG_PERSONS) {
    d.big = true
    d.names = Array.from({ length: NAME_POOL }, () => {
      const first = faker.person.firstName()
      const last = faker.person.lastName()
      return { name: flat(`${first} ${last}`), stem: flat(`${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]/g, '')) }
    })
    d.companies = Array.from({ length: COMPANY_POOL }, () => flat(faker.company.name()))
  }
  const { persons, events } = people(d, perProject, options.eventsPerPerson)
  const recordings = sessions(d, recordingCounts, persons, users)
  return {
    seed,
    fixtures: options.fixtures ?? 'default',
    anchor,
    organizations: organizations.map(freezeDeep),
    users: users.map(freezeDeep),
    projects: projects.map(freezeDeep),
    apiKeys: apiKeys.map(freezeDeep),
    persons,
    events,
    recordings,
    ...playlists(d, users, recordings),
    activity: [],
  }
}

/** The organization, its users and projects, and the personal API keys. */
function directory({ faker, anchor }: Draws) {
  const uuid = () => faker.string.uuid()
  const organizations = [{ id: ORG_ID, name: 'Hedgebox Inc.', slug: 'hedgebox', created_at: anchor - 400 * DAY }]
  const roles = ['engineering', 'product', 'founder', 'design']
  const users: UserRecord[] = roles.map((role, i) => {
    const first = faker.person.firstName()
    const last = faker.person.lastName()
    return {
      id: i + 1,
      uuid: uuid(),
      distinct_id: faker.string.alphanumeric(32),
      first_name: first,
      last_name: last,
      email: faker.internet.email({ firstName: first, lastName: last, provider: 'hedgebox.net' }).toLowerCase(),
      is_email_verified: i !== 3,
      role_at_organization: role,
      hedgehog_config:
        i === 0 ? { use_as_profile: true, color: 'blue', accessories: ['beret'], skin: 'default' } : null,
      organization_id: ORG_ID,
    }
  })
  const projects: ProjectRecord[] = [
    { id: 1, name: 'Hedgebox (production)' },
    { id: 2, name: 'Hedgebox (staging)' },
  ].map((p) => ({
    ...p,
    uuid: uuid(),
    organization_id: ORG_ID,
    api_token: 'phc_' + faker.string.alphanumeric(43),
    timezone: 'UTC',
    created_at: anchor - 390 * DAY,
  }))
  const key = (id: string, label: string, userId: number, scopes: string[] | null, teams: number[] = []) => ({
    id: `key-${id}`,
    value: `phx_mock_${id}`,
    label: `mock: ${label}`,
    user_id: userId,
    scopes,
    scoped_teams: teams,
    scoped_organizations: [],
    created_at: anchor - 30 * DAY,
  })
  const apiKeys: ApiKeyRecord[] = [
    key('all', 'every scope', 1, ['*']),
    key('read', 'read scopes', 2, READ_KEY_SCOPES),
    key('project2', 'project 2 only', 1, ['*'], [2]),
    // A key from before scopes existed: allowed everything, even the actions that declare no scope,
    // which the real service refuses to scoped keys (`*` included).
    key('legacy', 'legacy key without scopes', 1, null),
  ]
  return { organizations, users, projects, apiKeys }
}

/** Persons and their events, project by project, each project's in order of creation. */
function people(d: Draws, perProject: ReadonlyArray<{ projectId: number; count: number }>, eventsPerPerson?: number) {
  const total = perProject.reduce((n, p) => n + p.count, 0)
  // Room for the most events there may be (what is not written costs no memory); a big dataset's columns made as wide as its tables will be.
  const bounds = { distinctIds: 2 * total, persons: total, properties: 64 + 2 * total }
  const events = new EventColumns(total * (eventsPerPerson ?? 15), d.big ? bounds : {})
  const t = events.tables
  const pages = PATHS.flatMap((path) =>
    BROWSERS.map((browser) =>
      t.properties.ref(
        freezeDeep({ $current_url: ORIGIN + path, $pathname: path, $browser: browser, $os: d.pick(OSES) }),
      ),
    ),
  )
  const names = EVENT_NAMES.map((name) => t.names.ref(name))
  const persons: PersonRecord[] = []
  let times = new Float64Array(16)
  for (const { projectId, count } of perProject) {
    const project = t.projects.ref(projectId)
    const createdAts = Float64Array.from({ length: count }, () => d.anchor - 1 * DAY - d.rng.int(364 * DAY)).sort()
    for (const createdAt of createdAts) {
      const made = person(d, persons.length + 1)
      const { rng } = d
      const eventCount = eventsPerPerson ?? 5 + rng.int(11)
      if (times.length < eventCount) times = new Float64Array(eventCount)
      drawTimes(rng, times, createdAt, d.anchor - createdAt, eventCount)
      const switchAt = made.upgrades ? Math.max(1, Math.floor(eventCount * 0.6)) : eventCount
      const distinctIds = made.anonymous ? [made.anonId] : [rng.next() < 0.5 ? made.email : made.userId, made.anonId]
      const personRef = t.persons.add(made.uuid)
      const idRef = t.distinctIds.add(distinctIds[0]!)
      if (distinctIds.length > 1) t.distinctIds.add(distinctIds[1]!)
      // (A big dataset's anonymous persons share their properties.)
      const beforeRef = d.big && made.anonymous ? t.properties.ref(made.before) : t.properties.add(made.before)
      const afterRef = made.after === made.before ? beforeRef : t.properties.add(made.after)
      for (let i = 0; i < eventCount; i++) {
        let name = names[rng.int(EVENT_NAMES.length)]!
        let properties = pages[rng.int(pages.length)]!
        if (i === 0 && !made.anonymous) {
          name = t.names.ref('$identify')
          const { email, name: full, company, initialPlan: plan } = made
          const set = { email, name: full, company, plan }
          properties = d.big ? SET_OF + beforeRef : t.properties.add(Object.freeze({ $set: Object.freeze(set) }))
        } else if (i === switchAt) {
          name = t.names.ref('plan upgraded')
          properties = t.properties.ref(UPGRADE_SETS.get(made.finalPlan)!)
        }
        const distinctId = i === 0 || made.anonymous ? idRef : idRef + rng.int(distinctIds.length)
        events.append(project, name, distinctId, personRef, properties, i < switchAt ? beforeRef : afterRef, times[i]!)
      }
      const record: PersonRecord = Object.freeze({
        id: persons.length + 1,
        uuid: made.uuid,
        project_id: projectId,
        distinct_ids: Object.freeze(distinctIds),
        properties: made.after,
        created_at: createdAt,
        last_seen_at: eventCount ? times[eventCount - 1]! : null,
        // An identified person's second id is its anonymous one, merged by its $identify.
        is_identified: !made.anonymous,
      })
      persons.push(record)
    }
  }
  return { persons, events: events.done() }
}

/** `count` instants from `start` within `span`, drawn in order and sorted ascending into `times`. */
function drawTimes(rng: SeededRandom, times: Float64Array, start: number, span: number, count: number): void {
  for (let i = 0; i < count; i++) {
    const t = start + rng.int(span)
    let j = i
    for (; j > 0 && times[j - 1]! > t; j--) times[j] = times[j - 1]!
    times[j] = t
  }
}

/** One person's draws: its ids, identity and properties before and after its plan changes. */
function person(d: Draws, id: number) {
  const { faker, rng, pick, big } = d
  const anonymous = rng.next() < 0.15
  const uuid = big ? rng.uuid() : flat(faker.string.uuid())
  const anonId = big ? rng.uuid() : flat(faker.string.uuid())
  const pooled = big ? pick(d.names) : undefined
  const first = pooled ? '' : faker.person.firstName()
  const last = pooled ? '' : faker.person.lastName()
  const email = pooled
    ? flat(`${pooled.stem}${id}@${pick(PROVIDERS)}`)
    : flat(faker.internet.email({ firstName: first, lastName: last }).toLowerCase())
  // (A big dataset's user ids are made from the person's id, so no two persons share one.)
  const userId = flat(big ? `user-${100_000 + id}` : `user-${faker.string.numeric(6)}`)
  const $browser = pick(BROWSERS)
  const $os = pick(OSES)
  const $geoip_country_code = pick(COUNTRIES)
  const $initial_referring_domain = pick(REFERRERS)
  const name = anonymous ? '' : (pooled?.name ?? flat(`${first} ${last}`))
  const company = anonymous ? '' : big ? pick(d.companies) : flat(faker.company.name())
  const initialPlan = pick(FREE_PLANS)
  const upgrades = !anonymous && rng.next() < 0.4
  const finalPlan = upgrades ? pick(PAID_PLANS) : initialPlan
  const place = { $browser, $os, $geoip_country_code, $initial_referring_domain }
  const shared =
    big && anonymous && `${$browser}\u0000${$os}\u0000${$geoip_country_code}\u0000${$initial_referring_domain}`
  const before =
    (shared && d.anonymous.get(shared)) || propertiesOf(place, anonymous, email, name, company, initialPlan)
  if (shared) d.anonymous.set(shared, before)
  const after = upgrades ? propertiesOf(place, anonymous, email, name, company, finalPlan) : before
  return { anonymous, uuid, anonId, email, userId, upgrades, initialPlan, finalPlan, before, after, name, company }
}

/**
 * A person's properties, a literal frozen as it is: a literal gets exactly the in-object fields it needs
 * (an 8-key object 96 bytes, against 128 built key by key), and these come to several per person.
 */
function propertiesOf(
  p: Record<'$browser' | '$os' | '$geoip_country_code' | '$initial_referring_domain', string>,
  anonymous: boolean,
  email: string,
  name: string,
  company: string,
  plan: string,
): Readonly<Record<string, unknown>> {
  const { $browser, $os, $geoip_country_code, $initial_referring_domain } = p
  return Object.freeze(
    anonymous
      ? { $browser, $os, $geoip_country_code, $initial_referring_domain }
      : { $browser, $os, $geoip_country_code, $initial_referring_domain, email, name, company, plan },
  )
}

/** Session recordings, each linked to a person of its project by one of its distinct ids. */
function sessions(
  d: Draws,
  counts: ReadonlyArray<{ projectId: number; count: number }>,
  persons: readonly PersonRecord[],
  users: readonly UserRecord[],
): RecordingRecord[] {
  const { rng, anchor } = d
  const recordings: RecordingRecord[] = []
  // The viewer lists a recording can have, shared (frozen) rather than an array per recording.
  const viewerLists = [0, 1, 2].map((n) => Object.freeze(users.slice(0, n).map((u) => u.email)))
  const columns =
    d.big &&
    new RecordingColumns(
      counts.reduce((n, c) => n + c.count, 0),
      persons,
      viewerLists,
    )
  // One object for every recording's draws (what is kept is copied out of it): no garbage a recording.
  const r = {} as DrawnRecording
  const words = [0, 0, 0, 0]
  // Each person's distinct-id count, by position: a recording's owner is drawn without reading its
  // person (at a million persons, a read far away in memory each).
  const idCounts = Uint8Array.from(persons, (p) => p.distinct_ids.length)
  for (const { projectId, count } of counts) {
    // A project's persons are one run of positions (people makes them project by project).
    const first = persons.findIndex((p) => p.project_id === projectId)
    const owners = persons.findLastIndex((p) => p.project_id === projectId) + 1 - first
    for (let i = 0; i < count; i++) {
      const owner = first + rng.int(owners)
      const active = 5 + rng.int(1200)
      const inactive = rng.int(600)
      // A few recordings end just before the anchor, so they are ongoing when the clock is there.
      const end = i < 3 ? anchor - 30_000 * (i + 1) : anchor - 5 * 60_000 - rng.int(30 * DAY)
      r.start_url = rng.int(PATHS.length)
      r.viewers = rng.next() < 0.3 ? 1 + rng.int(2) : 0
      // (In the order of the draws.)
      r.id = columns ? recordingId(rng, words) : flat(d.faker.string.uuid())
      r.project_id = projectId
      r.owner = owner * 2 + rng.int(idCounts[owner]!)
      r.start_time = end - (active + inactive) * 1000
      r.active_seconds = active
      r.inactive_seconds = inactive
      r.click_count = rng.int(Math.ceil(active / 4))
      r.keypress_count = rng.int(Math.ceil(active / 2))
      r.mouse_activity_count = rng.int(active * 3)
      r.console_log_count = rng.int(40)
      r.console_warn_count = rng.int(8)
      r.console_error_count = rng.int(5)
      r.web = rng.next() < 0.9
      r.activity_score = Math.round(rng.next() * 10000)
      const recording = columns ? columns.record(r) : plainRecording(r, persons, viewerLists)
      recordings.push(recording)
    }
  }
  return recordings
}

/** A recording as a frozen literal (all its fields in the object), its values the shared ones. */
function plainRecording(
  r: DrawnRecording,
  persons: readonly PersonRecord[],
  viewerLists: ReadonlyArray<readonly string[]>,
): RecordingRecord {
  return Object.freeze({
    id: r.id as string,
    project_id: r.project_id,
    distinct_id: persons[r.owner >>> 1]!.distinct_ids[r.owner & 1]!,
    start_time: r.start_time,
    active_seconds: r.active_seconds,
    inactive_seconds: r.inactive_seconds,
    click_count: r.click_count,
    keypress_count: r.keypress_count,
    mouse_activity_count: r.mouse_activity_count,
    console_log_count: r.console_log_count,
    console_warn_count: r.console_warn_count,
    console_error_count: r.console_error_count,
    start_url: START_URLS[PATHS[r.start_url]!]!,
    viewers: viewerLists[r.viewers]!,
    storage: 'object_storage',
    snapshot_source: r.web ? 'web' : 'mobile',
    activity_score: r.activity_score / 100,
    ongoing: null,
  })
}

/** A few playlists: collections with items, a saved-filters playlist, one soft-deleted. */
function playlists(d: Draws, users: readonly UserRecord[], recordings: readonly RecordingRecord[]) {
  const playlists: PlaylistRecord[] = []
  const playlistItems: PlaylistItemRecord[] = []
  const specs = [
    { project: 1, name: 'Checkout friction', type: 'collection', pinned: true, items: 4, deleted: false },
    { project: 1, name: 'Onboarding sessions', type: 'collection', pinned: false, items: 3, deleted: false },
    { project: 1, name: 'Rage clicks, last 7 days', type: 'filters', pinned: false, items: 0, deleted: false },
    { project: 1, name: 'Old experiment', type: 'collection', pinned: false, items: 1, deleted: true },
    { project: 2, name: 'Staging smoke tests', type: 'collection', pinned: false, items: 2, deleted: false },
  ] as const
  const candidatesOf = new Map([1, 2].map((project) => [project, recordings.filter((r) => r.project_id === project)]))
  specs.forEach((spec, i) => {
    const createdAt = d.anchor - (20 - i * 3) * DAY
    const author = users[i % users.length]!
    const playlist: PlaylistRecord = {
      id: i + 1,
      short_id: d.rng.string(8, ALPHANUMERIC),
      project_id: spec.project,
      name: spec.name,
      derived_name: null,
      description: spec.type === 'filters' ? 'Sessions with rage clicks' : '',
      pinned: spec.pinned,
      deleted: spec.deleted,
      filters:
        spec.type === 'filters'
          ? { date_from: '-7d', filter_test_accounts: true, events: [{ id: '$rageclick', type: 'events' }] }
          : {},
      type: spec.type,
      created_at: createdAt,
      created_by_id: author.id,
      last_modified_at: createdAt + DAY,
      last_modified_by_id: author.id,
    }
    playlists.push(freezeDeep(playlist))
    const candidates = candidatesOf.get(spec.project)!
    for (let j = 0; j < spec.items; j++) {
      playlistItems.push(
        freezeDeep({
          id: playlistItems.length + 1,
          playlist_id: playlist.id,
          recording_id: candidates[(i * 7 + j * 3) % candidates.length]!.id,
          created_at: createdAt + (j + 1) * 3_600_000,
        }),
      )
    }
  })
  return { playlists, playlistItems }
}
