// Persons, their events and session recordings for big generated datasets: BULK_PERSONS or more
// persons in project 1, a size the default data and the scenarios of fixtures/ never use (those keep
// seed.ts's generator, byte for byte). Same fields and kinds of values, deterministic for a seed and size,
// but not the values seed.ts would make for that size:
// - faker fills pools once (first and last names, companies); every draw after that is the seed's
//   SeededRandom, and uuids are made from it directly (faker per person was most of the start-up);
// - an `$identify` event's `$set` is the person's first properties (the same object, read as
//   `{ $set: ... }`: event-columns.ts SET_OF), not the four identity fields alone;
// - values real data repeats are shared: a name or company is one string for every person who has it,
//   an anonymous person's properties one frozen object per combination, a plan change's `$set` one per plan;
// - an email is a name from the pool, the person's id (unique, so no two persons share an email or a
//   distinct id) and a free provider; a user id is `user-` and a number made from the person's id;
// - the draws are made apart from the objects (bulk-plan.ts: numbers only, and the events' and
//   recordings' columns whole), on a thread of their own where the caller gives one (bulk-thread.ts);
//   here the strings and records are made of them;
// - recordings are made in the order the recording table lists them (start times drawn first);
// - the person and recording tables are filled as the records are made (src/store/prebuilt-tables.ts).
// At a million persons this is what lets `serve --persons 1000000` start in seconds (see docs/performance.md).
import type { Faker } from '@faker-js/faker'
import type { SeededRandom } from '../core/random.ts'
import { eventColumnsOf, Interner, type EventColumns } from '../store/event-columns.ts'
import { PersonTable } from '../store/person-table.ts'
import type { Tables } from '../store/prebuilt-tables.ts'
import { RecordingColumns, uuidFromWords } from '../store/recording-columns.ts'
import { RecordingTable } from '../store/recording-table.ts'
import type { PersonRecord, RecordingRecord } from '../store/models.ts'
import {
  ANONYMOUS,
  combinationAt,
  COMBINATIONS,
  COMPANY_POOL,
  EMAIL_ID,
  NAME_POOL,
  planBulk,
  PROVIDERS,
  UPGRADES,
  type PersonBatch,
  type PlanInput,
  type PlanMessage,
} from './bulk-plan.ts'
import { BROWSERS, COUNTRIES, EVENT_NAMES, OSES, PATHS, PLANS, REFERRERS, START_URLS } from './vocabulary.ts'

/** Project 1 sizes of this and more are generated here (the 100,000 of `serve --persons 100000` too). */
export const BULK_PERSONS = 100_000

type Properties = Readonly<Record<string, unknown>>

/** Where the plan's messages come from: planBulk itself (the default), or a thread running it (bulk-thread.ts). */
export type PlanSource = (input: PlanInput) => Iterator<PlanMessage, void, void>

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
  /** Default: planBulk in this thread. */
  plan?: PlanSource
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

/** The plan's messages in order, each taken as the kind the builder expects next. */
class Messages {
  constructor(readonly source: Iterator<PlanMessage, void, void>) {}

  take<K extends PlanMessage['kind']>(kind: K): Extract<PlanMessage, { kind: K }> {
    const next = this.source.next()
    if (next.done || next.value.kind !== kind)
      throw new Error(`the dataset's plan sent ${next.done ? 'nothing' : next.value.kind} where ${kind} was due`)
    return next.value as Extract<PlanMessage, { kind: K }>
  }
}

/**
 * What making the persons and recordings of the plan shares: the pools, and the tables the events'
 * references point into, filled in the order the plan counted them.
 */
class BulkBuilder {
  /**
   * The name pool: a full name and its email stem at the same position of two arrays (a pair object per
   * name was one more cache miss a person: 20,000 of them lie far apart in the heap).
   */
  readonly names: readonly string[]
  readonly stems: readonly string[]
  readonly companies: readonly string[]
  readonly projects = new Interner<number>()
  readonly eventNames = new Interner<string>()
  // The events' tables, made at their size (a million persons' tables grown a value at a time left ~100 MB
  // of copies for the collector): a distinct id or two a person, its uuid, its properties and the shared ones.
  readonly distinctIds: string[]
  distinctIdCount = 0
  readonly personUuids: string[]
  readonly properties: Interner<Properties>
  /** An anonymous person's properties are one of these combinations (1,500: browser, os, country, referrer), shared. */
  readonly anonymousProperties: Array<Properties | undefined> = new Array(COMBINATIONS)
  /**
   * Where each person's distinct ids begin in `distinctIds` (the person after it: where they end), for
   * the recordings' owner refs (RecordingOwners). Read through the person record, an id was three
   * dependent cache misses; an array of the ids again was 2.4 million more pointers to store and keep.
   */
  readonly idStarts: Uint32Array

  constructor(faker: Faker, total: number, pageOses: Uint8Array) {
    this.idStarts = new Uint32Array(total + 1)
    this.distinctIds = new Array(2 * total)
    this.personUuids = new Array(total)
    this.properties = new Interner(PATHS.length * BROWSERS.length + PLANS.length + COMBINATIONS + 2 * total)
    const pool = Array.from({ length: NAME_POOL }, () => {
      const first = faker.person.firstName()
      const last = faker.person.lastName()
      const stem = `${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]/g, '')
      return { name: flatten(`${first} ${last}`), stem: flatten(stem) }
    })
    this.names = pool.map((p) => p.name)
    this.stems = pool.map((p) => p.stem)
    this.companies = Array.from({ length: COMPANY_POOL }, () => flatten(faker.company.name()))
    // The tables' first values, in the plan's order (bulk-plan.ts PersonPlanner).
    for (const name of [...EVENT_NAMES, '$identify', 'plan upgraded']) this.eventNames.ref(name)
    let page = 0
    for (const path of PATHS) {
      for (const $browser of BROWSERS) {
        this.properties.ref(
          Object.freeze({ $current_url: START_URLS[path]!, $pathname: path, $browser, $os: OSES[pageOses[page++]!]! }),
        )
      }
    }
    for (const plan of PLANS) this.properties.ref(Object.freeze({ $set: Object.freeze({ plan }) }))
  }

  /** Person `b` of the batch (PersonBatch says where its numbers are), with id `id`. */
  person(batch: PersonBatch, b: number, projectId: number, id: number): PersonRecord {
    const words = batch.words
    const w = 8 * b
    const personUuid = uuidFromWords(words[w]!, words[w + 1]!, words[w + 2]!, words[w + 3]!)
    const anonId = uuidFromWords(words[w + 4]!, words[w + 5]!, words[w + 6]!, words[w + 7]!)
    const attrs = batch.attrs
    const a = 8 * b
    const bits = attrs[a]!
    let before: Properties
    let after: Properties
    let distinctIds: readonly string[]
    if (bits & ANONYMOUS) {
      before = this.anonymous(attrs, a)
      after = before
      distinctIds = Object.freeze([anonId])
    } else {
      const $browser = BROWSERS[attrs[a + 1]!]!
      const $os = OSES[attrs[a + 2]!]!
      const $geoip_country_code = COUNTRIES[attrs[a + 3]!]!
      const $initial_referring_domain = REFERRERS[attrs[a + 4]!]!
      const n = batch.pools[2 * b]!
      const name = this.names[n]!
      const email = flatten(`${this.stems[n]!}${id}@${PROVIDERS[attrs[a + 7]!]!}`)
      const company = this.companies[batch.pools[2 * b + 1]!]!
      const plan = PLANS[attrs[a + 5]!]!
      before = Object.freeze({
        $browser,
        $os,
        $geoip_country_code,
        $initial_referring_domain,
        email,
        name,
        company,
        plan,
      })
      after =
        bits & UPGRADES
          ? Object.freeze({
              $browser,
              $os,
              $geoip_country_code,
              $initial_referring_domain,
              email,
              name,
              company,
              plan: PLANS[attrs[a + 6]!]!,
            })
          : before
      distinctIds = Object.freeze([bits & EMAIL_ID ? email : flatten(`user-${100_000 + id}`), anonId])
    }
    // The events' tables, in the order the plan counted their refs.
    this.personUuids[id - 1] = personUuid
    this.idStarts[id - 1] = this.distinctIdCount
    for (let i = 0; i < distinctIds.length; i++) this.distinctIds[this.distinctIdCount++] = distinctIds[i]!
    this.idStarts[id] = this.distinctIdCount
    if (bits & ANONYMOUS) this.properties.ref(before)
    else this.properties.add(before)
    if (after !== before) this.properties.add(after)
    const lastSeen = batch.times[2 * b + 1]!
    return Object.freeze({
      id,
      uuid: personUuid,
      project_id: projectId,
      distinct_ids: distinctIds,
      properties: after,
      created_at: batch.times[2 * b]!,
      last_seen_at: lastSeen === lastSeen ? lastSeen : null,
      // An identified person's anonymous id was merged by its $identify.
      is_identified: !(bits & ANONYMOUS),
    })
  }

  /** The shared properties of an anonymous person with the browser, os, country and referrer at `attrs[a + 1..a + 4]`. */
  anonymous(attrs: Uint8Array, a: number): Properties {
    const combination = combinationAt(attrs, a)
    let properties = this.anonymousProperties[combination]
    if (!properties) {
      properties = this.anonymousProperties[combination] = Object.freeze({
        $browser: BROWSERS[attrs[a + 1]!]!,
        $os: OSES[attrs[a + 2]!]!,
        $geoip_country_code: COUNTRIES[attrs[a + 3]!]!,
        $initial_referring_domain: REFERRERS[attrs[a + 4]!]!,
      })
    }
    return properties
  }
}

export function buildBulkPeople(input: BulkInput): BulkPeople {
  const total = input.persons.reduce((n, p) => n + p.count, 0)
  const plan = new Messages(
    (input.plan ?? planBulk)({
      rngState: input.rng.state,
      anchor: input.anchor,
      persons: input.persons,
      eventsPerPerson: input.eventsPerPerson,
      recordings: input.recordings,
    }),
  )
  // (The name and company pools it makes first are faker's draws, not the seed's generator's.)
  const maker = new BulkBuilder(input.faker, total, plan.take('pages').oses)

  const persons: PersonRecord[] = new Array(total)
  // (A person has one or two distinct ids.)
  const personTable = PersonTable.filling(total, 2 * total, input.persons)
  let batch: PersonBatch | undefined
  let b = 0
  let k = 0
  for (const { projectId, count } of input.persons) {
    maker.projects.ref(projectId)
    for (let p = 0; p < count; p++, k++, b++) {
      if (!batch || b === batch.count) {
        batch = plan.take('persons')
        b = 0
      }
      personTable.add(
        (persons[k] = maker.person(batch, b, projectId, k + 1)),
        batch.hashes[2 * b]!,
        batch.hashes[2 * b + 1]!,
      )
    }
  }
  // (Its indexes made now, the keys it kept for them let go before the events and recordings are made.)
  const filledPersons = personTable.done()

  const { rows, sizes } = plan.take('events')
  maker.distinctIds.length = maker.distinctIdCount
  const tables = {
    projects: maker.projects.values,
    names: maker.eventNames.values,
    distinctIds: maker.distinctIds,
    persons: maker.personUuids,
    properties: maker.properties.values,
  }
  const made = [
    tables.projects.length,
    tables.names.length,
    tables.distinctIds.length,
    tables.persons.length,
    tables.properties.length,
  ]
  if (made.some((n, i) => n !== sizes[i]))
    throw new Error(
      `the dataset's plan counted event tables of ${sizes.join(', ')} values, the builder made ${made.join(', ')}`,
    )
  const events = eventColumnsOf(rows, tables)

  const { parts, owners, hashes } = plan.take('recordings')
  const viewerLists = [0, 1, 2].map((n) => Object.freeze(input.viewerEmails.slice(0, n)))
  const columns = RecordingColumns.fromParts(
    { ...parts, viewerLists: parts.viewerLists.map((n) => viewerLists[n as unknown as number]!) },
    { refs: owners, ids: maker.distinctIds, starts: maker.idStarts },
  )
  const recordings: RecordingRecord[] = new Array(columns.length)
  const recordingTable = RecordingTable.filling(columns.length, input.recordings)
  for (let i = 0; i < recordings.length; i++) recordingTable.add((recordings[i] = columns.recordAt(i)), hashes[i]!)
  input.rng.state = plan.take('end').rngState
  return { persons, events, recordings, tables: { persons: filledPersons, recordings: recordingTable.done() } }
}
