// Before any check: can the deployment be reached at all? One request to the base URL, without the key;
// any HTTP answer (a 404 included) means yes. A deployment that is down is one line, not a failed check
// per request.
import { networkCause } from './network-error.ts'
import type { FetchLike } from './types.ts'

/** Why `baseUrl` cannot be reached (e.g. "connection refused"), or null when it answers. */
export async function unreachable(baseUrl: string, fetch: FetchLike, timeoutMs: number): Promise<string | null> {
  try {
    const res = await fetch(
      new Request(baseUrl, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) }),
    )
    await res.body?.cancel()
    return null
  } catch (error) {
    return networkCause(error)
  }
}

/** Whether the deployment is this mock: its GET /_mock/health answers {status: "ok", version, ...}. */
export async function isMock(baseUrl: string, fetch: FetchLike, timeoutMs: number): Promise<boolean> {
  try {
    const url = `${baseUrl.replace(/\/+$/, '')}/_mock/health`
    const res = await fetch(new Request(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) }))
    const body = res.status === 200 ? ((await res.json()) as { status?: unknown; version?: unknown }) : undefined
    if (!body) await res.body?.cancel()
    return body?.status === 'ok' && typeof body.version === 'string'
  } catch {
    return false // not JSON, or no answer: not this mock
  }
}
