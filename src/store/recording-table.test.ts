import { describe, expect, it } from 'vitest'
import type { RecordingRecord } from './models.ts'
import { hashKey } from './hash-index.ts'
import { RecordingTable } from './recording-table.ts'

const recording = (id: string, projectId: number, startTime: number, viewers: string[] = []): RecordingRecord => ({
  id,
  project_id: projectId,
  distinct_id: 'd',
  start_time: startTime,
  active_seconds: 1,
  inactive_seconds: 0,
  click_count: 0,
  keypress_count: 0,
  mouse_activity_count: 0,
  console_log_count: 0,
  console_warn_count: 0,
  console_error_count: 0,
  start_url: null,
  viewers,
  storage: 'object_storage',
  snapshot_source: 'web',
  activity_score: 0,
  ongoing: null,
})

describe('RecordingTable', () => {
  it('finds recordings by project and id, and lists each project newest first (ties by id), through upserts', () => {
    const table = new RecordingTable([
      recording('b', 1, 10),
      recording('a', 1, 10),
      recording('c', 1, 20),
      recording('a', 2, 5),
    ])
    expect(table.size).toBe(4)
    expect(table.list(1).map((r) => r.id)).toEqual(['c', 'a', 'b'])
    expect(table.get(2, 'a')?.start_time).toBe(5)
    expect(table.get(2, 'b')).toBeUndefined()
    table.upsert(recording('a', 1, 30))
    table.upsert(recording('d', 2, 1))
    expect(table.size).toBe(5)
    expect(table.list(1).map((r) => `${r.id}${r.start_time}`)).toEqual(['a30', 'c20', 'b10'])
    expect(table.get(1, 'a')?.start_time).toBe(30)
  })

  it('knows which recordings a user watched, asked before or after the recordings change', () => {
    const table = new RecordingTable([
      recording('a', 1, 1, ['x@h.net']),
      recording('b', 1, 2, ['x@h.net', 'y@h.net']),
      recording('c', 2, 3, ['x@h.net']),
    ])
    expect([...table.viewedBy(1, 'x@h.net')].sort()).toEqual(['a', 'b'])
    expect([...table.viewedBy(1, 'z@h.net')]).toEqual([])
    table.upsert(recording('a', 1, 1, []))
    table.upsert(recording('d', 1, 4, ['x@h.net', 'z@h.net']))
    expect([...table.viewedBy(1, 'x@h.net')].sort()).toEqual(['b', 'd'])
    expect([...table.viewedBy(1, 'z@h.net')]).toEqual(['d'])
    expect([...table.viewedBy(1, 'y@h.net')]).toEqual(['b'])
    expect([...table.viewedBy(2, 'x@h.net')]).toEqual(['c'])
  })

  it("removes a recording from its index, its project's list and its viewers' sets, the others still found", () => {
    const table = new RecordingTable([recording('a', 1, 1, ['x@h.net']), recording('b', 1, 2), recording('c', 2, 3)])
    expect([...table.viewedBy(1, 'x@h.net')]).toEqual(['a'])
    const stamp = table.stamp
    expect(table.remove(1, 'a')?.id).toBe('a')
    expect(table.stamp).not.toBe(stamp)
    expect(table.remove(1, 'a')).toBeUndefined()
    expect(table.get(1, 'a')).toBeUndefined()
    expect(table.size).toBe(2)
    expect(table.list(1).map((r) => r.id)).toEqual(['b'])
    expect([...table.viewedBy(1, 'x@h.net')]).toEqual([])
    // The recording moved into the freed slot is still found, and can be replaced and removed in turn.
    expect(table.get(2, 'c')?.start_time).toBe(3)
    table.upsert(recording('c', 2, 4))
    expect(table.get(2, 'c')?.start_time).toBe(4)
    expect(table.remove(2, 'c')?.start_time).toBe(4)
    expect(table.toArray().map((r) => r.id)).toEqual(['b'])
  })
})

describe('RecordingTable.filling', () => {
  it("makes, one recording at a time, the table the constructor makes, with or without the ids' hashes", () => {
    const records = [recording('b', 1, 20), recording('a', 1, 20), recording('c', 2, 5), recording('d', 1, 10)]
    // More expected than given in project 1, fewer in project 2: the lists hold what was given, no more.
    const filling = RecordingTable.filling(1, [
      { projectId: 1, count: 5 },
      { projectId: 2, count: 0 },
    ])
    records.forEach((r, i) => filling.add(r, i % 2 ? hashKey(r.id, r.project_id) : undefined))
    const filled = filling.done()
    const made = new RecordingTable(records)
    expect(filled.toArray()).toEqual(made.toArray())
    expect(filled.list(1).map((r) => r.id)).toEqual(['a', 'b', 'd'])
    for (const r of records) expect(filled.get(r.project_id, r.id)).toBe(r)
    expect(filled.get(2, 'a')).toBeUndefined()
  })

  it("makes the constructor's table of an id given twice too: the later recording found, one slot", () => {
    const records = [recording('b', 1, 20), recording('a', 1, 20), recording('b', 1, 7), recording('b', 2, 5)]
    const filling = RecordingTable.filling(2)
    for (const r of records) filling.add(r)
    const filled = filling.done()
    const made = new RecordingTable(records)
    expect(filled.size).toBe(made.size)
    expect(filled.size).toBe(3)
    expect(filled.get(1, 'b')).toBe(records[2])
    expect(filled.get(2, 'b')).toBe(records[3])
    expect(filled.toArray()).toEqual(made.toArray())
  })
})
