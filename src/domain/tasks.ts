// Scheduled work (event deletions) that runs when the clock passes its instant.
import type { Store } from '../store/store.ts'
import type { TaskRecord } from '../store/models.ts'
import type { PersonRecord } from '../store/models.ts'

/**
 * Queues the deletion of the person's events, unless one already waits: the real service keeps one
 * pending deletion a person (its insert ignores the conflict), so the waiting task stays as it is, its
 * instant included. The id is drawn either way, as Postgres's sequence advances on an insert that
 * conflicts; a log replayed from before this rule then numbers later tasks as it did.
 */
export function queueEventDeletion(
  store: Store,
  person: PersonRecord,
  createdAt: number,
  scheduledFor: number,
): TaskRecord {
  const id = store.counters.task++
  const waiting = store.tasks.pending('delete_person_events', person.uuid)
  if (waiting) return waiting
  store.nextTaskDueAt = Math.min(store.nextTaskDueAt, scheduledFor)
  return store.tasks.insert({
    id,
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
    ran.push(
      store.tasks.replace({ ...task, state: 'done', ran_at: task.scheduled_for, result: { deleted_events: deleted } }),
    )
  }
  store.nextTaskDueAt = store.tasks.earliestQueued()
  return ran
}
