import { describe, expect, it } from 'vitest'
import { EventColumnsWriter } from './event-columns.ts'

describe('EventColumnsWriter', () => {
  it('keeps every reference as written while its columns widen past 8 and 16 bits', () => {
    const n = 70_000 // distinct ids past 0xffff, persons past 0xff
    const writer = new EventColumnsWriter(n + 1)
    const project = writer.projects.ref(1)
    const name = writer.names.ref('$pageview')
    const props = writer.properties.ref(Object.freeze({}))
    for (let i = 0; i < n; i++) {
      const distinctId = writer.distinctIds.add(`d-${i}`)
      const person = writer.persons.ref(`p-${i % 300}`)
      writer.write(project, name, distinctId, person, props, props, i)
    }
    const columns = writer.build()
    for (const i of [0, 255, 256, 299, 300, 65_535, 65_536, n - 1]) {
      const event = columns.at(i)
      expect(event).toMatchObject({ project_id: 1, event: '$pageview', distinct_id: `d-${i}`, person_uuid: `p-${i % 300}`, timestamp: i })
    }
  })
})
