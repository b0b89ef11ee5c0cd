// The persons list query: distinct_id, email, search and property filters, ANDed, newest first.
// distinct_id and email go through the person table's indexes, so they never walk the project's persons;
// only search and property filters alone scan (as they would in the real service's ClickHouse query).
import type { PersonRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
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

// What `search` looks at, lower-cased once per (immutable) record.
const haystacks = new WeakMap<PersonRecord, string[]>()

function searchFields(person: PersonRecord): string[] {
  let fields = haystacks.get(person)
  if (!fields) {
    fields = [person.uuid, ...person.distinct_ids]
    for (const key of ['email', 'name']) {
      const value = person.properties[key]
      if (value !== undefined && value !== null) fields.push(String(value))
    }
    fields = fields.map((f) => f.toLowerCase())
    haystacks.set(person, fields)
  }
  return fields
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
  } else {
    candidates = store.persons.list(projectId)
  }
  if (search) checks.push((p) => searchFields(p).some((f) => f.includes(search)))
  if (matchesProperties) checks.push((p) => matchesProperties(p.properties))

  if (checks.length === 0) return candidates
  return candidates.filter((p) => checks.every((check) => check(p)))
}
