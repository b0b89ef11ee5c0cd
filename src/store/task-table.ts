// Scheduled tasks, with the pending one of each target found at once. The real service keeps at most one
// pending deletion for a person (AsyncDeletion's "unique pending deletion" constraint on deletion_type
// and key, the person's uuid, while delete_verified_at is null; requests insert with ignore_conflicts),
// so asking again while one waits adds nothing.
import type { TaskRecord } from './models.ts'
import { RecordTable } from './record-table.ts'

const pendingKey = (kind: TaskRecord['kind'], personUuid: string) => `${kind}\u0000${personUuid}`
const keyOf = (task: TaskRecord) => pendingKey(task.kind, task.target.person_uuid)

export class TaskTable extends RecordTable<TaskRecord> {
  /** kind + target -> the queued task (the first queued, when a state file made before this index holds more). */
  #pending = new Map<string, TaskRecord>()
  /** Queued tasks beside the pending one of their target (only a state file from before this index has them). */
  #duplicates = 0

  constructor(records: Iterable<TaskRecord> = []) {
    super()
    this.insertAll(records)
  }

  /** The earliest instant a queued task is due (Infinity when none waits): the store's `nextTaskDueAt`. */
  earliestQueued(): number {
    let next = Infinity
    for (const task of this.values())
      if (task.state === 'queued' && task.scheduled_for < next) next = task.scheduled_for
    return next
  }

  /** The queued task of this kind for this person, if one waits. */
  pending(kind: TaskRecord['kind'], personUuid: string): TaskRecord | undefined {
    return this.#pending.get(pendingKey(kind, personUuid))
  }

  protected override added(task: TaskRecord): void {
    if (task.state !== 'queued') return
    const key = keyOf(task)
    if (!this.#pending.has(key)) this.#pending.set(key, task)
    else this.#duplicates++
  }

  protected override removed(task: TaskRecord): void {
    if (task.state !== 'queued') return
    const key = keyOf(task)
    if (this.#pending.get(key) !== task) {
      this.#duplicates--
      return
    }
    this.#pending.delete(key)
    if (this.#duplicates === 0) return
    // Another queued one for the same target takes its place.
    for (const other of this.values()) {
      if (other.id !== task.id && other.state === 'queued' && keyOf(other) === key) {
        this.#pending.set(key, other)
        this.#duplicates--
        break
      }
    }
  }
}
