// The user object embedded as created_by / last_modified_by (seed 2.3).
import type { components } from '../contract/types.gen.ts'
import type { UserRecord } from '../store/models.ts'
import { serializeOnce, utf8Extra, type JsonText } from '../core/json.ts'

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
// rendered once per user record (records are immutable: a changed user is a new record), deep-frozen,
// with their JSON text for the answers that write their text from pieces.
interface RenderedUser {
  value: components['schemas']['User']
  json: JsonText
}
const rendered = new WeakMap<UserRecord, RenderedUser>()

function renderedUser(user: UserRecord): RenderedUser {
  let found = rendered.get(user)
  if (found === undefined) {
    const value = serializeOnce(toUser(user))
    const text = JSON.stringify(value)
    rendered.set(user, (found = { value, json: { text, bytes: text.length + utf8Extra(text) } }))
  }
  return found
}

/** `toUser`, frozen and shared between the answers that embed the same user record. */
export function toUserOnce(user: UserRecord): components['schemas']['User'] {
  return renderedUser(user).value
}

/** The JSON text of `toUserOnce(user)`, with its UTF-8 length. */
export function userJson(user: UserRecord): JsonText {
  return renderedUser(user).json
}
