// Before any check: can the deployment be reached at all? One request to the base URL, without the key;
// any HTTP answer (a 404 included) means yes. A deployment that is down is one line, not a failed check
// per request.
import type { FetchLike } from './types.ts'

/** Why `baseUrl` cannot be reached (e.g. "connection refused"), or null when it answers. */
export async function unreachable(baseUrl: string, fetch: FetchLike, timeoutMs: number): Promise<string | null> {
  try {
    const res = await fetch(new Request(baseUrl, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) }))
    await res.body?.cancel()
    return null
  } catch (error) {
    return reason(error)
  }
}

const CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS lookup failed)',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
}

/** The cause of a failed fetch in a few words (undici puts the system error in `cause`). */
function reason(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'no answer in time'
  const code = e?.cause?.code
  if (code) return CODES[code] ?? code
  return e?.cause?.message ?? e?.message ?? String(error)
}
