import { describe, expect, it } from 'vitest'
import { buildDefaultDataset } from '../seed/seed.ts'
import { PersonTable } from './person-table.ts'
import { PrebuiltTables } from './prebuilt-tables.ts'
import { RecordingTable } from './recording-table.ts'
import { Store } from './store.ts'

describe('prebuilt tables', () => {
  it('are handed over once', () => {
    const tables = { persons: new PersonTable(), recordings: new RecordingTable() }
    const prebuilt = new PrebuiltTables(tables)
    expect(prebuilt.take()).toBe(tables)
    expect(prebuilt.take()).toBeUndefined()
  })

  it("are the first store's tables; a reset builds its own from the records, the changes gone", async () => {
    const base = buildDefaultDataset({ persons: 50 })
    const persons = new PersonTable(base.persons)
    const recordings = new RecordingTable(base.recordings)
    const dataset = { ...base, tables: new PrebuiltTables({ persons, recordings }) }
    const store = await Store.create(dataset)
    expect(store.persons).toBe(persons)
    expect(store.recordings).toBe(recordings)
    const first = base.persons[0]!
    store.persons.remove(first)
    await store.load(dataset)
    expect(store.persons).not.toBe(persons)
    expect(store.persons.get(first.id)).toBe(first)
    expect(store.persons.size).toBe(base.persons.length)
    expect(store.recordings.toArray()).toEqual(recordings.toArray())
  })
})
