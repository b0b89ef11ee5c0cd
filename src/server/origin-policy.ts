// Who may talk to a mock server running on a developer's laptop (what Vite and webpack-dev-server
// learned). A web page in the same browser can send simple cross-origin requests without a preflight,
// and DNS rebinding lets a page reach 127.0.0.1 under its own name. So:
//
// - The Host header must name a loopback host (localhost, *.localhost), an IP address (a rebinding page
//   has a name of its own, never an address), the name the server was bound to, or a name given with
//   --allowed-host; otherwise 403.
// - A request from a web page (it carries Origin) of another origin: never to the control API
//   /_mock/* (403, no CORS headers there); to the API only from allowed origins, which get CORS
//   headers and preflight answers. Allowed by default: pages on loopback origins (a frontend dev server
//   on another port of this machine); more with --cors-origin.
// - A request without Origin (curl, SDKs, test runners, server-side code) is not a cross-origin page.
import { isIP } from 'node:net'
import { ApiError } from '../core/drf/exceptions.ts'

export interface OriginPolicyOptions {
  /** Host names accepted besides loopback names and IP addresses; ".example.test" accepts its subdomains too. */
  allowedHosts?: string[]
  /** Origins (scheme://host[:port]) whose pages may call the API, besides loopback origins. */
  corsOrigins?: string[]
  /** Allow the API to pages on loopback origins (default true). */
  loopbackOrigins?: boolean
}

const LOOPBACK_ORIGIN = /^https?:\/\/(?:(?:[^:/]+\.)?localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::\d{1,5})?$/i
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
const ALLOW_HEADERS = 'authorization, content-type, accept, x-posthog-client'
const EXPOSE_HEADERS = 'retry-after, allow'

/** The host part of a Host header ("[::1]:8010" -> "::1", "Example.test:80" -> "example.test"). */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase()
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') === -1 ? undefined : value.indexOf(']'))
  const colon = value.lastIndexOf(':')
  return colon === -1 || value.indexOf(':') !== colon ? value : value.slice(0, colon)
}

export type PolicyVerdict =
  /** Go on; `headers` (CORS) go on the answer. */
  | { kind: 'allow'; headers: Record<string, string> }
  /** A CORS preflight from an allowed origin: answer it with these headers and no body. */
  | { kind: 'preflight'; headers: Record<string, string> }
  | { kind: 'refuse'; error: ApiError }

/** A 403 in the error shape. */
const refuse = (code: string, detail: string): PolicyVerdict => ({
  kind: 'refuse',
  error: new ApiError(403, 'invalid_request', code, detail),
})

const ALLOW: PolicyVerdict = Object.freeze({ kind: 'allow', headers: Object.freeze({}) as Record<string, string> })

export class OriginPolicy {
  readonly #hosts: string[]
  readonly #origins: Set<string>
  readonly #loopbackOrigins: boolean

  constructor(options: OriginPolicyOptions = {}) {
    this.#hosts = (options.allowedHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean)
    this.#origins = new Set((options.corsOrigins ?? []).map((o) => o.trim().replace(/\/+$/, '').toLowerCase()))
    this.#loopbackOrigins = options.loopbackOrigins ?? true
  }

  /** Host headers seen lately and the verdict on each (a client sends the same one on every request). */
  #seenHosts = new Map<string, boolean>()

  hostAllowed(header: string | undefined): boolean {
    if (header === undefined) return true // HTTP/1.0 without Host: not a browser
    let allowed = this.#seenHosts.get(header)
    if (allowed === undefined) {
      allowed = this.#judgeHost(header)
      if (this.#seenHosts.size >= 64) this.#seenHosts.clear()
      this.#seenHosts.set(header, allowed)
    }
    return allowed
  }

  #judgeHost(header: string): boolean {
    const name = hostName(header)
    if (name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0) return true
    return this.#hosts.some((allowed) =>
      allowed.startsWith('.') ? name === allowed.slice(1) || name.endsWith(allowed) : name === allowed,
    )
  }

  originAllowed(origin: string): boolean {
    const normal = origin.trim().toLowerCase()
    return this.#origins.has(normal) || (this.#loopbackOrigins && LOOPBACK_ORIGIN.test(normal))
  }

  /** The verdict on one request, from its method, path and headers. */
  check(method: string, path: string, headers: Record<string, string | string[] | undefined>): PolicyVerdict {
    const host = headers.host as string | undefined
    if (!this.hostAllowed(host)) {
      const name = hostName(host!)
      return refuse(
        'host_not_allowed',
        `Blocked request: the Host header "${name}" is not a loopback name or an address this server accepts. To allow it, start the server with --allowed-host ${name}.`,
      )
    }
    const origin = headers.origin as string | undefined
    if (origin === undefined || (host !== undefined && origin.toLowerCase() === `http://${host.toLowerCase()}`))
      return ALLOW
    if (path.startsWith('/_mock/') || path === '/_mock') {
      return refuse(
        'origin_not_allowed',
        `The control API takes no requests from web pages of other origins (Origin: ${origin}); call it from your test runner or server-side code.`,
      )
    }
    if (!this.originAllowed(origin)) {
      return refuse(
        'origin_not_allowed',
        `Requests from pages on ${origin} are not allowed. To allow them, start the server with --cors-origin ${origin}.`,
      )
    }
    const cors = { 'access-control-allow-origin': origin, vary: 'Origin' }
    if (method === 'OPTIONS' && headers['access-control-request-method'] !== undefined) {
      return {
        kind: 'preflight',
        headers: {
          ...cors,
          'access-control-allow-methods': ALLOW_METHODS,
          // The headers the page asks for (an allowed origin may send what it likes), else the usual ones.
          'access-control-allow-headers':
            (headers['access-control-request-headers'] as string | undefined) || ALLOW_HEADERS,
          'access-control-max-age': '600',
        },
      }
    }
    return { kind: 'allow', headers: { ...cors, 'access-control-expose-headers': EXPOSE_HEADERS } }
  }
}
