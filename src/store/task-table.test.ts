import { describe, expect, it } from 'vitest'
import type { TaskRecord } from './models.ts'
import { TaskTable } from './task-table.ts'

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
