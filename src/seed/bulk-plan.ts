// Every random draw of a big generated dataset (bulk.ts), written as numbers only: which name, browser
// or plan a person has, its uuids' words, its times; its events' columns whole; its recordings' columns
// whole. bulk.ts makes the strings and records of it. Numbers only, so it runs on a thread of its own
// (src/server/bulk-thread.ts hands its messages over without a copy) while the thread that keeps the
// dataset makes the objects: at a million persons those were each about half the start-up, done one
// after the other. Run in the same thread, it is a generator the builder pulls one message at a time
// from (a batch of persons held at once, not the whole plan); either way the plan is the same.
import { SeededRandom } from '../core/random.ts'
import { columnMemory } from '../store/column-memory.ts'
import { EventRowsWriter, Interner, SET_OF, type EventRows } from '../store/event-columns.ts'
import {
  RecordingColumns,
  uuidFromWords,
  uuidHashFromWords,
  type RecordingParts,
  type RecordingValues,
} from '../store/recording-columns.ts'
import { sortNumbersDescending } from '../store/sort-by-number.ts'
import {
  BROWSERS,
  COUNTRIES,
  DAY,
  EVENT_NAMES,
  OSES,
  PATHS,
  PLANS,
  REFERRERS,
  START_URLS,
  ORIGIN,
} from './vocabulary.ts'

/** Names drawn from (faker's, made by the builder), companies, email providers. */
export const NAME_POOL = 20_000
export const COMPANY_POOL = 2_000
export const PROVIDERS = ['gmail.com', 'yahoo.com', 'hotmail.com']

/** Recordings drawn in one step of their plan (see BatchMaker). */
const STEP = 8192

/** Persons in one message, at most (~490 kB of numbers). */
export const PERSON_BATCH = 8192

/** What the plan is made of: the dataset's sizes and where the seed's generator stands. */
export interface PlanInput {
  /** SeededRandom's state when the plan starts (the builder's generator is set to where it ends). */
  rngState: number
  anchor: number
  /** Persons per project, in order. */
  persons: ReadonlyArray<{ projectId: number; count: number }>
  /** A fixed count, or 5..15 at random. */
  eventsPerPerson?: number
  recordings: ReadonlyArray<{ projectId: number; count: number }>
}

/** A person's bits in `PersonBatch.attrs[8k]`. */
export const ANONYMOUS = 1
export const UPGRADES = 2
/** Its first distinct id is its email (else `user-` and a number). */
export const EMAIL_ID = 4

/** How many (browser, os, country, referrer) combinations an anonymous person's shared properties come in. */
export const COMBINATIONS = BROWSERS.length * OSES.length * COUNTRIES.length * REFERRERS.length

/** The number of the combination at `attrs[a + 1..a + 4]` (PersonBatch), 0 to COMBINATIONS - 1. */
export const combinationAt = (attrs: Uint8Array, a: number): number =>
  ((attrs[a + 1]! * OSES.length + attrs[a + 2]!) * COUNTRIES.length + attrs[a + 3]!) * REFERRERS.length + attrs[a + 4]!

/** Properties refs before the persons' own: the page events' (PATHS x BROWSERS), then a plan change's `$set` for each of PLANS. */
export const PAGE_PROPERTIES = PATHS.length * BROWSERS.length
export const FIRST_PERSON_PROPERTIES = PAGE_PROPERTIES + PLANS.length

/**
 * Persons, in order (project by project, as `PlanInput.persons` lists them), `count` of them; person k of
 * the batch at:
 * - words[8k..8k + 7]: its uuid's four words, then its anonymous distinct id's (uuidFromWords);
 * - attrs[8k..8k + 7]: bits (ANONYMOUS, UPGRADES, EMAIL_ID), then positions in BROWSERS, OSES, COUNTRIES,
 *   REFERRERS, PLANS (first plan), PLANS (last plan), PROVIDERS;
 * - pools[2k], pools[2k + 1]: positions in the name and company pools;
 * - times[2k], times[2k + 1]: created_at and last_seen_at (NaN: no events);
 * - hashes[2k], hashes[2k + 1]: hashKey of its uuid, and of its anonymous distinct id (its last) with its
 *   project (for the person table, which would otherwise hash their text).
 */
export interface PersonBatch {
  kind: 'persons'
  count: number
  words: Uint32Array
  attrs: Uint8Array
  pools: Uint16Array
  times: Float64Array
  hashes: Int32Array
}

export type PlanMessage =
  /** First: the OSES position of each page event's properties (PATHS x BROWSERS, in that order). */
  | { kind: 'pages'; oses: Uint8Array }
  | PersonBatch
  /**
   * After the persons: their events, as references into tables the builder fills as it makes the persons
   * (`sizes`: how many values each has then: projects, names, distinct ids, persons, properties).
   */
  | { kind: 'events'; rows: EventRows; sizes: [number, number, number, number, number] }
  /**
   * The recordings' columns (viewer lists as positions: none, the first viewer, the first two); for the
   * recording at column i, owners[i] its owner's person position * 2, plus 1 for its second distinct id;
   * hashes[i] hashKey(id, project_id). In the order the recording table lists them.
   */
  | { kind: 'recordings'; parts: RecordingParts; owners: Uint32Array; hashes: Int32Array }
  | { kind: 'end'; rngState: number }

/** The buffers of a message, handed over rather than copied when it crosses to another thread. */
export function transferables(message: PlanMessage): ArrayBuffer[] {
  const arrays: ArrayBufferView[] =
    message.kind === 'pages'
      ? [message.oses]
      : message.kind === 'persons'
        ? [message.words, message.attrs, message.pools, message.times, message.hashes]
        : message.kind === 'events'
          ? [message.rows.timestamps, ...message.rows.refs]
          : message.kind === 'recordings'
            ? [
                message.parts.idWords,
                message.parts.startTimes,
                message.parts.activityScores,
                message.parts.counts,
                message.parts.refs,
                message.owners,
                message.hashes,
              ]
            : []
  // (A column kept whole is a view of its whole buffer; two views never share one. Shared memory is
  // not handed over: both threads see it.)
  return [...new Set(arrays.map((a) => a.buffer))].filter(
    (b): b is ArrayBuffer => !(typeof SharedArrayBuffer === 'function' && b instanceof SharedArrayBuffer),
  )
}

/** A 32-bit draw. */
const word = (rng: SeededRandom): number => Math.floor(rng.next() * 4294967296)

/**
 * An empty PersonBatch for `size` persons (at most PERSON_BATCH). `spare` is work the maker may do while
 * it waits for room: one step of the recordings' draws, answering whether there are more.
 */
export type BatchMaker = (size: number, spare: () => boolean) => PersonBatch

/** The plan, a message at a time; each batch of persons made by `batches` (default: new arrays). */
export function* planBulk(
  input: PlanInput,
  batches: BatchMaker = (size) => personBatch(size),
): Generator<PlanMessage, void, void> {
  const rng = new SeededRandom(1)
  rng.state = input.rngState
  const anchor = input.anchor
  // The recordings draw from a generator of their own, so they can be drawn while the persons' objects
  // are made (in the time a thread of draws would wait for room: see BatchMaker), not after the last one.
  const recordings = new Steps(
    planRecordings(new SeededRandom(word(rng)), anchor, input.recordings, runsOf(input.persons)),
  )
  const spare = () => recordings.step()
  const total = input.persons.reduce((n, p) => n + p.count, 0)
  const eventCounts = new Uint8Array(total)
  let eventTotal = 0
  for (let k = 0; k < total; k++) eventTotal += eventCounts[k] = input.eventsPerPerson ?? 5 + rng.int(11)
  const planner = new PersonPlanner(rng, anchor, total, eventTotal)
  yield { kind: 'pages', oses: planner.pageOses }

  let k = 0
  let batch = batches(Math.min(PERSON_BATCH, total), spare)
  for (const { projectId, count } of input.persons) {
    const projectRef = planner.projects.ref(projectId)
    const createdAts = new Float64Array(count)
    for (let i = 0; i < count; i++) createdAts[i] = anchor - 1 * DAY - rng.int(364 * DAY)
    createdAts.sort()
    for (let p = 0; p < count; p++, k++) {
      planner.person(batch, batch.count++, projectRef, projectId, createdAts[p]!, eventCounts[k]!)
      if (batch.count === PERSON_BATCH) {
        yield batch
        batch = batches(Math.min(PERSON_BATCH, total - k - 1), spare)
      }
    }
  }
  if (batch.count > 0) yield batch
  yield { kind: 'events', rows: planner.writer.finish(planner.sizes()), sizes: planner.sizes() }
  yield { kind: 'recordings', ...recordings.finish() }
  yield { kind: 'end', rngState: rng.state }
}

/** project -> the run of persons (positions in the order made) that is its persons: they are made project by project. */
function runsOf(persons: PlanInput['persons']): Map<number, { first: number; owners: number }> {
  const runs = new Map<number, { first: number; owners: number }>()
  let k = 0
  for (const { projectId, count } of persons) {
    const run = runs.get(projectId)
    if (run && run.first + run.owners === k) run.owners += count
    else if (!run && count > 0) runs.set(projectId, { first: k, owners: count })
    k += count
  }
  return runs
}

/** A generator run a step at a time, then to its end for what it returns. */
class Steps<T> {
  #result: { value: T } | undefined

  constructor(readonly steps: Generator<void, T, void>) {}

  /** Runs one step; answers whether there are more. */
  step(): boolean {
    if (this.#result) return false
    const next = this.steps.next()
    if (next.done) this.#result = { value: next.value }
    return !this.#result
  }

  finish(): T {
    while (this.step());
    return this.#result!.value
  }
}

/** Bytes a PersonBatch of `size` persons takes (its arrays one after the other, in `personBatch`'s order). */
export const batchBytes = (size: number): number => 68 * size

/** A PersonBatch for `size` persons: new arrays, or views of `buffer` from `offset` (batchBytes(size) bytes). */
export function personBatch(size: number, buffer?: ArrayBufferLike, offset = 0): PersonBatch {
  const memory = buffer ?? new ArrayBuffer(batchBytes(size))
  return {
    kind: 'persons',
    count: 0,
    times: new Float64Array(memory, offset, 2 * size),
    words: new Uint32Array(memory, offset + 16 * size, 8 * size),
    hashes: new Int32Array(memory, offset + 48 * size, 2 * size),
    pools: new Uint16Array(memory, offset + 56 * size, 2 * size),
    attrs: new Uint8Array(memory, offset + 60 * size, 8 * size),
  }
}

/**
 * A person's draws and its events' (small methods: as one function of a few hundred lines, V8 ran the
 * loops unoptimized for the half second its optimizing compile of the whole took).
 */
class PersonPlanner {
  readonly writer: EventRowsWriter
  readonly projects = new Interner<number>()
  readonly names = new Interner<string>()
  readonly nameRefs: number[]
  readonly identifyRef: number
  readonly upgradedRef: number
  readonly pageOses: Uint8Array
  /** Persons and distinct ids so far (each a value of its own in the builder's tables). */
  persons = 0
  distinctIds = 0
  /** Properties objects so far: the page events', the plan changes', then each person's. */
  properties = FIRST_PERSON_PROPERTIES
  /** An anonymous person's properties are one object per combination (browser, os, country, referrer): its ref, or -1 before its first person. */
  readonly anonymousRefs = new Int32Array(COMBINATIONS).fill(-1)
  /** Event times of one person, sorted as drawn (reused: a view and a sort call per person were garbage and time). */
  times = new Float64Array(16)

  constructor(
    readonly rng: SeededRandom,
    readonly anchor: number,
    total: number,
    eventTotal: number,
  ) {
    // (At most two distinct ids and two properties objects a person; an $identify's ref is past them, SET_OF added.)
    this.writer = new EventRowsWriter(eventTotal, [
      0x100,
      0x100,
      2 * total,
      total,
      SET_OF + FIRST_PERSON_PROPERTIES + 2 * total,
    ])
    this.nameRefs = EVENT_NAMES.map((name) => this.names.ref(name))
    this.identifyRef = this.names.ref('$identify')
    this.upgradedRef = this.names.ref('plan upgraded')
    this.pageOses = new Uint8Array(PAGE_PROPERTIES)
    for (let i = 0; i < PAGE_PROPERTIES; i++) this.pageOses[i] = rng.int(OSES.length)
  }

  sizes(): [number, number, number, number, number] {
    return [this.projects.values.length, this.names.values.length, this.distinctIds, this.persons, this.properties]
  }

  /** Person `b` of the batch (see PersonBatch), and its events. */
  person(
    batch: PersonBatch,
    b: number,
    projectRef: number,
    projectId: number,
    createdAt: number,
    eventCount: number,
  ): void {
    const rng = this.rng
    const anonymous = rng.next() < 0.15
    const words = batch.words
    const w = 8 * b
    for (let i = w; i < w + 8; i++) words[i] = word(rng)
    batch.hashes[2 * b] = uuidHashFromWords(words[w]!, words[w + 1]!, words[w + 2]!, words[w + 3]!)
    batch.hashes[2 * b + 1] = uuidHashFromWords(words[w + 4]!, words[w + 5]!, words[w + 6]!, words[w + 7]!, projectId)
    const attrs = batch.attrs
    const a = 8 * b
    attrs[a + 1] = rng.int(BROWSERS.length)
    attrs[a + 2] = rng.int(OSES.length)
    attrs[a + 3] = rng.int(COUNTRIES.length)
    attrs[a + 4] = rng.int(REFERRERS.length)
    const initialPlan = (attrs[a + 5] = rng.int(2))
    let bits = 0
    let finalPlan = initialPlan
    if (anonymous) {
      bits = ANONYMOUS
      batch.pools[2 * b] = 0
      batch.pools[2 * b + 1] = 0
      attrs[a + 7] = 0
    } else {
      batch.pools[2 * b] = rng.int(NAME_POOL)
      attrs[a + 7] = rng.int(PROVIDERS.length)
      batch.pools[2 * b + 1] = rng.int(COMPANY_POOL)
      if (rng.next() < 0.4) {
        bits |= UPGRADES
        finalPlan = 2 + rng.int(2)
      }
      if (rng.next() < 0.5) bits |= EMAIL_ID
    }
    attrs[a] = bits
    attrs[a + 6] = finalPlan
    const at = this.eventTimes(createdAt, eventCount)
    batch.times[2 * b] = createdAt
    batch.times[2 * b + 1] = eventCount ? at[eventCount - 1]! : NaN
    // The refs the builder's tables give these values, made in the order it makes them.
    const personRef = this.persons++
    const firstIdRef = this.distinctIds++
    const secondIdRef = anonymous ? -1 : this.distinctIds++
    let beforeRef: number
    if (anonymous) {
      const combination = combinationAt(attrs, a)
      beforeRef = this.anonymousRefs[combination]!
      if (beforeRef < 0) beforeRef = this.anonymousRefs[combination] = this.properties++
    } else beforeRef = this.properties++
    const upgrades = finalPlan !== initialPlan
    const afterRef = upgrades ? this.properties++ : beforeRef
    // (An $identify's `$set` is the person's first properties: that object, read as `{ $set: ... }`.)
    const identifyRef = anonymous ? -1 : SET_OF + beforeRef
    const switchAt = upgrades ? Math.max(1, Math.floor(eventCount * 0.6)) : eventCount
    const upgradeRef = upgrades ? PAGE_PROPERTIES + finalPlan : -1
    this.events(
      at,
      eventCount,
      projectRef,
      personRef,
      firstIdRef,
      secondIdRef,
      identifyRef,
      switchAt,
      upgradeRef,
      beforeRef,
      afterRef,
    )
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
  events(
    at: Float64Array,
    count: number,
    projectRef: number,
    personRef: number,
    firstIdRef: number,
    secondIdRef: number,
    identifyRef: number,
    switchAt: number,
    upgradeRef: number,
    beforeRef: number,
    afterRef: number,
  ): void {
    const rng = this.rng
    const writer = this.writer
    const nameRefs = this.nameRefs
    for (let i = 0; i < count; i++) {
      let name = nameRefs[rng.int(nameRefs.length)]!
      let properties = rng.int(PAGE_PROPERTIES)
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
}

/**
 * The recordings, made in the order the recording table lists them (start times drawn first, newest
 * first), each with an owner drawn from its project's persons.
 */
function* planRecordings(
  rng: SeededRandom,
  anchor: number,
  counts: PlanInput['recordings'],
  runs: ReadonlyMap<number, { first: number; owners: number }>,
): Generator<void, Omit<Extract<PlanMessage, { kind: 'recordings' }>, 'kind'>, void> {
  const columns = new RecordingColumns(counts.reduce((n, r) => n + r.count, 0))
  const owners = new Uint32Array(columnMemory(4 * columns.capacity))
  const hashes = new Int32Array(columnMemory(4 * columns.capacity))
  // One values object filled again for each recording (a new object per recording was garbage).
  const idWords: [number, number, number, number] = [0, 0, 0, 0]
  const v: { -readonly [K in keyof RecordingValues]: RecordingValues[K] } = {
    projectId: 0,
    idWords,
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
  /** Writes a recording's values, its owner's ref and its id's hash at the columns' end. */
  const append = (values: RecordingValues, ownerRef: number): void => {
    const at = columns.append(values)
    const w = values.idWords
    owners[at] = ownerRef
    hashes[at] = uuidHashFromWords(w[0], w[1], w[2], w[3], values.projectId)
  }
  /** Where the next step ends (a step: STEP recordings' draws, ~10 ms). */
  let stepEnd = STEP
  // The viewer lists as their positions (the builder has the lists): none, the first viewer, the first two.
  const viewerLists = [0, 1, 2] as unknown as Array<readonly string[]>
  for (const { projectId, count } of counts) {
    const run = runs.get(projectId)
    if (!run) continue
    const { first, owners: persons } = run
    // Start times first, so the records are made in the table's order (newest first): the table's
    // sort of 1.75 million recordings is then one pass. (16 bits: at most 1,204 and 599 seconds.)
    const active = new Uint16Array(count)
    const inactive = new Uint16Array(count)
    const starts = new Float64Array(count)
    for (let i = 0; i < count; i++) {
      active[i] = 5 + rng.int(1200)
      inactive[i] = rng.int(600)
      // A few recordings end just before the anchor, so they are ongoing when the clock is there.
      const end = i < 3 ? anchor - 30_000 * (i + 1) : anchor - 5 * 60_000 - rng.int(30 * DAY)
      starts[i] = end - (active[i]! + inactive[i]!) * 1000
      if (i % STEP === STEP - 1) yield
    }
    // Newest first, equal start times in the draws' order; the durations put in that order too, in a loop
    // doing nothing else (read in the loop below, each was a cache miss between a recording's draws).
    const drawn = sortNumbersDescending(starts)
    const sortedActive = new Uint16Array(count)
    const sortedInactive = new Uint16Array(count)
    for (let j = 0; j < count; j++) {
      const i = drawn[j]!
      sortedActive[j] = active[i]!
      sortedInactive[j] = inactive[i]!
    }
    v.projectId = projectId
    for (let j = 0; j < count;) {
      const start = starts[j]!
      let end = j + 1
      while (end < count && starts[end] === start) end++
      // Recordings starting at the same instant are written in id order, as the table orders them (a few
      // hundred short runs at a million persons): drawn first, kept, then sorted.
      const run: Array<{ owner: number; values: RecordingValues; id: string }> | undefined =
        end > j + 1 ? [] : undefined
      for (; j < end; j++) {
        const owner = (first + rng.int(persons)) * 2
        idWords[0] = word(rng)
        idWords[1] = word(rng)
        idWords[2] = word(rng)
        idWords[3] = word(rng)
        const ownerRef = owner + (rng.next() < 0.5 ? 0 : 1)
        const activeSeconds = sortedActive[j]!
        v.startTime = start
        v.activeSeconds = activeSeconds
        v.inactiveSeconds = sortedInactive[j]!
        v.clickCount = rng.int(Math.ceil(activeSeconds / 4))
        v.keypressCount = rng.int(Math.ceil(activeSeconds / 2))
        v.mouseActivityCount = rng.int(activeSeconds * 3)
        v.consoleLogCount = rng.int(40)
        v.consoleWarnCount = rng.int(8)
        v.consoleErrorCount = rng.int(5)
        v.startUrl = START_URLS[PATHS[rng.int(PATHS.length)]!] ?? ORIGIN
        v.viewers = rng.next() < 0.3 ? viewerLists[1 + rng.int(2)]! : viewerLists[0]!
        v.snapshotSource = rng.next() < 0.9 ? 'web' : 'mobile'
        v.activityScore = Math.round(rng.next() * 10000) / 100
        if (run)
          run.push({
            owner: ownerRef,
            values: { ...v, idWords: [idWords[0], idWords[1], idWords[2], idWords[3]] },
            id: uuidFromWords(...idWords),
          })
        else append(v, ownerRef)
      }
      if (run) for (const r of run.sort((x, y) => (x.id < y.id ? -1 : 1))) append(r.values, r.owner)
      if (columns.length >= stepEnd) {
        stepEnd = columns.length + STEP
        yield
      }
    }
  }
  return { parts: columns.parts(), owners, hashes }
}
