// Person as the API shows it (seed 2.1), with the real service's name derivation and id ordering.
import type { components } from '../contract/types.gen.ts'
import { BoundedCache } from '../core/bounded-cache.ts'
import { forgetJson, knownJson, serializeOnce, serializeOnceWith, utf8Extra, type JsonText } from '../core/json.ts'
import type { PersonRecord } from '../store/models.ts'
import { RENDER_CACHE_SIZE } from './render-cache.ts'
import { iso, isoOrNull } from './time.ts'

type Person = components['schemas']['Person']
type EmbeddedPerson = components['schemas']['EmbeddedPerson']
type ListedPerson = components['schemas']['PersonListItemReal']

const NAME_KEYS = ['email', 'name', 'username']
const ANONYMOUS_ID = /^([a-z0-9]+-){4}([a-z0-9]+)$/

/** Looks like a UUID: the real service's test for an anonymous distinct id. */
export const isAnonymousId = (distinctId: string): boolean => ANONYMOUS_ID.test(distinctId)

/** Non-anonymous distinct ids first, order otherwise kept (a stable sort). */
export function orderedDistinctIds(person: PersonRecord): string[] {
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
  const ids = orderedDistinctIds(person)
  return ids[0] ?? String(person.id)
}

// Records are immutable, so a person in use is rendered once, and its JSON text written once (a list
// page re-renders the same records often). Bounded, so reading through a large project does not keep a
// rendered copy of every person.
const rendered = new BoundedCache<PersonRecord, Person>(RENDER_CACHE_SIZE)
const render = (person: PersonRecord): Person => {
  const value = renderPerson(person)
  return serializeOnceWith(value, personJson(value))
}

export function toPerson(person: PersonRecord): Person {
  return rendered.getOrMake(person, render)
}

function renderPerson(person: PersonRecord): Person {
  // Frozen as made (the ids too; the record's properties are frozen already), so marking it walks nothing.
  return Object.freeze({
    id: person.id,
    name: personName(person),
    distinct_ids: Object.freeze(orderedDistinctIds(person)) as string[],
    properties: person.properties as Person['properties'],
    created_at: iso(person.created_at),
    uuid: person.uuid,
    last_seen_at: isoOrNull(person.last_seen_at),
  })
}

/**
 * `JSON.stringify(value)` of a rendered person, written around its properties' text when that is known
 * already (a write measures the new properties as JSON against the caps: `rememberJson`), so a PATCH's
 * answer is not written key by key. Undefined when the properties' text is not known or a field holds
 * what this does not cover (JSON.stringify then writes it); tests compare the two.
 */
function personJson(value: Person): JsonText | undefined {
  const properties = knownJson(value.properties as object)
  const { id, name, created_at, uuid, last_seen_at } = value
  if (
    properties === undefined ||
    !Number.isSafeInteger(id) ||
    typeof name !== 'string' ||
    typeof created_at !== 'string' ||
    !(last_seen_at === null || typeof last_seen_at === 'string')
  ) {
    return undefined
  }
  const nameText = JSON.stringify(name)
  const ids = JSON.stringify(value.distinct_ids)
  const uuidText = JSON.stringify(uuid)
  // The instants are iso() texts: digits and -:.TZ, nothing to escape.
  const text =
    `{"id":${id},"name":${nameText},"distinct_ids":${ids},"properties":${properties.text},"created_at":"${created_at}",` +
    `"uuid":${uuidText},"last_seen_at":${last_seen_at === null ? 'null' : `"${last_seen_at}"`}}`
  // Each piece scanned as it is (scanning them joined would flatten the join first).
  return { text, bytes: text.length + utf8Extra(nameText) + utf8Extra(ids) + utf8Extra(uuidText) + (properties.bytes - properties.text.length) }
}

/**
 * Lets go of what was rendered for a version of a person that a change replaced (it is never shown
 * again): a PATCH otherwise left each version's rendering and text in the caches until they aged out,
 * kept long enough to be copied into the old generation and collected there. When `next` has new
 * properties, the old ones' JSON text goes too: the events captured with them keep the object (the
 * person's properties at the time), not the text.
 */
export function forgetPerson(person: PersonRecord, next?: PersonRecord): void {
  rendered.delete(person)
  listed.delete(person)
  if (next !== undefined && next.properties !== person.properties) forgetJson(person.properties)
}

// The real service's list item (its actors query, not the person serializer): the uuid as `id`, and
// `type`, `is_identified`, `matched_recordings`, `value_at_data_point`. Cached like the person.
const listed = new BoundedCache<PersonRecord, ListedPerson>(RENDER_CACHE_SIZE)
const renderListed = (person: PersonRecord): ListedPerson => {
  const { name, distinct_ids, properties, created_at, uuid, last_seen_at } = toPerson(person)
  return serializeOnce({
    type: 'person',
    id: uuid,
    uuid,
    created_at,
    last_seen_at: last_seen_at ?? null,
    properties,
    // Identified once a distinct id that is not anonymous joined it (the mock's reading of $identify).
    is_identified: distinct_ids.some((d) => !isAnonymousId(d)),
    name,
    distinct_ids,
    matched_recordings: [],
    value_at_data_point: null,
  })
}

/** A person as the real service's persons list shows it. */
export function toListedPerson(person: PersonRecord): ListedPerson {
  return listed.getOrMake(person, renderListed)
}

/** How an embedded person's `distinct_ids` reads: the matching one as a string (seed 2.1) or in an array (the real service). */
export type DistinctIdsShape = 'string' | 'array'

/** Embedded in a recording: distinct_ids is the single matching distinct id. */
export function toEmbeddedPerson(person: PersonRecord, distinctId: string, shape: DistinctIdsShape = 'string'): EmbeddedPerson {
  const { id, name, properties, created_at, uuid } = toPerson(person)
  return { id, name, distinct_ids: shape === 'string' ? distinctId : [distinctId], properties, created_at, uuid }
}
