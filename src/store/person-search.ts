// What the persons list's `search` looks at (seed 1.1: a case-insensitive substring of the email or
// name property, the uuid, or any distinct id), and a substring index over it kept by the person table.
//
// The text of a person is those fields lower-cased and joined by U+0001, which no search term holds
// (terms that do are matched field by field). The index leaves out fields made only of hex digits and
// dashes (uuids, and distinct ids that are uuids): a term holding any other character cannot be found in
// them, and the others are answered by a scan. Left out, the index at 100,000 persons holds ~40 ids a
// person instead of ~150.
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

/** Whether two persons' search texts are the same for certain: the same uuid, distinct ids, email and name values. */
function sameSearchFields(a: PersonRecord, b: PersonRecord): boolean {
  if (a.uuid !== b.uuid || a.properties.email !== b.properties.email || a.properties.name !== b.properties.name) return false
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
 * The persons' search index: ids of persons whose indexed text holds a term. It keeps each person's
 * indexed text (by id, ~40 characters at 100,000 persons: ~6 MB), so the trigrams' candidates are
 * checked here against one string each, not through the person record and a cache of its full text.
 */
export class PersonSearchIndex {
  #trigrams: TrigramIndex
  /** The indexed text of each person by id ('' for none); grown densely so it stays a fast array. */
  #texts: string[] = []

  constructor(persons: Iterable<PersonRecord>) {
    // Made at once (TrigramIndex.of: each trigram's postings at their size), as adding them in order would.
    const ids: number[] = []
    const texts: string[] = []
    for (const person of persons) {
      const text = indexedText(person)
      while (this.#texts.length <= person.id) this.#texts.push('')
      this.#texts[person.id] = text
      if (!text) continue
      ids.push(person.id)
      texts.push(text)
    }
    this.#trigrams = TrigramIndex.of(ids, texts)
  }

  add(person: PersonRecord): void {
    this.#set(person.id, indexedText(person))
  }

  /** A person changed: its new fields are indexed when they differ (what it no longer holds is dropped by the check against its text). */
  changed(prev: PersonRecord, next: PersonRecord): void {
    // Most changes (a PATCH of other properties) leave the searched fields as they were: compared
    // as they stand, without building a text.
    if (sameSearchFields(prev, next)) return
    const text = indexedText(next)
    if (text !== this.#texts[next.id]) this.#set(next.id, text)
  }

  removed(id: number): void {
    if (id < this.#texts.length) this.#texts[id] = ''
  }

  /** Ids whose indexed text holds `term` (see `indexable`), each once, in no particular order. */
  matches(term: string): number[] {
    const ids = this.#trigrams.candidates(term)
    const out: number[] = []
    if (!ids) return out
    const texts = this.#texts
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!
      if (texts[id]!.includes(term)) out.push(id)
    }
    return out
  }

  #set(id: number, text: string): void {
    while (this.#texts.length <= id) this.#texts.push('')
    this.#texts[id] = text
    if (text) this.#trigrams.add(id, text)
  }
}
