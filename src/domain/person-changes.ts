// What the person write operations change, as the real service does it: property writes go through
// event capture (a `$set` or `$delete_person_property` event on the person's first distinct id, so the
// properties timeline sees them) and every change is written to the activity log.
import { queueEventDeletion } from './tasks.ts'
import type { PersonRecord, TaskRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { change, recordActivity, type Actor } from './activity.ts'
import { capture, createPerson } from './capture.ts'
import { checkPersonLimits } from './person-limits.ts'
import { splitTargetUuid } from './person-uuid.ts'

const logged = (store: Store, person: PersonRecord, by: Actor, activity: string, detail: Record<string, unknown>) =>
  recordActivity(store, by, 'Person', person.id, activity, detail)

/** Captures `event` for the person; a person without distinct ids (none in practice) is changed in place. */
function captureFor(
  store: Store,
  person: PersonRecord,
  event: string,
  properties: Record<string, unknown>,
  by: Actor,
): PersonRecord {
  const distinctId = person.distinct_ids[0]
  if (distinctId !== undefined)
    return capture(store, by.projectId, { event, distinct_id: distinctId, properties }, by.now).person
  const next = { ...person.properties }
  Object.assign(next, properties.$set ?? {})
  for (const key of (properties.$unset as string[] | undefined) ?? []) delete next[key]
  checkPersonLimits(store.limits, next)
  const updated: PersonRecord = Object.freeze({ ...person, properties: Object.freeze(next) })
  store.persons.replace(updated)
  return updated
}

// As the real service logs a PATCH: which field changed, not the values. The same for every PATCH, so
// one frozen detail serves them all (entries never change).
const PROPERTIES_CHANGED = Object.freeze({
  changes: Object.freeze([Object.freeze(change('Person', 'changed', { field: 'properties' }))]),
})

/** PATCH: merges `properties` into the person's (a `$set` event) and logs "updated". */
export function updatePersonProperties(
  store: Store,
  person: PersonRecord,
  properties: unknown,
  by: Actor,
): PersonRecord {
  // Frozen as made: the event keeps it as its properties (no copy).
  const updated = captureFor(store, person, '$set', Object.freeze({ $set: properties }), by)
  logged(store, person, by, 'updated', PROPERTIES_CHANGED)
  return updated
}

/** delete_property: removes one key (a `$delete_person_property` event with `$unset`) and logs "delete_property". */
export function deletePersonProperty(store: Store, person: PersonRecord, key: string, by: Actor): PersonRecord {
  const updated = captureFor(store, person, '$delete_person_property', Object.freeze({ $unset: [key] }), by)
  logged(store, person, by, 'delete_property', { name: person.uuid, changes: [change('Person', 'changed')] })
  return updated
}

/**
 * DELETE: the person leaves the table (and its distinct ids are free); its events stay unless
 * `scheduleEventDeletion` gives the instant a task deletes them. Logs "deleted".
 */
export function deletePerson(
  store: Store,
  person: PersonRecord,
  by: Actor,
  scheduleEventDeletion?: number,
): TaskRecord | null {
  store.persons.remove(person)
  const task =
    scheduleEventDeletion === undefined ? null : queueEventDeletion(store, person, by.now, scheduleEventDeletion)
  logged(store, person, by, 'deleted', { name: person.uuid })
  return task
}

/**
 * split (Person.split_person, as its task runs it): each of `moving` leaves the person for a person of
 * its own, with no properties and the uuid splitTargetUuid derives (one that exists already takes it).
 * The person keeps its properties and its other ids. Logs "split_person" with the ids it had.
 */
export function splitPerson(store: Store, person: PersonRecord, moving: readonly string[], by: Actor): void {
  const after: Record<string, unknown> = { distinct_ids: [...person.distinct_ids] }
  const kept = person.distinct_ids.filter((id) => !moving.includes(id))
  store.persons.replace(Object.freeze({ ...person, distinct_ids: Object.freeze(kept) }))
  for (const id of moving) {
    const uuid = splitTargetUuid(by.projectId, id, person.uuid)
    const target = store.persons.getByUuid(uuid)
    if (!target) createPerson(store, by.projectId, [id], {}, by.now, false, uuid)
    else store.persons.replace(Object.freeze({ ...target, distinct_ids: Object.freeze([...target.distinct_ids, id]) }))
  }
  logged(store, person, by, 'split_person', { name: person.uuid, changes: [change('Person', 'split', { after })] })
}
