// Finding addressed resources as the real service does.
import type { HandlerContext } from './context.ts'
import { notFound, validationError } from '../core/drf/exceptions.ts'
import type { PersonRecord } from '../store/models.ts'

// What Python's uuid.UUID() takes: 32 hex digits once `urn:` and `uuid:`, surrounding braces and every
// dash are dropped (any case).
const HEX32 = /^[0-9a-f]{32}$/i
// What Python's int() takes: surrounding whitespace, a sign, digits with single underscores between.
const INTEGER = /^\s*[+-]?\d+(?:_\d+)*\s*$/
// Plain digits, too few to be a UUID's 32 and a safe integer: the id as clients send it, tested first.
const PLAIN_ID = /^\d{1,15}$/

/** The canonical UUID text of an id Python's uuid.UUID() accepts, else null. */
export function asUuid(raw: string): string | null {
  const hex = raw
    .replace(/urn:|uuid:/g, '')
    .replace(/^[{}]+|[{}]+$/g, '')
    .replace(/-/g, '')
  if (!HEX32.test(hex)) return null
  const h = hex.toLowerCase()
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/**
 * `:id` is the integer id or the UUID, in any form the real service's checks accept; anything else is a
 * 400 naming what was sent; another project's person, or none, is a 404.
 */
export function findPerson(ctx: HandlerContext): PersonRecord {
  const raw = ctx.params.id!
  const { store } = ctx.services
  let person: PersonRecord | undefined
  const plain = PLAIN_ID.test(raw)
  const uuid = plain ? null : asUuid(raw)
  if (plain) person = store.persons.get(Number(raw))
  else if (uuid) person = store.persons.getByUuid(uuid)
  else if (INTEGER.test(raw)) {
    const id = Number(raw.replace(/_/g, ''))
    person = Number.isSafeInteger(id) ? store.persons.get(id) : undefined
  } else {
    throw validationError(
      `The ID provided does not look like a personID. If you are using a distinctId, please use /persons?distinct_id=${raw} instead.`,
    )
  }
  if (!person || person.project_id !== ctx.project!.id) throw notFound()
  return person
}

/** The project in a control API path (`/_mock/projects/:project_id/...`): a 404 when the mock has none by that id. */
export function controlProject(ctx: HandlerContext): number {
  const raw = ctx.params.project_id!
  const id = /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!ctx.services.store.project(id)) throw notFound('Project not found.')
  return id
}
