// The user object embedded as created_by / last_modified_by (seed 2.3).
import type { components } from '../contract/types.gen.ts'
import type { UserRecord } from '../store/models.ts'
import { serializeOnce } from '../core/json.ts'

export function toUser(user: UserRecord): components['schemas']['User'] {
  return {
    id: user.id,
    uuid: user.uuid,
    distinct_id: user.distinct_id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_email_verified: user.is_email_verified,
    hedgehog_config: user.hedgehog_config,
    role_at_organization: user.role_at_organization,
  }
}

// The same user objects are embedded in answer after answer (a playlist's created_by and last_modified_by):
// rendered once per user record (records are immutable: a changed user is a new record), deep-frozen.
const rendered = new WeakMap<UserRecord, components['schemas']['User']>()

/** `toUser`, frozen and shared between the answers that embed the same user record. */
export function toUserOnce(user: UserRecord): components['schemas']['User'] {
  let value = rendered.get(user)
  if (value === undefined) rendered.set(user, (value = serializeOnce(toUser(user))))
  return value
}
