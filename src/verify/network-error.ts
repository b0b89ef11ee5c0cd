// Why a request got no answer, in a few words: fetch (undici) rejects with "fetch failed" and puts the
// system's or TLS library's error in `cause`, whose code tells a refused connection from a failed DNS
// lookup, a certificate the client does not trust or a timeout. verify and record say it with the URL.

const CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'DNS lookup failed: host not found',
  EAI_AGAIN: 'DNS lookup failed (temporary failure; is there a network?)',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  CERT_HAS_EXPIRED: 'TLS error: the certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS error: a self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS error: a self-signed certificate in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS error: the certificate cannot be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'TLS error: the certificate’s issuer is unknown',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS error: the certificate is for another host',
  ERR_SSL_WRONG_VERSION_NUMBER: 'TLS error: the server does not speak TLS there (http:// rather than https://?)',
}

/** The cause of a failed fetch in a few words, with its code when it has one (e.g. "connection refused (ECONNREFUSED)"). */
export function networkCause(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'no answer in time (timeout)'
  const code = e?.cause?.code
  if (code && CODES[code]) return `${CODES[code]} (${code})`
  if (code && /^(ERR_TLS|ERR_SSL|CERT_|ERR_OSSL)/.test(code))
    return `TLS error: ${firstLine(e.cause?.message) ?? code} (${code})`
  if (code) return `${firstLine(e.cause?.message) ?? 'no answer'} (${code})`
  return firstLine(e?.cause?.message) ?? firstLine(e?.message) ?? String(error)
}

const firstLine = (text: string | undefined): string | undefined => text?.trim().split('\n')[0] || undefined
