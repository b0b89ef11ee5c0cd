import { describe, expect, it } from 'vitest'
import type { PersonRecord } from '../store/models.ts'
import { PersonTable } from '../store/person-table.ts'
import type { Store } from '../store/store.ts'
import { findPersons } from './person-query.ts'

// The search answer as the plain scan gives it: the project's list (newest first), each person kept
// if any searched field holds the term, case-insensitively. The trigram index must give exactly this.
function scan(table: PersonTable, projectId: number, term: string): number[] {
  const t = term.trim().toLowerCase()
  return table
    .list(projectId)
    .filter((p) =>
      [p.uuid, ...p.distinct_ids, p.properties.email, p.properties.name].some(
        (f) => f !== undefined && f !== null && String(f).toLowerCase().includes(t),
      ),
    )
    .map((p) => p.id)
}

const WORDS = ['alpha', 'Bravo', 'charlie', 'DELTA', 'echo', 'foxtrot', 'golf', 'hotel', 'ÄRGER', 'straße']
function person(id: number, projectId: number, variant = 0): PersonRecord {
  const w = WORDS[(id * 7 + variant) % WORDS.length]!
  const v = WORDS[(id * 3 + variant * 5) % WORDS.length]!
  return {
    id,
    uuid: `0189a${String(id).padStart(3, '0')}-0000-4000-8000-${String(id * 31 + variant).padStart(12, '0')}`,
    project_id: projectId,
    distinct_ids: id % 5 === 0 ? [`${w}${id}`, `anon-${id}-${variant}`] : [`${w}${id}`],
    properties: id % 4 === 0 ? { name: `${v} ${w}` } : { email: `${w}.${v}${id % 97}@Example.com`, name: `${v}` },
    created_at: 1_700_000_000_000 + ((id * 7919) % 1000) * 1000,
    last_seen_at: null,
    is_identified: false,
  }
}

const TERMS = [
  'a',
  'al',
  'alp',
  'ALPHA',
  'pha.',
  'ravo',
  'bravo1',
  '@example',
  'xample.com',
  'ärg',
  'STRASSE',
  'straße',
  'anon-5',
  '-4000-',
  'zzz',
  'o.d',
  '12@',
  ' bravo ',
  'lf.ec',
  '0189a01',
]

describe('person search through the trigram index', () => {
  const table = new PersonTable(Array.from({ length: 3_000 }, (_, i) => person(i + 1, (i % 3) + 1)))
  const store = { persons: table } as unknown as Store
  // Rare terms too (a uuid's tail, a distinct id): those the index narrows to a few candidates.
  const rare: string[] = []
  const check = async () => {
    for (const projectId of [1, 2, 3, 4]) {
      for (const term of [...TERMS, ...rare]) {
        expect(
          (await findPersons(store, projectId, { search: term })).map((p) => p.id),
          `${projectId} ${term}`,
        ).toEqual(scan(table, projectId, term))
      }
    }
  }

  it('finds the same persons in the same order as a scan', async () => {
    rare.push(
      ...table
        .list(1)
        .slice(0, 50)
        .map((p) => p.uuid.slice(-12)),
    )
    await check()
  })

  it('stays identical through inserts, replacements and removals, and past a rebuild', async () => {
    // A few writes (kept as dirty ids), then many (the index rebuilds).
    for (const writes of [10, 2_000]) {
      for (let k = 0; k < writes; k++) {
        const id = 1 + ((k * 37 + writes) % 3_000)
        const current = table.get(id)
        if (k % 50 === 0) rare.push(current ? current.uuid.slice(-12) : `${id}`, `${(k + writes) % 3_000}`)
        if (k % 10 === 0 && current) table.remove(current)
        else if (current) table.replace(person(id, current.project_id, k + writes))
        else table.insert(person(id, (id % 3) + 1, k))
      }
      table.insert(person(10_000 + writes, 1, 3))
      rare.push(String(10_000 + writes))
      await check()
    }
  })

  it('narrows an exact lookup by the search too', async () => {
    const someone = table.list(2)[5]!
    expect(
      (await findPersons(store, 2, { distinctId: someone.distinct_ids[0], search: someone.uuid.slice(0, 8) })).map(
        (p) => p.id,
      ),
    ).toEqual([someone.id])
    expect(findPersons(store, 2, { distinctId: someone.distinct_ids[0], search: 'no such text' })).toEqual([])
  })
})
