// The user object embedded as created_by / last_modified_by (seed 2.3).
import type { components } from '../contract/types.gen.ts'
import type { UserRecord } from '../store/models.ts'

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
