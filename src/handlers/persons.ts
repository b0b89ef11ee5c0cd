// Persons (seed 4.2).
import type { HandlerMap } from '../core/context.ts'
import { json } from '../core/http.ts'
import { offsetPage } from '../core/pagination.ts'
import { toPerson } from '../serializers/person.ts'
import { findPerson } from './lookup.ts'

export const DEFAULT_PERSONS_LIMIT = 100

export const personHandlers: HandlerMap = {
  persons_list(ctx) {
    const { store } = ctx.services
    const projectId = ctx.project!.id
    const { limit = DEFAULT_PERSONS_LIMIT, offset = 0 } = ctx.query
    const persons = store.persons.list(projectId)
    return json(200, offsetPage(ctx.url, persons, limit, offset, toPerson))
  },

  persons_retrieve(ctx) {
    return json(200, toPerson(findPerson(ctx)))
  },
}
