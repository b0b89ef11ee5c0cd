// Person as the API shows it (seed 2.1), with the real service's name derivation and id ordering.
import type { components } from '../contract/types.gen.ts'
import { BoundedCache } from '../core/bounded-cache.ts'
import {
  forgetJson,
  jsonString,
  knownJson,
  serializeOnce,
  serializeOnceWith,
  utf8Extra,
  type JsonText,
} from '../core/json.ts'
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

/** What the versions of a person share: its distinct ids as shown (ordered, frozen) and their JSON text, its uuid's text. */
interface Shown {
  ids: readonly string[]
  idsText: string
  /** UTF-8 bytes of idsText beyond one per character. */
  idsExtra: number
  uuid: string
  uuidText: string
  uuidExtra: number
  /** The name last shown (it follows the properties, which most writes leave as they were) and its text. */
  name: string
  nameText: string
  nameExtra: number
}

// A write keeps the record's frozen distinct_ids array (a change of properties spreads the record), so
// what is made from it is made once per array, not once per version: ordering the ids ran a RegExp per
// distinct id, and writing the ids and the uuid as JSON was ~3% of a PATCH person in-process. Bounded
// as the renderings are (a read through a large project does not keep one for every person).
const shownByIds = new BoundedCache<readonly string[], Shown>(RENDER_CACHE_SIZE)

function shown(person: PersonRecord): Shown {
  const array = person.distinct_ids
  // Only a frozen array is known never to change.
  const frozen = Object.isFrozen(array)
  let known = frozen ? shownByIds.get(array) : undefined
  if (known === undefined) {
    const ids = Object.freeze(orderedDistinctIds(person))
    const idsText = JSON.stringify(ids)
    known = {
      ids,
      idsText,
      idsExtra: utf8Extra(idsText),
      uuid: '',
      uuidText: '""',
      uuidExtra: 0,
      name: '',
      nameText: '""',
      nameExtra: 0,
    }
    if (frozen) shownByIds.set(array, known)
  }
  // (The uuid's text follows the uuid, should two records ever share an ids array.)
  if (known.uuid !== person.uuid && typeof person.uuid === 'string') {
    known.uuid = person.uuid
    known.uuidText = jsonString(person.uuid)
    known.uuidExtra = utf8Extra(known.uuidText)
  }
  return known
}

/** email, name, username properties; else the first non-anonymous distinct id; else the id. */
export function personName(person: PersonRecord): string {
  for (const key of NAME_KEYS) {
    const value = person.properties[key]
    if (value) return String(value)
  }
  return shown(person).ids[0] ?? String(person.id)
}

// Records are immutable, so a person in use is rendered once, and its JSON text written once (a list
// page re-renders the same records often). Bounded, so reading through a large project does not keep a
// rendered copy of every person.
const rendered = new BoundedCache<PersonRecord, Person>(RENDER_CACHE_SIZE)
const render = (person: PersonRecord): Person => {
  const ids = shown(person)
  const value = renderPerson(person, ids)
  return serializeOnceWith(value, personJson(value, ids))
}

export function toPerson(person: PersonRecord): Person {
  return rendered.getOrMake(person, render)
}

function renderPerson(person: PersonRecord, ids: Shown): Person {
  // Frozen as made (the ids too; the record's properties are frozen already), so marking it walks nothing.
  return Object.freeze({
    id: person.id,
    name: personName(person),
    distinct_ids: ids.ids as string[],
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
function personJson(value: Person, ids: Shown): JsonText | undefined {
  const properties = knownJson(value.properties as object)
  const { id, name, created_at, uuid, last_seen_at } = value
  if (
    properties === undefined ||
    !Number.isSafeInteger(id) ||
    typeof name !== 'string' ||
    typeof created_at !== 'string' ||
    typeof uuid !== 'string' ||
    !(last_seen_at === null || typeof last_seen_at === 'string')
  ) {
    return undefined
  }
  if (name !== ids.name) {
    ids.name = name
    ids.nameText = jsonString(name)
    ids.nameExtra = utf8Extra(ids.nameText)
  }
  // The instants are iso() texts: digits and -:.TZ, nothing to escape.
  const text =
    `{"id":${id},"name":${ids.nameText},"distinct_ids":${ids.idsText},"properties":${properties.text},"created_at":"${created_at}",` +
    `"uuid":${ids.uuidText},"last_seen_at":${last_seen_at === null ? 'null' : `"${last_seen_at}"`}}`
  // Each piece scanned as it is (scanning them joined would flatten the join first).
  return {
    text,
    bytes: text.length + ids.nameExtra + ids.idsExtra + ids.uuidExtra + (properties.bytes - properties.text.length),
  }
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
    // The stored merge flag (posthog/hogql_queries/actor_strategies.py reads the person row's is_identified).
    is_identified: person.is_identified,
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
