// A new person as ingestion makes one: an `$identify` event on its first distinct id (at its creation
// instant) sets its properties; further distinct ids join it. The test helper's person factory and the
// control API's recordings (which need an owner when none is named) both make persons here.
import type { PersonRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { capture } from './capture.ts'

const DAY = 86_400_000

export interface NewPersonInput {
  /** Default `['person-<n>']`. */
  distinct_ids?: string[]
  /** Default `{ email: 'person-<n>@example.com', name: 'Person <n>' }`. */
  properties?: Record<string, unknown>
  /** Epoch ms; default 7 days before `now`. */
  created_at?: number
  /**
   * The stored merge flag. Default: true when it has more than one distinct id (the others joined it by
   * the merges that set the flag in the real ingestion), false for one.
   */
  is_identified?: boolean
}

/** Makes the person; throws an Error (a programming mistake in a test) for a project or distinct id that cannot be used. */
export function newPerson(store: Store, projectId: number, input: NewPersonInput, now: number): PersonRecord {
  const n = store.counters.person
  if (!store.project(projectId)) throw new Error(`no project ${projectId} in this scenario`)
  let distinctIds = input.distinct_ids
  if (!distinctIds) {
    // The default id, unless a person already has it (a test may have named one so).
    let k = n
    while (store.persons.getByDistinctId(projectId, `person-${k}`)) k++
    distinctIds = [`person-${k}`]
  }
  if (distinctIds.length === 0) throw new Error('distinct_ids must not be empty')
  for (const id of distinctIds) {
    const owner = store.persons.getByDistinctId(projectId, id)
    if (owner) throw new Error(`distinct id "${id}" already belongs to person ${owner.id}`)
  }
  const properties = input.properties ?? { email: `person-${n}@example.com`, name: `Person ${n}` }
  const createdAt = input.created_at ?? now - 7 * DAY
  let { person } = capture(
    store,
    projectId,
    { event: '$identify', distinct_id: distinctIds[0]!, timestamp: createdAt, properties: { $set: properties } },
    now,
  )
  const isIdentified = input.is_identified ?? distinctIds.length > 1
  if (distinctIds.length > 1 || isIdentified !== person.is_identified) {
    person = Object.freeze({ ...person, distinct_ids: Object.freeze([...distinctIds]), is_identified: isIdentified })
    store.persons.replace(person)
  }
  return person
}
