// The live events: the dataset's immutable base columns (shared, never copied: a reset reuses them),
// the events appended since (capture, factories), and the base events deleted since. Records are
// materialized on demand: cheap for one person; a project's are iterated, not collected.
import { EventColumns } from './event-columns.ts'
import { nextStamp } from './stamp.ts'
import type { EventRecord } from './models.ts'

/** Events in order, with their count: an array, or a log's frozen view (`EventLog.frozen`). */
export interface EventSequence extends Iterable<EventRecord> {
  readonly length: number
}

/** A project's events in the order stored: its base events not deleted, then those appended. */
function* projectEvents(
  base: EventColumns,
  projectId: number,
  deleted: ReadonlySet<number>,
  appended: readonly EventRecord[],
): Generator<EventRecord> {
  for (let i = 0; i < base.length; i++) {
    if (base.projectAt(i) === projectId && !(deleted.size && deleted.has(i))) yield base.at(i)
  }
  yield* appended
}

export class EventLog {
  readonly #base: EventColumns
  /** Base positions deleted since. */
  readonly #deleted = new Set<number>()
  #appendedByPerson = new Map<string, EventRecord[]>()
  #appendedByProject = new Map<number, EventRecord[]>()
  #size: number
  #stamp = nextStamp()

  constructor(records: EventColumns | Iterable<EventRecord> = []) {
    this.#base = records instanceof EventColumns ? records : EventColumns.from(records)
    this.#size = this.#base.length
  }

  get size(): number {
    return this.#size
  }

  /** Changes whenever an event is added or deleted (see stamp.ts): what is made from the events can be kept until then. */
  get stamp(): number {
    return this.#stamp
  }

  add(event: EventRecord): void {
    let forPerson = this.#appendedByPerson.get(event.person_uuid)
    if (!forPerson) this.#appendedByPerson.set(event.person_uuid, (forPerson = []))
    forPerson.push(event)
    let forProject = this.#appendedByProject.get(event.project_id)
    if (!forProject) this.#appendedByProject.set(event.project_id, (forProject = []))
    forProject.push(event)
    this.#size++
    this.#stamp = nextStamp()
  }

  #basePositionsOf(personUuid: string): number[] {
    const out: number[] = []
    for (const i of this.#base.positionsOf(personUuid)) if (!this.#deleted.has(i)) out.push(i)
    return out
  }

  /** The person's events in the order they were stored (new records each call). */
  forPerson(personUuid: string): readonly EventRecord[] {
    const base = this.#basePositionsOf(personUuid).map((i) => this.#base.at(i))
    const appended = this.#appendedByPerson.get(personUuid)
    return appended ? base.concat(appended) : base
  }

  /** The project's events in the order stored, materialized one at a time; may be iterated again. */
  forProject(projectId: number): Iterable<EventRecord> {
    const base = this.#base
    const deleted = this.#deleted
    const appended = this.#appendedByProject.get(projectId) ?? []
    return { [Symbol.iterator]: () => projectEvents(base, projectId, deleted, appended) }
  }

  /** Every event, project by project (in order of first appearance), each project's in the order stored. */
  toArray(): EventRecord[] {
    return [...this.frozen()]
  }

  /**
   * Every event as `toArray` orders them, as they are now: later changes to the log do not show. Taking
   * it costs a copy of what changed since the base (the base columns are immutable); the records are
   * made as it is iterated, so a snapshot of a big store does not build a million records at once.
   */
  frozen(): EventSequence {
    const base = this.#base
    const deleted = new Set(this.#deleted)
    const projects = [...new Set([...base.projectIds(), ...this.#appendedByProject.keys()])]
    const appended = new Map([...this.#appendedByProject].map(([projectId, events]) => [projectId, events.slice()]))
    return {
      length: this.#size,
      *[Symbol.iterator]() {
        for (const projectId of projects) yield* projectEvents(base, projectId, deleted, appended.get(projectId) ?? [])
      },
    }
  }

  /** Deletes every event of the person; returns how many. */
  deleteForPerson(personUuid: string): number {
    let count = 0
    for (const i of this.#basePositionsOf(personUuid)) {
      this.#deleted.add(i)
      count++
    }
    const appended = this.#appendedByPerson.get(personUuid)
    if (appended && appended.length) {
      this.#appendedByPerson.delete(personUuid)
      const gone = new Set(appended)
      for (const [projectId, events] of this.#appendedByProject) {
        this.#appendedByProject.set(
          projectId,
          events.filter((e) => !gone.has(e)),
        )
      }
      count += appended.length
    }
    this.#size -= count
    if (count) this.#stamp = nextStamp()
    return count
  }
}
