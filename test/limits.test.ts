// Limits, over the core and over a real socket: bodies over 1 MiB (413, also chunked, with
// Expect: 100-continue, and a 50 MB upload that reads its 413), over-long URLs (414) and headers
// (431), slow or stalled clients (408, cut off by the time-outs), deep JSON (400), bytes the real
// service refuses (invalid UTF-8, null characters, a body that is not JSON), the per-person caps, the
// answer cap, the heap ceiling, and the fault settings (latency, injected errors).
import { connect } from 'node:net'
import { request as httpRequest } from 'node:http'
import { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES, type App } from '../src/app.ts'
import { errorShapeProblems } from './fuzz/oracle.ts'
import { snapshotDifference } from '../src/store/snapshot.ts'
import { servedTestApp } from './served.ts'
import { clientFor, KEYS, testApp } from './support.ts'

const AUTH = { authorization: `Bearer ${KEYS.all}` }
const PLAYLISTS = '/api/environments/1/session_recording_playlists/'
const bigBody = () => JSON.stringify({ name: 'x', description: 'y'.repeat(MAX_BODY_BYTES) })

/** Sends raw bytes on a fresh connection; resolves with everything the server sent until it closed. */
function raw(
  port: number,
  chunks: Array<string | { wait: number }>,
  options: { timeoutMs?: number } = {},
): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    let error: string | undefined
    socket.on('data', (d) => (text += d.toString('latin1')))
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code))
    socket.on('close', () => resolve({ text, error }))
    const guard = setTimeout(() => socket.destroy(), options.timeoutMs ?? 10_000)
    socket.on('close', () => clearTimeout(guard))
    void (async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return
        if (typeof chunk === 'string') socket.write(chunk)
        else await new Promise((r) => setTimeout(r, chunk.wait))
      }
    })()
  })
}

/** Status line and JSON body of a raw HTTP response. */
function parseRaw(text: string): { status: number; headers: string; body: any } {
  const [head, ...rest] = text.split('\r\n\r\n')
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1] ?? 0)
  const bodyText = rest.join('\r\n\r\n')
  let body: any = bodyText
  try {
    body = JSON.parse(bodyText)
  } catch {
    // not JSON
  }
  return { status, headers: head ?? '', body }
}

describe('limits in the core (every face)', () => {
  let app: App
  beforeAll(async () => {
    app = await testApp()
  })

  it('a body over 1 MiB is a 413 in the error shape and changes nothing', async () => {
    const before = app.snapshot()
    const res = await clientFor(app).request('POST', PLAYLISTS, {
      rawBody: bigBody(),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({
      type: 'invalid_request',
      code: 'request_too_large',
      detail: `Request body exceeds ${MAX_BODY_BYTES} bytes.`,
      attr: null,
    })
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
  })

  it('a URL over 16 KiB is a 414 in the error shape', async () => {
    const res = await clientFor(app).get(`/api/environments/1/persons/?search=${'a'.repeat(17_000)}`)
    expect(res.status).toBe(414)
    expect(res.body).toEqual({
      type: 'invalid_request',
      code: 'request_uri_too_long',
      detail: 'Request URI exceeds 16384 bytes.',
      attr: null,
    })
    expect((await clientFor(app).get(`/api/environments/1/persons/?search=${'a'.repeat(15_000)}`)).status).toBe(200)
  })

  it('JSON nested deeper than 256 levels is a 400 (body or JSON query parameter), not a stack overflow', async () => {
    const deep = (n: number) => `{"filters":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`
    const client = clientFor(app)
    const refused = await client.request('POST', PLAYLISTS, {
      rawBody: deep(50_000),
      headers: { 'content-type': 'application/json' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      type: 'invalid_request',
      code: 'parse_error',
      detail: 'JSON parse error - nested deeper than 256 levels',
    })
    const fine = await client.request('POST', PLAYLISTS, {
      rawBody: deep(100).replace('{"filters"', '{"type":"filters","filters"'),
      headers: { 'content-type': 'application/json' },
    })
    expect(fine.status).toBe(201)
    const query = await client.get(
      `/api/environments/1/persons/?properties=${encodeURIComponent('['.repeat(300) + ']'.repeat(300))}`,
    )
    expect(query.status).toBe(400)
    expect(query.body.attr).toBe('properties')
    // The journal, which keeps request bodies, still serializes.
    expect((await client.get('/_mock/journal')).status).toBe(200)
  })
})

describe('bytes the real service refuses (every face): nothing is stored', () => {
  let app: App
  beforeAll(async () => {
    app = await testApp()
  })
  const send = (
    body: BodyInit,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    path = PLAYLISTS,
  ) => app.fetch(new Request(`http://127.0.0.1${path}`, { method: 'POST', headers: { ...AUTH, ...headers }, body }))

  it.each([
    [
      'a byte that starts nothing',
      [0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d],
      'byte 0xff in position 9: invalid start byte',
    ],
    [
      'a sequence cut short by a quote',
      [0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x22, 0x7d],
      'byte 0xc3 in position 6: invalid continuation byte',
    ],
    ['an encoded surrogate', [0x22, 0xed, 0xa0, 0x80, 0x22], 'byte 0xed in position 1: invalid continuation byte'],
    ['a sequence cut off by the end', [0x22, 0xe2, 0x82], 'bytes in position 1-2: unexpected end of data'],
  ])(
    "invalid UTF-8 (%s) is a 400 parse_error in Python's words, as the real service answers",
    async (_, bytes, where) => {
      const before = app.snapshot()
      const res = await send(new Uint8Array(bytes))
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({
        type: 'invalid_request',
        code: 'parse_error',
        detail: `JSON parse error - 'utf-8' codec can't decode ${where}`,
        attr: null,
      })
      expect(snapshotDifference(before, app.snapshot())).toBeNull()
    },
  )

  it.each([
    ['a top-level field', { name: 'a\u0000b', type: 'collection' }, 'name'],
    [
      'a nested value',
      { name: 'ok', type: 'filters', filters: { events: [{ id: '$pageview' }, { id: 'x\u0000' }] } },
      'filters__events__1__id',
    ],
    ['a key', { name: 'ok', type: 'filters', filters: { 'bad\u0000key': 1 } }, 'filters'],
  ])('a null character in %s is a 400 naming the field, as DRF does', async (_, body, attr) => {
    const before = app.snapshot()
    const res = await send(JSON.stringify(body))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      type: 'validation_error',
      code: 'null_characters_not_allowed',
      detail: 'Null characters are not allowed.',
      attr,
    })
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
  })

  it('a null character in a person property (PATCH, capture) or a query value is refused too', async () => {
    const client = clientFor(app)
    const person = (await client.get('/api/environments/1/persons/?limit=1')).body.results[0]
    const before = app.snapshot()
    const patched = await client.patch(`/api/environments/1/persons/${person.id}/`, {
      properties: { plan: 'pro\u0000' },
    })
    expect(patched.body).toMatchObject({ code: 'null_characters_not_allowed', attr: 'properties__plan' })
    const captured = await client.post('/_mock/projects/1/events', { event: 'e', distinct_id: 'd\u0000' })
    expect(captured.body).toMatchObject({ code: 'null_characters_not_allowed', attr: 'distinct_id' })
    const unset = await client.post(`/api/environments/1/persons/${person.id}/delete_property/?$unset=a%00b`)
    expect(unset.body).toMatchObject({ code: 'null_characters_not_allowed', attr: '$unset' })
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
  })

  it.each([
    ['text/plain (what a page can send cross-origin without a preflight)', 'text/plain', 'text/plain'],
    ['no content type at all', undefined, ''],
  ])("a write whose body is %s is a 415 in DRF's words, on the API and on /_mock/*", async (_, contentType, media) => {
    const before = app.snapshot()
    const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {}
    for (const path of [PLAYLISTS, '/_mock/reset']) {
      const res = await app.fetch(
        new Request(`http://127.0.0.1${path}`, {
          method: 'POST',
          headers: { ...AUTH, ...headers },
          body: new TextEncoder().encode('{"name":"x","type":"collection"}'),
        }),
      )
      expect(res.status).toBe(415)
      expect(await res.json()).toEqual({
        type: 'invalid_request',
        code: 'unsupported_media_type',
        detail: `Unsupported media type "${media}" in request.`,
        attr: null,
      })
    }
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
  })

  it("form data is read by DRF's FormParser on the API (rest_framework/parsers.py), and refused on /_mock/* (JSON only)", async () => {
    const form = (path: string, body: string) =>
      app.fetch(
        new Request(`http://127.0.0.1${path}`, {
          method: 'POST',
          headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }),
      )
    const made = await form(PLAYLISTS, 'name=From+a+form&type=collection&pinned=true')
    expect(made.status).toBe(201)
    expect(await made.json()).toMatchObject({ name: 'From a form', type: 'collection', pinned: true })
    const before = app.snapshot()
    const reset = await form('/_mock/reset', 'seed=1')
    expect(reset.status).toBe(415)
    expect(await reset.json()).toEqual({
      type: 'invalid_request',
      code: 'unsupported_media_type',
      detail: 'Unsupported media type "application/x-www-form-urlencoded" in request.',
      attr: null,
    })
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
  })

  it('requests without a body need no content type: delete_property with ?$unset=, DELETE with ?delete_events=false, POST /_mock/reset', async () => {
    const client = clientFor(app)
    const [a, b] = (await client.get('/api/environments/1/persons/?limit=2')).body.results
    await client.patch(`/api/environments/1/persons/${a.id}/`, { properties: { plan: 'pro' } })
    const unset = await app.fetch(
      new Request(`http://127.0.0.1/api/environments/1/persons/${a.id}/delete_property/?$unset=plan`, {
        method: 'POST',
        headers: AUTH,
      }),
    )
    expect(unset.status).toBe(200)
    expect((await client.get(`/api/environments/1/persons/${a.id}/`)).body.properties.plan).toBeUndefined()
    const gone = await app.fetch(
      new Request(`http://127.0.0.1/api/environments/1/persons/${b.id}/?delete_events=false`, {
        method: 'DELETE',
        headers: AUTH,
      }),
    )
    expect(gone.status).toBe(204)
    const reset = await app.fetch(
      new Request('http://127.0.0.1/_mock/reset', { method: 'POST', headers: { 'content-type': 'text/plain' } }),
    )
    expect(reset.status).toBe(200)
  })
})

describe('per-person caps', () => {
  it('a write that would leave a person with more properties than the cap is a 400 that changes nothing', async () => {
    const app = await testApp({ limits: { properties: 10 } })
    const client = clientFor(app)
    const person = (await client.get('/api/environments/1/persons/?limit=1')).body.results[0]
    const have = Object.keys(person.properties).length
    const extra = Object.fromEntries(Array.from({ length: 10 - have }, (_, i) => [`k${i}`, i]))
    expect((await client.patch(`/api/environments/1/persons/${person.id}/`, { properties: extra })).status).toBe(200)
    const before = app.snapshot()
    const refused = await client.patch(`/api/environments/1/persons/${person.id}/`, { properties: { one_more: true } })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      type: 'validation_error',
      code: 'max_length',
      detail:
        "A person can have at most 10 properties (this mock's cap, --max-person-properties); this write would leave 11.",
      attr: 'properties',
    })
    // The same through capture, which would otherwise create or change the person.
    const captured = await client.post('/_mock/projects/1/events', {
      event: '$set',
      distinct_id: person.distinct_ids[0],
      properties: { $set: { one_more: true } },
    })
    expect(captured.status).toBe(400)
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
    // Changing a property it has is still fine.
    expect(
      (await client.patch(`/api/environments/1/persons/${person.id}/`, { properties: { k0: 'changed' } })).status,
    ).toBe(200)
  })

  it('so is one whose properties would take more bytes than the cap (640 KiB by default, as the real service)', async () => {
    const app = await testApp()
    const client = clientFor(app)
    const person = (await client.get('/api/environments/1/persons/?limit=1')).body.results[0]
    const half = 'x'.repeat(400 * 1024)
    expect((await client.patch(`/api/environments/1/persons/${person.id}/`, { properties: { a: half } })).status).toBe(
      200,
    )
    const before = app.snapshot()
    const refused = await client.patch(`/api/environments/1/persons/${person.id}/`, { properties: { b: half } })
    expect(refused.status).toBe(400)
    expect(refused.body.detail).toContain('at most 655360 bytes')
    const fresh = await client.post('/_mock/projects/1/events', {
      event: '$identify',
      distinct_id: 'brand-new',
      properties: { $set: { a: half, b: half } },
    })
    expect(fresh.status).toBe(400)
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
  })
})

describe('per-person caps, taking away', () => {
  it('a person over the caps (they were lowered since) can still lose properties, and that alone', async () => {
    const app = await testApp({ limits: { properties: 1 } })
    const client = clientFor(app)
    const person = (await client.get('/api/environments/1/persons/?limit=1')).body.results[0]
    const keys = Object.keys(person.properties)
    expect(keys.length).toBeGreaterThan(2)
    const unset = await client.post(`/api/environments/1/persons/${person.id}/delete_property/`, { $unset: keys[0] })
    expect(unset.status).toBe(200)
    const after = (await client.get(`/api/environments/1/persons/${person.id}/`)).body
    expect(Object.keys(after.properties)).toEqual(keys.slice(1))
    // Adding is still measured against the caps.
    expect(
      (await client.patch(`/api/environments/1/persons/${person.id}/`, { properties: { [keys[1]!]: 'changed' } }))
        .status,
    ).toBe(400)
  })
})

describe('faults', () => {
  it('latency holds API requests back, never the control API', async () => {
    const app = await testApp({ faults: { latency_ms: 300 } })
    const client = clientFor(app)
    const order: string[] = []
    const slow = client.get('/api/environments/1/persons/?limit=1').then((r) => order.push(`api ${r.status}`))
    const control = client.get('/_mock/faults').then((r) => order.push(`control ${r.status}`))
    await Promise.all([slow, control])
    expect(order).toEqual(['control 200', 'api 200'])
  })

  it('/_mock/faults sets, reports and clears latency and injected errors; an injected error changes nothing', async () => {
    const app = await testApp()
    const client = clientFor(app)
    expect((await client.get('/_mock/faults')).body).toEqual({
      latency_ms: 0,
      jitter_ms: 0,
      error_rate: 0,
      error_status: 503,
      operations: null,
    })

    const set = await client.post('/_mock/faults', {
      error_rate: 1,
      error_status: 429,
      operations: ['session_recording_playlists_create'],
    })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({
      latency_ms: 0,
      jitter_ms: 0,
      error_rate: 1,
      error_status: 429,
      operations: ['session_recording_playlists_create'],
    })

    const before = app.snapshot()
    const throttled = await client.post(PLAYLISTS, { name: 'never made', type: 'collection' })
    expect(throttled.status).toBe(429)
    expect(throttled.headers.get('retry-after')).toBe('1')
    expect(throttled.body).toEqual({
      type: 'throttled_error',
      code: 'throttled',
      detail: 'Request was throttled. Expected available in 1 second.',
      attr: null,
    })
    expect(snapshotDifference(before, app.snapshot())).toBeNull()
    expect((await client.get(PLAYLISTS)).status).toBe(200) // another operation

    // Bad input is still refused before a fault is drawn; a reset keeps the faults.
    expect((await client.post(PLAYLISTS, { name: [5] })).status).toBe(400)
    await client.post('/_mock/reset', {})
    expect((await client.get('/_mock/faults')).body.error_rate).toBe(1)

    await client.post('/_mock/faults', { error_status: 503, operations: null, error_rate: 0.5 })
    const statuses = new Set<number>()
    for (let i = 0; i < 40; i++)
      statuses.add((await client.get('/api/environments/1/session_recordings/?limit=1')).status)
    expect([...statuses].sort()).toEqual([200, 503])

    expect((await client.post('/_mock/faults', { operations: ['mock_reset'] })).status).toBe(400)
    expect((await client.post('/_mock/faults', { error_status: 418 })).status).toBe(400)
    // A name that is not a setting is ignored, as the real service ignores unknown fields.
    expect((await client.post('/_mock/faults', { latency: 5 })).body).toEqual({
      latency_ms: 0,
      jitter_ms: 0,
      error_rate: 0.5,
      error_status: 503,
      operations: null,
    })
    expect((await client.delete('/_mock/faults')).status).toBe(204)
    expect((await client.get('/api/environments/1/session_recordings/?limit=1')).status).toBe(200)
  })
})

describe('limits over a real socket', () => {
  const served = servedTestApp({
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
    keepAliveTimeoutMs: 200,
    idleTimeoutMs: 2_000,
  })

  it('a body over 1 MiB with a content-length: 413 in the error shape', async () => {
    const res = await fetch(served.running.url + PLAYLISTS, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: bigBody(),
    })
    expect(res.status).toBe(413)
    expect(errorShapeProblems(await res.json())).toEqual([])
  })

  it('a chunked body over 1 MiB without a content-length: the client reads a 413, not a reset', async () => {
    const chunk = 'z'.repeat(64 * 1024)
    const result = await new Promise<{ status?: number; body: string; error?: string }>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: served.port,
        method: 'POST',
        path: PLAYLISTS,
        headers: { ...AUTH, 'content-type': 'application/json' },
      })
      req.on('response', (res) => {
        let body = ''
        res.on('data', (d) => (body += d))
        res.on('end', () => resolve({ status: res.statusCode, body }))
      })
      req.on('error', (e: NodeJS.ErrnoException) => resolve({ body: '', error: e.code }))
      let sent = 0
      const pump = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        req.end()
      }
      pump()
    })
    expect(result.error).toBeUndefined()
    expect(result.status).toBe(413)
    expect(JSON.parse(result.body)).toMatchObject({ code: 'request_too_large' })
  })

  it('a 50 MB upload reads its 413 (the rest of the body is read and dropped), and the connection goes on', async () => {
    const size = 50 * 1024 * 1024
    // fetch (undici), streaming the body with a declared length.
    const stream = Readable.from(
      (function* () {
        const chunk = Buffer.alloc(1024 * 1024, 0x61)
        for (let i = 0; i < size / chunk.length; i++) yield chunk
      })(),
    )
    const res = await fetch(served.running.url + PLAYLISTS, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', 'content-length': String(size) },
      body: Readable.toWeb(stream) as any,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect((await res.json()).code).toBe('request_too_large')
    // node:http, writing as fast as the socket takes it: the 413 arrives, no EPIPE or reset.
    const result = await new Promise<{ status?: number; error?: string }>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: served.port,
        method: 'POST',
        path: PLAYLISTS,
        headers: { ...AUTH, 'content-type': 'application/json', 'content-length': size },
      })
      let status: number | undefined
      req.on('response', (r) => {
        status = r.statusCode
        r.resume()
      })
      req.on('error', (e: NodeJS.ErrnoException) => resolve({ status, error: e.code }))
      req.on('close', () => resolve({ status }))
      const chunk = Buffer.alloc(256 * 1024, 0x61)
      let sent = 0
      const pump = () => {
        while (sent < size) {
          sent += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        req.end()
      }
      pump()
    })
    expect(result).toEqual({ status: 413 })
  }, 60_000)

  it('invalid UTF-8 over the socket is a 400 parse_error too', async () => {
    const body = Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d])
    const res = await fetch(served.running.url + PLAYLISTS, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body,
    })
    expect(res.status).toBe(400)
    expect((await res.json()).detail).toBe(
      "JSON parse error - 'utf-8' codec can't decode byte 0xc0 in position 9: invalid start byte",
    )
  })

  it('Expect: 100-continue with a declared body over 1 MiB is refused before the body is sent', async () => {
    const { text } = await raw(served.port, [
      `POST ${PLAYLISTS} HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${2 * MAX_BODY_BYTES}\r\nExpect: 100-continue\r\n\r\n`,
    ])
    const { status, body } = parseRaw(text)
    expect(status).toBe(413)
    expect(text).not.toContain('100 Continue')
    expect(body.code).toBe('request_too_large')
  })

  // Over the parser's limit the status is node's own: its parser counts the request line and the headers
  // together, and answers 431 for either (the server only puts it in the error shape).
  it('a URL over 16 KiB: 414 from the core; over the 64 KiB parser limit: 431 from the server, both in the error shape', async () => {
    const mid = await fetch(`${served.running.url}/api/environments/1/persons/?search=${'q'.repeat(20_000)}`, {
      headers: AUTH,
    })
    expect(mid.status).toBe(414)
    expect(errorShapeProblems(await mid.json())).toEqual([])
    const { text } = await raw(served.port, [
      `GET /api/environments/1/persons/?search=${'q'.repeat(70_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    ])
    const huge = parseRaw(text)
    expect(huge.status).toBe(431)
    expect(huge.body).toEqual({
      type: 'invalid_request',
      code: 'request_header_fields_too_large',
      detail: 'Request header fields too large.',
      attr: null,
    })
  })

  it('headers over 64 KiB: 431 in the error shape', async () => {
    const { text } = await raw(served.port, [
      `GET /api/projects/ HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'h'.repeat(70_000)}\r\n\r\n`,
    ])
    const res = parseRaw(text)
    expect(res.status).toBe(431)
    expect(errorShapeProblems(res.body)).toEqual([])
  })

  it('a client that stalls while sending its headers is answered 408 and cut off', async () => {
    const { text } = await raw(served.port, [
      'GET /api/projects/ HTTP/1.1\r\nHost: localhost\r\n',
      { wait: 5_000 },
      'Authorization: Bearer phx_mock_all\r\n\r\n',
    ])
    const res = parseRaw(text)
    expect(res.status).toBe(408)
    expect(res.body).toEqual({
      type: 'invalid_request',
      code: 'request_timeout',
      detail: 'The request was not received in time.',
      attr: null,
    })
  })

  it('a client that stalls in the middle of its body is answered 408 and cut off, and nothing is written', async () => {
    const before = served.app.snapshot()
    const { text } = await raw(served.port, [
      `POST ${PLAYLISTS} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEYS.all}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`,
      { wait: 5_000 },
    ])
    expect(parseRaw(text).status).toBe(408)
    expect(snapshotDifference(before, served.app.snapshot())).toBeNull()
  })

  it('an idle keep-alive connection is closed after the keep-alive time-out', async () => {
    const request = `GET /_mock/clock HTTP/1.1\r\nHost: localhost\r\n\r\n`
    // The second request comes long after the 200 ms keep-alive time-out: the connection is gone by then.
    const { text } = await raw(served.port, [request, { wait: 2_000 }, request])
    expect(parseRaw(text).status).toBe(200)
    expect(text.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1)
  })

  it('a catastrophic regex in a property filter cannot hold the server: it answers (linear-time fallback), backreferences are refused', async () => {
    const person = (
      await (await fetch(`${served.running.url}/api/environments/1/persons/?limit=1`, { headers: AUTH })).json()
    ).results[0]
    const patched = await fetch(`${served.running.url}/api/environments/1/persons/${person.id}/`, {
      method: 'PATCH',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ properties: { bio: 'a'.repeat(40) + '!' } }),
    })
    expect(patched.status).toBe(200)
    const filter = (value: string) =>
      `${served.running.url}/api/environments/1/persons/?properties=${encodeURIComponent(JSON.stringify([{ key: 'bio', operator: 'regex', value }]))}`
    // Exponential in V8's backtracking engine (2^40 steps); without the fallback this request never ends.
    const evil = await fetch(filter('^(a+)+$'), { headers: AUTH })
    expect(evil.status).toBe(200)
    expect((await evil.json()).count).toBe(0)
    const fine = await fetch(filter('^a+!$'), { headers: AUTH })
    expect((await fine.json()).results.map((p: any) => p.id)).toEqual([person.id])
    const backref = await fetch(filter('^(a)\\1+!$'), { headers: AUTH })
    expect(backref.status).toBe(400)
    expect((await backref.json()).detail).toContain('backreferences and lookaround are not supported')
  })

  it('garbage instead of HTTP is a 400 in the error shape', async () => {
    const res = parseRaw((await raw(served.port, ['HELLO THERE\r\n\r\n'])).text)
    expect(res.status).toBe(400)
    expect(errorShapeProblems(res.body)).toEqual([])
  })
})

describe('the idle time-out over a real socket', () => {
  const served = servedTestApp({ keepAliveTimeoutMs: 30_000, idleTimeoutMs: 500 })

  it('a connection that sends nothing is closed once the idle time-out has passed', async () => {
    const started = performance.now()
    const { text } = await raw(served.port, [], { timeoutMs: 10_000 })
    const elapsed = performance.now() - started
    expect(text).toBe('')
    expect(elapsed).toBeGreaterThanOrEqual(450)
    expect(elapsed).toBeLessThan(5_000) // (not the 10 s guard)
  })

  it('a request held longer than the idle time-out (a latency fault) is answered, not cut off', async () => {
    const client = clientFor(served.app)
    await client.post('/_mock/faults', { latency_ms: 1_500, operations: ['persons_list'] })
    try {
      const started = performance.now()
      const { text } = await raw(served.port, [
        `GET /api/environments/1/persons/?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEYS.all}\r\n\r\n`,
      ])
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_400)
      expect(parseRaw(text).status).toBe(200)
      expect(parseRaw(text).body.results).toHaveLength(1)
    } finally {
      await client.delete('/_mock/faults')
    }
  })
})
