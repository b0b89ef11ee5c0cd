// The persons list query: distinct_id, email, search and property filters, ANDed, newest first.
// distinct_id and email go through the person table's indexes, so they never walk the project's persons;
// only search and property filters alone scan (as they would in the real service's ClickHouse query).
import type { PersonRecord } from '../store/models.ts'
import { newestFirst } from '../store/person-table.ts'
import type { Store } from '../store/store.ts'
import { SubstringIndex } from '../store/substring-index.ts'
import { compilePropertyFilters, type PropertyFilterInput } from './property-filters.ts'

export interface PersonQuery {
  /** Exact match on any of the person's distinct ids. */
  distinctId?: string
  /** Exact, case-sensitive match on the `email` property. */
  email?: string
  /** Case-insensitive substring of the email or name property, the uuid, or any distinct id. */
  search?: string
  /** Property filters, ANDed. */
  properties?: readonly PropertyFilterInput[]
}

// What `search` looks at, lower-cased once per (immutable) record and joined by a separator no search
// term contains (terms with it are matched field by field), so a scan is one `includes` per person.
// Cached per person table in two arrays indexed by person id (ids are small and dense), checked by
// record identity (a replaced record is recomputed). A WeakMap keyed by the frozen records measured
// several times slower at 100,000 persons, and a Map of {person, text} entries cost ~8 MB more there.
const SEPARATOR = '\u0001'
interface SearchCache {
  records: PersonRecord[]
  texts: string[]
  /** Trigrams of the texts: a search at 100,000 persons checks the few persons that can match. */
  index: SubstringIndex
}
const caches = new WeakMap<Store['persons'], SearchCache>()

function searchTextOf(person: PersonRecord): string {
  const fields = [person.uuid, ...person.distinct_ids]
  for (const key of ['email', 'name']) {
    const value = person.properties[key]
    // Once is enough: the email is often a distinct id too.
    if (value !== undefined && value !== null && !fields.includes(String(value))) fields.push(String(value))
  }
  return fields.join(SEPARATOR).toLowerCase()
}

function searchCache(store: Store): SearchCache {
  const persons = store.persons
  let cache = caches.get(persons)
  if (!cache) {
    const records: PersonRecord[] = []
    const texts: string[] = []
    const index: SubstringIndex = new SubstringIndex({
      *ids() {
        for (const person of persons.all()) yield person.id
      },
      textOf: (id): string | undefined => {
        const person = persons.get(id)
        return person && textOf({ records, texts, index }, person)
      },
    })
    persons.watch((id) => index.touch(id))
    caches.set(persons, (cache = { records, texts, index }))
  }
  return cache
}

function textOf(cache: SearchCache, person: PersonRecord): string {
  if (cache.records[person.id] === person) return cache.texts[person.id]!
  const text = searchTextOf(person)
  cache.records[person.id] = person
  cache.texts[person.id] = text
  return text
}

function searchMatcher(cache: SearchCache, term: string): (p: PersonRecord) => boolean {
  if (!term.includes(SEPARATOR)) return (p) => textOf(cache, p).includes(term)
  return (p) => textOf(cache, p).split(SEPARATOR).some((field) => field.includes(term))
}

/**
 * The project's persons holding `term`, in list order, through the trigram index; undefined when the
 * index cannot narrow it (a short or common term), and the list is scanned instead. Same persons, same order.
 */
function searchIndexed(store: Store, cache: SearchCache, projectId: number, term: string): PersonRecord[] | undefined {
  if (term.includes(SEPARATOR)) return undefined
  const all = store.persons.list(projectId)
  const ids = cache.index.candidates(term, all.length)
  if (!ids) return undefined
  const found: PersonRecord[] = []
  for (const id of ids) {
    const person = store.persons.get(id)
    if (person && person.project_id === projectId && textOf(cache, person).includes(term)) found.push(person)
  }
  return found.sort(newestFirst)
}

/** Empty strings count as absent, as in the real service. */
const given = (value: string | undefined): value is string => typeof value === 'string' && value !== ''

export function findPersons(store: Store, projectId: number, query: PersonQuery): readonly PersonRecord[] {
  // Filters are compiled (and rejected with a 400) before any work is done.
  const matchesProperties = compilePropertyFilters(query.properties ?? [])
  const search = query.search?.trim().toLowerCase()

  let candidates: readonly PersonRecord[]
  const checks: Array<(p: PersonRecord) => boolean> = []
  if (given(query.distinctId)) {
    const person = store.persons.getByDistinctId(projectId, query.distinctId)
    candidates = person ? [person] : []
    if (given(query.email)) checks.push((p) => p.properties.email === query.email)
  } else if (given(query.email)) {
    candidates = store.persons.findByEmail(projectId, query.email)
  } else if (search) {
    const cache = searchCache(store)
    const found = searchIndexed(store, cache, projectId, search)
    candidates = found ?? store.persons.list(projectId)
    if (!found) checks.push(searchMatcher(cache, search))
  } else {
    candidates = store.persons.list(projectId)
  }
  // An exact lookup found a person or two: the search only checks them.
  if (search && (given(query.distinctId) || given(query.email))) checks.push(searchMatcher(searchCache(store), search))
  if (matchesProperties) checks.push((p) => matchesProperties(p.properties))

  if (checks.length === 0) return candidates
  return candidates.filter((p) => checks.every((check) => check(p)))
}
