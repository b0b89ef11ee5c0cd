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

/**
 * Whether `person`'s indexed text holds `term` (see `indexable`), from its fields, without making the text:
 * such a term holds a character no field of hex digits and dashes has, and no separator, so it is in the
 * text exactly when it is in one of the fields.
 */
function fieldsHold(person: PersonRecord, term: string): boolean {
  for (const field of searchFields(person)) if (field.toLowerCase().includes(term)) return true
  return false
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
 * checked here against one string each, not through the person record (checked through the records,
 * search at 100k read 1.17-1.57x its 1k figure in the bench against 1.08-1.14x).
 */
export class PersonSearchIndex {
  #trigrams: TrigramIndex
  /** The indexed text of each person by id ('' for none); grown densely so it stays a fast array. */
  #texts: string[]

  private constructor(trigrams: TrigramIndex, texts: string[]) {
    this.#trigrams = trigrams
    this.#texts = texts
  }

  /** The index of `persons`, made at once (each trigram's postings at their size: TrigramIndex.building). */
  static of(persons: Iterable<PersonRecord>): PersonSearchIndex {
    const texts: string[] = []
    for (const person of persons) {
      while (texts.length <= person.id) texts.push('')
      texts[person.id] = indexedText(person)
    }
    return PersonSearchIndex.#from(texts)(Infinity)!
  }

  /**
   * The index of the persons under ids 0 to `end` - 1, made a slice at a time (see PersonSearchIndexBuild):
   * their texts, then the trigrams (TrigramIndex.building).
   */
  static building(end: number): PersonSearchIndexBuild {
    const texts: string[] = new Array(end).fill('')
    let id = 0
    let trigrams: ((deadline: number) => PersonSearchIndex | undefined) | undefined
    const touched = new Set<number>()
    return {
      touched: (changed) => void touched.add(changed),
      // The text the build read, when it has and the person has not changed since; else the fields themselves.
      holds: (person, term) => (person.id < id && !touched.has(person.id) ? texts[person.id]!.includes(term) : fieldsHold(person, term)),
      step: (deadline, get) => {
        while (!trigrams) {
          const stop = Math.min(end, id + 256)
          for (; id < stop; id++) {
            const person = get(id)
            if (person) texts[id] = indexedText(person)
          }
          if (id === end) trigrams = PersonSearchIndex.#from(texts)
          else if (performance.now() >= deadline) return undefined
        }
        const index = trigrams(deadline)
        if (!index) return undefined
        // What changed since its text was read, as it stands now.
        for (const changed of touched) {
          const person = get(changed)
          if (person) index.#set(changed, indexedText(person))
          else index.removed(changed)
        }
        return index
      },
    }
  }

  /** Texts by id ('' for none) made into an index a slice at a time (TrigramIndex.building). */
  static #from(texts: string[]): (deadline: number) => PersonSearchIndex | undefined {
    const ids: number[] = []
    const kept: string[] = []
    for (let id = 0; id < texts.length; id++) {
      if (!texts[id]) continue
      ids.push(id)
      kept.push(texts[id]!)
    }
    const step = TrigramIndex.building(ids, kept)
    return (deadline) => {
      const trigrams = step(deadline)
      return trigrams && new PersonSearchIndex(trigrams, texts)
    }
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
    if (text === this.#texts[id]) return
    this.#texts[id] = text
    if (text) this.#trigrams.add(id, text)
  }
}

/**
 * A search index being made a slice at a time, over a table that may change meanwhile. `touched` is told
 * of every person added, changed or removed since the build began. `holds` answers for one person what
 * the index will (through the text the build read, or the person's fields, so searches meanwhile keep no
 * texts of their own). Each `step` works until `deadline` (a `performance.now()` reading), reading
 * persons through `get`, and answers the index once it is made, those changes in it.
 */
export interface PersonSearchIndexBuild {
  touched(id: number): void
  /** Whether `person` (as it stands) holds `term` (see `indexable`) in its indexed text: what the index will answer, without it. */
  holds(person: PersonRecord, term: string): boolean
  step(deadline: number, get: (id: number) => PersonRecord | undefined): PersonSearchIndex | undefined
}
