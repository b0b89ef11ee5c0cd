import { describe, expect, it } from 'vitest'
import { ProjectListsFilling } from './project-lists.ts'

const r = (project_id: number, n: number) => ({ project_id, n })

describe('ProjectListsFilling', () => {
  it("keeps each project's records in the order given, fewer or more than expected, and projects in the order first seen", () => {
    const lists = new Map<number, Array<{ project_id: number; n: number }>>()
    const filling = new ProjectListsFilling(lists, [
      { projectId: 1, count: 5 },
      { projectId: 2, count: 1 },
    ])
    const records = [r(2, 1), r(1, 2), r(1, 3), r(2, 4), r(3, 5), r(2, 6), r(1, 7)]
    for (const record of records) filling.add(record)
    filling.done()
    expect([...lists.keys()]).toEqual([2, 1, 3])
    expect(lists.get(1)!.map((x) => x.n)).toEqual([2, 3, 7])
    expect(lists.get(2)!.map((x) => x.n)).toEqual([1, 4, 6])
    expect(lists.get(3)!.map((x) => x.n)).toEqual([5])
    // No holes left where fewer came than expected.
    expect(lists.get(1)!.length).toBe(3)
  })
})
