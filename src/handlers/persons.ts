// Persons (seed 4.2): list, retrieve, update, delete, delete events, delete property, activity and
// properties timeline. What the writes change lives in src/domain/person-changes.ts.
import type { HandlerContext, HandlerMap } from './context.ts'
import { ApiError, validationError } from '../core/errors.ts'
import { empty, json, textPieces } from '../core/http.ts'
import { numberedPage, offsetPage } from '../core/pagination.ts'
import { nextNonPeakSlot, nextSundayFiveUtc } from '../domain/schedule.ts'
import { queueEventDeletion } from '../domain/tasks.ts'
import { activityFor, toActivityEntry } from '../domain/activity.ts'
import { deletePerson, deletePersonProperty, updatePersonProperties, type Actor } from '../domain/person-changes.ts'
import { findPersons } from '../domain/person-query.ts'
import { propertiesTimeline } from '../domain/properties-timeline.ts'
import { CSV_CONTENT_TYPE, csvPieces } from '../serializers/csv.ts'
import { toPerson } from '../serializers/person.ts'
import { findPerson } from './lookup.ts'

export const DEFAULT_PERSONS_LIMIT = 100
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

export const personHandlers: HandlerMap = {
  persons_list(ctx) {
    const { store } = ctx.services
    const { limit = DEFAULT_PERSONS_LIMIT, offset = 0 } = ctx.query
    const persons = findPersons(store, ctx.project!.id, {
      distinctId: ctx.query.distinct_id,
      email: ctx.query.email,
      search: ctx.query.search,
      properties: ctx.query.properties,
    })
    const page = offsetPage(ctx.url, persons, limit, offset, toPerson)
    if (wantsCsv(ctx)) return textPieces(200, csvPieces(page.results), CSV_CONTENT_TYPE)
    return json(200, page)
  },

  persons_retrieve(ctx) {
    const person = toPerson(findPerson(ctx))
    if (wantsCsv(ctx)) return textPieces(200, csvPieces([person]), CSV_CONTENT_TYPE)
    return json(200, person)
  },

  async persons_partial_update(ctx) {
    // As the real service: checked before the person is looked up, answered with its hand-built body,
    // whose code and detail are swapped.
    // (A properties value that is not an object never gets here: the contract answers 400 for it.)
    const properties = ctx.body?.properties
    if (properties === undefined) {
      throw new ApiError(400, 'validation_error', 'This field is required.', 'required', 'properties')
    }
    const person = findPerson(ctx)
    const updated = await updatePersonProperties(ctx.services.store, person, properties, actor(ctx))
    return json(200, toPerson(updated))
  },

  async persons_destroy(ctx) {
    const person = findPerson(ctx)
    const by = actor(ctx)
    await deletePerson(ctx.services.store, person, by, ctx.query.delete_events === true ? nextSundayFiveUtc(by.now) : undefined)
    return empty(204)
  },

  persons_activity_retrieve(ctx) {
    const { store } = ctx.services
    const person = findPerson(ctx)
    const { limit = DEFAULT_ACTIVITY_LIMIT, page = 1 } = ctx.query
    const entries = activityFor(store, ctx.project!.id, 'Person', person.id)
    return json(200, numberedPage(ctx.url, entries, limit, page, (e) => toActivityEntry(store, e)))
  },

  async persons_delete_events_create(ctx) {
    const person = findPerson(ctx)
    const { store, clock, nonPeakWindow } = ctx.services
    const now = clock.now()
    await queueEventDeletion(store, person, now, nextNonPeakSlot(now, nonPeakWindow))
    return empty(200)
  },

  async persons_delete_property_create(ctx) {
    const person = findPerson(ctx)
    const key = ctx.query.$unset ?? ctx.body?.$unset
    if (typeof key !== 'string' || key === '') throw validationError('This field is required.', '$unset', 'required')
    await deletePersonProperty(ctx.services.store, person, key, actor(ctx))
    return json(200, { success: true })
  },

  persons_properties_timeline_retrieve(ctx) {
    const person = findPerson(ctx)
    const { store, clock } = ctx.services
    return json(200, propertiesTimeline(person, store.events.forPerson(person.uuid), clock.now(), ctx.query))
  },
}
