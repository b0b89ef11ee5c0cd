// The kit's HTTP client: builds requests from the contract's path templates, sends them through the
// given fetch (global fetch over the network, or an app's fetch in-process), keeps to the deployment's
// rate limits (except for what the fetch answers locally) and waits out a 429 as its Retry-After says, however long (pacer.ts), times out, and records every exchange so each response can be checked against the contract.
// Keys go only to the deployment's own origin, and never into anything the kit reports.
import type { Conformance, ResponseShape } from './conformance.ts'
import { isJsonMedia, mediaTypeOf } from './openapi.ts'
import type { KitOperation } from './contract.ts'
import { networkCause } from './network-error.ts'
import { budgetFor, Pacer, retryAfterMs } from './pacer.ts'
import type { Redactor } from './redact.ts'
import type { ClientSettings, ExchangeBrief, FetchLike } from './types.ts'

export type KeyChoice = 'primary' | 'none' | 'second' | { unknown: string }

export interface Exchange extends ResponseShape {
  operationId: string | null
  method: string
  url: string
  requestBody?: string
  key: KeyChoice
  headers: Record<string, string>
  /** Set when no response came back (network error, timeout, refused link). */
  error?: string
  conformance?: Conformance
  durationMs: number
}

export interface RequestSpec {
  params?: Record<string, string | number>
  query?: Record<string, string | number | boolean | undefined | null> | Array<[string, string]>
  /** A JSON body (serialized here). */
  body?: unknown
  /** A body sent as is (with Content-Type: application/json). */
  rawBody?: string
  key?: KeyChoice
}

export interface ClientOptions extends ClientSettings {
  secondApiKey?: string
  /** Masks the secrets in what `brief` shows (default: nothing masked). */
  redact?: Redactor
  onExchange?: (exchange: Exchange) => void
  /**
   * Says which requests `fetch` answers without the network (record's partial file): those neither wait
   * for the budget nor count in it. Any other request is paced, and a 429 still holds every request back.
   */
  answeredLocally?: (request: Request) => boolean
}

const BRIEF_BODY = 300

function clip(text: string, max = BRIEF_BODY): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max)}… (${flat.length} chars)` : flat
}

export class Client {
  requests = 0
  readonly base: string
  private readonly origin: string
  readonly pacer: Pacer
  private readonly now: () => number

  readonly projectId: string
  private readonly fetch: FetchLike

  /** The budget is `rate`'s (pacer.ts, budgetFor): by default none for a fetch given (an app in-process). */
  constructor(private readonly o: ClientOptions) {
    this.base = o.baseUrl.replace(/\/+$/, '')
    this.origin = new URL(this.base).origin
    this.projectId = String(o.projectId)
    this.fetch = o.fetch ?? ((request) => fetch(request))
    this.now = o.now ?? Date.now
    const sleep = o.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
    const rates = budgetFor(o.rate, o.baseUrl, o.fetch !== undefined)
    this.pacer = new Pacer({ rates, now: this.now, sleep, onWait: o.onWait })
  }

  /** The URL of an operation, with its path parameters filled in (project_id from the options). */
  urlFor(op: KitOperation, params: Record<string, string | number> = {}, query?: RequestSpec['query']): string {
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = name === 'project_id' && params[name] === undefined ? this.projectId : params[name]
      if (value === undefined) throw new Error(`missing path parameter ${name} for ${op.operationId}`)
      return encodeURIComponent(String(value))
    })
    const url = new URL(this.base + path)
    if (query) {
      const entries = Array.isArray(query) ? query : Object.entries(query)
      for (const [name, value] of entries)
        if (value !== undefined && value !== null) url.searchParams.append(name, String(value))
    }
    return url.href
  }

  /** Calls an operation. */
  call(op: KitOperation, spec: RequestSpec = {}): Promise<Exchange> {
    return this.raw(op.method, this.urlFor(op, spec.params, spec.query), spec, op.operationId)
  }

  /** Follows a link the deployment handed out (next/previous), as a call of `op`; never to another origin. */
  follow(op: KitOperation, link: string, key: KeyChoice = 'primary'): Promise<Exchange> {
    let target: URL
    try {
      target = new URL(link, this.base + '/')
    } catch {
      return this.raw(op.method, link, { key }, op.operationId, `the link "${link}" is not a URL`)
    }
    const refused = `refused to follow a link to another origin (${target.origin}): the key would go there`
    return this.raw(
      op.method,
      target.href,
      { key },
      op.operationId,
      target.origin === this.origin ? undefined : refused,
    )
  }

  /**
   * Sends a request (also one outside the contract's operations, e.g. an undocumented method; none when
   * `refused` says why not) and records the exchange, answered or not.
   */
  async raw(
    method: string,
    url: string,
    spec: RequestSpec = {},
    operationId: string | null = null,
    refused?: string,
  ): Promise<Exchange> {
    const key = spec.key ?? 'primary'
    const keys = { primary: this.o.apiKey, second: this.o.secondApiKey, none: undefined }
    const keyValue = typeof key === 'object' ? key.unknown : keys[key]
    const body = spec.body === undefined ? spec.rawBody : JSON.stringify(spec.body)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (keyValue) headers.authorization = `Bearer ${keyValue}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    const started = performance.now()
    const ex: Exchange = {
      operationId,
      method,
      url,
      key,
      requestBody: body,
      status: 0,
      contentType: null,
      text: '',
      headers: {},
      error: refused,
      durationMs: 0,
    }
    for (let attempt = 1; !refused; attempt++) {
      const request = new Request(url, { method, headers, body })
      const answered = this.o.answeredLocally?.(request) ? () => {} : await this.pacer.acquire(operationId)
      this.requests++
      let response: Response
      try {
        response = await this.fetchWithTimeout(request)
      } catch (error) {
        ex.error = `no response: ${networkCause(error)}`
        break
      } finally {
        answered()
      }
      if (response.status === 429 && attempt <= (this.o.maxRetries ?? 3)) {
        // Waited out in full, however long (an hourly window can ask for most of an hour); no request
        // of this client leaves before then. Without a Retry-After: 2, 4, 8... seconds.
        this.pacer.throttled(retryAfterMs(response.headers.get('retry-after'), this.now()) ?? 1000 * 2 ** attempt)
        await response.body?.cancel().catch(() => {})
        continue
      }
      ex.status = response.status
      ex.text = await response.text()
      response.headers.forEach((value, name) => (ex.headers[name] = value))
      ex.contentType = mediaTypeOf(response.headers.get('content-type'))
      if (isJsonMedia(ex.contentType) && ex.text !== '') {
        try {
          ex.json = JSON.parse(ex.text)
        } catch (error) {
          ex.jsonError = (error as Error).message
        }
      }
      break
    }
    if (!refused) ex.durationMs = performance.now() - started
    this.o.onExchange?.(ex)
    return ex
  }

  private async fetchWithTimeout(request: Request): Promise<Response> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      const ms = this.o.timeoutMs ?? 30_000
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
    })
    try {
      return await Promise.race([this.fetch(request), timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  /** One request and its answer, short, with every secret masked. */
  brief(ex: Exchange): ExchangeBrief {
    const r = this.o.redact ?? ((text: string) => text)
    const url = new URL(ex.url)
    const shown = url.origin === this.origin ? url.pathname + url.search : url.href
    const who =
      typeof ex.key === 'object'
        ? ' (unknown key)'
        : { primary: '', none: ' (no key)', second: ' (second key)' }[ex.key]
    let response: string
    if (ex.error) response = ex.error
    else
      response = `${ex.status}${ex.contentType ? ' ' + ex.contentType : ''}${ex.text ? ' ' + clip(ex.text) : ' (empty body)'}`
    const brief: ExchangeBrief = { request: r(`${ex.method} ${shown}${who}`), response: r(response) }
    if (ex.requestBody !== undefined) brief.requestBody = r(clip(ex.requestBody, 200))
    if (ex.conformance?.verdict === 'fail' && ex.conformance.rule)
      brief.rule = `contracts/openapi.yaml${ex.conformance.rule}`
    return brief
  }
}
