// Persons, their events and session recordings for big generated datasets: more than BULK_PERSONS
// persons in project 1, a size the default data and the scenarios of fixtures/ never use (those keep
// seed.ts's generator, byte for byte). Same fields and kinds of values, deterministic for a seed and size,
// but not the values seed.ts would make for that size:
// - faker fills pools once (first and last names, companies); every draw after that is the seed's
//   SeededRandom, and uuids are made from it directly (faker per person was most of the start-up);
// - values real data repeats are shared: a name or company is one string for every person who has it,
//   an anonymous person's properties one frozen object per combination, a plan change's `$set` one per plan;
// - an email is a name from the pool, the person's id (unique, so no two persons share an email or a
//   distinct id) and a free provider; a user id is `user-` and a number made from the person's id;
// - events are written straight into their columns (EventColumnsWriter), their counts drawn first so
//   the columns are made at their exact length;
// - recordings are made in the order the recording table lists them (start times drawn first).
// At a million persons this is what lets `serve --persons 1000000` start in seconds (see docs/performance.md).
import type { Faker } from '@faker-js/faker'
import type { SeededRandom } from '../core/random.ts'
import { EventColumnsWriter, type EventColumns } from '../store/event-columns.ts'
import type { PersonRecord, RecordingRecord } from '../store/models.ts'
import { sortByNumberThen } from '../store/sort-by-number.ts'
import { BROWSERS, COUNTRIES, DAY, EVENT_NAMES, OSES, PATHS, PLANS, REFERRERS, START_URLS, ORIGIN } from './vocabulary.ts'

/** Project 1 sizes above this are generated here. */
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
}

/**
 * Makes `s` a flat string: V8 keeps a concatenation as a tree of its parts (~120 bytes for an email);
 * reading a character flattens it in place, and the next collection drops the tree (~47 bytes).
 */
function flatten(s: string): string {
  s.charCodeAt(0)
  return s
}

const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0))
const uuidCodes: number[] = new Array(36)

/** A version 4 uuid from four 32-bit draws, made as one flat string from its character codes. */
function uuidFrom(rng: SeededRandom): string {
  const codes = uuidCodes
  let k = 0
  for (let w = 0; w < 4; w++) {
    const word = Math.floor(rng.next() * 4294967296)
    for (let shift = 28; shift >= 0; shift -= 4) {
      if (k === 8 || k === 13 || k === 18 || k === 23) codes[k++] = 0x2d // -
      codes[k++] = HEX_CODES[(word >>> shift) & 15]!
    }
  }
  codes[14] = 0x34 // version 4
  codes[19] = HEX_CODES[8 + (codes[19]! & 3)]! // variant 10xx
  return String.fromCharCode.apply(null, codes)
}

export function buildBulkPeople(input: BulkInput): BulkPeople {
  const { faker, rng, anchor } = input
  const pick = <T>(items: readonly T[]): T => items[rng.int(items.length)]!

  const names = Array.from({ length: NAME_POOL }, () => {
    const first = faker.person.firstName()
    const last = faker.person.lastName()
    const stem = `${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]/g, '')
    return { name: flatten(`${first} ${last}`), stem: flatten(stem) }
  })
  const companies = Array.from({ length: COMPANY_POOL }, () => flatten(faker.company.name()))

  const total = input.persons.reduce((n, p) => n + p.count, 0)
  const eventCounts = new Uint8Array(total)
  let eventTotal = 0
  for (let k = 0; k < total; k++) eventTotal += eventCounts[k] = input.eventsPerPerson ?? 5 + rng.int(11)
  const writer = new EventColumnsWriter(eventTotal)
  const nameRefs = EVENT_NAMES.map((name) => writer.names.ref(name))
  const identifyRef = writer.names.ref('$identify')
  const upgradedRef = writer.names.ref('plan upgraded')
  const pageRefs = PATHS.flatMap((path) =>
    BROWSERS.map((browser) => writer.properties.ref(Object.freeze({ $current_url: START_URLS[path]!, $pathname: path, $browser: browser, $os: pick(OSES) }))),
  )
  const upgradeRefs = new Map(PLANS.map((plan) => [plan, writer.properties.ref(Object.freeze({ $set: Object.freeze({ plan }) }))]))
  // An anonymous person's properties are one of these combinations (1,500), shared.
  const anonymousProperties = new Map<string, Properties>()

  const persons: PersonRecord[] = new Array(total)
  const times = new Float64Array(Math.max(16, input.eventsPerPerson ?? 0))
  let k = 0
  for (const { projectId, count } of input.persons) {
    const projectRef = writer.projects.ref(projectId)
    const createdAts = new Float64Array(count)
    for (let i = 0; i < count; i++) createdAts[i] = anchor - 1 * DAY - rng.int(364 * DAY)
    createdAts.sort()
    for (let p = 0; p < count; p++, k++) {
      const id = k + 1
      const createdAt = createdAts[p]!
      const anonymous = rng.next() < 0.15
      const personUuid = uuidFrom(rng)
      const anonId = uuidFrom(rng)
      const $browser = pick(BROWSERS)
      const $os = pick(OSES)
      const $geoip_country_code = pick(COUNTRIES)
      const $initial_referring_domain = pick(REFERRERS)
      const initialPlan = PLANS[rng.int(2)]!
      let before: Properties
      let after: Properties
      let distinctIds: readonly string[]
      let identify: Properties | undefined
      let finalPlan = initialPlan
      if (anonymous) {
        const key = `${$browser}\u0000${$os}\u0000${$geoip_country_code}\u0000${$initial_referring_domain}`
        before = anonymousProperties.get(key)!
        if (!before) anonymousProperties.set(key, (before = Object.freeze({ $browser, $os, $geoip_country_code, $initial_referring_domain })))
        after = before
        distinctIds = Object.freeze([anonId])
      } else {
        const person = pick(names)
        const name = person.name
        const email = flatten(`${person.stem}${id}@${pick(PROVIDERS)}`)
        const company = pick(companies)
        const upgrades = rng.next() < 0.4
        if (upgrades) finalPlan = PLANS[2 + rng.int(2)]!
        before = Object.freeze({ $browser, $os, $geoip_country_code, $initial_referring_domain, email, name, company, plan: initialPlan })
        after = upgrades ? Object.freeze({ $browser, $os, $geoip_country_code, $initial_referring_domain, email, name, company, plan: finalPlan }) : before
        distinctIds = Object.freeze([rng.next() < 0.5 ? email : flatten(`user-${100_000 + id}`), anonId])
        identify = Object.freeze({ $set: Object.freeze({ email, name, company, plan: initialPlan }) })
      }

      const eventCount = eventCounts[k]!
      const span = anchor - createdAt
      // Sorted as drawn (insertion into the reused array: a view and a sort call per person were garbage and time).
      const at = times.length >= eventCount ? times : new Float64Array(eventCount)
      for (let i = 0; i < eventCount; i++) {
        const t = createdAt + rng.int(span)
        let j = i
        for (; j > 0 && at[j - 1]! > t; j--) at[j] = at[j - 1]!
        at[j] = t
      }
      const switchAt = finalPlan !== initialPlan ? Math.max(1, Math.floor(eventCount * 0.6)) : eventCount
      const personRef = writer.persons.add(personUuid)
      const firstIdRef = writer.distinctIds.add(distinctIds[0]!)
      const secondIdRef = distinctIds.length > 1 ? writer.distinctIds.add(distinctIds[1]!) : firstIdRef
      const beforeRef = anonymous ? writer.properties.ref(before) : writer.properties.add(before)
      const afterRef = after === before ? beforeRef : writer.properties.add(after)
      const identifyPropertiesRef = identify ? writer.properties.add(identify) : -1
      for (let i = 0; i < eventCount; i++) {
        let name = nameRefs[rng.int(nameRefs.length)]!
        let properties = pageRefs[rng.int(pageRefs.length)]!
        if (i === 0 && identify) {
          name = identifyRef
          properties = identifyPropertiesRef
        } else if (i === switchAt) {
          name = upgradedRef
          properties = upgradeRefs.get(finalPlan)!
        }
        const distinctId = i === 0 || distinctIds.length === 1 ? firstIdRef : rng.int(2) === 0 ? firstIdRef : secondIdRef
        writer.write(projectRef, name, distinctId, personRef, properties, i < switchAt ? beforeRef : afterRef, at[i]!)
      }
      persons[k] = Object.freeze({
        id,
        uuid: personUuid,
        project_id: projectId,
        distinct_ids: distinctIds,
        properties: after,
        created_at: createdAt,
        last_seen_at: eventCount ? at[eventCount - 1]! : null,
      })
    }
  }

  const viewerLists = [0, 1, 2].map((n) => Object.freeze(input.viewerEmails.slice(0, n)))
  const recordings: RecordingRecord[] = []
  for (const { projectId, count } of input.recordings) {
    // The project's persons are one run of `persons` (made project by project).
    const first = persons.findIndex((p) => p.project_id === projectId)
    if (first < 0) continue
    let owners = 0
    while (first + owners < persons.length && persons[first + owners]!.project_id === projectId) owners++
    // Start times first, so the records are made in the table's order (newest first): the table's
    // sort of 1.75 million recordings is then one pass, and the records lie in memory as listed.
    const active = new Int32Array(count)
    const inactive = new Int32Array(count)
    const starts = new Float64Array(count)
    for (let i = 0; i < count; i++) {
      active[i] = 5 + rng.int(1200)
      inactive[i] = rng.int(600)
      // A few recordings end just before the anchor, so they are ongoing when the clock is there.
      const end = i < 3 ? anchor - 30_000 * (i + 1) : anchor - 5 * 60_000 - rng.int(30 * DAY)
      starts[i] = end - (active[i]! + inactive[i]!) * 1000
    }
    const order = Array.from({ length: count }, (_, i) => i)
    sortByNumberThen(order, (i) => starts[i]!, (a, b) => starts[b]! - starts[a]! || a - b)
    const from = recordings.length
    for (const i of order) {
      const owner = persons[first + rng.int(owners)]!
      const activeSeconds = active[i]!
      recordings.push(
        Object.freeze({
          id: uuidFrom(rng),
          project_id: projectId,
          distinct_id: pick(owner.distinct_ids),
          start_time: starts[i]!,
          active_seconds: activeSeconds,
          inactive_seconds: inactive[i]!,
          click_count: rng.int(Math.ceil(activeSeconds / 4)),
          keypress_count: rng.int(Math.ceil(activeSeconds / 2)),
          mouse_activity_count: rng.int(activeSeconds * 3),
          console_log_count: rng.int(40),
          console_warn_count: rng.int(8),
          console_error_count: rng.int(5),
          start_url: START_URLS[pick(PATHS)] ?? ORIGIN,
          viewers: rng.next() < 0.3 ? viewerLists[1 + rng.int(2)]! : viewerLists[0]!,
          storage: 'object_storage',
          snapshot_source: rng.next() < 0.9 ? 'web' : 'mobile',
          activity_score: Math.round(rng.next() * 10000) / 100,
          ongoing: null,
        }),
      )
    }
    // Recordings starting at the same instant: by id, as the table orders them.
    for (let a = from; a < recordings.length; ) {
      let b = a + 1
      while (b < recordings.length && recordings[b]!.start_time === recordings[a]!.start_time) b++
      if (b - a > 1) {
        const run = recordings.slice(a, b).sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
        for (let j = 0; j < run.length; j++) recordings[a + j] = run[j]!
      }
      a = b
    }
  }
  return { persons, events: writer.build(), recordings }
}
