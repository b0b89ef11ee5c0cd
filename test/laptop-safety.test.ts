// A mock server on a developer's laptop that no other web page can drive: the Host check (DNS
// rebinding), cross-origin pages (simple requests need no preflight, so the server itself must say
// no), CORS only for allowed origins and never on /_mock/*, the bind address, the heap ceiling, the
// answer cap and the journal's redaction of secrets.
import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { serve } from '../src/server/node.ts'
import { snapshotDifference } from '../src/store/snapshot.ts'
import { errorShapeProblems } from './fuzz/oracle.ts'
import { CLI } from './serve-process.ts'
import { servedTestApp } from './served.ts'
import { clientFor, KEYS, testApp } from './support.ts'

const PLAYLISTS = '/api/environments/1/session_recording_playlists/'
const AUTH = { authorization: `Bearer ${KEYS.all}` }
const JSON_TYPE = { 'content-type': 'application/json' }

/** One raw request (so the Host header is ours to choose); resolves with status, headers and body. */
function rawRequest(
  port: number,
  lines: string[],
  body = '',
): Promise<{ status: number; headers: Record<string, string>; body: any }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    socket.on('data', (d) => (text += d.toString('latin1')))
    socket.on('error', reject)
    socket.on('end', () => {
      const [head, ...rest] = text.split('\r\n\r\n')
      const [statusLine, ...headerLines] = head!.split('\r\n')
      const headers = Object.fromEntries(
        headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      )
      const bodyText = rest.join('\r\n\r\n')
      let parsed: any = bodyText
      try {
        parsed = JSON.parse(bodyText)
      } catch {
        // not JSON
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: parsed })
    })
    socket.write([...lines, `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', '', body].join('\r\n'))
  })
}

describe('Host and Origin', () => {
  const served = servedTestApp({ allowedHosts: ['mock.test', '.dev.test'], corsOrigins: ['https://app.example'] })

  it.each([
    ['a page under its own name, rebound to 127.0.0.1 (DNS rebinding)', 'evil.test'],
    ['that name with the port', 'evil.test:8010'],
    ['a name that only ends like an allowed one', 'notmock.test'],
  ])('a Host of %s is refused with 403 on the API and on /_mock/*', async (_, host) => {
    const before = served.app.snapshot()
    for (const [method, path] of [
      ['GET', '/api/environments/1/persons/'],
      ['POST', '/_mock/reset'],
    ]) {
      const res = await rawRequest(served.port, [
        `${method} ${path} HTTP/1.1`,
        `Host: ${host}`,
        `Authorization: Bearer ${KEYS.all}`,
      ])
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ type: 'invalid_request', code: 'host_not_allowed', attr: null })
      expect(res.body.detail).toContain(`--allowed-host ${host.split(':')[0]}`)
    }
    expect(snapshotDifference(before, served.app.snapshot())).toBeNull()
  })

  it.each([
    ['localhost'],
    [`localhost:1234`],
    ['app.localhost'],
    ['127.0.0.1:8010'],
    ['[::1]:8010'],
    ['192.168.1.20'],
    ['mock.test'],
    ['MOCK.TEST:80'],
    ['api.dev.test'],
    ['dev.test'],
  ])('a Host of %s is accepted', async (host) => {
    const res = await rawRequest(served.port, ['GET /_mock/clock HTTP/1.1', `Host: ${host}`])
    expect(res.status).toBe(200)
  })

  it('a simple cross-origin POST (no preflight: text/plain, or no body at all) cannot reset the mock or write', async () => {
    const client = clientFor(served.app)
    await client.post(PLAYLISTS, { name: 'must survive', type: 'collection' })
    const before = served.app.snapshot()
    const evil = { origin: 'http://evil.test' }
    for (const init of [
      { method: 'POST', headers: { ...evil, 'content-type': 'text/plain' }, body: '{"seed":2}' },
      { method: 'POST', headers: evil },
    ]) {
      const reset = await fetch(`${served.running.url}/_mock/reset`, init)
      expect(reset.status).toBe(403)
      expect(reset.headers.get('access-control-allow-origin')).toBeNull()
      expect(errorShapeProblems(await reset.json())).toEqual([])
      expect((await fetch(`${served.running.url}/_mock/faults`, { ...init, method: 'POST' })).status).toBe(403)
    }
    // An API write from that page: refused whatever it sends, key or not.
    const write = await fetch(served.running.url + PLAYLISTS, {
      method: 'POST',
      headers: { ...evil, ...AUTH, 'content-type': 'text/plain' },
      body: '{"name":"x","type":"collection"}',
    })
    expect(write.status).toBe(403)
    expect((await write.json()).code).toBe('origin_not_allowed')
    expect(snapshotDifference(before, served.app.snapshot())).toBeNull()
  })

  it('even a loopback page (a dev server on another port) gets no CORS and no answer from /_mock/*', async () => {
    const res = await fetch(`${served.running.url}/_mock/journal`, { headers: { origin: 'http://localhost:5173' } })
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${served.running.url}/_mock/reset`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it.each([
    ['http://localhost:5173'],
    ['http://127.0.0.1:3000'],
    ['http://[::1]:4200'],
    ['http://app.localhost:8080'],
    ['https://app.example'],
  ])('a page on %s may call the API: preflight answered, CORS headers on the answers', async (origin) => {
    const preflight = await fetch(served.running.url + PLAYLISTS, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type')
    const made = await fetch(served.running.url + PLAYLISTS, {
      method: 'POST',
      headers: { origin, ...AUTH, ...JSON_TYPE },
      body: JSON.stringify({ name: 'from a page', type: 'collection' }),
    })
    expect(made.status).toBe(201)
    expect(made.headers.get('access-control-allow-origin')).toBe(origin)
    expect(made.headers.get('vary')).toBe('Origin')
    const refused = await fetch(served.running.url + PLAYLISTS, { headers: { origin } })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('access-control-allow-origin')).toBe(origin)
  })

  it.each([['http://evil.test'], ['null'], ['https://app.example:444'], ['http://localhost.evil.test']])(
    'a page on %s gets 403 and no CORS headers, preflight or not',
    async (origin) => {
      const preflight = await fetch(served.running.url + PLAYLISTS, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      })
      expect(preflight.status).toBe(403)
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
      const read = await fetch(served.running.url + PLAYLISTS, { headers: { origin, ...AUTH } })
      expect(read.status).toBe(403)
      expect(read.headers.get('access-control-allow-origin')).toBeNull()
    },
  )

  it('a page served by the mock itself (same origin) is not a cross-origin page', async () => {
    const res = await fetch(`${served.running.url}/_mock/clock`, { headers: { origin: served.running.url } })
    expect(res.status).toBe(200)
  })
})

describe('the journal and the logs keep no secrets', () => {
  it('personal_api_key in the query or the body, and fields named like keys or tokens, read as [redacted]', async () => {
    const app = await testApp()
    const client = clientFor(app, '')
    await client.request('GET', `/api/environments/1/persons/?limit=1&personal_api_key=${KEYS.all}`)
    await client.request('POST', `/api/environments/1/persons/1/delete_property/`, {
      body: { personal_api_key: KEYS.all, $unset: 'plan' },
    })
    await client.request('POST', '/_mock/projects/1/events', {
      body: {
        event: 'e',
        distinct_id: 'd',
        properties: { $set: { stripe_api_key: 'sk_live_1', access_token: 'tok', plan: 'pro' } },
      },
    })
    const journal = (await client.get('/_mock/journal')).body.results
    const text = JSON.stringify(journal)
    expect(text).not.toContain(KEYS.all)
    expect(text).not.toContain('sk_live_1')
    expect(text).not.toContain('"tok"')
    expect(journal[0].query).toEqual({ limit: '1', personal_api_key: '[redacted]' })
    expect(journal[1].request_body).toEqual({ personal_api_key: '[redacted]', $unset: 'plan' })
    expect(journal[2].request_body.properties.$set).toEqual({
      stripe_api_key: '[redacted]',
      access_token: '[redacted]',
      plan: 'pro',
    })
    // Nor do what is made of it: the HAR export and the curl lines.
    const exported = [(await client.get('/_mock/journal/har')).text]
    for (const e of journal) exported.push((await client.get(`/_mock/journal/${e.id}/curl`)).text)
    for (const made of exported) {
      expect(made).not.toContain(KEYS.all)
      expect(made).not.toContain('sk_live_1')
      expect(made).not.toContain('"tok"')
    }
    // The data itself is kept as sent: only what the journal shows is masked.
    expect(app.store.persons.getByDistinctId(1, 'd')!.properties.stripe_api_key).toBe('sk_live_1')
  })
})

describe('caps on the server', () => {
  it('an answer over --max-answer is a 500 answer_too_large in the error shape; smaller ones are written whole, in slices when big', async () => {
    const app = await testApp()
    const running = await serve(app, { port: 0, maxAnswerBytes: 1_000_000 })
    try {
      const client = clientFor(app)
      const person = (await client.get('/api/environments/1/persons/?limit=1')).body.results[0]
      // A timeline of ~30 points of up to ~16 KB each (two batches): written in pieces, byte for byte what the core answers.
      for (let i = 0; i < 20; i++)
        await client.patch(`/api/environments/1/persons/${person.id}/`, {
          properties: { blob: `${i % 10}`.repeat(16_000) },
        })
      // `blob` named as a crucial key: without one the real service (and so the mock) answers a single point.
      const crucial = encodeURIComponent(JSON.stringify([{ key: 'blob', operator: 'is_set', type: 'person' }]))
      const path = `/api/environments/1/persons/${person.id}/properties_timeline/?properties=${crucial}`
      const overHttp = await fetch(running.url + path, { headers: AUTH })
      expect(overHttp.status).toBe(200)
      const inProcess = await app.fetch(new Request(running.url + path, { headers: AUTH }))
      const text = await overHttp.text()
      expect(text.length).toBeGreaterThan(300_000)
      expect(text).toBe(await inProcess.text())
      for (let i = 20; i < 100; i++)
        await client.patch(`/api/environments/1/persons/${person.id}/`, {
          properties: { blob: `${i % 10}`.repeat(16_000) },
        })
      const tooBig = await fetch(running.url + path, { headers: AUTH })
      expect(tooBig.status).toBe(500)
      expect(await tooBig.json()).toMatchObject({ type: 'server_error', code: 'answer_too_large', attr: null })
      expect((await fetch(`${running.url}/api/environments/1/persons/?limit=1`, { headers: AUTH })).status).toBe(200)
    } finally {
      await running.close()
    }
  })

  it('over the heap ceiling, writes that add data are 507; reads, deletes and a reset go on', async () => {
    const app = await testApp()
    const running = await serve(app, { port: 0, heapCeilingBytes: 1 })
    try {
      const before = app.snapshot()
      const write = await fetch(running.url + PLAYLISTS, {
        method: 'POST',
        headers: { ...AUTH, ...JSON_TYPE },
        body: JSON.stringify({ name: 'x', type: 'collection' }),
      })
      expect(write.status).toBe(507)
      expect(await write.json()).toMatchObject({ type: 'server_error', code: 'insufficient_storage', attr: null })
      expect(snapshotDifference(before, app.snapshot())).toBeNull()
      expect((await fetch(`${running.url}/api/environments/1/persons/?limit=1`, { headers: AUTH })).status).toBe(200)
      const person = (
        await (await fetch(`${running.url}/api/environments/1/persons/?limit=1`, { headers: AUTH })).json()
      ).results[0]
      expect(
        (await fetch(`${running.url}/api/environments/1/persons/${person.id}/`, { method: 'DELETE', headers: AUTH }))
          .status,
      ).toBe(204)
      expect((await fetch(`${running.url}/_mock/reset`, { method: 'POST' })).status).toBe(200)
    } finally {
      await running.close()
    }
  })
})

describe('the address it listens on', () => {
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
      child.stdout.on('data', (c: Buffer) => {
        if (c.toString().includes('listening on')) child.kill('SIGKILL')
      })
      child.on('exit', (code) => resolve({ code, stderr }))
    })

  it.each([
    [[], { HOST: '' }, 'HOST is empty, which would listen on every network interface'],
    [['--host', ' '], {}, '--host is empty'],
    [['--host', 'not a host!'], {}, '--host "not a host!" is neither an IP address nor a host name'],
  ])(
    '%j with %j is a usage error (exit 2), not a server on every interface',
    async (args, env, message) => {
      const { code, stderr } = await run(args, env)
      expect(code).toBe(2)
      expect(stderr).toContain(message)
    },
    60_000,
  )

  it('serve() refuses an empty host too', async () => {
    await expect(serve(await testApp(), { port: 0, host: '' })).rejects.toThrow('the host to listen on is empty')
  })
})
