// Persons (seed 4.2): list, retrieve, update, delete, delete events, delete property, activity and
// properties timeline. What the writes change lives in src/domain/person-changes.ts. Where the seed and
// the real service disagree, `ctx.observed(note)` says which the answer follows (the contract's notes).
import type { HandlerContext, HandlerMap } from './context.ts'
import { ApiError, validationError } from '../core/drf/exceptions.ts'
import { empty, json, text, textPieces, type MockResponse } from '../core/http.ts'
import { offsetPageOf } from '../core/drf/pagination.ts'
import { andThen, mapInSlices } from '../core/slices.ts'
import { nextNonPeakSlot, nextSundayFiveUtc } from '../domain/schedule.ts'
import { queueEventDeletion } from '../domain/tasks.ts'
import { activityFor, toActivityEntry, type Actor } from '../domain/activity.ts'
import { deletePerson, deletePersonProperty, splitPerson, updatePersonProperties } from '../domain/person-changes.ts'
import { findPersons } from '../domain/person-query.ts'
import { activityPage, personsListLinks } from '../domain/query-params-url.ts'
import { earliestOf } from '../domain/insight-query.ts'
import { pythonRepr } from '../core/python-text.ts'
import { propertiesTimeline } from '../domain/properties-timeline.ts'
import { CSV_CONTENT_TYPE, csvPieces } from '../serializers/csv.ts'
import { toListedPerson, toPerson } from '../serializers/person.ts'
import type { PersonRecord } from '../store/models.ts'
import { findPerson } from './lookup.ts'

const DEFAULT_PERSONS_LIMIT = 100
/** The most the real service's actors query returns in one page. */
const MAX_PERSONS_LIMIT = 50_000
const DEFAULT_ACTIVITY_LIMIT = 10

/** `?format=csv`, or no format and an Accept header asking for CSV rather than JSON. */
function wantsCsv(ctx: HandlerContext): boolean {
  if (ctx.query.format !== undefined) return ctx.query.format === 'csv'
  const accept = ctx.req.headers.accept ?? ''
  return accept.includes('text/csv') && !accept.includes('application/json')
}

function actor(ctx: HandlerContext): Actor {
  return { projectId: ctx.project!.id, userId: ctx.principal?.user.id ?? null, now: ctx.services.clock.now() }
}

/** posthog/hogql/constants.py CSV_EXPORT_LIMIT: a CSV list is this many persons (the query's cap applies too). */
export const CSV_EXPORT_LIMIT = 300_000

function activityPageOf(ctx: HandlerContext, entries: ReturnType<typeof activityFor>) {
  const { store } = ctx.services
  const { limit = DEFAULT_ACTIVITY_LIMIT, page = 1 } = ctx.query
  return json(
    200,
    activityPage(ctx.url, entries, limit, page, (e) => toActivityEntry(store, e)),
  )
}

/**
 * A page of the persons a list query found, as PersonViewSet.list reads limit and offset (0 or less:
 * the default; a CSV export: CSV_EXPORT_LIMIT from the start), as JSON or CSV. A long page is rendered
 * in slices, other requests answered between them (mapInSlices).
 */
function personsPage(ctx: HandlerContext, persons: readonly PersonRecord[]): MockResponse | Promise<MockResponse> {
  const csv = wantsCsv(ctx)
  const asked = csv ? CSV_EXPORT_LIMIT : ctx.query.limit > 0 ? (ctx.query.limit as number) : DEFAULT_PERSONS_LIMIT
  const limit = Math.min(asked, MAX_PERSONS_LIMIT)
  const offset = csv ? 0 : ((ctx.query.offset as number | undefined) ?? 0)
  const items = persons.slice(offset, offset + limit)
  const asCsv = (rows: unknown[]) => textPieces(200, csvPieces(rows), CSV_CONTENT_TYPE)
  if (!ctx.observed('persons-list-envelope')) {
    return andThen(mapInSlices(items, toPerson), (results) =>
      csv ? asCsv(results) : json(200, offsetPageOf(ctx.url, persons.length, limit, offset, results)),
    )
  }
  // The real service's list: its own items, no count unless asked, links by its own rules.
  const count = ctx.url.searchParams.has('include_total') ? { count: persons.length } : {}
  return andThen(mapInSlices(items, toListedPerson), (results) =>
    csv
      ? asCsv(results)
      : json(200, { results, ...personsListLinks(ctx.url, results.length, asked, offset), ...count }),
  )
}

/**
 * PersonViewSet.update: no properties is its hand-built 400 (code and detail swapped), checked before
 * the person is looked up; then the properties are set.
 */
function updateProperties(ctx: HandlerContext) {
  // Any JSON is taken (a form field's text too): the $set of a value that is not an object sets nothing.
  const properties = ctx.body?.properties
  if (properties === undefined || properties === null) {
    throw new ApiError(400, 'validation_error', 'This field is required.', 'required', 'properties')
  }
  return updatePersonProperties(ctx.services.store, findPerson(ctx), properties, actor(ctx))
}

/**
 * The distinct ids PersonViewSet.split moves, read from the body as it reads them (after the person is
 * found): `distinct_ids_to_split` (each once), else every id but `main_distinct_id` (default the first).
 */
function idsToSplit(person: PersonRecord, body: Record<string, unknown> | undefined): string[] {
  const { main_distinct_id: main = null, distinct_ids_to_split: listed = null } = body ?? {}
  if (listed === null) return person.distinct_ids.filter((id) => id !== (main || person.distinct_ids[0]))
  if (!Array.isArray(listed) || !listed.every((id) => typeof id === 'string'))
    throw validationError('must be a list of strings', 'distinct_ids_to_split')
  if (listed.length === 0) throw validationError('must not be empty', 'distinct_ids_to_split')
  if (main !== null) throw validationError('main_distinct_id cannot be combined with distinct_ids_to_split')
  const unknown = [...new Set(listed.filter((id) => !person.distinct_ids.includes(id)))].sort()
  if (unknown.length > 0) throw validationError(`not on this person: ${pythonRepr(unknown)}`, 'distinct_ids_to_split')
  return [...new Set(listed)]
}

export const personHandlers: HandlerMap = {
  persons_list(ctx) {
    const found = findPersons(ctx.services.store, ctx.project!.id, {
      distinctId: ctx.query.distinct_id,
      email: ctx.query.email,
      search: ctx.query.search,
      properties: ctx.query.properties,
    })
    // (A long scan answers later: findPersons.)
    return andThen(found, (persons) => personsPage(ctx, persons))
  },

  /** Refused with the real service's words: persons come from event capture. */
  persons_create() {
    throw new ApiError(
      405,
      'invalid_request',
      'method_not_allowed',
      'Creating persons via this API is not allowed. Please create persons by sending an $identify event. See https://posthog.com/docs/product-analytics/identify for details.',
    )
  },

  persons_retrieve(ctx) {
    const person = toPerson(findPerson(ctx))
    if (wantsCsv(ctx)) {
      // The real service's CSV renderer renders `results` only, so a single person is an empty body.
      if (ctx.observed('person-retrieve-csv')) return text(200, '', CSV_CONTENT_TYPE)
      return textPieces(200, csvPieces([person]), CSV_CONTENT_TYPE)
    }
    return json(200, person)
  },

  persons_partial_update(ctx) {
    const updated = updateProperties(ctx)
    if (ctx.observed('person-patch-status')) return empty(202)
    return json(200, toPerson(updated))
  },

  /** PUT: the real update() itself, which PATCH also reaches; the seed lists no PUT, so 202 in both profiles. */
  persons_update(ctx) {
    updateProperties(ctx)
    return empty(202)
  },

  persons_destroy(ctx) {
    const person = findPerson(ctx)
    const by = actor(ctx)
    // The seed: delete_events=true queues the task; the real service: the parameter's mere presence.
    const deleteEvents = ctx.observed('person-delete-events-flag')
      ? ctx.url.searchParams.has('delete_events')
      : ctx.query.delete_events === true
    const when = deleteEvents ? nextSundayFiveUtc(by.now) : undefined
    // keep_person (its presence, as in the real service): the person stays; only its events may go.
    if (ctx.url.searchParams.has('keep_person')) {
      if (when !== undefined) queueEventDeletion(ctx.services.store, person, by.now, when)
    } else deletePerson(ctx.services.store, person, by, when)
    return empty(ctx.observed('person-delete-status') ? 202 : 204)
  },

  persons_activity_retrieve(ctx) {
    const person = findPerson(ctx)
    return activityPageOf(ctx, activityFor(ctx.services.store, ctx.project!.id, 'Person', person.id))
  },

  persons_all_activity_retrieve(ctx) {
    return activityPageOf(ctx, ctx.services.store.activity.scopeEntries(ctx.project!.id, 'Person'))
  },

  persons_delete_events_create(ctx) {
    const person = findPerson(ctx)
    const { store, clock, nonPeakWindow } = ctx.services
    const now = clock.now()
    queueEventDeletion(store, person, now, nextNonPeakSlot(now, nonPeakWindow))
    return empty(ctx.observed('person-delete-events-status') ? 202 : 200)
  },

  persons_delete_property_create(ctx) {
    const person = findPerson(ctx)
    // The seed reads the key from the $unset query parameter (the body field too, as real clients send
    // it); the real service reads the body field only.
    const observed = ctx.observed('person-delete-property-status')
    const key = observed ? ctx.body?.$unset : (ctx.query.$unset ?? ctx.body?.$unset)
    if (typeof key !== 'string' || key === '') throw validationError('This field is required.', '$unset', 'required')
    deletePersonProperty(ctx.services.store, person, key, actor(ctx))
    return json(observed ? 201 : 200, { success: true })
  },

  /** The real split is a task (201 once queued); the mock splits before it answers. */
  persons_split_create(ctx) {
    const person = findPerson(ctx)
    splitPerson(ctx.services.store, person, idsToSplit(person, ctx.body), actor(ctx))
    return json(201, { success: true })
  },

  persons_properties_timeline_retrieve(ctx) {
    const person = findPerson(ctx)
    const { store, clock } = ctx.services
    const now = clock.now()
    const { id, timezone } = ctx.project!
    const earliest = () => earliestOf(store.events.forProject(id), now)
    return json(
      200,
      propertiesTimeline(store.events.forPerson(person.uuid), ctx.query, { now, timeZone: timezone, earliest }),
    )
  },
}
