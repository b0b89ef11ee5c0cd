// Scheduled work (event deletions) that runs when the clock passes its instant.
import type { Store } from '../store/store.ts'
import type { TaskRecord } from '../store/models.ts'
import type { PersonRecord } from '../store/models.ts'

export function queueEventDeletion(store: Store, person: PersonRecord, createdAt: number, scheduledFor: number): TaskRecord {
  store.nextTaskDueAt = Math.min(store.nextTaskDueAt, scheduledFor)
  return store.tasks.insert({
    id: store.counters.task++,
    kind: 'delete_person_events',
    project_id: person.project_id,
    target: { person_uuid: person.uuid, person_id: person.id, distinct_ids: [...person.distinct_ids] },
    created_at: createdAt,
    scheduled_for: scheduledFor,
    state: 'queued',
    ran_at: null,
    result: null,
  })
}

/** Runs every queued task due at `now`, earliest first; each is recorded as run at its scheduled instant. */
export async function runDueTasks(store: Store, now: number): Promise<TaskRecord[]> {
  if (now < store.nextTaskDueAt) return [] // the common case, checked on every request
  const due = store.tasks
    .all()
    .filter((t) => t.state === 'queued' && t.scheduled_for <= now)
    .sort((a, b) => a.scheduled_for - b.scheduled_for || a.id - b.id)
  const ran: TaskRecord[] = []
  for (const task of due) {
    const deleted = store.events.deleteForPerson(task.target.person_uuid)
    ran.push(store.tasks.replace({ ...task, state: 'done', ran_at: task.scheduled_for, result: { deleted_events: deleted } }))
  }
  let next = Infinity
  for (const t of store.tasks.values()) if (t.state === 'queued' && t.scheduled_for < next) next = t.scheduled_for
  store.nextTaskDueAt = next
  return ran
}
