import { describe, expect, it } from 'vitest'
import type { ActivityRecord, RecordingRecord, TaskRecord } from './models.ts'
import { ActivityLog, RecordingTable, TaskTable, type NewestFirst } from './tables.ts'

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

describe('RecordingTable made of many recordings at once', () => {
  it('finds each in its project and lists each project newest first', () => {
    const records = [recording('b', 1, 20), recording('a', 1, 20), recording('c', 2, 5), recording('d', 1, 10)]
    const table = new RecordingTable(records)
    expect(table.list(1).map((r) => r.id)).toEqual(['a', 'b', 'd'])
    for (const r of records) expect(table.get(r.project_id, r.id)).toBe(r)
    expect(table.get(2, 'a')).toBeUndefined()
  })

  it('refuses an id given twice in a project (no generator makes one; a state file holding one is damaged)', () => {
    const twice = [recording('b', 1, 20), recording('a', 1, 20), recording('b', 1, 7)]
    expect(() => new RecordingTable(twice)).toThrow(/two records with the key/)
    const apart = new RecordingTable([recording('b', 1, 20), recording('b', 2, 5)])
    expect(apart.size).toBe(2)
    expect(apart.get(2, 'b')?.start_time).toBe(5)
  })
})

const task = (id: number, personUuid: string, state: TaskRecord['state'] = 'queued'): TaskRecord => ({
  id,
  kind: 'delete_person_events',
  project_id: 1,
  target: { person_uuid: personUuid, person_id: 1, distinct_ids: [] },
  created_at: 0,
  scheduled_for: 1000,
  state,
  ran_at: state === 'done' ? 1000 : null,
  result: state === 'done' ? { deleted_events: 0 } : null,
})

describe('TaskTable.pending', () => {
  it('finds the queued task of a person, and nothing once it is done', () => {
    const table = new TaskTable([task(1, 'a'), task(2, 'b', 'done')])
    expect(table.pending('delete_person_events', 'a')?.id).toBe(1)
    expect(table.pending('delete_person_events', 'b')).toBeUndefined()
    table.replace({ ...table.get(1)!, state: 'done', ran_at: 1000, result: { deleted_events: 3 } })
    expect(table.pending('delete_person_events', 'a')).toBeUndefined()
    table.insert(task(3, 'a'))
    expect(table.pending('delete_person_events', 'a')?.id).toBe(3)
  })

  it('a state file from before the rule may hold two queued for one person: the first waits, then the other', () => {
    const table = new TaskTable([task(1, 'a'), task(2, 'a'), task(3, 'b')])
    expect(table.pending('delete_person_events', 'a')?.id).toBe(1)
    table.replace({ ...table.get(1)!, state: 'done', ran_at: 1000, result: { deleted_events: 0 } })
    expect(table.pending('delete_person_events', 'a')?.id).toBe(2)
    table.replace({ ...table.get(2)!, state: 'done', ran_at: 1000, result: { deleted_events: 0 } })
    expect(table.pending('delete_person_events', 'a')).toBeUndefined()
    expect(table.pending('delete_person_events', 'b')?.id).toBe(3)
  })

  it('a duplicate that goes first leaves the pending one in place', () => {
    const table = new TaskTable([task(1, 'a'), task(2, 'a')])
    table.remove(table.get(2)!)
    expect(table.pending('delete_person_events', 'a')?.id).toBe(1)
    table.remove(table.get(1)!)
    expect(table.pending('delete_person_events', 'a')).toBeUndefined()
  })
})

describe('TaskTable.earliestQueued', () => {
  it('is the earliest scheduled_for among queued tasks, Infinity when none waits', () => {
    const table = new TaskTable([
      { ...task(1, 'a'), scheduled_for: 3000 },
      { ...task(2, 'b'), scheduled_for: 2000 },
      { ...task(3, 'c', 'done'), scheduled_for: 1000 },
    ])
    expect(table.earliestQueued()).toBe(2000)
    table.replace({ ...table.get(2)!, state: 'done', ran_at: 2000, result: { deleted_events: 0 } })
    expect(table.earliestQueued()).toBe(3000)
    expect(new TaskTable().earliestQueued()).toBe(Infinity)
  })
})

/** Every entry of a newest-first view. */
const all = (view: NewestFirst) => view.slice(0, view.length)

let seq = 0
const entry = (itemId: string, createdAt: number, over: Partial<ActivityRecord> = {}): ActivityRecord => ({
  id: `e${++seq}`,
  seq,
  project_id: 1,
  scope: 'Person',
  item_id: itemId,
  activity: 'updated',
  user_id: null,
  detail: {},
  created_at: createdAt,
  ...over,
})

describe('ActivityLog', () => {
  it("lists a scope's entries newest first across its items, apart from other scopes and projects", () => {
    const log = new ActivityLog()
    const a = log.append(entry('7', 100))
    const b = log.append(entry('8', 150))
    log.append(entry('7', 150, { scope: 'SessionRecordingPlaylist' }))
    log.append(entry('7', 150, { project_id: 2 }))
    const c = log.append(entry('9', 150))
    const d = log.append(entry('7', 120))
    expect(all(log.scopeEntries(1, 'Person'))).toEqual([c, b, d, a])
    expect(all(log.scopeEntries(1, 'Insight'))).toEqual([])
    expect(all(log.scopeEntries(2, 'Person'))).toHaveLength(1)
  })

  it("lists one item's entries newest first (ties: the later entry first), apart from other items, scopes and projects", () => {
    const log = new ActivityLog()
    const a1 = log.append(entry('7', 100))
    log.append(entry('8', 150))
    log.append(entry('7', 150, { scope: 'SessionRecordingPlaylist' }))
    log.append(entry('7', 150, { project_id: 2 }))
    const a2 = log.append(entry('7', 200))
    const a3 = log.append(entry('7', 200))
    expect(all(log.entries(1, 'Person', '7'))).toEqual([a3, a2, a1])
    expect(all(log.entries(1, 'Person', 'nobody'))).toEqual([])
    expect(log.size).toBe(6)
    // A page of the view: the newest-first entries from start to end.
    expect(log.entries(1, 'Person', '7').slice(1, 5)).toEqual([a2, a1])
    expect(log.entries(1, 'Person', '7').length).toBe(3)
  })

  it('puts an entry written after the clock went back in its place', () => {
    const log = new ActivityLog()
    const late = log.append(entry('1', 300))
    const early = log.append(entry('1', 100))
    const middle = log.append(entry('1', 200))
    expect(all(log.entries(1, 'Person', '1'))).toEqual([late, middle, early])
    expect(all(log.scopeEntries(1, 'Person'))).toEqual([late, middle, early])
    expect(log.toArray()).toEqual([late, early, middle])
  })

  it('keeps entries frozen, and a returned list cannot change the log', () => {
    const log = new ActivityLog([entry('1', 1)])
    const list = all(log.entries(1, 'Person', '1'))
    expect(Object.isFrozen(list[0])).toBe(true)
    list.pop()
    expect(log.entries(1, 'Person', '1')).toHaveLength(1)
    expect(all(log.scopeEntries(1, 'Person'))).toHaveLength(1)
  })
})
