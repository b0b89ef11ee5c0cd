// What the persons list's `search` looks at (seed 1.1: a case-insensitive substring of the email or
// name property, the uuid, or any distinct id), and a substring index over it kept by the person table.
//
// The text of a person is those fields lower-cased and joined by U+0001, which no search term holds
// (terms that do are matched field by field). The index leaves out fields made only of hex digits and
// dashes (uuids, and distinct ids that are uuids): a term holding any other character cannot be found in
// them, and the others are answered by a scan. Leaving them out makes the index several times
// smaller (fewer ids a person).
import type { PersonRecord } from './models.ts'
import { TrigramIndex } from './trigram-index.ts'

export const SEARCH_SEPARATOR = '\u0001'

const HEX_ONLY = /^[0-9a-f-]*$/

function searchFields(person: PersonRecord): string[] {
  const fields = [person.uuid, ...person.distinct_ids]
  for (const key of ['email', 'name']) {
    const value = person.properties[key]
    // Once is enough: the email is often a distinct id too.
    if (value !== undefined && value !== null && !fields.includes(String(value))) fields.push(String(value))
  }
  return fields
}

/** The text `search` matches a person by: its fields lower-cased, joined by SEARCH_SEPARATOR. */
export function personSearchText(person: PersonRecord): string {
  return searchFields(person).join(SEARCH_SEPARATOR).toLowerCase()
}

/**
 * Whether `person`'s search text holds `term` (lower-cased, without the separator), from its fields,
 * without making the text: such a term is in the text exactly when it is in one of the fields. (Its
 * indexed text too, when the term is `indexable`: no field left out of that holds such a term.)
 */
export function fieldsHold(person: PersonRecord, term: string): boolean {
  // The email and name first: what most terms are taken from.
  const { email, name } = person.properties
  if (email !== undefined && email !== null && fieldHolds(typeof email === 'string' ? email : String(email), term))
    return true
  if (name !== undefined && name !== null && fieldHolds(typeof name === 'string' ? name : String(name), term))
    return true
  const ids = person.distinct_ids
  for (let i = 0; i < ids.length; i++) if (fieldHolds(ids[i]!, term)) return true
  return fieldHolds(person.uuid, term)
}

/**
 * The real service's search is an ILIKE of `%term%` with the term unescaped (posthog/hogql_queries/
 * actor_strategies.py, PersonStrategy.filter_conditions), so in a term `%` is any run of characters,
 * `_` any one character, and a backslash makes the character after it literal. The pattern of such a
 * term (lower-cased), matched against each field lower-cased; undefined for a term without them, which
 * is a plain substring (and what the index answers).
 */
export function likePattern(term: string): RegExp | undefined {
  if (!/[%_\\]/.test(term)) return undefined
  let source = ''
  for (let i = 0; i < term.length; i++) {
    const c = term[i]!
    if (c === '\\' && i + 1 < term.length) source += escapeRegExp(term[++i]!)
    else if (c === '%') source += '[^]*'
    else if (c === '_') source += '[^]'
    else source += escapeRegExp(c)
  }
  return new RegExp(source, 'u')
}

const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** Whether one of `person`'s searched fields, lower-cased, matches `pattern` (see likePattern). */
export function fieldsLike(person: PersonRecord, pattern: RegExp): boolean {
  return searchFields(person).some((field) => pattern.test(field.toLowerCase()))
}

/** Whether `field`, lower-cased, holds `term` (lower-cased): lower-cased only when it does not hold it as it is. */
const fieldHolds = (field: string, term: string): boolean =>
  field.includes(term) || (UPPER.test(field) && field.toLowerCase().includes(term))

/** A character `toLowerCase` may change: an ASCII capital, or any past ASCII. */
const UPPER = /[A-Z\u0080-\uffff]/

/** Whether two persons' search texts are the same for certain: the same uuid, distinct ids, email and name values. */
function sameSearchFields(a: PersonRecord, b: PersonRecord): boolean {
  if (a.uuid !== b.uuid || a.properties.email !== b.properties.email || a.properties.name !== b.properties.name)
    return false
  if (a.distinct_ids === b.distinct_ids) return true
  if (a.distinct_ids.length !== b.distinct_ids.length) return false
  for (let i = 0; i < a.distinct_ids.length; i++) if (a.distinct_ids[i] !== b.distinct_ids[i]) return false
  return true
}

/** The part of a person's search text the index holds: the fields that are not hex digits and dashes only. */
function indexedText(person: PersonRecord): string {
  const kept: string[] = []
  for (const field of searchFields(person)) {
    const lower = field.toLowerCase()
    if (!HEX_ONLY.test(lower)) kept.push(lower)
  }
  // Joined, not concatenated piece by piece: one flat string, where `+=` left a tree of pieces that
  // every check against it walked (at 100,000 persons each check is a cache miss or two already).
  return kept.join(SEARCH_SEPARATOR)
}

/** Whether the index can answer `term` (lower-cased): three characters or more, not hex digits and dashes only, no separator. */
export function indexable(term: string): boolean {
  return term.length >= 3 && !HEX_ONLY.test(term) && !term.includes(SEARCH_SEPARATOR)
}

/**
 * The persons' search index: ids of persons whose indexed text holds a term. The trigrams' candidates
 * are checked by the caller, through the persons as they stand, so it keeps no texts of its own (they
 * would grow the heap with the table). Made at once for a small table (`of`), a
 * slice at a time for a big one (`building`).
 */
export class PersonSearchIndex {
  #trigrams: TrigramIndex

  private constructor(trigrams: TrigramIndex) {
    this.#trigrams = trigrams
  }

  /** The index of `persons`, made at once. */
  static of(persons: Iterable<PersonRecord>): PersonSearchIndex {
    const byId: PersonRecord[] = []
    for (const person of persons) byId[person.id] = person
    return PersonSearchIndex.building(byId.length).step(Infinity, (id) => byId[id])!
  }

  /**
   * The index of the persons under ids 0 to `end` - 1, made a slice at a time (see PersonSearchIndexBuild,
   * TrigramIndex.building). A person changed meanwhile is left to the end, and indexed as it then stands.
   */
  static building(end: number): PersonSearchIndexBuild {
    const touched = new Set<number>()
    const trigrams = TrigramIndex.building(end)
    return {
      touched: (changed) => void touched.add(changed),
      step: (deadline, get) => {
        const made = trigrams(deadline, (id) => {
          if (touched.has(id)) return undefined
          const person = get(id)
          return person && indexedText(person)
        })
        if (!made) return undefined
        const index = new PersonSearchIndex(made)
        for (const changed of touched) {
          const person = get(changed)
          if (person) index.add(person)
        }
        return index
      },
    }
  }

  /** A person added: its trigrams indexed. */
  add(person: PersonRecord): void {
    const text = indexedText(person)
    if (text) this.#trigrams.add(person.id, text)
  }

  /** A person changed: its new fields are indexed when they differ (what it no longer holds is dropped by the check through its record). */
  changed(prev: PersonRecord, next: PersonRecord): void {
    // Most changes (a PATCH of other properties) leave the searched fields as they were: compared
    // as they stand, without building a text.
    if (!sameSearchFields(prev, next)) this.add(next)
  }

  /**
   * Ids whose indexed text holds `term` (see `indexable`), each once, in no particular order: the
   * trigrams' candidates that `holds` (the caller's check of the person by that id as it stands, e.g.
   * `fieldsHold`; false for none).
   */
  matches(term: string, holds: (id: number) => boolean): number[] {
    const ids = this.#trigrams.candidates(term)
    const out: number[] = []
    if (!ids) return out
    for (let i = 0; i < ids.length; i++) if (holds(ids[i]!)) out.push(ids[i]!)
    return out
  }
}

/**
 * A search index being made a slice at a time, over a table that may change meanwhile. `touched` is told
 * of every person added, changed or removed since the build began. Each `step` works until `deadline` (a
 * `performance.now()` reading), reading persons through `get`, and answers the index once it is made,
 * those changes in it.
 */
export interface PersonSearchIndexBuild {
  touched(id: number): void
  step(deadline: number, get: (id: number) => PersonRecord | undefined): PersonSearchIndex | undefined
}
