// Persons: a Table (table.ts) by id, found by uuid, distinct id and email, each project's kept in list
// order (newest first), with the search index (person-search.ts) made at the first search.
import type { PersonRecord } from './models.ts'
import { indexable, PersonSearchIndex, type PersonSearchIndexBuild } from './person-search.ts'
import { Table, type TableSpec } from './table.ts'
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
 * Up to this many persons the search index is made within the first search, a short wait. A bigger
 * table makes it in slices between requests, so no request waits for it.
 */
export const SEARCH_INDEX_AT_ONCE = 10_000

/**
 * `setTimeout` as it was when this module loaded: fake timers a test installs afterwards would otherwise
 * hold a big table's search index back for ever. The mock owns its time (see core/clock.ts).
 */
const realSetTimeout = globalThis.setTimeout

/** Runs `task` on a later turn, without keeping a Node process alive for it. */
function later(task: () => void): void {
  const timer: unknown = realSetTimeout.call(globalThis, task, 0)
  ;(timer as { unref?: () => void }).unref?.()
}

/** What persons are found by and kept in order of. */
export const PERSONS: TableSpec<PersonRecord> = {
  id: (p) => p.id,
  indexes: {
    uuid: { keys: (p) => p.uuid, unique: true },
    // One entry a distinct id: the last person given it (as a Map's set).
    distinctId: { keys: (p) => p.distinct_ids, scope: (p) => p.project_id, unique: true },
    email: { keys: (p) => p.properties.email, scope: (p) => p.project_id },
  },
  groups: { project: { of: (p) => p.project_id, order: newestFirst, rank: (p) => p.created_at } },
}

export class PersonTable extends Table<PersonRecord> {
  /** The search index, made at the first search (most runs never search) and kept from then on. */
  #search: PersonSearchIndex | undefined
  #searchBuild: PersonSearchIndexBuild | undefined

  constructor(records: readonly PersonRecord[] = []) {
    super(PERSONS, records)
  }

  /** The highest id the table has held (0 when none). */
  get highestId(): number {
    return this.highestRow
  }

  getByUuid(uuid: string): PersonRecord | undefined {
    return this.lookup('uuid', uuid)
  }

  getByDistinctId(projectId: number, distinctId: string): PersonRecord | undefined {
    return this.lookup('distinctId', distinctId, projectId)
  }

  findByEmail(projectId: number, email: string): PersonRecord[] {
    return this.lookupAll('email', email, projectId).sort(newestFirst)
  }

  /** The project's persons, newest first. Do not mutate. */
  list(projectId: number): readonly PersonRecord[] {
    return this.group('project', projectId)
  }

  /** Whether the search index is made (searchMatches answers through it). */
  get searchIndexed(): boolean {
    return this.#search !== undefined
  }

  /**
   * The project's persons whose search text holds `term` (lower-cased), newest first, found through the
   * search index: the persons its trigrams name that `holds` (the caller's check of a person's fields).
   * 'scan' while a big table's index is being made: the caller checks each person itself. Undefined
   * when the index cannot answer (see `indexable`).
   */
  searchMatches(
    projectId: number,
    term: string,
    holds: (person: PersonRecord, id: number) => boolean,
  ): PersonRecord[] | 'scan' | undefined {
    if (!indexable(term)) return undefined
    if (!this.#search) {
      // (A build under way goes on even if the table has shrunk since.)
      if (this.size > SEARCH_INDEX_AT_ONCE || this.#searchBuild) {
        this.#buildSearchIndex()
        return 'scan'
      }
      this.#search = PersonSearchIndex.of(this.values())
    }
    const ids = this.#search.matches(term, (id) => {
      const person = this.get(id)
      return person !== undefined && holds(person, id)
    })
    const list = this.list(projectId)
    // A broad term (a fair share of the list): the list walked in its order, not the matches sorted.
    if (ids.length > 256 && ids.length > list.length / 8) {
      const matched = new Uint8Array(this.highestRow + 1)
      for (const id of ids) matched[id] = 1
      return list.filter((person) => matched[person.id] === 1)
    }
    return ids
      .map((id) => this.get(id)!)
      .filter((person) => person.project_id === projectId)
      .sort(newestFirst)
  }

  /**
   * Starts making the search index (once), a slice of SLICE_MS at a time on timers' turns, so other
   * requests are answered between them; changes meanwhile are noted and applied at its end. A table
   * dropped meanwhile (a reset makes new ones) stops it: the timer holds the table only weakly.
   */
  #buildSearchIndex(): void {
    if (this.#searchBuild) return
    const build = (this.#searchBuild = PersonSearchIndex.building(this.highestRow + 1))
    const table = new WeakRef(this)
    const slice = (): void => {
      const self = table.deref()
      if (!self || self.#searchBuild !== build) return
      const index = build.step(performance.now() + SLICE_MS, (id) => self.get(id))
      if (!index) return void later(slice)
      self.#search = index
      self.#searchBuild = undefined
    }
    later(slice)
  }

  protected override onChange(prev: PersonRecord | undefined, next: PersonRecord | undefined): void {
    this.#searchBuild?.touched((prev ?? next)!.id)
    if (prev && next) this.#search?.changed(prev, next)
    else if (next) this.#search?.add(next)
  }
}
