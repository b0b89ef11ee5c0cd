// Requests outside the mocked API follow msw's `onUnhandledRequest`: by default msw warns and names the
// request, and the request goes on to the network. Every address here is on loopback: a small "real"
// server stands for whatever else the frontend talks to.
import { createServer, type Server } from 'node:http'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { contractViolations } from './support.ts'
import { createMock, KEYS, type Mock } from '../src/testing/index.ts'

let real: Server
let origin: string
let mock: Mock
let server: ReturnType<typeof setupServer> | undefined

beforeAll(async () => {
  real = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end(`real server: ${req.method} ${req.url}`)
  })
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve))
  const address = real.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  mock = await createMock({ baseUrl: origin, onViolation: (v) => contractViolations.push(v) })
})

afterEach(() => {
  server?.close()
  server = undefined
  vi.restoreAllMocks()
})

afterAll(() => {
  real.closeAllConnections()
  return new Promise<void>((resolve) => real.close(() => resolve()))
})

function listen(options?: Parameters<ReturnType<typeof setupServer>['listen']>[0]) {
  server = setupServer(...mock.handlers)
  server.listen(options)
}

describe('onUnhandledRequest', () => {
  it('by default warns, naming the request, and lets it through', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    listen()
    const res = await fetch(`${origin}/health?probe=1`)
    expect(await res.text()).toBe('real server: GET /health?probe=1')
    const warnings = warn.mock.calls.map((args) => args.join(' ')).join('\n')
    expect(warnings).toContain('[MSW] Warning: intercepted a request without a matching request handler')
    expect(warnings).toContain(`GET ${origin}/health?probe=1`)
  })

  it('does not warn for what the mock answers: everything under /api/ and /_mock/ on the base URL', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    listen()
    const persons = await fetch(`${origin}/api/environments/1/persons/?limit=1`, {
      headers: { authorization: `Bearer ${KEYS.all}` },
    })
    expect(persons.status).toBe(200)
    expect(((await persons.json()) as { results: unknown[] }).results).toHaveLength(1)
    const unknownApiPath = await fetch(`${origin}/api/not-a-thing/`)
    expect(unknownApiPath.status).toBe(404) // the mock's 404, not the real server's 200
    expect((await fetch(`${origin}/_mock/clock`)).status).toBe(200)
    expect(warn).not.toHaveBeenCalled()
  })

  it('"bypass" lets it through silently', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    listen({ onUnhandledRequest: 'bypass' })
    expect(await (await fetch(`${origin}/assets/app.js`)).text()).toBe('real server: GET /assets/app.js')
    expect(warn).not.toHaveBeenCalled()
    expect(error).not.toHaveBeenCalled()
  })

  it('"error" names the request and fails it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    listen({ onUnhandledRequest: 'error' })
    await expect(fetch(`${origin}/flags/?v=2`, { method: 'POST', body: '{}' })).rejects.toThrow()
    expect(error.mock.calls.map((args) => args.join(' ')).join('\n')).toContain(`POST ${origin}/flags/?v=2`)
  })

  it('a callback decides for itself', async () => {
    const seen: string[] = []
    listen({ onUnhandledRequest: (request) => void seen.push(`${request.method} ${request.url}`) })
    await fetch(`${origin}/static/logo.svg`)
    await fetch(`${origin}/api/environments/1/persons/`, { headers: { authorization: `Bearer ${KEYS.all}` } })
    expect(seen).toEqual([`GET ${origin}/static/logo.svg`])
  })
})
