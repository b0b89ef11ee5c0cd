// Persons (seed 4.2): list, retrieve, update, delete, delete events, delete property, activity and
// properties timeline. What the writes change lives in src/domain/person-changes.ts. Where the seed and
// the real service disagree, `ctx.observed(note)` says which the answer follows (the contract's notes).
import type { HandlerContext, HandlerMap } from './context.ts'
import { ApiError, validationError } from '../core/errors.ts'
import { empty, json, text, textPieces, type MockResponse } from '../core/http.ts'
import { numberedPage, offsetPageOf, realOffsetLink } from '../core/pagination.ts'
import { andThen, mapInSlices } from '../core/slices.ts'
import { nextNonPeakSlot, nextSundayFiveUtc } from '../domain/schedule.ts'
import { queueEventDeletion } from '../domain/tasks.ts'
import { activityFor, projectActivity, toActivityEntry } from '../domain/activity.ts'
import { deletePerson, deletePersonProperty, updatePersonProperties, type Actor } from '../domain/person-changes.ts'
import { findPersons } from '../domain/person-query.ts'
import { propertiesTimeline } from '../domain/properties-timeline.ts'
import { CSV_CONTENT_TYPE, csvPieces } from '../serializers/csv.ts'
import { toListedPerson, toPerson } from '../serializers/person.ts'
import type { PersonRecord } from '../store/models.ts'
import { findPerson } from './lookup.ts'

export const DEFAULT_PERSONS_LIMIT = 100
/** The most the real service's actors query returns in one page. */
export const MAX_PERSONS_LIMIT = 50_000
export const DEFAULT_ACTIVITY_LIMIT = 10

/** `?format=csv`, or no format and an Accept header asking for CSV rather than JSON. */
function wantsCsv(ctx: HandlerContext): boolean {
  if (ctx.query.format !== undefined) return ctx.query.format === 'csv'
  const accept = ctx.req.headers.accept ?? ''
  return accept.includes('text/csv') && !accept.includes('application/json')
}

function actor(ctx: HandlerContext): Actor {
  return { projectId: ctx.project!.id, userId: ctx.principal?.user.id ?? null, now: ctx.services.clock.now() }
}

/** The page size as the real service reads it: 0 or less means the default; at most its query's cap. */
const pageSize = (limit: number | undefined) =>
  limit === undefined || limit <= 0 ? DEFAULT_PERSONS_LIMIT : Math.min(limit, MAX_PERSONS_LIMIT)

function activityPage(ctx: HandlerContext, entries: ReturnType<typeof activityFor>) {
  const { store } = ctx.services
  const { limit = DEFAULT_ACTIVITY_LIMIT, page = 1 } = ctx.query
  return json(
    200,
    numberedPage(ctx.url, entries, limit, page, (e) => toActivityEntry(store, e)),
  )
}

/**
 * A page of the persons a list query found, as JSON or CSV. A long page is rendered in slices, other
 * requests answered between them (mapInSlices): 10,000 persons rendered at once held them ~100-150 ms.
 */
function personsPage(ctx: HandlerContext, persons: readonly PersonRecord[]): MockResponse | Promise<MockResponse> {
  const limit = pageSize(ctx.query.limit)
  const { offset = 0 } = ctx.query
  const items = persons.slice(offset, offset + limit)
  if (ctx.observed('persons-list-envelope')) {
    // The real service's list: its own items, no count unless asked, links by its own rules.
    const answer = (results: ReturnType<typeof toListedPerson>[]): MockResponse => {
      if (wantsCsv(ctx)) return textPieces(200, csvPieces(results), CSV_CONTENT_TYPE)
      return json(200, {
        results,
        next: results.length >= limit ? realOffsetLink(ctx.url, offset + limit) : null,
        previous: offset - limit >= 0 ? realOffsetLink(ctx.url, offset - limit) : null,
        ...(ctx.url.searchParams.has('include_total') ? { count: persons.length } : {}),
      })
    }
    return andThen(mapInSlices(items, toListedPerson), answer)
  }
  const answer = (results: ReturnType<typeof toPerson>[]): MockResponse => {
    const page = offsetPageOf(ctx.url, persons.length, limit, offset, results)
    if (wantsCsv(ctx)) return textPieces(200, csvPieces(page.results), CSV_CONTENT_TYPE)
    return json(200, page)
  }
  return andThen(mapInSlices(items, toPerson), answer)
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
    // As the real service: checked before the person is looked up, answered with its hand-built body,
    // whose code and detail are swapped.
    // (A properties value that is not an object never gets here: the contract answers 400 for it.)
    const properties = ctx.body?.properties
    if (properties === undefined || properties === null) {
      throw new ApiError(400, 'validation_error', 'This field is required.', 'required', 'properties')
    }
    const person = findPerson(ctx)
    const updated = updatePersonProperties(ctx.services.store, person, properties, actor(ctx))
    if (ctx.observed('person-patch-status')) return empty(202)
    return json(200, toPerson(updated))
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
    return activityPage(ctx, activityFor(ctx.services.store, ctx.project!.id, 'Person', person.id))
  },

  persons_all_activity_retrieve(ctx) {
    return activityPage(ctx, projectActivity(ctx.services.store, ctx.project!.id, 'Person'))
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

  persons_properties_timeline_retrieve(ctx) {
    const person = findPerson(ctx)
    const { store, clock } = ctx.services
    return json(200, propertiesTimeline(person, store.events.forPerson(person.uuid), clock.now(), ctx.query))
  },
}
