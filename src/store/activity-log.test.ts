import { describe, expect, it } from 'vitest'
import { ActivityLog, type NewestFirst } from './activity-log.ts'
import type { ActivityRecord } from './models.ts'

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
