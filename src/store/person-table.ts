// Persons, indexed so exact lookups (id, uuid, distinct_id, email) never scan the table, and each
// project's persons kept in list order (newest first) so a page is a slice.
import { HashEntries, hashKey, HashIndex } from './hash-index.ts'
import type { PersonRecord } from './models.ts'
import { indexable, PersonSearchIndex, type PersonSearchIndexBuild } from './person-search.ts'
import { indexOfSorted, insertSorted } from './sorted-list.ts'
import { ProjectListsFilling, type ProjectCount } from './project-lists.ts'
import { nextStamp } from './stamp.ts'
import { SLICE_MS } from '../core/slices.ts'

// The real list orders by created_at, then by the person's uuid, both descending (posthog/api/test/
// test_person.py::TestPerson::test_pagination_no_gaps_or_duplicates_when_created_at_is_tied: the
// actors query's `id`, the uuid), as ClickHouse sorts a UUID: by its second half, then its first.
// The integer id last only makes the order total.
const newestFirst = (a: PersonRecord, b: PersonRecord) =>
  b.created_at - a.created_at || uuidOrder(b.uuid, a.uuid) || b.id - a.id

/** ClickHouse's order of two UUIDs (its second half first, "for historical reasons"; its UUID type docs). */
function uuidOrder(a: string, b: string): number {
  if (a === b) return 0
  const x = a.slice(19).toLowerCase()
  const y = b.slice(19).toLowerCase()
  if (x !== y) return x < y ? -1 : 1
  return a.slice(0, 18).toLowerCase() < b.slice(0, 18).toLowerCase() ? -1 : 1
}

/**
 * Up to this many persons the search index is made within the first search (~6 µs a person: ~60 ms). A
 * bigger table makes it in slices between requests: made at once it held every other request up ~0.7 s
 * at 100,000 persons and ~6 s at a million.
 */
export const SEARCH_INDEX_AT_ONCE = 10_000

/**
 * `setTimeout` as it was when this module loaded: fake timers a test installs afterwards (vitest's or
 * jest's, which msw's own docs warn about) would otherwise hold a big table's search index back for
 * ever, every search a scan. The mock owns its time (see clock.ts, core/slices.ts).
 */
const realSetTimeout = globalThis.setTimeout

/** Runs `task` on a later turn, without keeping a Node process alive for it. */
function later(task: () => void): void {
  const timer: unknown = realSetTimeout.call(globalThis, task, 0)
  ;(timer as { unref?: () => void }).unref?.()
}

/** A PersonTable being filled one person at a time (`PersonTable.filling`). */
export interface PersonTableFilling {
  /**
   * `uuidHash`, `lastIdHash`, when the caller has them: hashKey(person.uuid) and hashKey(<its last distinct
   * id>, project_id) (a generator can make a uuid's without its text: recording-columns.ts uuidHashFromWords).
   */
  add(person: PersonRecord, uuidHash?: number, lastIdHash?: number): void
  done(): PersonTable
}

export class PersonTable {
  // Person ids are small consecutive integers (a counter), so by id is an array: 8 bytes a person
  // instead of a map entry's ~45 (~4 MB at 120,000 persons). Deleted ids leave holes.
  #byId: Array<PersonRecord | undefined> = []
  #size = 0
  // The exact lookups hold person ids (hash-index.ts: ~12 bytes an entry outside the heap, where maps
  // held ~180 MB of heap at a million persons). An entry names a person by id, and the record under that
  // id is what says which keys it has, so a change that keeps a person's keys (every PATCH of its
  // properties) touches none of them.
  /** uuid -> id */
  #byUuid: HashIndex
  /** (project_id, distinct_id) -> id: one entry a key, the last person given it (as a Map's set). */
  #byDistinctId: HashIndex
  /** (project_id, email property) -> ids: an entry per person holding it. */
  #byEmail: HashIndex
  /** project_id -> persons, newest first */
  #ordered = new Map<number, PersonRecord[]>()
  /** The search index, made at the first search (most runs never search) and kept from then on. */
  #search: PersonSearchIndex | undefined
  /** The search index being made, a slice at a time, for a table too big to index within one request (see searchMatches). */
  #searchBuild: PersonSearchIndexBuild | undefined

  constructor(records: Iterable<PersonRecord> = []) {
    let persons = 0
    let distinctIds = 0
    if (Array.isArray(records)) {
      persons = records.length
      for (let i = 0; i < records.length; i++) distinctIds += (records[i] as PersonRecord).distinct_ids.length
    }
    this.#byUuid = new HashIndex(persons)
    this.#byDistinctId = new HashIndex(distinctIds)
    this.#byEmail = new HashIndex(persons)
    for (const person of records) this.#index(person)
    this.#sortLists()
  }

  /**
   * An empty table for `persons` persons with at most `distinctIds` distinct ids between them (more only
   * cost a copy), filled by `add` as a generator makes them, in the order the constructor would have been
   * given them; `done` answers the table, the same table the constructor would have made. Each person's
   * keys are hashed as it is added, while its strings are still in the cache (at a million persons, the
   * constructor's pass over them after making them all was ~15% of the start-up, most of it reading and
   * hashing strings gone cold); the lookups' entries are made by `done`, all of an index at once, in the
   * order of their slots (HashIndex.addAll: made person by person, each was a cache miss).
   */
  static filling(persons: number, distinctIds: number, projects: readonly ProjectCount[] = []): PersonTableFilling {
    const table = new PersonTable()
    table.#byId = new Array(persons + 1)
    table.#byUuid = new HashIndex(persons)
    table.#byDistinctId = new HashIndex(distinctIds)
    table.#byEmail = new HashIndex(persons)
    let highestId = 0
    const lists = new ProjectListsFilling(table.#ordered, projects)
    const uuids = new HashEntries(persons)
    const ids = new HashEntries(distinctIds)
    const emails = new HashEntries(persons)
    return {
      add: (person, uuidHash, lastIdHash) => {
        table.#place(person, false)
        lists.add(person)
        highestId = Math.max(highestId, person.id)
        const projectId = person.project_id
        const distinct = person.distinct_ids
        const email = person.properties.email
        uuids.push(uuidHash ?? hashKey(person.uuid), person.id)
        let emailHash: number | undefined
        for (let j = 0; j < distinct.length; j++) {
          const hash =
            lastIdHash !== undefined && j === distinct.length - 1 ? lastIdHash : hashKey(distinct[j]!, projectId)
          // (A distinct id that is the email: its hash is the email's.)
          if (distinct[j] === email) emailHash = hash
          ids.push(hash, person.id)
        }
        if (typeof email === 'string') emails.push(emailHash ?? hashKey(email, projectId), person.id)
      },
      done: () => {
        table.#byUuid.addAll(
          uuids.hashes,
          uuids.values,
          uuids.length,
          (held, id) => table.#byId[held]!.uuid === table.#byId[id]!.uuid,
        )
        table.#byDistinctId.addAll(ids.hashes, ids.values, ids.length, (held, id, hash) => {
          // The entry is for the person's distinct id with this hash (of two with one hash, either).
          const person = table.#byId[id]!
          return person.distinct_ids.some(
            (d) => hashKey(d, person.project_id) === hash && table.#holdsDistinctId(held, person.project_id, d),
          )
        })
        table.#byEmail.addAll(emails.hashes, emails.values, emails.length)
        table.#byId.length = highestId + 1
        lists.done()
        table.#sortLists()
        return table
      },
    }
  }

  #sortLists(): void {
    for (const list of this.#ordered.values()) list.sort(newestFirst)
  }

  get size(): number {
    return this.#size
  }

  #stamp = nextStamp()

  /** Changes whenever a person is added, replaced or removed (see stamp.ts): what a lookup found can be kept until then. */
  get stamp(): number {
    return this.#stamp
  }

  /** The highest id the table has held (0 when none): ids are array positions, so no pass over the persons. */
  get highestId(): number {
    return Math.max(0, this.#byId.length - 1)
  }

  get(id: number): PersonRecord | undefined {
    return Number.isSafeInteger(id) && id >= 0 ? this.#byId[id] : undefined
  }

  getByUuid(uuid: string): PersonRecord | undefined {
    if (typeof uuid !== 'string') return undefined
    const id = this.#byUuid.find(hashKey(uuid), (id) => this.#byId[id]!.uuid === uuid)
    return id < 0 ? undefined : this.#byId[id]
  }

  getByDistinctId(projectId: number, distinctId: string): PersonRecord | undefined {
    if (typeof distinctId !== 'string') return undefined
    const id = this.#byDistinctId.find(hashKey(distinctId, projectId), (id) =>
      this.#holdsDistinctId(id, projectId, distinctId),
    )
    return id < 0 ? undefined : this.#byId[id]
  }

  findByEmail(projectId: number, email: string): PersonRecord[] {
    if (typeof email !== 'string') return []
    const ids = this.#byEmail.findAll(hashKey(email, projectId), (id) => this.#holdsEmail(id, projectId, email), [])
    const found = ids.map((id) => this.#byId[id]!)
    return found.length > 1 ? found.sort(newestFirst) : found
  }

  /** The project's persons, newest first. Do not mutate. */
  list(projectId: number): readonly PersonRecord[] {
    return this.#ordered.get(projectId) ?? []
  }

  /** Whether the search index is made (searchMatches answers through it). */
  get searchIndexed(): boolean {
    return this.#search !== undefined
  }

  /**
   * The project's persons whose search text holds `term` (lower-cased), newest first, found through the
   * search index: the persons its trigrams name that `holds` (the caller's check of a person's search
   * text, given the person's id too: read from the record, it is one more cache miss a candidate).
   * 'scan' while a big table's index is being made: the caller checks each person itself. Undefined
   * when the index cannot answer (a short or hex-only term, or one with the separator: see `indexable`).
   */
  searchMatches(
    projectId: number,
    term: string,
    holds: (person: PersonRecord, id: number) => boolean,
  ): PersonRecord[] | 'scan' | undefined {
    if (!indexable(term)) return undefined
    if (!this.#search) {
      // (A build under way goes on even if the table has shrunk since: not made a second time.)
      if (this.#size <= SEARCH_INDEX_AT_ONCE && !this.#searchBuild) this.#search = PersonSearchIndex.of(this.all())
      else {
        // Made in slices between requests.
        this.#buildSearchIndex()
        return 'scan'
      }
    }
    const byId = this.#byId
    const ids = this.#search.matches(term, (id) => {
      const person = byId[id]
      return person !== undefined && holds(person, id)
    })
    const list = this.list(projectId)
    // A broad term (a fair share of the list): the list walked in its order, not the matches sorted.
    if (ids.length > 256 && ids.length > list.length / 8) {
      const matched = new Uint8Array(this.#byId.length)
      for (let i = 0; i < ids.length; i++) matched[ids[i]!] = 1
      return list.filter((person) => matched[person.id] === 1)
    }
    const found: PersonRecord[] = []
    for (let i = 0; i < ids.length; i++) {
      const person = this.#byId[ids[i]!]
      if (person !== undefined && person.project_id === projectId) found.push(person)
    }
    return found.sort(newestFirst)
  }

  /**
   * Starts making the search index (once) a slice of SLICE_MS at a time (a timer's turn each, so other
   * requests are answered between them); changes meanwhile are noted and applied at its end. A table
   * dropped meanwhile (a reset makes new ones) stops it: the timer holds the table only weakly.
   */
  #buildSearchIndex(): PersonSearchIndexBuild {
    if (this.#searchBuild) return this.#searchBuild
    const build = (this.#searchBuild = PersonSearchIndex.building(this.#byId.length))
    const table = new WeakRef(this)
    const slice = (): void => {
      const self = table.deref()
      if (!self || self.#searchBuild !== build) return
      const byId = self.#byId
      const index = build.step(performance.now() + SLICE_MS, (id) => byId[id])
      if (!index) return void later(slice)
      self.#search = index
      self.#searchBuild = undefined
    }
    later(slice)
    return build
  }

  /** Every person, by id. */
  *all(): IterableIterator<PersonRecord> {
    for (const person of this.#byId) if (person) yield person
  }

  insert(person: PersonRecord): void {
    this.#stamp = nextStamp()
    this.#index(person)
    this.#search?.add(person)
    this.#searchBuild?.touched(person.id)
    const list = this.#ordered.get(person.project_id)!
    // #index appended it; move it to its place.
    list.pop()
    insertSorted(list, person, newestFirst)
  }

  replace(next: PersonRecord): void {
    const prev = this.get(next.id)
    if (!prev) throw new Error(`no person ${next.id}`)
    this.#stamp = nextStamp()
    // Most changes (a PATCH of properties) keep the keys the lookups use: their entries (ids) stay as they are.
    const sameKeys =
      prev.project_id === next.project_id &&
      sameDistinctIds(prev, next) &&
      prev.properties.email === next.properties.email
    // Entries are taken out while the record under the id is still the one they were made from.
    if (!sameKeys) this.#unindexKeys(prev)
    if (prev.uuid !== next.uuid) this.#byUuid.delete(hashKey(prev.uuid), prev.id)
    this.#search?.changed(prev, next)
    this.#searchBuild?.touched(next.id)
    this.#byId[next.id] = next
    if (prev.uuid !== next.uuid) this.#setUuid(next, hashKey(next.uuid))
    if (!sameKeys) this.#indexKeys(next)
    const list = this.#ordered.get(prev.project_id)!
    const at = indexOfSorted(list, prev, newestFirst)
    // A change that keeps the person's place (every PATCH: created_at and id never change) takes it over.
    if (at >= 0 && newestFirst(prev, next) === 0) list[at] = next
    else {
      if (at >= 0) list.splice(at, 1)
      insertSorted(list, next, newestFirst)
    }
  }

  remove(person: PersonRecord): void {
    const current = this.get(person.id)
    if (!current) return
    this.#stamp = nextStamp()
    this.#unindexKeys(current)
    this.#byUuid.delete(hashKey(current.uuid), current.id)
    this.#byId[current.id] = undefined
    this.#searchBuild?.touched(current.id)
    this.#size--
    const list = this.#ordered.get(current.project_id)!
    const at = indexOfSorted(list, current, newestFirst)
    if (at >= 0) list.splice(at, 1)
  }

  #index(person: PersonRecord): void {
    this.#place(person)
    this.#setUuid(person, hashKey(person.uuid))
    this.#indexKeys(person)
  }

  /** The person under its id and (`listed`) at the end of its project's list, none of its keys indexed (#index). */
  #place(person: PersonRecord, listed = true): void {
    if (!Number.isSafeInteger(person.id) || person.id < 0)
      throw new Error(`person id ${person.id} is not a non-negative integer`)
    if (this.#byId[person.id]) throw new Error(`person ${person.id} is already in the table`)
    this.#byId[person.id] = person
    this.#size++
    if (!listed) return
    let list = this.#ordered.get(person.project_id)
    if (!list) this.#ordered.set(person.project_id, (list = []))
    list.push(person)
  }

  #holdsDistinctId(id: number, projectId: number, distinctId: string): boolean {
    const person = this.#byId[id]!
    return person.project_id === projectId && person.distinct_ids.includes(distinctId)
  }

  #holdsEmail(id: number, projectId: number, email: string): boolean {
    const person = this.#byId[id]!
    return person.project_id === projectId && person.properties.email === email
  }

  /** `hash`: hashKey(person.uuid). */
  #setUuid(person: PersonRecord, hash: number): void {
    const uuid = person.uuid
    this.#byUuid.set(hash, person.id, (id) => this.#byId[id]!.uuid === uuid)
  }

  /** Entries for the person's distinct ids and email (the record is already under its id). */
  #indexKeys(person: PersonRecord): void {
    const projectId = person.project_id
    const ids = person.distinct_ids
    for (let j = 0; j < ids.length; j++) {
      const distinctId = ids[j]!
      this.#byDistinctId.set(hashKey(distinctId, projectId), person.id, (id) =>
        this.#holdsDistinctId(id, projectId, distinctId),
      )
    }
    const email = person.properties.email
    if (typeof email === 'string') this.#byEmail.add(hashKey(email, projectId), person.id)
  }

  /** Takes out the person's entries (the record is still under its id): a distinct id's only where it names this person. */
  #unindexKeys(person: PersonRecord): void {
    const projectId = person.project_id
    for (const distinctId of person.distinct_ids) {
      const hash = hashKey(distinctId, projectId)
      if (this.#byDistinctId.find(hash, (id) => this.#holdsDistinctId(id, projectId, distinctId)) === person.id)
        this.#byDistinctId.delete(hash, person.id)
    }
    const email = person.properties.email
    if (typeof email === 'string') this.#byEmail.delete(hashKey(email, projectId), person.id)
  }
}

function sameDistinctIds(a: PersonRecord, b: PersonRecord): boolean {
  if (a.distinct_ids === b.distinct_ids) return true
  if (a.distinct_ids.length !== b.distinct_ids.length) return false
  for (let i = 0; i < a.distinct_ids.length; i++) if (a.distinct_ids[i] !== b.distinct_ids[i]) return false
  return true
}
