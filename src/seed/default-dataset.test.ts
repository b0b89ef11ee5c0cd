import { describe, expect, it } from 'vitest'
import DEFAULT_DATASET from './default-dataset.gen.ts'
import { buildDefaultDataset } from './seed.ts'
import { loadFixtures } from '../../fixtures/index.ts'
import { decodeDataset, encodeDataset } from '../store/dataset.ts'

describe('the prebuilt default data', () => {
  it("is byte for byte what the seed's generator makes (else: npm run gen:dataset)", () => {
    expect(encodeDataset(buildDefaultDataset()) === DEFAULT_DATASET).toBe(true)
  })

  it('decodes to the same data, frozen, the persons sharing the events’ properties', () => {
    const decoded = decodeDataset(DEFAULT_DATASET)
    expect(encodeDataset(decoded) === DEFAULT_DATASET).toBe(true)
    const person = decoded.persons[0]!
    expect(Object.isFrozen(person) && Object.isFrozen(person.properties) && Object.isFrozen(person.distinct_ids)).toBe(
      true,
    )
    expect(Object.isFrozen(decoded.recordings[0]) && Object.isFrozen(decoded.apiKeys[0]!.scopes)).toBe(true)
    expect(decoded.events.tables.properties.values).toContain(person.properties)
    expect([...decoded.events]).toEqual([...buildDefaultDataset().events])
  })

  it('is what the default, empty-project and key-without-scopes scenarios of seed 1 are made from', async () => {
    for (const name of ['default', 'empty-project', 'key-without-scopes']) {
      const loaded = await loadFixtures(name, 1)
      const generated = await loadFixtures(name, 1, { anchor: buildDefaultDataset().anchor })
      expect(loaded.fixtures).toBe(name)
      expect(encodeDataset(loaded)).toBe(encodeDataset({ ...generated, anchor: loaded.anchor }))
    }
  })
})
