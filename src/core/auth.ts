// Authentication, scopes and project access, in the real service's order and words. The keys, users
// and projects are looked up through a `KeyDirectory` the composition hands in: the core knows their
// shape only as far as these checks need it.
import { ApiError, notFound, permissionDenied } from './drf/exceptions.ts'

/** What the checks read of a personal API key. */
export interface ApiKeyLike {
  /** Tells keys apart (the answer memo keeps answers by key). */
  id: number | string
  user_id: number
  /** null or empty: a legacy key, allowed everything (and not scoped to projects). */
  scopes: string[] | null
  scoped_teams: number[]
  scoped_organizations: string[]
}

export interface UserLike {
  id: number
  organization_id: string
}

export interface ProjectLike {
  id: number
  organization_id: string
}

export interface KeyDirectory<
  K extends ApiKeyLike = ApiKeyLike,
  U extends UserLike = UserLike,
  Pr extends ProjectLike = ProjectLike,
> {
  keyByValue(value: string): K | undefined
  user(id: number): U | undefined
  project(id: number): Pr | undefined
  projectList(): Pr[]
}

export interface Principal<K extends ApiKeyLike = ApiKeyLike, U extends UserLike = UserLike> {
  key: K
  user: U
}

const BEARER = /^Bearer\s+(\S.+)$/

type KeySource = 'Authorization header' | 'body' | 'query string'

/** Finds the key as the real service does: Authorization header, then a body field, then a query parameter. */
export function findKey(
  headers: Record<string, string | undefined>,
  body: unknown,
  query: URLSearchParams,
): [string, KeySource] | null {
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

export function authenticate<K extends ApiKeyLike, U extends UserLike>(
  directory: KeyDirectory<K, U, ProjectLike>,
  headers: Record<string, string | undefined>,
  body: unknown,
  query: URLSearchParams,
): Principal<K, U> {
  const found = findKey(headers, body, query)
  if (!found) {
    throw new ApiError(
      401,
      'authentication_error',
      'not_authenticated',
      'Authentication credentials were not provided.',
      null,
      {
        'www-authenticate': 'Bearer',
      },
    )
  }
  const [value, source] = found
  const key = directory.keyByValue(value)
  const user = key ? directory.user(key.user_id) : undefined
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
function keyHasScope(key: ApiKeyLike, required: string): boolean {
  const scopes = key.scopes
  if (!scopes || scopes.length === 0 || scopes.includes('*') || scopes.includes(required)) return true
  const [object, action] = required.split(':')
  return action === 'read' && scopes.includes(`${object}:write`)
}

/**
 * @param noneDeclared the action declares no scope (the real service's rule for such actions): a scoped
 * key, `*` included, is refused; a legacy key without scopes is not.
 */
export function checkScopes(key: ApiKeyLike, required: string[], noneDeclared = false): void {
  if (noneDeclared) {
    if (key.scopes && key.scopes.length > 0)
      throw permissionDenied('This action does not support Personal API Key access')
    return
  }
  for (const scope of required) {
    if (!keyHasScope(key, scope)) throw permissionDenied(`API key missing required scope '${scope}'`)
  }
}

/** The project in the path: unknown (or not a number) is 404; outside the key's reach is 403. */
export function checkProjectAccess<Pr extends ProjectLike>(
  directory: KeyDirectory<ApiKeyLike, UserLike, Pr>,
  principal: Principal,
  rawProjectId: string,
): Pr {
  const id = /^\d+$/.test(rawProjectId) ? Number(rawProjectId) : NaN
  const project = Number.isSafeInteger(id) ? directory.project(id) : undefined
  if (!project) throw notFound('Project not found.')
  const { key, user } = principal
  if (key.scopes && key.scopes.length > 0) {
    if (key.scoped_teams.length > 0 && !key.scoped_teams.includes(project.id)) {
      throw permissionDenied(`API key does not have access to the requested project: ID ${project.id}.`)
    }
    if (key.scoped_organizations.length > 0 && !key.scoped_organizations.includes(project.organization_id)) {
      throw permissionDenied(
        `API key does not have access to the requested organization: ID ${project.organization_id}.`,
      )
    }
  }
  if (user.organization_id !== project.organization_id) throw permissionDenied("You don't have access to the project.")
  return project
}

/** Projects a key can reach (for /api/projects/ and discovery). */
export function reachableProjects<Pr extends ProjectLike>(
  directory: KeyDirectory<ApiKeyLike, UserLike, Pr>,
  principal: Principal,
): Pr[] {
  return directory.projectList().filter((project) => {
    try {
      checkProjectAccess(directory, principal, String(project.id))
      return true
    } catch {
      return false
    }
  })
}
