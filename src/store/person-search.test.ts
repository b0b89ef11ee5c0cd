import { describe, expect, it } from 'vitest'
import { SeededRandom } from '../core/random.ts'
import type { PersonRecord } from './models.ts'
import { personSearchText } from './person-search.ts'
import { PersonTable } from './person-table.ts'

const ALPHABET = 'abcxyzé😀ñ-@.0f'
const hexUuid = (random: SeededRandom) => random.uuid()
/** A whole number from `low` to `high`, both included. */
const between = (random: SeededRandom, low: number, high: number) => low + random.int(high - low + 1)

function makePerson(random: SeededRandom, id: number, projectId: number, createdAt: number): PersonRecord {
  const word = (n: number) => Array.from({ length: n }, () => ALPHABET[between(random, 0, ALPHABET.length - 1)]).join('')
  const distinctIds = between(random, 0, 1) ? [hexUuid(random)] : [word(6), hexUuid(random)]
  const properties: Record<string, unknown> = {}
  if (between(random, 0, 3)) properties.email = `${word(5)}@${word(3)}.com`
  if (between(random, 0, 2)) properties.name = between(random, 0, 1) ? `${word(4)} ${word(6)}`.toUpperCase() : 42
  return { id, uuid: hexUuid(random), project_id: projectId, distinct_ids: distinctIds, properties, created_at: createdAt, last_seen_at: null }
}

/** What search finds without the index: every person of the project whose text holds the term, newest first. */
const scan = (table: PersonTable, projectId: number, term: string) => table.list(projectId).filter((p) => personSearchText(p).includes(term))

/** What search finds through the index, or the scan when the index cannot answer. */
const indexed = (table: PersonTable, projectId: number, term: string) => table.searchMatches(projectId, term) ?? scan(table, projectId, term)

describe('the persons search index', () => {
  it('finds exactly what a scan finds, newest first, through inserts, changes and removals', () => {
    const random = new SeededRandom(7)
    const table = new PersonTable(Array.from({ length: 600 }, (_, i) => makePerson(random, i + 1, 1 + (i % 2), between(random, 0, 50))))
    const terms = (p: PersonRecord, step: number) => {
      const text = personSearchText(p)
      const at = between(random, 0, Math.max(0, text.length - 3))
      return [text.slice(at, at + between(random, 1, 8)), p.uuid.slice(3, 12), 'zzzzzz', '@', 'ab', 'X@Y'.toLowerCase(), 'é😀', '.com', `renamed ${step - 1}`, `merged-${step - 1}`, 'plan']
    }
    let nextId = 601
    let checked = 0
    for (let step = 0; step < 60; step++) {
      // Changes between searches: a new person, a changed email, a removal.
      table.insert(makePerson(random, nextId++, 1, between(random, 0, 50)))
      const changing = table.get(between(random, 1, nextId - 1))
      if (changing) table.replace({ ...changing, properties: { ...changing.properties, email: `moved${step}@new.org` } })
      // Changes that leave the searched fields alone (the found record must still be the current one),
      // and changes of the name and the distinct ids.
      const other = table.get(between(random, 1, nextId - 1))
      if (other) table.replace({ ...other, properties: { ...other.properties, plan: `plan ${step}` } })
      const renamed = table.get(between(random, 1, nextId - 1))
      if (renamed) table.replace({ ...renamed, properties: { ...renamed.properties, name: `Renamed ${step}` } })
      const merged = table.get(between(random, 1, nextId - 1))
      if (merged) table.replace({ ...merged, distinct_ids: [...merged.distinct_ids, `merged-${step}`] })
      const removing = table.get(between(random, 1, nextId - 1))
      if (removing) table.remove(removing)
      const sample = table.get(between(random, 1, nextId - 1)) ?? table.list(1)[0]!
      for (const term of terms(sample, step)) {
        for (const projectId of [1, 2]) {
          expect(indexed(table, projectId, term)).toEqual(scan(table, projectId, term))
          checked++
        }
      }
    }
    expect(checked).toBe(1320)
    // A changed email is found by its new text and no longer by its old one.
    expect(indexed(table, 1, 'moved59@new').map((p) => p.properties.email)).toEqual(scan(table, 1, 'moved59@new').map((p) => p.properties.email))
    // A renamed person is found by the new name only.
    const renamed = [...table.all()].find((p) => p.properties.name === 'Renamed 59')
    if (renamed) expect(table.searchMatches(renamed.project_id, 'renamed 59')).toEqual([renamed])
  })

  it('answers a rare term with the persons that hold it, and leaves short and hex-only terms to a scan', () => {
    const random = new SeededRandom(3)
    const table = new PersonTable(Array.from({ length: 2000 }, (_, i) => makePerson(random, i + 1, 1, i)))
    table.insert({ ...makePerson(random, 5000, 1, 1), properties: { email: 'needle.in.haystack@example.org' } })
    expect(table.searchMatches(1, 'needle.in')!.map((p) => p.id)).toEqual([5000])
    expect(table.searchMatches(1, 'qqqq')).toEqual([])
    expect(table.searchMatches(1, 'ne')).toBeUndefined()
    expect(table.searchMatches(1, 'dead-beef')).toBeUndefined()
  })
})
