// Authentication, scopes and project access, in the real service's order and words.
import { ApiError, notFound, permissionDenied } from './errors.ts'
import type { ApiKeyRecord, ProjectRecord, UserRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'

const BEARER = /^Bearer\s+(\S.+)$/

type KeySource = 'Authorization header' | 'body' | 'query string'

export interface Principal {
  key: ApiKeyRecord
  user: UserRecord
}

/** Finds the key as the real service does: Authorization header, then a body field, then a query parameter. */
function findKey(headers: Record<string, string | undefined>, body: unknown, query: URLSearchParams): [string, KeySource] | null {
  const header = headers['authorization']
  const m = header ? BEARER.exec(header) : null
  if (m && !m[1]!.startsWith('pha_')) return [m[1]!.trim(), 'Authorization header']
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const value = (body as Record<string, unknown>).personal_api_key
    if (typeof value === 'string' && value) return [value, 'body']
  }
  const fromQuery = query.get('personal_api_key')
  if (fromQuery) return [fromQuery, 'query string']
  return null
}

export function authenticate(
  store: Store,
  headers: Record<string, string | undefined>,
  body: unknown,
  query: URLSearchParams,
): Principal {
  const found = findKey(headers, body, query)
  if (!found) {
    throw new ApiError(401, 'authentication_error', 'not_authenticated', 'Authentication credentials were not provided.', null, {
      'www-authenticate': 'Bearer',
    })
  }
  const [value, source] = found
  const key = store.keyByValue(value)
  const user = key ? store.user(key.user_id) : undefined
  if (!key || !user) {
    throw new ApiError(
      401,
      'authentication_error',
      'authentication_failed',
      `Personal API key found in request ${source} is invalid.`,
      null,
      { 'www-authenticate': 'Bearer' },
    )
  }
  return { key, user }
}

/** `X:write` satisfies `X:read`; `*` satisfies everything; a key without scopes is a legacy key, allowed all. */
export function keyHasScope(key: ApiKeyRecord, required: string): boolean {
  const scopes = key.scopes
  if (!scopes || scopes.length === 0 || scopes.includes('*') || scopes.includes(required)) return true
  const [object, action] = required.split(':')
  return action === 'read' && scopes.includes(`${object}:write`)
}

export function checkScopes(key: ApiKeyRecord, required: string[]): void {
  for (const scope of required) {
    if (!keyHasScope(key, scope)) throw permissionDenied(`API key missing required scope '${scope}'`)
  }
}

/** The project in the path: unknown (or not a number) is 404; outside the key's reach is 403. */
export function checkProjectAccess(store: Store, principal: Principal, rawProjectId: string): ProjectRecord {
  const id = /^\d+$/.test(rawProjectId) ? Number(rawProjectId) : NaN
  const project = Number.isSafeInteger(id) ? store.project(id) : undefined
  if (!project) throw notFound('Project not found.')
  const { key, user } = principal
  if (key.scopes && key.scopes.length > 0) {
    if (key.scoped_teams.length > 0 && !key.scoped_teams.includes(project.id)) {
      throw permissionDenied(`API key does not have access to the requested project: ID ${project.id}.`)
    }
    if (key.scoped_organizations.length > 0 && !key.scoped_organizations.includes(project.organization_id)) {
      throw permissionDenied(`API key does not have access to the requested organization: ID ${project.organization_id}.`)
    }
  }
  if (user.organization_id !== project.organization_id) throw permissionDenied("You don't have access to the project.")
  return project
}

/** Projects a key can reach (for /api/projects/ and discovery). */
export function reachableProjects(store: Store, principal: Principal): ProjectRecord[] {
  return store.projectList().filter((project) => {
    try {
      checkProjectAccess(store, principal, String(project.id))
      return true
    } catch {
      return false
    }
  })
}
