// Persons, their events and session recordings for big generated datasets: BULK_PERSONS or more
// persons in project 1, a size the default data and the scenarios of fixtures/ never use (those keep
// seed.ts's generator, byte for byte). Same fields and kinds of values, deterministic for a seed and size,
// but not the values seed.ts would make for that size:
// - faker fills pools once (first and last names, companies); every draw after that is the seed's
//   SeededRandom, and uuids are made from it directly (faker per person was most of the start-up);
// - an `$identify` event's `$set` is the person's first properties (the same object), not the four
//   identity fields alone;
// - values real data repeats are shared: a name or company is one string for every person who has it,
//   an anonymous person's properties one frozen object per combination, a plan change's `$set` one per plan;
// - an email is a name from the pool, the person's id (unique, so no two persons share an email or a
//   distinct id) and a free provider; a user id is `user-` and a number made from the person's id;
// - events are written straight into their columns (EventColumnsWriter), their counts drawn first so
//   the columns are made at their exact length;
// - recordings are made in the order the recording table lists them (start times drawn first);
// - the person and recording tables are filled as the records are made (src/store/prebuilt-tables.ts).
// At a million persons this is what lets `serve --persons 1000000` start in seconds (see docs/performance.md).
import type { Faker } from '@faker-js/faker'
import type { SeededRandom } from '../core/random.ts'
import { EventColumnsWriter, type EventColumns } from '../store/event-columns.ts'
import { PersonTable } from '../store/person-table.ts'
import type { Tables } from '../store/prebuilt-tables.ts'
import { RecordingColumns, uuidFromWords, uuidHashFromWords, type RecordingValues } from '../store/recording-columns.ts'
import { RecordingTable } from '../store/recording-table.ts'
import type { PersonRecord, RecordingRecord } from '../store/models.ts'
import { sortNumbersDescending } from '../store/sort-by-number.ts'
import { BROWSERS, COUNTRIES, DAY, EVENT_NAMES, OSES, PATHS, PLANS, REFERRERS, START_URLS, ORIGIN } from './vocabulary.ts'

/** Project 1 sizes of this and more are generated here (the 100,000 of `serve --persons 100000` too). */
export const BULK_PERSONS = 100_000

const NAME_POOL = 20_000
const COMPANY_POOL = 2_000
const PROVIDERS = ['gmail.com', 'yahoo.com', 'hotmail.com']

type Properties = Readonly<Record<string, unknown>>

export interface BulkInput {
  faker: Faker
  rng: SeededRandom
  anchor: number
  /** Persons per project, in order. */
  persons: ReadonlyArray<{ projectId: number; count: number }>
  /** A fixed count, or 5..15 at random. */
  eventsPerPerson?: number
  recordings: ReadonlyArray<{ projectId: number; count: number }>
  /** The users' emails, first to last: a watched recording's viewers are the first one or two. */
  viewerEmails: readonly string[]
}

export interface BulkPeople {
  persons: PersonRecord[]
  events: EventColumns
  recordings: RecordingRecord[]
  /** The tables of `persons` and `recordings`, filled as they were made (see PersonTable.filling). */
  tables: Tables
}

/**
 * Makes `s` a flat string: V8 keeps a concatenation as a tree of its parts (~120 bytes for an email);
 * reading a character flattens it in place, and the next collection drops the tree (~47 bytes).
 */
function flatten(s: string): string {
  s.charCodeAt(0)
  return s
}

/** A 32-bit draw. */
const word = (rng: SeededRandom): number => Math.floor(rng.next() * 4294967296)

/** A version 4 uuid from four 32-bit draws. */
function uuidFrom(rng: SeededRandom): string {
  const w0 = word(rng)
  const w1 = word(rng)
  const w2 = word(rng)
  return uuidFromWords(w0, w1, w2, word(rng))
}

/**
 * What making a person, its events and a recording share. Each of those is a small method of its own:
 * as one function of a few hundred lines, V8 ran the loops unoptimized for the half second its
 * optimizing compile of the whole took, then threw the compiled code away again on paths the first
 * persons had not taken (measured: ~4 µs a person before its events).
 */
class BulkMaker {
  readonly rng: SeededRandom
  readonly anchor: number
  readonly writer: EventColumnsWriter
  /**
   * The name pool: a full name and its email stem at the same position of two arrays (a pair object per
   * name was one more cache miss a person: 20,000 of them lie far apart in the heap).
   */
  readonly names: readonly string[]
  readonly stems: readonly string[]
  readonly companies: readonly string[]
  readonly nameRefs: number[]
  readonly identifyRef: number
  readonly upgradedRef: number
  readonly pageRefs: number[]
  readonly upgradeRefs: Map<string, number>
  /** An anonymous person's properties are one of these combinations (1,500), shared. */
  readonly anonymousProperties = new Map<string, Properties>()
  /**
   * Every person's distinct ids by position (the second the first again when it has one only), for the
   * recordings' owners' ids: reading them through the person record was three dependent cache misses a
   * recording (~0.6 µs at a million persons), for most of what making one cost.
   */
  readonly firstIds: string[]
  readonly secondIds: string[]
  /** The last recording's owner and which of its ids it has (see `ownerRef`). */
  ownerRef = 0
  /**
   * What `recording` hands the columns, one object filled again for each recording (a new object and
   * id array for each of 1.75 million recordings was ~390 MB of garbage for the scavenger).
   */
  readonly values: { -readonly [K in keyof RecordingValues]: RecordingValues[K] } & { idWords: [number, number, number, number] }
  /** Event times of one person, sorted as drawn (reused: a view and a sort call per person were garbage and time). */
  times = new Float64Array(16)

  /** `total` persons with `eventTotal` events between them. */
  constructor(input: BulkInput, total: number, eventTotal: number) {
    const { faker, rng } = input
    this.firstIds = new Array(total)
    this.secondIds = new Array(total)
    this.values = {
      projectId: 0,
      idWords: [0, 0, 0, 0],
      distinctId: '',
      startTime: 0,
      activeSeconds: 0,
      inactiveSeconds: 0,
      clickCount: 0,
      keypressCount: 0,
      mouseActivityCount: 0,
      consoleLogCount: 0,
      consoleWarnCount: 0,
      consoleErrorCount: 0,
      startUrl: null,
      viewers: [],
      snapshotSource: '',
      activityScore: 0,
    }
    this.rng = rng
    this.anchor = input.anchor
    const pool = Array.from({ length: NAME_POOL }, () => {
      const first = faker.person.firstName()
      const last = faker.person.lastName()
      const stem = `${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]/g, '')
      return { name: flatten(`${first} ${last}`), stem: flatten(stem) }
    })
    this.names = pool.map((p) => p.name)
    this.stems = pool.map((p) => p.stem)
    this.companies = Array.from({ length: COMPANY_POOL }, () => flatten(faker.company.name()))
    this.writer = new EventColumnsWriter(eventTotal)
    const writer = this.writer
    this.nameRefs = EVENT_NAMES.map((name) => writer.names.ref(name))
    this.identifyRef = writer.names.ref('$identify')
    this.upgradedRef = writer.names.ref('plan upgraded')
    this.pageRefs = PATHS.flatMap((path) =>
      BROWSERS.map((browser) => writer.properties.ref(Object.freeze({ $current_url: START_URLS[path]!, $pathname: path, $browser: browser, $os: this.pick(OSES) }))),
    )
    this.upgradeRefs = new Map(PLANS.map((plan) => [plan, writer.properties.ref(Object.freeze({ $set: Object.freeze({ plan }) }))]))
  }

  /**
   * Draws which of the distinct ids of the person at `owner` a recording has, as `pick(person.distinct_ids)`
   * draws it (one draw, the second id when it is at least 0.5 and there is one), answered as `owner * 2`
   * plus 1 for the second; `ownerId` reads the id. Apart: each read of the ids is a cache miss at a
   * million persons, which a loop doing only those reads overlaps, and the loop making a recording did not.
   */
  drawOwnerRef(owner: number): number {
    return owner * 2 + (this.rng.next() < 0.5 ? 0 : 1)
  }

  ownerId(ref: number): string {
    return ref & 1 ? this.secondIds[ref >>> 1]! : this.firstIds[ref >>> 1]!
  }

  pick<T>(items: readonly T[]): T {
    return items[this.rng.int(items.length)]!
  }

  person(projectRef: number, projectId: number, id: number, createdAt: number, eventCount: number): PersonRecord {
    const rng = this.rng
    const anonymous = rng.next() < 0.15
    const personUuid = uuidFrom(rng)
    const anonId = uuidFrom(rng)
    const $browser = this.pick(BROWSERS)
    const $os = this.pick(OSES)
    const $geoip_country_code = this.pick(COUNTRIES)
    const $initial_referring_domain = this.pick(REFERRERS)
    const initialPlan = PLANS[rng.int(2)]!
    let before: Properties
    let after: Properties
    let distinctIds: readonly string[]
    let identify: Properties | undefined
    let finalPlan = initialPlan
    if (anonymous) {
      before = this.anonymous($browser, $os, $geoip_country_code, $initial_referring_domain)
      after = before
      distinctIds = Object.freeze([anonId])
    } else {
      const n = this.rng.int(NAME_POOL)
      const name = this.names[n]!
      const email = flatten(`${this.stems[n]!}${id}@${this.pick(PROVIDERS)}`)
      const company = this.pick(this.companies)
      const upgrades = rng.next() < 0.4
      if (upgrades) finalPlan = PLANS[2 + rng.int(2)]!
      before = Object.freeze({ $browser, $os, $geoip_country_code, $initial_referring_domain, email, name, company, plan: initialPlan })
      after = upgrades ? Object.freeze({ $browser, $os, $geoip_country_code, $initial_referring_domain, email, name, company, plan: finalPlan }) : before
      distinctIds = Object.freeze([rng.next() < 0.5 ? email : flatten(`user-${100_000 + id}`), anonId])
      // `$set` is the person's first properties themselves (the browser's and location's with the
      // identity), not a second object with four of them: ~56 MB less at a million persons.
      identify = Object.freeze({ $set: before })
    }
    this.firstIds[id - 1] = distinctIds[0]!
    this.secondIds[id - 1] = distinctIds[distinctIds.length - 1]!
    const at = this.eventTimes(createdAt, eventCount)
    const writer = this.writer
    const personRef = writer.persons.add(personUuid)
    const firstIdRef = writer.distinctIds.add(distinctIds[0]!)
    const secondIdRef = distinctIds.length > 1 ? writer.distinctIds.add(distinctIds[1]!) : -1
    const beforeRef = anonymous ? writer.properties.ref(before) : writer.properties.add(before)
    const afterRef = after === before ? beforeRef : writer.properties.add(after)
    const identifyPropertiesRef = identify ? writer.properties.add(identify) : -1
    const switchAt = finalPlan !== initialPlan ? Math.max(1, Math.floor(eventCount * 0.6)) : eventCount
    const upgradeRef = finalPlan !== initialPlan ? this.upgradeRefs.get(finalPlan)! : -1
    this.events(at, eventCount, projectRef, personRef, firstIdRef, secondIdRef, identifyPropertiesRef, switchAt, upgradeRef, beforeRef, afterRef)
    return Object.freeze({
      id,
      uuid: personUuid,
      project_id: projectId,
      distinct_ids: distinctIds,
      properties: after,
      created_at: createdAt,
      last_seen_at: eventCount ? at[eventCount - 1]! : null,
    })
  }

  anonymous($browser: string, $os: string, $geoip_country_code: string, $initial_referring_domain: string): Properties {
    const key = `${$browser}\u0000${$os}\u0000${$geoip_country_code}\u0000${$initial_referring_domain}`
    let properties = this.anonymousProperties.get(key)
    if (!properties) this.anonymousProperties.set(key, (properties = Object.freeze({ $browser, $os, $geoip_country_code, $initial_referring_domain })))
    return properties
  }

  /** `count` instants between `createdAt` and the anchor, ascending (in `this.times`, grown when too short). */
  eventTimes(createdAt: number, count: number): Float64Array {
    if (this.times.length < count) this.times = new Float64Array(count)
    const at = this.times
    const span = this.anchor - createdAt
    for (let i = 0; i < count; i++) {
      const t = createdAt + this.rng.int(span)
      let j = i
      for (; j > 0 && at[j - 1]! > t; j--) at[j] = at[j - 1]!
      at[j] = t
    }
    return at
  }

  /**
   * A person's events: the first an `$identify` when `identifyRef` >= 0, the one at `switchAt` a plan
   * upgrade (`upgradeRef`), the rest page events; person properties `beforeRef` until the switch.
   * `secondIdRef` < 0: the person has one distinct id.
   */
  events(at: Float64Array, count: number, projectRef: number, personRef: number, firstIdRef: number, secondIdRef: number, identifyRef: number, switchAt: number, upgradeRef: number, beforeRef: number, afterRef: number): void {
    const rng = this.rng
    const writer = this.writer
    const nameRefs = this.nameRefs
    const pageRefs = this.pageRefs
    for (let i = 0; i < count; i++) {
      let name = nameRefs[rng.int(nameRefs.length)]!
      let properties = pageRefs[rng.int(pageRefs.length)]!
      if (i === 0 && identifyRef >= 0) {
        name = this.identifyRef
        properties = identifyRef
      } else if (i === switchAt) {
        name = this.upgradedRef
        properties = upgradeRef
      }
      const distinctId = i === 0 || secondIdRef < 0 ? firstIdRef : rng.int(2) === 0 ? firstIdRef : secondIdRef
      writer.write(projectRef, name, distinctId, personRef, properties, i < switchAt ? beforeRef : afterRef, at[i]!)
    }
  }

  /** A recording of the person at `owner` (its position in the persons made), without its distinct id (`ownerRef` says which). */
  recording(columns: RecordingColumns, projectId: number, owner: number, start: number, activeSeconds: number, inactiveSeconds: number, viewerLists: ReadonlyArray<readonly string[]>): RecordingRecord {
    const rng = this.rng
    // The fields in the order the draws were made when this was one object literal.
    const v = this.values
    v.projectId = projectId
    const w = v.idWords
    w[0] = word(rng)
    w[1] = word(rng)
    w[2] = word(rng)
    w[3] = word(rng)
    // (The id itself is written after the project's recordings are made: see drawOwnerRef.)
    this.ownerRef = this.drawOwnerRef(owner)
    v.distinctId = ''
    v.startTime = start
    v.activeSeconds = activeSeconds
    v.inactiveSeconds = inactiveSeconds
    v.clickCount = rng.int(Math.ceil(activeSeconds / 4))
    v.keypressCount = rng.int(Math.ceil(activeSeconds / 2))
    v.mouseActivityCount = rng.int(activeSeconds * 3)
    v.consoleLogCount = rng.int(40)
    v.consoleWarnCount = rng.int(8)
    v.consoleErrorCount = rng.int(5)
    v.startUrl = START_URLS[this.pick(PATHS)] ?? ORIGIN
    v.viewers = rng.next() < 0.3 ? viewerLists[1 + rng.int(2)]! : viewerLists[0]!
    v.snapshotSource = rng.next() < 0.9 ? 'web' : 'mobile'
    v.activityScore = Math.round(rng.next() * 10000) / 100
    return columns.write(v)
  }
}

export function buildBulkPeople(input: BulkInput): BulkPeople {
  const { rng, anchor } = input
  const total = input.persons.reduce((n, p) => n + p.count, 0)
  const eventCounts = new Uint8Array(total)
  let eventTotal = 0
  for (let k = 0; k < total; k++) eventTotal += eventCounts[k] = input.eventsPerPerson ?? 5 + rng.int(11)
  // (The name and company pools it makes first are faker's draws, not the seed's generator's.)
  const maker = new BulkMaker(input, total, eventTotal)
  const writer = maker.writer

  const persons: PersonRecord[] = new Array(total)
  // (A person has one or two distinct ids.)
  const personTable = PersonTable.filling(total, 2 * total)
  /** project -> the run of `persons` that is its persons (made project by project). */
  const runs = new Map<number, { first: number; owners: number }>()
  let k = 0
  for (const { projectId, count } of input.persons) {
    const run = runs.get(projectId)
    if (run && run.first + run.owners === k) run.owners += count
    else if (!run && count > 0) runs.set(projectId, { first: k, owners: count })
    const projectRef = writer.projects.ref(projectId)
    const createdAts = new Float64Array(count)
    for (let i = 0; i < count; i++) createdAts[i] = anchor - 1 * DAY - rng.int(364 * DAY)
    createdAts.sort()
    for (let p = 0; p < count; p++, k++) personTable.add((persons[k] = maker.person(projectRef, projectId, k + 1, createdAts[p]!, eventCounts[k]!)))
  }

  const viewerLists = [0, 1, 2].map((n) => Object.freeze(input.viewerEmails.slice(0, n)))
  const columns = new RecordingColumns(input.recordings.reduce((n, r) => n + r.count, 0))
  // Made at its size (pushed, it grew by copies, each left as garbage in the large-object space), cut to
  // what was made at the end (a project without persons makes none).
  const recordings: RecordingRecord[] = new Array(columns.capacity)
  let made = 0
  const recordingTable = RecordingTable.filling(columns.capacity)
  for (const { projectId, count } of input.recordings) {
    const run = runs.get(projectId)
    if (!run) continue
    const { first, owners } = run
    // Start times first, so the records are made in the table's order (newest first): the table's
    // sort of 1.75 million recordings is then one pass, and the records lie in memory as listed.
    // (16 bits: at most 1,204 and 599 seconds.)
    const active = new Uint16Array(count)
    const inactive = new Uint16Array(count)
    const starts = new Float64Array(count)
    for (let i = 0; i < count; i++) {
      active[i] = 5 + rng.int(1200)
      inactive[i] = rng.int(600)
      // A few recordings end just before the anchor, so they are ongoing when the clock is there.
      const end = i < 3 ? anchor - 30_000 * (i + 1) : anchor - 5 * 60_000 - rng.int(30 * DAY)
      starts[i] = end - (active[i]! + inactive[i]!) * 1000
    }
    // Newest first, equal start times in the draws' order.
    const order = sortNumbersDescending(starts)
    // Recordings starting at the same instant are ordered by id, as the table orders them: each run of
    // equal start times is made in the draws' order, then sorted (a few hundred short runs at a million).
    const projectFrom = made
    for (let j = 0; j < count; ) {
      const from = made
      const start = starts[j]!
      do {
        const i = order[j]!
        recordings[made++] = maker.recording(columns, projectId, first + rng.int(owners), start, active[i]!, inactive[i]!, viewerLists)
        // (The position is not needed again: the place keeps the owner's ref.)
        order[j++] = maker.ownerRef
      } while (j < count && starts[j] === start)
      if (made - from > 1) {
        const run = recordings.slice(from, made).sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
        for (let r = 0; r < run.length; r++) recordingTable.add((recordings[from + r] = run[r]!))
      } else {
        // The id's words are still in the values just written: its hash without its text.
        const w = maker.values.idWords
        recordingTable.add(recordings[from]!, uuidHashFromWords(w[0], w[1], w[2], w[3], projectId))
      }
    }
    // The project's recordings were written to the columns in `order`'s order.
    for (let j = 0; j < count; j++) columns.setDistinctId(projectFrom + j, maker.ownerId(order[j]!))
  }
  recordings.length = made
  return { persons, events: writer.build(), recordings, tables: { persons: personTable.done(), recordings: recordingTable.done() } }
}
