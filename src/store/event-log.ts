// Events, indexed by person (for timelines and deletions) and by project (for insight queries).
import type { EventRecord } from './models.ts'

export class EventLog {
  #byPerson = new Map<string, EventRecord[]>()
  #byProject = new Map<number, EventRecord[]>()
  #size = 0

  constructor(records: Iterable<EventRecord> = []) {
    for (const event of records) this.add(event)
  }

  get size(): number {
    return this.#size
  }

  add(event: EventRecord): void {
    let forPerson = this.#byPerson.get(event.person_uuid)
    if (!forPerson) this.#byPerson.set(event.person_uuid, (forPerson = []))
    forPerson.push(event)
    let forProject = this.#byProject.get(event.project_id)
    if (!forProject) this.#byProject.set(event.project_id, (forProject = []))
    forProject.push(event)
    this.#size++
  }

  /** The person's events in the order they were stored. Do not mutate. */
  forPerson(personUuid: string): readonly EventRecord[] {
    return this.#byPerson.get(personUuid) ?? []
  }

  forProject(projectId: number): readonly EventRecord[] {
    return this.#byProject.get(projectId) ?? []
  }

  /** Every event, project by project, each project's in the order stored. */
  toArray(): EventRecord[] {
    return ([] as EventRecord[]).concat(...this.#byProject.values())
  }

  /** Deletes every event of the person; returns how many. */
  deleteForPerson(personUuid: string): number {
    const events = this.#byPerson.get(personUuid)
    if (!events || events.length === 0) return 0
    this.#byPerson.delete(personUuid)
    const gone = new Set(events)
    const projectId = events[0]!.project_id
    const forProject = this.#byProject.get(projectId)
    if (forProject) this.#byProject.set(projectId, forProject.filter((e) => !gone.has(e)))
    this.#size -= events.length
    return events.length
  }
}
