// Before any check: can the deployment be reached at all? One request to the base URL, without the key;
// any HTTP answer (a 404 included) means yes. A deployment that is down is one line, not a failed check
// per request. Then whether it is this mock: its GET /_mock/health answers {status: "ok", version, ...}.
import { networkCause } from './network-error.ts'
import type { FetchLike } from './types.ts'

/** Why `baseUrl` cannot be reached (e.g. "connection refused"), and whether it is this mock. */
export async function probe(baseUrl: string, fetch: FetchLike, timeoutMs: number) {
  const get = async (url: string) => {
    const res = await fetch(new Request(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) }))
    const body = url !== baseUrl && res.status === 200 ? await res.json() : await res.body?.cancel()
    return body?.status === 'ok' && typeof body.version === 'string'
  }
  try {
    await get(baseUrl)
  } catch (error) {
    return { why: networkCause(error), mock: false }
  }
  // Not JSON, or no answer: not this mock.
  return { mock: await get(`${baseUrl.replace(/\/+$/, '')}/_mock/health`).catch(() => false) }
}
