// The persons list query: distinct_id, email, search and property filters, ANDed, newest first.
// distinct_id and email go through the person table's indexes, so they never walk the project's persons;
// only search and property filters alone scan (as they would in the real service's ClickHouse query).
import type { PersonRecord } from '../store/models.ts'
import { fieldsHold, fieldsLike, likePattern, personSearchText, SEARCH_SEPARATOR } from '../store/person-search.ts'
import type { Store } from '../store/store.ts'
import { filterInSlices } from '../core/slices.ts'
import { compilePropertyFilters, type PropertyFilterInput } from './property-filters.ts'

export interface PersonQuery {
  /** Exact match on any of the person's distinct ids. */
  distinctId?: string
  /** Exact, case-sensitive match on the `email` property. */
  email?: string
  /**
   * Case-insensitive substring of the email or name property, the uuid, or any distinct id; `%`, `_`
   * and `\\` in it are ILIKE's wildcards and escape, as in the real service (see likePattern).
   */
  search?: string
  /** Property filters, ANDed. */
  properties?: readonly PropertyFilterInput[]
}

// The search texts (src/store/person-search.ts), lower-cased once per (immutable) record, so a check is
// one `includes` per person: for the searches the person table's index cannot answer (short or hex-only
// terms: a scan of the list), and for the persons its trigrams name (checked through the records' fields
// instead, a search on a big table takes several times as long: the Scale search row). Cached per person
// table in two arrays indexed by person id (ids are small and dense), checked by record identity (a
// replaced record is recomputed): a WeakMap keyed by the frozen records is slower, a Map of
// {person, text} entries bigger. Kept only for tables of up to SEARCH_TEXTS_KEPT_UP_TO persons, so a
// million persons' texts do not push serve past its memory target; there each person's fields are
// checked as they stand (`fieldsHold`: a term is in the joined text exactly when it is in one of the
// fields), slower a person (each field a cache miss), the same answer.
export const SEARCH_TEXTS_KEPT_UP_TO = 200_000
interface SearchCache {
  records: Array<PersonRecord | undefined>
  texts: string[]
}
const caches = new WeakMap<Store['persons'], SearchCache>()

function searchCache(store: Store): SearchCache {
  let cache = caches.get(store.persons)
  if (!cache) caches.set(store.persons, (cache = { records: [], texts: [] }))
  return cache
}

/** The check of a person's search text for `term`; `id`, when given, is the person's (not read from the record). */
function searchMatcher(store: Store, term: string): (p: PersonRecord, id?: number) => boolean {
  // (A term with the separator is in no one field.)
  if (store.persons.size > SEARCH_TEXTS_KEPT_UP_TO)
    return term.includes(SEARCH_SEPARATOR) ? () => false : (p) => fieldsHold(p, term)
  const { records, texts } = searchCache(store)
  const textOf = (person: PersonRecord, id = person.id): string => {
    if (records[id] === person) return texts[id]!
    // Grown densely: set far past their end, the arrays would turn into dictionaries (hash lookups).
    while (records.length <= id) {
      records.push(undefined)
      texts.push('')
    }
    const text = personSearchText(person)
    records[id] = person
    texts[id] = text
    return text
  }
  if (!term.includes(SEARCH_SEPARATOR)) return (p, id) => textOf(p, id).includes(term)
  return (p) =>
    textOf(p)
      .split(SEARCH_SEPARATOR)
      .some((field) => field.includes(term))
}

/** Empty strings count as absent, as in the real service. */
const given = (value: string | undefined): value is string => typeof value === 'string' && value !== ''

/**
 * The project's persons the query finds, newest first. A scan that takes more than a slice (SLICE_MS:
 * a search or property filters over ~50,000 persons or more) goes on in slices on later turns, other
 * requests answered between them, and the answer is then a promise.
 */
export function findPersons(
  store: Store,
  projectId: number,
  query: PersonQuery,
): readonly PersonRecord[] | Promise<readonly PersonRecord[]> {
  // Filters are compiled (and rejected with a 400) before any work is done.
  const matchesProperties = compilePropertyFilters(query.properties ?? [])
  const search = query.search?.trim().toLowerCase()

  // A term with ILIKE's wildcards is matched field by field, in a scan (the index holds substrings only).
  const like = search ? likePattern(search) : undefined
  const matcher = like ? (p: PersonRecord) => fieldsLike(p, like) : search ? searchMatcher(store, search) : undefined
  let candidates: readonly PersonRecord[]
  let searchChecked = false
  const checks: Array<(p: PersonRecord) => boolean> = []
  if (given(query.distinctId)) {
    const person = store.persons.getByDistinctId(projectId, query.distinctId)
    candidates = person ? [person] : []
    if (given(query.email)) checks.push((p) => p.properties.email === query.email)
  } else if (given(query.email)) {
    candidates = store.persons.findByEmail(projectId, query.email)
  } else {
    // The search index answers the search itself, when it can.
    const found = matcher && !like ? store.persons.searchMatches(projectId, search!, matcher) : undefined
    if (found === 'scan') {
      // Its index being made: each person's fields checked as they stand (nothing kept).
      checks.push((p) => fieldsHold(p, search!))
      searchChecked = true
    } else if (found) searchChecked = true
    candidates = typeof found === 'object' ? found : store.persons.list(projectId)
  }
  if (matcher && !searchChecked) checks.push(matcher)
  if (matchesProperties) checks.push((p) => matchesProperties(p.properties))

  if (checks.length === 0) return candidates
  const check = checks.length === 1 ? checks[0]! : (p: PersonRecord) => checks.every((c) => c(p))
  return filterInSlices(candidates, check)
}
