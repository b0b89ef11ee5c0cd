// What must hold for every response, whatever was sent: no 5xx, errors in the real service's shape
// (or no body where the contract documents none), no contract violation, a refused write changes
// nothing, and nothing of another project leaks into a project-1 answer.
import type { App } from '../../src/app.ts'
import { serialize, type MockRequest, type MockResponse } from '../../src/core/http.ts'
import { handlers as implemented } from '../../src/handlers/index.ts'
import { snapshotDifference, type StoreSnapshot } from '../../src/store/snapshot.ts'

const ERROR_TYPES = new Set([
  'validation_error',
  'authentication_error',
  'invalid_request',
  'throttled_error',
  'server_error',
])
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** Problems with one error body (empty when it has the shape {type, code, detail, attr}). */
export function errorShapeProblems(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['error body is not an object']
  const b = body as Record<string, unknown>
  const problems: string[] = []
  const keys = Object.keys(b).sort().join(',')
  if (keys !== 'attr,code,detail,type') problems.push(`error keys are ${keys}`)
  if (!ERROR_TYPES.has(b.type as string)) problems.push(`error type ${JSON.stringify(b.type)}`)
  if (typeof b.code !== 'string' || !b.code) problems.push('error code is not a string')
  if (typeof b.detail !== 'string' || !b.detail) problems.push('error detail is not a string')
  if (b.attr !== null && typeof b.attr !== 'string') problems.push('error attr is neither null nor a string')
  return problems
}

/** Identifiers of project 2's records that a project-1 answer must never carry. */
export function otherProjectMarkers(app: App, projectId = 2): { uuids: Set<string>; shortIds: string[] } {
  const { store } = app
  const uuids = new Set<string>()
  for (const p of store.persons.list(projectId)) uuids.add(p.uuid)
  for (const r of store.recordings.list(projectId)) uuids.add(r.id.toLowerCase())
  const shortIds = store.playlists
    .all()
    .filter((p) => p.project_id === projectId)
    .map((p) => p.short_id)
  return { uuids, shortIds }
}

/** Another project's identifiers found in `text` that the request itself did not mention. */
export function leakedMarkers(
  text: string,
  requestText: string,
  markers: { uuids: Set<string>; shortIds: string[] },
): string[] {
  const found = new Set<string>()
  for (const m of text.matchAll(UUID)) {
    const id = m[0].toLowerCase()
    if (markers.uuids.has(id) && !requestText.toLowerCase().includes(id)) found.add(id)
  }
  for (const s of markers.shortIds) if (text.includes(s) && !requestText.includes(s)) found.add(s)
  return [...found]
}

export interface Verdict {
  problems: string[]
  /** The operation the app matched (null for unrouted paths). */
  operationId: string | null
  /** True when the answer was 501 for an operation whose handler has not landed yet. */
  pending: boolean
}

/**
 * Sends one request and checks every invariant. `violations` collects what the app's `onViolation`
 * reported during this request.
 */
export async function checkedRequest(
  app: App,
  req: MockRequest,
  options: { markers?: { uuids: Set<string>; shortIds: string[] }; violations: string[] },
): Promise<{ res?: MockResponse; verdict: Verdict }> {
  const problems: string[] = []
  const write = !SAFE_METHODS.has(req.method)
  const before: StoreSnapshot | undefined = write ? app.snapshot() : undefined
  const lastJournalId = app.journal.latest()?.id ?? 0
  options.violations.length = 0
  let res: MockResponse
  try {
    res = await app.handle(req)
  } catch (error) {
    return {
      verdict: { problems: [`handle() threw: ${(error as Error).stack ?? error}`], operationId: null, pending: false },
    }
  }
  const entry = app.journal.latest()
  const operationId = entry && entry.id > lastJournalId ? entry.operation_id : null
  const op = operationId ? app.contract.byId.get(operationId) : undefined
  let out: { body: string; headers: Record<string, string> }
  try {
    out = serialize(res)
  } catch (error) {
    return {
      res,
      verdict: { problems: [`response does not serialize: ${(error as Error).message}`], operationId, pending: false },
    }
  }
  const pending =
    res.status === 501 &&
    (res.json as any)?.code === 'not_implemented' &&
    !!operationId &&
    !(operationId in implemented)
  // An endpoint the real service has and the mock does not serve answers 501 not_mocked, by design.
  const notMocked = res.status === 501 && (res.json as any)?.code === 'not_mocked'
  if (res.status >= 500 && !pending && !notMocked) problems.push(`status ${res.status}: ${out.body.slice(0, 300)}`)
  if (options.violations.length) problems.push(`contract violation: ${options.violations.join('; ')}`)
  if (res.status >= 400) {
    if (res.json !== undefined) problems.push(...errorShapeProblems(res.json))
    else if (!(op && op.responses.get(res.status)?.length === 0))
      problems.push(`status ${res.status} without a body, not documented so for ${operationId ?? 'an unrouted path'}`)
  }
  if (before && res.status >= 400 && res.status < 500) {
    const difference = snapshotDifference(before, app.snapshot())
    if (difference) problems.push(`refused write (${res.status}) changed the store at ${difference}`)
  }
  if (
    options.markers &&
    res.status < 300 &&
    /^\/(api\/(environments|projects)|_mock\/projects)\/1\//.test(req.url.pathname)
  ) {
    const leaked = leakedMarkers(out.body, req.url.href + (req.body ?? ''), options.markers)
    if (leaked.length) problems.push(`project-1 answer carries project 2's ${leaked.join(', ')}`)
  }
  return { res, verdict: { problems, operationId, pending } }
}
