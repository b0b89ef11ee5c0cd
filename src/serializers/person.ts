// Person as the API shows it (seed 2.1), with the real service's name derivation and id ordering.
import type { components } from '../contract/types.gen.ts'
import type { PersonRecord } from '../store/models.ts'
import { iso, isoOrNull } from '../core/datetime.ts'

type Person = components['schemas']['Person']
type EmbeddedPerson = components['schemas']['EmbeddedPerson']
type ListedPerson = components['schemas']['PersonListItemReal']

const NAME_KEYS = ['email', 'name', 'username']
const ANONYMOUS_ID = /^([a-z0-9]+-){4}([a-z0-9]+)$/

/** Looks like a UUID: the real service's test for an anonymous distinct id. */
const isAnonymousId = (distinctId: string): boolean => ANONYMOUS_ID.test(distinctId)

/** Non-anonymous distinct ids first, order otherwise kept (a stable sort). */
function orderedDistinctIds(person: PersonRecord): string[] {
  // A stable partition (what a stable sort on "is anonymous" gives), without a sort's working copies.
  const ids = person.distinct_ids
  const named: string[] = []
  let anonymous: string[] | undefined
  for (const id of ids) {
    if (isAnonymousId(id)) (anonymous ??= []).push(id)
    else named.push(id)
  }
  return anonymous ? named.concat(anonymous) : named
}

/** email, name, username properties; else the first non-anonymous distinct id; else the id. */
export function personName(person: PersonRecord): string {
  for (const key of NAME_KEYS) {
    const value = person.properties[key]
    if (value) return String(value)
  }
  return orderedDistinctIds(person)[0] ?? String(person.id)
}

export function toPerson(person: PersonRecord): Person {
  return {
    id: person.id,
    name: personName(person),
    distinct_ids: orderedDistinctIds(person),
    properties: person.properties as Person['properties'],
    created_at: iso(person.created_at),
    uuid: person.uuid,
    last_seen_at: isoOrNull(person.last_seen_at),
  }
}

/**
 * A person as the real service's persons list shows it (its actors query, not the person serializer):
 * the uuid as `id`, and `type`, `is_identified`, `matched_recordings`, `value_at_data_point`.
 */
export function toListedPerson(person: PersonRecord): ListedPerson {
  const { name, distinct_ids, properties, created_at, uuid, last_seen_at } = toPerson(person)
  return {
    type: 'person',
    id: uuid,
    uuid,
    created_at,
    last_seen_at: last_seen_at ?? null,
    properties,
    // The stored merge flag (posthog/hogql_queries/actor_strategies.py reads the person row's is_identified).
    is_identified: person.is_identified,
    name,
    distinct_ids,
    matched_recordings: [],
    value_at_data_point: null,
  }
}

/** How an embedded person's `distinct_ids` reads: the matching one as a string (seed 2.1) or in an array (the real service). */
export type DistinctIdsShape = 'string' | 'array'

/** Embedded in a recording: distinct_ids is the single matching distinct id. */
export function toEmbeddedPerson(
  person: PersonRecord,
  distinctId: string,
  shape: DistinctIdsShape = 'string',
): EmbeddedPerson {
  const { id, name, properties, created_at, uuid, last_seen_at } = toPerson(person)
  return {
    id,
    name,
    distinct_ids: shape === 'string' ? distinctId : [distinctId],
    properties,
    created_at,
    uuid,
    last_seen_at: last_seen_at ?? null,
  }
}
