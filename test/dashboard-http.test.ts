// The dashboard over the standalone server: served at /_mock/ui with its security headers, under the
// same Host and Origin rules as the control API it calls, and only by the server face.
import { request } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { serve, type RunningServer } from '../src/server/node.ts'
import { KEYS, testApp } from './support.ts'

function get(
  url: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

let app: App
let running: RunningServer
let bare: RunningServer
beforeAll(async () => {
  app = await testApp()
  running = await serve(app, { port: 0 })
  bare = await serve(app, { port: 0, ui: false })
})
afterAll(async () => {
  await running.close()
  await bare.close()
})

describe('GET /_mock/ui on the server', () => {
  it('is the page, with a policy that allows its own files and calls only', async () => {
    const page = await get(`${running.url}/_mock/ui`)
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'")
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.body).toContain('<title>analytics-mock dashboard</title>')
    const head = await get(`${running.url}/_mock/ui/dashboard.js`, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000)
  })

  it('is not served to pages of other origins, nor under a Host the server does not accept', async () => {
    const port = new URL(running.url).port
    const cross = await get(`${running.url}/_mock/ui/dashboard.js`, 'GET', { origin: 'http://localhost:5173' })
    expect(cross.status).toBe(403)
    expect(JSON.parse(cross.body).code).toBe('origin_not_allowed')
    expect(cross.headers['access-control-allow-origin']).toBeUndefined()
    const rebound = await get(`${running.url}/_mock/ui`, 'GET', { host: `evil.test:${port}` })
    expect(rebound.status).toBe(403)
    expect(JSON.parse(rebound.body).code).toBe('host_not_allowed')
    // Its own origin is its own.
    expect((await get(`${running.url}/_mock/ui`, 'GET', { origin: running.url })).status).toBe(200)
  })

  it('leaves no trace in the journal, and is not there when the server is started without it', async () => {
    app.journal.clear()
    await get(`${running.url}/_mock/ui`)
    expect(app.journal.entries()).toEqual([])
    const none = await get(`${bare.url}/_mock/ui`)
    expect(none.status).toBe(404)
  })
})

describe('POST /_mock/ui/send: send a journaled request again', () => {
  const send = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${running.url}/_mock/ui/send`, { method: 'POST', headers, body: JSON.stringify(body) })

  it('sends it as it was, with the key it presented (never shown), and answers with the new entry', async () => {
    const sent = await fetch(`${running.url}/api/environments/1/persons/?limit=1&personal_api_key=${KEYS.all}`)
    expect(sent.status).toBe(200)
    const original = app.journal.latest()!
    const res = await send({ id: original.id })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).not.toContain(KEYS.all)
    const again = JSON.parse(text)
    expect(again).toMatchObject({
      id: original.id + 1,
      status: 200,
      entry: { id: original.id + 1, path: original.path, query: original.query, key: 'phx_..._all', status: 200 },
    })
    // The same answer, shown as the journal shows the first one (the key in its links redacted).
    expect(again.entry.response.body).toEqual(app.journal.get(original.id)!.response.body)
    expect(again.entry.response.body.next).toContain('personal_api_key=[redacted]')
    expect(app.journal.latest()!.id).toBe(original.id + 1)
  })

  it('sends it changed: another method, path or body, secrets left [redacted] sent as they were', async () => {
    await fetch(`${running.url}/api/environments/1/persons/1/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ personal_api_key: KEYS.all, properties: { plan: 'free' } }),
    })
    const { id } = app.journal.latest()!
    const again = await (
      await send({
        id,
        target: '/api/environments/1/persons/2/',
        body_text: '{"personal_api_key":"[redacted]","properties":{"plan":"pro"}}',
      })
    ).json()
    expect(again).toMatchObject({
      status: 200,
      entry: { method: 'PATCH', path: '/api/environments/1/persons/2/', key: 'phx_..._all' },
    })
    expect(app.store.persons.list(1).find((p) => p.id === 2)!.properties.plan).toBe('pro')
    expect(
      (await (await send({ id, method: 'GET', target: '/api/environments/1/persons/999999/' })).json()).status,
    ).toBe(401) // the key was in the body
  })

  it('holds a write sent again to the heap ceiling, as one sent from outside', async () => {
    const full = await testApp()
    const server = await serve(full, { port: 0, heapCeilingBytes: 1 })
    try {
      await full.handle({
        method: 'GET',
        url: new URL('http://127.0.0.1/api/environments/1/persons/1/'),
        headers: { authorization: `Bearer ${KEYS.all}` },
      })
      await full.handle({
        method: 'PATCH',
        url: new URL('http://127.0.0.1/api/environments/1/persons/1/'),
        headers: { authorization: `Bearer ${KEYS.all}`, 'content-type': 'application/json' },
        body: '{"properties":{"plan":"pro"}}',
      })
      const post = (id: number) =>
        fetch(`${server.url}/_mock/ui/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id }),
        })
      expect((await post(1)).status).toBe(200) // a read
      const refused = await post(2)
      expect(refused.status).toBe(507)
      expect(((await refused.json()) as { code: string }).code).toBe('insufficient_storage')
      expect(full.journal.latest()!.id).toBe(3)
    } finally {
      await server.close()
    }
  })

  it('refuses to send again a body the journal let go of (its note of a size is not the body), unless given one', async () => {
    const small = await testApp({ journalEntryBytes: 64 })
    const server = await serve(small, { port: 0 })
    try {
      const body = JSON.stringify({ properties: { note: 'x'.repeat(200) } })
      await fetch(`${server.url}/api/environments/1/persons/1/`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${KEYS.all}`, 'content-type': 'application/json' },
        body,
      })
      const { id, request_body } = small.journal.latest()!
      expect(request_body).toMatchObject({ _omitted: 'over_entry_limit' })
      const post = (ask: unknown) =>
        fetch(`${server.url}/_mock/ui/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ask),
        })
      const refused = await post({ id })
      expect(refused.status).toBe(409)
      expect(((await refused.json()) as { attr: string }).attr).toBe('body_text')
      expect(small.journal.latest()!.id).toBe(id)
      expect(((await (await post({ id, body_text: body })).json()) as { status: number }).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('refuses what is not a JSON ask for an entry the journal keeps, and pages of other origins', async () => {
    expect((await send({ id: 1 }, { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await send({ id: 0 })).status).toBe(400)
    expect((await send({ id: 1, target: '//evil.test/x' })).status).toBe(400)
    expect((await send({ id: 999_999 })).status).toBe(404)
    const cross = await send({ id: 1 }, { 'content-type': 'application/json', origin: 'http://localhost:5173' })
    expect(cross.status).toBe(403)
  })
})

describe('closing the server while a browser holds connections', () => {
  it('lets the request in flight finish and closes at once the spare connections that never sent anything', async () => {
    const app = await testApp({ faults: { latency_ms: 300 } })
    // The request has reached the core once the server hands it over.
    let handedOver: () => void
    const received = new Promise<void>((resolve) => (handedOver = resolve))
    const handle = app.handle.bind(app)
    app.handle = (req) => {
      handedOver()
      return handle(req)
    }
    const server = await serve(app, { port: 0 })
    const spare = connect(Number(new URL(server.url).port), '127.0.0.1')
    await new Promise((resolve) => spare.once('connect', resolve))
    const spareClosed = new Promise((resolve) => spare.once('close', resolve))
    const inFlight = fetch(`${server.url}/api/environments/1/persons/1/`, {
      headers: { authorization: 'Bearer phx_mock_all' },
    })
    await received // held back 300 ms by the latency fault
    await server.close() // would wait for the spare connection's 60 s idle time-out before
    await spareClosed
    expect((await inFlight).status).toBe(200)
  })
})
