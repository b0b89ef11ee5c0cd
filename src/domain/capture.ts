// Event capture as the real ingestion does it, for the control API and for writes that capture events
// (person PATCH sends a $set event): the event is stored, its person is found or created by distinct id,
// and $set / $set_once / $unset change the person's properties.
import type { EventRecord, PersonRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import { checkPersonLimits } from './person-limits.ts'

export interface CaptureInput {
  event: string
  distinct_id: string
  timestamp?: number
  properties?: Record<string, unknown>
}

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function applyPropertyUpdates(
  current: Readonly<Record<string, unknown>>,
  properties: Record<string, unknown>,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current }
  const set = properties.$set
  const setOnce = properties.$set_once
  const unset = properties.$unset
  // Only an object sets anything (a list, a text or a number, as a person update may send, sets nothing).
  if (isObject(setOnce)) {
    for (const [k, v] of Object.entries(setOnce)) if (!(k in next)) next[k] = v
  }
  if (isObject(set)) Object.assign(next, set)
  if (!unset) return next // (a PATCH: nothing taken away)
  const gone = Array.isArray(unset) ? unset.map(String) : typeof unset === 'object' ? Object.keys(unset) : []
  return gone.some((k) => Object.hasOwn(next, k)) ? without(next, gone) : next
}

/**
 * `properties` less the `gone` keys, the rest in their order. Copied rather than `delete`d: deleting a
 * key (other than the last added) turns an object into a slow dictionary, and these are kept and read
 * for as long as the person is.
 */
function without(properties: Record<string, unknown>, gone: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(properties)) {
    if (gone.includes(key)) continue
    // A key named __proto__ (JSON can have one) as an own property, as the spread above made it.
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: properties[key], enumerable: true, writable: true, configurable: true })
    else out[key] = properties[key]
  }
  return out
}

// The real ingestion's merge events (plugin-server/src/worker/ingestion/persons/person-merge-service.ts,
// handleIdentifyOrAlias and merge): `$identify` with `$anon_distinct_id`, `$create_alias` and
// `$merge_dangerously` with `alias` mark the event's person identified, unless the two ids are the same
// or one of them is a placeholder it refuses to merge.
const ILLEGAL_ANY_CASE = [
  'anonymous',
  'guest',
  'distinctid',
  'distinct_id',
  'id',
  'not_authenticated',
  'email',
  'undefined',
  'true',
  'false',
]
const ILLEGAL_THIS_CASE = ['[object Object]', 'NaN', 'None', 'none', 'null', '0', 'undefined']
const quoted = (ids: string[]) => [...ids, ...ids.map((id) => `'${id}'`), ...ids.map((id) => `"${id}"`)]
const ILLEGAL_ANY_CASE_SET = new Set(quoted(ILLEGAL_ANY_CASE))
const ILLEGAL_THIS_CASE_SET = new Set(quoted(ILLEGAL_THIS_CASE))
const illegalId = (id: string) =>
  id.trim() === '' || ILLEGAL_ANY_CASE_SET.has(id.toLowerCase()) || ILLEGAL_THIS_CASE_SET.has(id)

/** The other distinct id a merge event names (undefined for other events). */
function mergedId(input: CaptureInput, properties: Record<string, unknown>): string | undefined {
  if ((input.event === '$create_alias' || input.event === '$merge_dangerously') && properties.alias)
    return String(properties.alias)
  if (input.event === '$identify' && '$anon_distinct_id' in properties) return String(properties.$anon_distinct_id)
  return undefined
}

/** Whether capturing `input` marks its person identified (a merge it does not refuse). */
function identifies(input: CaptureInput, properties: Record<string, unknown>): boolean {
  const other = mergedId(input, properties)
  return other !== undefined && other !== input.distinct_id && !illegalId(other) && !illegalId(input.distinct_id)
}

export function createPerson(
  store: Store,
  projectId: number,
  distinctIds: string[],
  properties: Record<string, unknown>,
  now: number,
  isIdentified = false,
  uuid = store.random.uuid(),
): PersonRecord {
  const person: PersonRecord = Object.freeze({
    id: store.counters.person++,
    uuid,
    project_id: projectId,
    distinct_ids: Object.freeze([...distinctIds]),
    properties: Object.freeze({ ...properties }),
    created_at: now,
    last_seen_at: null,
    is_identified: isIdentified,
  })
  store.persons.insert(person)
  return person
}

/**
 * Stores `input` as an event and applies it to its person. `input.properties` is kept as the event's
 * properties when frozen (a caller that made it for the event), else a frozen copy of it.
 */
export function capture(
  store: Store,
  projectId: number,
  input: CaptureInput,
  now: number,
): { event: EventRecord; person: PersonRecord } {
  const properties = input.properties ?? {}
  const timestamp = input.timestamp ?? now
  let person = store.persons.getByDistinctId(projectId, input.distinct_id)
  // $identify with $anon_distinct_id: the anonymous person gains the identified distinct id.
  const anonId = properties.$anon_distinct_id
  const anonymous =
    !person && input.event === '$identify' && typeof anonId === 'string'
      ? store.persons.getByDistinctId(projectId, anonId)
      : undefined
  const hasUpdates = '$set' in properties || '$set_once' in properties || '$unset' in properties
  // Checked against the caps before anything changes: a refused capture leaves the store as it was.
  const updatedProperties = hasUpdates
    ? Object.freeze(applyPropertyUpdates((person ?? anonymous)?.properties ?? {}, properties))
    : undefined
  // $unset alone only takes properties away: it cannot break a cap the person did not break already
  // (and a delete_property answer does not show them, so their text is not wanted either).
  if (updatedProperties && ('$set' in properties || '$set_once' in properties))
    checkPersonLimits(store.limits, updatedProperties)
  if (anonymous) {
    person = Object.freeze({
      ...anonymous,
      distinct_ids: Object.freeze([...anonymous.distinct_ids, input.distinct_id]),
    })
    store.persons.replace(person)
  }
  if (!person) person = createPerson(store, projectId, [input.distinct_id], {}, timestamp)
  const nextProperties = updatedProperties ?? person.properties
  const updated: PersonRecord = Object.freeze({
    ...person,
    properties: nextProperties,
    last_seen_at: Math.max(person.last_seen_at ?? 0, timestamp),
    is_identified: person.is_identified || identifies(input, properties),
  })
  store.persons.replace(updated)
  const event: EventRecord = Object.freeze({
    project_id: projectId,
    event: input.event,
    distinct_id: input.distinct_id,
    person_uuid: updated.uuid,
    timestamp,
    // (Freezing a fresh spread is slow in V8, most of a frozen object literal's cost again.)
    properties: Object.isFrozen(properties) ? properties : Object.freeze({ ...properties }),
    person_properties: updated.properties,
  })
  store.events.add(event)
  return { event, person: updated }
}
