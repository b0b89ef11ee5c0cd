// Where real clients look to find their project and what their key may do.
import { reachableProjects } from '../core/auth.ts'
import type { HandlerMap } from './context.ts'
import { json } from '../core/http.ts'
import { drfLimitOffset, drfPage } from '../core/drf/pagination.ts'
import { iso } from '../core/datetime.ts'
import { toUser } from '../serializers/user.ts'
import type { OrganizationRecord, ProjectRecord } from '../store/models.ts'

const toProject = (p: ProjectRecord) => ({
  id: p.id,
  uuid: p.uuid,
  organization: p.organization_id,
  name: p.name,
  api_token: p.api_token,
  timezone: p.timezone,
  created_at: iso(p.created_at),
})

const toOrganization = (o: OrganizationRecord) => ({ id: o.id, name: o.name, slug: o.slug })

export const discoveryHandlers: HandlerMap = {
  projects_list(ctx) {
    // The framework's default pagination (LimitOffsetPagination, 100 a page), as the real service's.
    const { limit, offset } = drfLimitOffset(ctx.query, 100)
    const projects = reachableProjects(ctx.services.store, ctx.principal!)
    return json(200, drfPage(ctx.url, projects, limit, offset, toProject))
  },

  users_me_retrieve(ctx) {
    const { store } = ctx.services
    const { user } = ctx.principal!
    const organization = store.organizations.findFirst((q) => q.where({ id: user.organization_id }))!
    const team = reachableProjects(store, ctx.principal!)[0] ?? store.projectList()[0]!
    return json(200, {
      ...toUser(user),
      organization: toOrganization(organization),
      organizations: [toOrganization(organization)],
      team: { id: team.id, uuid: team.uuid, organization: team.organization_id, name: team.name },
    })
  },

  personal_api_keys_current_retrieve(ctx) {
    const { key } = ctx.principal!
    return json(200, {
      id: key.id,
      label: key.label,
      mask_value: `${key.value.slice(0, 4)}...${key.value.slice(-4)}`,
      created_at: iso(key.created_at),
      last_used_at: iso(ctx.services.clock.now()),
      user_id: key.user_id,
      scopes: key.scopes ?? [],
      scoped_teams: key.scoped_teams,
      scoped_organizations: key.scoped_organizations,
    })
  },
}
