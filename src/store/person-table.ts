// Persons, indexed so exact lookups (id, uuid, distinct_id, email) never scan the table, and each
// project's persons kept in list order (newest first) so a page is a slice.
import type { PersonRecord } from './models.ts'
import { indexable, PersonSearchIndex } from './person-search.ts'
import { indexOfSorted, insertSorted } from './sorted-list.ts'

const newestFirst = (a: PersonRecord, b: PersonRecord) => b.created_at - a.created_at || b.id - a.id

export class PersonTable {
  // Person ids are small consecutive integers (a counter), so by id is an array: 8 bytes a person
  // instead of a map entry's ~45 (~4 MB at 120,000 persons). Deleted ids leave holes.
  #byId: Array<PersonRecord | undefined> = []
  #size = 0
  #byUuid = new Map<string, PersonRecord>()
  // Keyed project first, so no composite key string is built per lookup or per indexed value, and an
  // email held by one person (nearly all) costs a map entry, not a Set (store indexes 86 -> 58 MB of heap at
  // 100,000 persons with 10 events each, events included).
  /** project_id -> distinct_id -> person */
  #byDistinctId = new Map<number, Map<string, PersonRecord>>()
  /** project_id -> email property -> the person, or the persons (several share it) */
  #byEmail = new Map<number, Map<string, PersonRecord | PersonRecord[]>>()
  /** project_id -> persons, newest first */
  #ordered = new Map<number, PersonRecord[]>()
  /** The search index, made at the first search (most runs never search) and kept from then on. */
  #search: PersonSearchIndex | undefined

  constructor(records: Iterable<PersonRecord> = []) {
    for (const person of records) this.#index(person)
    for (const list of this.#ordered.values()) list.sort(newestFirst)
  }

  get size(): number {
    return this.#size
  }

  get(id: number): PersonRecord | undefined {
    return Number.isSafeInteger(id) && id >= 0 ? this.#byId[id] : undefined
  }

  getByUuid(uuid: string): PersonRecord | undefined {
    return this.#byUuid.get(uuid)
  }

  getByDistinctId(projectId: number, distinctId: string): PersonRecord | undefined {
    return this.#byDistinctId.get(projectId)?.get(distinctId)
  }

  findByEmail(projectId: number, email: string): PersonRecord[] {
    const found = this.#byEmail.get(projectId)?.get(email)
    if (!found) return []
    return Array.isArray(found) ? [...found].sort(newestFirst) : [found]
  }

  /** The project's persons, newest first. Do not mutate. */
  list(projectId: number): readonly PersonRecord[] {
    return this.#ordered.get(projectId) ?? []
  }

  /**
   * The project's persons whose search text holds `term` (lower-cased), newest first, found through the
   * search index. Undefined when the index cannot answer (a short or hex-only term, or one with the
   * separator: see `indexable`).
   */
  searchMatches(projectId: number, term: string): PersonRecord[] | undefined {
    if (!indexable(term)) return undefined
    this.#search ??= new PersonSearchIndex(this.all())
    const ids = this.#search.matches(term)
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

  /** Every person, by id. */
  *all(): IterableIterator<PersonRecord> {
    for (const person of this.#byId) if (person) yield person
  }

  insert(person: PersonRecord): void {
    this.#index(person)
    this.#search?.add(person)
    const list = this.#ordered.get(person.project_id)!
    // #index appended it; move it to its place.
    list.pop()
    insertSorted(list, person, newestFirst)
  }

  replace(next: PersonRecord): void {
    const prev = this.get(next.id)
    if (!prev) throw new Error(`no person ${next.id}`)
    // Most changes (a PATCH of properties) keep the keys the lookups use: their entries stay, pointed at the new record.
    if (prev.project_id === next.project_id && sameDistinctIds(prev, next) && prev.properties.email === next.properties.email) this.#repointKeys(prev, next)
    else {
      this.#unindexKeys(prev)
      this.#indexKeys(next)
    }
    this.#search?.changed(prev, next)
    this.#byId[next.id] = next
    this.#byUuid.set(next.uuid, next)
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
    this.#unindexKeys(current)
    this.#byId[current.id] = undefined
    this.#search?.removed(current.id)
    this.#size--
    this.#byUuid.delete(current.uuid)
    const list = this.#ordered.get(current.project_id)!
    const at = indexOfSorted(list, current, newestFirst)
    if (at >= 0) list.splice(at, 1)
  }

  #index(person: PersonRecord): void {
    if (!Number.isSafeInteger(person.id) || person.id < 0) throw new Error(`person id ${person.id} is not a non-negative integer`)
    if (this.#byId[person.id]) throw new Error(`person ${person.id} is already in the table`)
    this.#byId[person.id] = person
    this.#size++
    this.#byUuid.set(person.uuid, person)
    this.#indexKeys(person)
    let list = this.#ordered.get(person.project_id)
    if (!list) this.#ordered.set(person.project_id, (list = []))
    list.push(person)
  }

  #indexKeys(person: PersonRecord): void {
    let ids = this.#byDistinctId.get(person.project_id)
    if (!ids) this.#byDistinctId.set(person.project_id, (ids = new Map()))
    for (const distinctId of person.distinct_ids) ids.set(distinctId, person)
    const email = person.properties.email
    if (typeof email === 'string') {
      let emails = this.#byEmail.get(person.project_id)
      if (!emails) this.#byEmail.set(person.project_id, (emails = new Map()))
      const held = emails.get(email)
      if (held === undefined) emails.set(email, person)
      else if (Array.isArray(held)) held.push(person)
      else emails.set(email, [held, person])
    }
  }

  /** The lookups' entries of `prev` (same project, distinct ids and email as `next`) now name `next`. */
  #repointKeys(prev: PersonRecord, next: PersonRecord): void {
    const ids = this.#byDistinctId.get(next.project_id)!
    for (const distinctId of next.distinct_ids) ids.set(distinctId, next)
    const email = next.properties.email
    if (typeof email !== 'string') return
    const emails = this.#byEmail.get(next.project_id)!
    const held = emails.get(email)
    const at = Array.isArray(held) ? held.indexOf(prev) : -1
    if (held === prev) emails.set(email, next)
    else if (at >= 0) (held as PersonRecord[])[at] = next
    else if (held === undefined) emails.set(email, next)
    else emails.set(email, Array.isArray(held) ? [...held, next] : [held, next])
  }

  #unindexKeys(person: PersonRecord): void {
    const ids = this.#byDistinctId.get(person.project_id)
    for (const distinctId of person.distinct_ids) {
      if (ids?.get(distinctId) === person) ids.delete(distinctId)
    }
    const email = person.properties.email
    if (typeof email === 'string') {
      const emails = this.#byEmail.get(person.project_id)
      const held = emails?.get(email)
      if (held === person) emails!.delete(email)
      else if (Array.isArray(held)) {
        const rest = held.filter((p) => p !== person)
        if (rest.length === 1) emails!.set(email, rest[0]!)
        else emails!.set(email, rest)
      }
    }
  }
}

function sameDistinctIds(a: PersonRecord, b: PersonRecord): boolean {
  if (a.distinct_ids === b.distinct_ids) return true
  if (a.distinct_ids.length !== b.distinct_ids.length) return false
  for (let i = 0; i < a.distinct_ids.length; i++) if (a.distinct_ids[i] !== b.distinct_ids[i]) return false
  return true
}
