// Finding addressed resources as the real service does.
import type { HandlerContext } from './context.ts'
import { notFound, validationError } from '../core/errors.ts'
import type { PersonRecord } from '../store/models.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** `:id` is the integer id or the UUID; any other form is a 400; another project's person is a 404. */
export function findPerson(ctx: HandlerContext): PersonRecord {
  const raw = ctx.params.id!
  const { store } = ctx.services
  let person: PersonRecord | undefined
  if (/^\d+$/.test(raw)) person = raw.length <= 15 ? store.persons.get(Number(raw)) : undefined
  else if (UUID.test(raw)) person = store.persons.getByUuid(raw.toLowerCase())
  else {
    throw validationError(
      'The ID provided does not look like a personID. If you are using a distinctId, please use /persons?distinct_id=<id> instead.',
    )
  }
  if (!person || person.project_id !== ctx.project!.id) throw notFound()
  return person
}
