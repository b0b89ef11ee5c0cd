// Helpers for the verify kit's own tests: an app to check, a person it may delete, a compact view of the
// checks that did not pass, and a loopback proxy in front of the mock that breaks one rule (a mutant).
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { App, AppOptions } from '../src/app.ts'
import { serve } from '../src/server/node.ts'
import { KEYS, testApp } from './support.ts'
import { verify } from '../src/verify/index.ts'
import type { CheckResult, VerifyOptions, VerifyResult } from '../src/verify/types.ts'

export const BASE = 'http://verify.test'

/** Creates a person through the mock's capture stand-in and returns its id (for --destructive). */
export async function createDoomedPerson(app: App, distinctId = 'verify-doomed-person'): Promise<number> {
  const res = await app.fetch(
    new Request(`${BASE}/_mock/projects/1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: '$identify',
        distinct_id: distinctId,
        properties: { $set: { email: `${distinctId}@example.com` } },
      }),
    }),
  )
  if (res.status !== 201) throw new Error(`capture answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as any).person.id
}

/** Runs the kit in-process against an app. */
export async function verifyApp(app: App, options: Partial<VerifyOptions> = {}): Promise<VerifyResult> {
  return verify({ baseUrl: BASE, apiKey: KEYS.all, projectId: 1, fetch: app.fetch, seed: 1, ...options })
}

/** An app whose contract violations fail the test (test/setup.ts); broken variants turn validation off. */
export function appWith(options: AppOptions = {}): Promise<App> {
  return testApp(options)
}

/** "operationId / name: message" for every check with the outcome. */
export function outcomes(result: VerifyResult, outcome: CheckResult['outcome']): string[] {
  return result.checks.filter((c) => c.outcome === outcome).map((c) => `${c.operationId} / ${c.name}: ${c.message}`)
}

export function find(result: VerifyResult, operationId: string, name: string): CheckResult {
  const found = result.checks.filter((c) => c.operationId === operationId && c.name === name)
  if (found.length !== 1) throw new Error(`expected one check ${operationId} / ${name}, found ${found.length}`)
  return found[0]!
}

/** A request as the proxy holds it on its way to the mock (change it in place). */
export interface ProxiedRequest {
  method: string
  url: URL
  headers: Record<string, string>
  body: string
}

/** The mock's answer as the proxy holds it on its way back: change `json` (JSON answers) or `body`. */
export interface ProxiedResponse {
  status: number
  headers: Record<string, string>
  body: string
  json?: any
}

/** One broken behaviour, made by rewriting what passes through the proxy. */
export interface Mutant {
  /** Changes the request, or answers it in the mock's place (a response returned). */
  request?(req: ProxiedRequest, send: Send): void | ProxiedResponse | Promise<void | ProxiedResponse>
  /** Changes the mock's answer. */
  response?(req: ProxiedRequest, res: ProxiedResponse, send: Send): void | Promise<void>
}

/** Sends a request to the mock behind the proxy (for mutants that need more of its data). */
export type Send = (req: ProxiedRequest) => Promise<ProxiedResponse>

/**
 * The app served on loopback behind a loopback HTTP proxy that passes everything through `mutant`: a
 * deployment that breaks one documented rule, as a client sees it over the network. Links the mock
 * writes point at the proxy (the Host header passes through).
 */
export async function behindProxy(app: App, mutant: Mutant = {}): Promise<{ url: string; close(): Promise<void> }> {
  const mock = await serve(app, { port: 0, host: '127.0.0.1' })
  const target = new URL(mock.url)
  const send: Send = (req) =>
    new Promise((resolve, reject) => {
      const { 'content-length': _length, ...rest } = req.headers
      const headers = req.body === '' ? rest : { ...rest, 'content-length': String(Buffer.byteLength(req.body)) }
      const out = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url.pathname + req.url.search,
          headers,
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk) => chunks.push(chunk))
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8')
            const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]))
            const answer: ProxiedResponse = { status: res.statusCode!, headers, body }
            if (/json/.test(headers['content-type'] ?? '') && body) answer.json = JSON.parse(body)
            resolve(answer)
          })
        },
      )
      out.on('error', reject)
      out.end(req.body)
    })
  const proxy = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const req: ProxiedRequest = {
      method: incoming.method!,
      url: new URL(incoming.url!, `http://${incoming.headers.host}`),
      headers: Object.fromEntries(Object.entries(incoming.headers).map(([k, v]) => [k, String(v)])),
      body: Buffer.concat(chunks).toString('utf8'),
    }
    const json = (res: ProxiedResponse) => (res.json === undefined ? res.body : JSON.stringify(res.json))
    try {
      const early = await mutant.request?.(req, send)
      const res = early ?? (await send(req))
      if (!early) await mutant.response?.(req, res, send)
      const body = json(res)
      const { 'content-length': _length, 'transfer-encoding': _chunked, ...headers } = res.headers
      outgoing.writeHead(res.status, { ...headers, 'content-length': Buffer.byteLength(body) })
      outgoing.end(body)
    } catch (error) {
      outgoing.writeHead(599).end(String(error))
    }
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      proxy.closeAllConnections()
      await new Promise((resolve) => proxy.close(resolve))
      await mock.close()
    },
  }
}
