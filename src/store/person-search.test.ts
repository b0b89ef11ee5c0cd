import { afterEach, describe, expect, it, vi } from 'vitest'
import { SeededRandom } from '../core/random.ts'
import type { PersonRecord } from './models.ts'
import { fieldsHold, PersonSearchIndex, personSearchText } from './person-search.ts'
import { PersonTable, SEARCH_INDEX_AT_ONCE } from './person-table.ts'

afterEach(() => {
  vi.useRealTimers()
})

const ALPHABET = 'abcxyzé😀ñ-@.0f'
const hexUuid = (random: SeededRandom) => random.uuid()
/** A whole number from `low` to `high`, both included. */
const between = (random: SeededRandom, low: number, high: number) => low + random.int(high - low + 1)

function makePerson(random: SeededRandom, id: number, projectId: number, createdAt: number): PersonRecord {
  const word = (n: number) =>
    Array.from({ length: n }, () => ALPHABET[between(random, 0, ALPHABET.length - 1)]).join('')
  const distinctIds = between(random, 0, 1) ? [hexUuid(random)] : [word(6), hexUuid(random)]
  const properties: Record<string, unknown> = {}
  if (between(random, 0, 3)) properties.email = `${word(5)}@${word(3)}.com`
  if (between(random, 0, 2)) properties.name = between(random, 0, 1) ? `${word(4)} ${word(6)}`.toUpperCase() : 42
  return {
    id,
    uuid: hexUuid(random),
    project_id: projectId,
    distinct_ids: distinctIds,
    properties,
    created_at: createdAt,
    last_seen_at: null,
    is_identified: false,
  }
}

/** What search finds without the index: every person of the project whose text holds the term, newest first. */
const scan = (table: PersonTable, projectId: number, term: string) =>
  table.list(projectId).filter((p) => personSearchText(p).includes(term))

/** What search finds through the index, or the scan when the index cannot answer. */
/** The table's index's answer, its candidates checked through their fields. */
const find = (table: PersonTable, projectId: number, term: string) =>
  table.searchMatches(projectId, term, (p) => fieldsHold(p, term))

/** What search finds through the index (while it is made, the fields checked), or the scan when the index cannot answer. */
function indexed(table: PersonTable, projectId: number, term: string): PersonRecord[] {
  const found = find(table, projectId, term)
  if (found === 'scan') return table.list(projectId).filter((p) => fieldsHold(p, term))
  return found ?? scan(table, projectId, term)
}

describe('a person checked field by field', () => {
  it('holds a term exactly when its search text does, for every kind of term but those with the separator', () => {
    const random = new SeededRandom(19)
    const persons = Array.from({ length: 400 }, (_, i) => makePerson(random, i + 1, 1, i))
    // Capitals past ASCII (lower-cased to other characters), a name that is a number, an email that is not a string.
    persons.push({ ...persons[0]!, properties: { name: 'ÀÉÎ İstanbul ΣΟΦΟΣ', email: 12345 } })
    let held = 0
    for (const person of persons) {
      const text = personSearchText(person)
      const terms = [
        'a',
        'é',
        'f-',
        '4',
        '42',
        '😀',
        'àéî',
        'i̇st',
        'σοφος',
        '123',
        person.uuid.slice(5, 15),
        text.slice(2, 6),
        text.slice(-3),
      ]
      for (const term of terms) {
        if (term.includes('\u0001')) continue
        expect(fieldsHold(person, term), `${text} ${term}`).toBe(text.includes(term))
        if (text.includes(term)) held++
      }
    }
    expect(held).toBeGreaterThan(800)
  })
})

describe('the persons search index', () => {
  it('finds exactly what a scan finds, newest first, through inserts, changes and removals', () => {
    const random = new SeededRandom(7)
    const table = new PersonTable(
      Array.from({ length: 600 }, (_, i) => makePerson(random, i + 1, 1 + (i % 2), between(random, 0, 50))),
    )
    const terms = (p: PersonRecord, step: number) => {
      const text = personSearchText(p)
      const at = between(random, 0, Math.max(0, text.length - 3))
      return [
        text.slice(at, at + between(random, 1, 8)),
        p.uuid.slice(3, 12),
        'zzzzzz',
        '@',
        'ab',
        'X@Y'.toLowerCase(),
        'é😀',
        '.com',
        `renamed ${step - 1}`,
        `merged-${step - 1}`,
        'plan',
      ]
    }
    let nextId = 601
    let checked = 0
    for (let step = 0; step < 60; step++) {
      // Changes between searches: a new person, a changed email, a removal.
      table.insert(makePerson(random, nextId++, 1, between(random, 0, 50)))
      const changing = table.get(between(random, 1, nextId - 1))
      if (changing)
        table.replace({ ...changing, properties: { ...changing.properties, email: `moved${step}@new.org` } })
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
    expect(indexed(table, 1, 'moved59@new').map((p) => p.properties.email)).toEqual(
      scan(table, 1, 'moved59@new').map((p) => p.properties.email),
    )
    // A renamed person is found by the new name only.
    const renamed = [...table.all()].find((p) => p.properties.name === 'Renamed 59')
    if (renamed) expect(find(table, renamed.project_id, 'renamed 59')).toEqual([renamed])
  })

  it('answers a rare term with the persons that hold it, and leaves short and hex-only terms to a scan', () => {
    const random = new SeededRandom(3)
    const table = new PersonTable(Array.from({ length: 2000 }, (_, i) => makePerson(random, i + 1, 1, i)))
    table.insert({ ...makePerson(random, 5000, 1, 1), properties: { email: 'needle.in.haystack@example.org' } })
    expect((find(table, 1, 'needle.in') as PersonRecord[]).map((p) => p.id)).toEqual([5000])
    expect(find(table, 1, 'qqqq')).toEqual([])
    expect(find(table, 1, 'ne')).toBeUndefined()
    expect(find(table, 1, 'dead-beef')).toBeUndefined()
  })

  it('is made in slices for a big table, searches scanning meanwhile, and holds the changes made while it was made', async () => {
    const random = new SeededRandom(11)
    const count = SEARCH_INDEX_AT_ONCE + 2000
    const table = new PersonTable(
      Array.from({ length: count }, (_, i) => makePerson(random, i + 1, 1 + (i % 2), between(random, 0, 50))),
    )
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
    // The first search starts the index and is answered without it: each person's fields checked, as the scan answers.
    expect(find(table, 1, '.com')).toBe('scan')
    expect(indexed(table, 1, '.com')).toEqual(scan(table, 1, '.com'))
    expect(table.searchIndexed).toBe(false)
    // Changes while it is made: at once (before most texts are read) and after some slices.
    let nextId = count + 1
    const changes = (step: number) => {
      table.insert({ ...makePerson(random, nextId++, 1, 60), properties: { email: `joined${step}@late.org` } })
      const moved = table.get(1 + ((step * 997) % count))
      if (moved) table.replace({ ...moved, properties: { ...moved.properties, email: `moved${step}@new.org` } })
      const removed = table.get(count - step)
      if (removed) table.remove(removed)
    }
    changes(0)
    const terms = [
      'joined0',
      'joined1',
      'joined2',
      'moved0@new',
      'moved1@new',
      'moved2',
      '@late.org',
      '.com',
      'xyz',
      'xyz@',
    ]
    const sameAsScan = () => {
      for (const term of terms)
        for (const projectId of [1, 2])
          expect(indexed(table, projectId, term), term).toEqual(scan(table, projectId, term))
    }
    let ticks = 0
    while (!table.searchIndexed && ticks < 5000) {
      await tick()
      ticks++
      if (ticks === 2) changes(1)
      // Meanwhile (each person's fields checked): what the scan answers.
      if (ticks <= 3) sameAsScan()
    }
    expect(table.searchIndexed).toBe(true)
    expect(ticks).toBeGreaterThan(1)
    sameAsScan()
    changes(2)
    sameAsScan()
    expect((find(table, 1, 'joined1') as PersonRecord[]).map((p) => p.properties.email)).toEqual(['joined1@late.org'])
    expect(find(table, 1 + (997 % 2), 'moved1@new')).toHaveLength(1)
  })

  it('is made for a big table while fake timers a test installed afterwards hold every timer', async () => {
    const random = new SeededRandom(12)
    const table = new PersonTable(
      Array.from({ length: SEARCH_INDEX_AT_ONCE + 500 }, (_, i) =>
        makePerson(random, i + 1, 1, between(random, 0, 50)),
      ),
    )
    // Waited for with the real timers, taken before the fake ones go in.
    const realTick = globalThis.setTimeout
    const tick = () => new Promise((resolve) => realTick(resolve, 5))
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'],
    })
    expect(find(table, 1, '.com')).toBe('scan')
    let ticks = 0
    while (!table.searchIndexed && ticks < 2000) {
      await tick()
      ticks++
    }
    expect(table.searchIndexed).toBe(true)
    expect(indexed(table, 1, '.com')).toEqual(scan(table, 1, '.com'))
  })

  it('stops each step of a build at its deadline and ends with the index made at once', () => {
    const random = new SeededRandom(5)
    const persons = Array.from({ length: 3000 }, (_, i) => makePerson(random, i + 1, 1, between(random, 0, 50)))
    const byId = (id: number) => persons[id - 1]
    const build = PersonSearchIndex.building(persons.length + 1)
    let steps = 0
    let index: PersonSearchIndex | undefined
    // A deadline already past: each step does the least it can (a few hundred persons), in each of the
    // two passes (the trigrams counted, then filled in): 3,000 persons take a dozen steps a pass.
    while (!(index = build.step(-Infinity, byId))) steps++
    expect(steps).toBeGreaterThan(20)
    const atOnce = PersonSearchIndex.of(persons)
    let found = 0
    for (const term of ['abc', '.com', 'xyz', 'ñ-@', 'é😀']) {
      const holds = (id: number) => byId(id) !== undefined && fieldsHold(byId(id)!, term)
      expect(index.matches(term, holds).sort()).toEqual(atOnce.matches(term, holds).sort())
      found += atOnce.matches(term, holds).length
    }
    expect(found).toBeGreaterThan(50)
  })
})
