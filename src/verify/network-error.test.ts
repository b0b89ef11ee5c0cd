// A request that gets no answer says why, from the fetch error's cause: a refused connection, a failed
// DNS lookup, a server that does not speak TLS, a certificate not trusted, a timeout. Real failures on
// loopback where they can be made here; the certificate errors as undici reports them.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../test/support.ts'
import { networkCause } from './network-error.ts'

let plain: Server
let silent: Server
const portOf = (s: Server) => (s.address() as { port: number }).port

beforeAll(async () => {
  plain = createServer((_, res) => res.end('ok'))
  silent = createServer(() => {}) // accepts, never answers
  await Promise.all([plain, silent].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))))
})
afterAll(() => {
  plain.close()
  silent.closeAllConnections()
  silent.close()
})

const causeOf = async (url: string, timeoutMs = 5000) => {
  try {
    await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    return networkCause(error)
  }
  throw new Error(`${url} answered`)
}

describe('networkCause', () => {
  it('a refused connection', async () => {
    expect(await causeOf(`http://127.0.0.1:${await freePort()}/`)).toBe('connection refused (ECONNREFUSED)')
  })

  it('a host DNS does not know', async () => {
    // .invalid never resolves (RFC 2606); the lookup fails on this machine without a network too.
    expect(await causeOf('http://analytics-mock-no-such-host.invalid/')).toMatch(
      /^DNS lookup failed.*\((ENOTFOUND|EAI_AGAIN)\)$/,
    )
  })

  it('https:// to a server that speaks plain HTTP', async () => {
    expect(await causeOf(`https://127.0.0.1:${portOf(plain)}/`)).toBe(
      'TLS error: the server does not speak TLS there (http:// rather than https://?) (ERR_SSL_WRONG_VERSION_NUMBER)',
    )
  })

  it('a timeout', async () => {
    expect(await causeOf(`http://127.0.0.1:${portOf(silent)}/`, 200)).toBe('no answer in time (timeout)')
  })

  it('certificate errors, and codes it has no words for', () => {
    const failed = (code: string, message: string) =>
      Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(message), { code }) })
    expect(networkCause(failed('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'))).toBe(
      'TLS error: a self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)',
    )
    expect(networkCause(failed('CERT_HAS_EXPIRED', 'certificate has expired'))).toBe(
      'TLS error: the certificate has expired (CERT_HAS_EXPIRED)',
    )
    expect(
      networkCause(failed('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames")),
    ).toBe('TLS error: the certificate is for another host (ERR_TLS_CERT_ALTNAME_INVALID)')
    expect(networkCause(failed('CERT_REVOKED', 'certificate revoked'))).toBe(
      'TLS error: certificate revoked (CERT_REVOKED)',
    )
    expect(networkCause(failed('EWHATEVER', 'something odd'))).toBe('something odd (EWHATEVER)')
    expect(networkCause(new Error('timed out after 300 ms'))).toBe('timed out after 300 ms')
  })
})
