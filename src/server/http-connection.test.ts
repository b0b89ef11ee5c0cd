// The HTTP/1.1 server over real sockets, with a handler that echoes each request: keep-alive,
// pipelining, bodies by length and in chunks, 100-continue, HTTP/1.0, half-closed clients, refusals,
// time-outs and closing. (The mock's own answers over it: test/limits.test.ts, test/laptop-safety.test.ts.)
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { HttpRequest, HttpResponse } from './http-connection.ts'
import { HttpServer, type HttpServerOptions } from './http-server.ts'

const servers: HttpServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

type Handler = (req: HttpRequest, res: HttpResponse) => void
const echo: Handler = (req, res) =>
  res.send(200, { 'content-type': 'application/json' }, JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: req.body?.toString('latin1') ?? null }))

async function start(handler: Handler = echo, options: Partial<HttpServerOptions> = {}): Promise<{ server: HttpServer; port: number }> {
  const server = new HttpServer({
    maxBodyBytes: 1_000,
    maxHeaderBytes: 4_096,
    keepAliveTimeoutMs: 5_000,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    idleTimeoutMs: 60_000,
    refusal: (code, inRequestLine) => ({ status: code === 'BODY_TOO_LARGE' ? 413 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : code === 'EXPECTATION_FAILED' ? 417 : inRequestLine ? 414 : 400, headers: { 'content-type': 'text/plain' }, body: code }),
    onRequest: handler,
    ...options,
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.server.address() as { port: number }).port }
}

interface Exchange {
  text: string
  closed: boolean
}

/** Sends `chunks` (strings, or waits in ms) on one connection; resolves with what came back when the server closed it or `afterMs` passed. */
function exchange(port: number, chunks: Array<string | number>, options: { afterMs?: number; halfClose?: boolean } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    let closed = false
    socket.on('data', (d) => (text += d.toString('latin1')))
    socket.on('error', () => {})
    socket.on('close', () => {
      closed = true
      resolve({ text, closed })
    })
    setTimeout(() => {
      resolve({ text, closed })
      socket.destroy()
    }, options.afterMs ?? 2_000)
    void (async () => {
      for (const chunk of chunks) {
        if (typeof chunk === 'number') await new Promise((r) => setTimeout(r, chunk))
        else socket.write(chunk)
      }
      if (options.halfClose) socket.end()
    })()
  })
}

/** The answers in `text`: status, fields (lower-case names) and body, by their Content-Length. */
function answers(text: string): Array<{ status: number; headers: Record<string, string>; body: string }> {
  const out = []
  let rest = text
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n')
    if (end === -1) throw new Error(`not an answer: ${JSON.stringify(rest)}`)
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n')
    const headers: Record<string, string> = {}
    for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim()
    const status = Number(statusLine!.split(' ')[1])
    const length = status === 100 ? 0 : Number(headers['content-length'] ?? 0)
    out.push({ status, headers, body: rest.slice(end + 4, end + 4 + length) })
    rest = rest.slice(end + 4 + length)
  }
  return out
}

const GET = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`

describe('HttpServer', () => {
  it('answers each request on a kept-alive connection, with Date, Connection and Keep-Alive as node writes them', async () => {
    const { port } = await start()
    const { text, closed } = await exchange(port, [GET('/a'), 50, GET('/b')], { afterMs: 300 })
    const got = answers(text)
    expect(got.map((a) => JSON.parse(a.body).url)).toEqual(['/a', '/b'])
    expect(got[0]!.headers).toMatchObject({ 'content-type': 'application/json', connection: 'keep-alive', 'keep-alive': 'timeout=5' })
    expect(new Date(got[0]!.headers.date!).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(text.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true)
    expect(closed).toBe(false)
  })

  it('answers pipelined requests in order, the later ones only after the earlier answers (even when those take longer)', async () => {
    const { port } = await start((req, res) => {
      if (req.url === '/slow') setTimeout(() => echo(req, res), 100)
      else echo(req, res)
    })
    const { text } = await exchange(port, [GET('/slow') + GET('/fast') + `POST /body HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n\r\nabc` + GET('/last')], { afterMs: 600 })
    expect(answers(text).map((a) => [JSON.parse(a.body).url, JSON.parse(a.body).body])).toEqual([
      ['/slow', null],
      ['/fast', null],
      ['/body', 'abc'],
      ['/last', null],
    ])
  })

  it('reads a request sent a byte at a time, and a body split across writes', async () => {
    const { port } = await start()
    const request = `POST /split HTTP/1.1\r\nHost: localhost\r\nContent-Length: 11\r\n\r\nhello world`
    const { text } = await exchange(port, [...request], { afterMs: 500 })
    expect(JSON.parse(answers(text)[0]!.body)).toMatchObject({ method: 'POST', url: '/split', body: 'hello world' })
  })

  it('reads a chunked body whole, and the next request after it', async () => {
    const { port } = await start()
    const { text } = await exchange(port, [`POST /c HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n`, 30, `6\r\n world\r\n0\r\n\r\n${GET('/after')}`], { afterMs: 400 })
    expect(answers(text).map((a) => JSON.parse(a.body).body)).toEqual(['hello world', null])
  })

  it('sends 100 Continue for Expect: 100-continue, then the answer', async () => {
    const { port } = await start()
    const { text } = await exchange(port, [`POST /e HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n`, 50, '{}'], { afterMs: 300 })
    const got = answers(text)
    expect(got.map((a) => a.status)).toEqual([100, 200])
    expect(JSON.parse(got[1]!.body).body).toBe('{}')
  })

  it('refuses a body over the limit with 413: by its declared length before it comes, or by its chunks; its bytes are dropped and the connection goes on', async () => {
    const handled: string[] = []
    const { port } = await start((req, res) => {
      handled.push(req.url)
      echo(req, res)
    })
    const big = 'x'.repeat(1_500)
    const declared = await exchange(port, [`POST /big HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${big.length}\r\n\r\n`, 30, big, GET('/next')], { afterMs: 400 })
    expect(answers(declared.text).map((a) => a.status)).toEqual([413, 200])
    const chunked = await exchange(port, [`POST /big HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n`, `${(900).toString(16)}\r\n${'y'.repeat(900)}\r\n`, 30, `${(900).toString(16)}\r\n${'y'.repeat(900)}\r\n0\r\n\r\n`, GET('/next')], { afterMs: 400 })
    expect(answers(chunked.text).map((a) => a.status)).toEqual([413, 200])
    const expecting = await exchange(port, [`POST /big HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: ${big.length}\r\n\r\n`], { afterMs: 400 })
    expect(answers(expecting.text).map((a) => a.status)).toEqual([413])
    expect(expecting.closed).toBe(true)
    expect(handled).toEqual(['/next', '/next'])
  })

  it('answers HTTP that cannot be read with the refusal, then closes the connection; a request after it is not read', async () => {
    const handled: string[] = []
    const { port } = await start((req, res) => {
      handled.push(req.url)
      echo(req, res)
    })
    for (const bad of ['HELLO THERE\r\n\r\n', `GET /x HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n`, `POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`, `GET /x HTTP/1.1\r\nHost: a\r\nExpect: tea\r\n\r\n`]) {
      const { text, closed } = await exchange(port, [bad + GET('/after')])
      const got = answers(text)
      expect(got).toHaveLength(1)
      expect(got[0]!.status).toBe(bad.includes('Expect') ? 417 : 400)
      expect(got[0]!.headers.connection).toBe('close')
      expect(closed).toBe(true)
    }
    const { text } = await exchange(port, [`GET /${'q'.repeat(5_000)} HTTP/1.1\r\nHost: a\r\n\r\n`])
    expect(answers(text)[0]!.status).toBe(414)
    expect(handled).toEqual([])
  })

  it('closes after the answer for HTTP/1.0, Connection: close, and an answer that says so; a client that ends its side still reads its answer', async () => {
    const { port } = await start((req, res) => res.send(200, req.url === '/closing' ? { connection: 'close' } : {}, 'ok'))
    for (const request of ['GET / HTTP/1.0\r\n\r\n', GET('/', 'Connection: close\r\n'), GET('/closing')]) {
      const { text, closed } = await exchange(port, [request])
      expect(answers(text).map((a) => [a.status, a.body, a.headers.connection])).toEqual([[200, 'ok', 'close']])
      expect(closed).toBe(true)
    }
    const halfClosed = await exchange(port, [GET('/')], { halfClose: true })
    expect(answers(halfClosed.text).map((a) => a.body)).toEqual(['ok'])
    expect(halfClosed.closed).toBe(true)
  })

  it('sends nothing for HEAD but the length of what a GET would get, nothing at all for 204, and refuses a field that would break the head', async () => {
    const thrown: string[] = []
    const { port } = await start((req, res) => {
      if (req.url === '/204') return res.send(204, {})
      if (req.url === '/inject') {
        try {
          res.send(200, { 'x-a': 'b\r\nSet-Cookie: evil=1' }, 'no')
        } catch (error) {
          thrown.push((error as Error).message)
          res.send(500, {}, 'refused')
        }
        return
      }
      res.send(200, {}, 'twelve bytes')
    })
    const { text } = await exchange(port, [`HEAD / HTTP/1.1\r\nHost: a\r\n\r\n` + GET('/204') + GET('/inject')], { afterMs: 300 })
    expect(text).not.toContain('twelve')
    expect(text).not.toContain('evil')
    const [head, noContent, injected] = text.split(/(?=HTTP\/1\.1 )/)
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(head).toContain('content-length: 12\r\n')
    expect(noContent).toMatch(/^HTTP\/1\.1 204 No Content\r\n/)
    expect(noContent).not.toContain('content-length')
    expect(injected).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\n[^]*\r\n\r\nrefused$/)
    expect(thrown).toHaveLength(1)
  })

  it('answers 408 to a client too slow with its head or its body, and closes a connection idle for the keep-alive time after an answer', async () => {
    const { port } = await start(echo, { headersTimeoutMs: 150, requestTimeoutMs: 300, keepAliveTimeoutMs: 200 })
    const slowHead = await exchange(port, ['GET / HTTP/1.1\r\nHost: a\r\n', 1_000, '\r\n'])
    expect(answers(slowHead.text).map((a) => [a.status, a.headers.connection])).toEqual([[408, 'close']])
    const slowBody = await exchange(port, ['POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nab', 1_000, 'cde'])
    expect(answers(slowBody.text).map((a) => a.status)).toEqual([408])
    const started = performance.now()
    const idle = await exchange(port, [GET('/')], { afterMs: 3_000 })
    expect(answers(idle.text).map((a) => a.status)).toEqual([200])
    expect(idle.closed).toBe(true)
    expect(performance.now() - started).toBeLessThan(2_000)
    // A connection that has sent nothing yet is left to the idle time-out (connections.ts).
    const fresh = await exchange(port, [], { afterMs: 700 })
    expect(fresh.closed).toBe(false)
  })

  it('answers a request its handler fails on with the failure answer, and goes on with the next one', async () => {
    const logged: unknown[] = []
    const error = console.error
    console.error = (...args: unknown[]) => void logged.push(args)
    try {
      const { port } = await start((req, res) => {
        if (req.url === '/throws') throw new Error('boom')
        echo(req, res)
      }, { refusal: (code) => ({ status: code === 'SERVER_ERROR' ? 500 : 400, headers: {}, body: code }) })
      const { text } = await exchange(port, [GET('/throws') + GET('/after')], { afterMs: 300 })
      expect(answers(text).map((a) => [a.status, a.status === 500 ? a.body : JSON.parse(a.body).url])).toEqual([
        [500, 'SERVER_ERROR'],
        [200, '/after'],
      ])
      expect(logged).toHaveLength(1)
    } finally {
      console.error = error
    }
  })

  it('does not read more requests from a client that does not read its answers, until it does', async () => {
    let handled = 0
    const big = 'z'.repeat(256 * 1024)
    const { port } = await start((_req, res) => {
      handled++
      res.send(200, {}, big, 'latin1')
    })
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.pause()
    socket.write(GET('/').repeat(60))
    await new Promise((r) => setTimeout(r, 500))
    expect(handled).toBeGreaterThan(0)
    expect(handled).toBeLessThan(40) // (what the sockets' buffers take before the server waits)
    let bytes = 0
    socket.on('data', (d: Buffer) => (bytes += d.length))
    socket.resume()
    const end = Date.now() + 10_000
    while (handled < 60 && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
    expect(handled).toBe(60)
    while (bytes < 60 * big.length && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
    expect(bytes).toBeGreaterThan(60 * big.length)
    socket.destroy()
  })

  it('does not count a connection whose answer is still being written as idle (a client reading slowly gets all of it)', async () => {
    const big = 'w'.repeat(8 * 1024 * 1024)
    const { port } = await start((_req, res) => res.send(200, {}, big, 'latin1'), { keepAliveTimeoutMs: 100 })
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.pause()
    socket.write(GET('/'))
    await new Promise((r) => setTimeout(r, 600)) // several keep-alive times with the answer unread
    let bytes = 0
    socket.on('data', (d: Buffer) => (bytes += d.length))
    socket.resume()
    const end = Date.now() + 10_000
    while (bytes < big.length && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
    expect(bytes).toBeGreaterThan(big.length)
    socket.destroy()
  })

  it('closes: idle connections at once, busy ones after their answer (which says Connection: close)', async () => {
    let answer: (() => void) | undefined
    const { server, port } = await start((req, res) => {
      answer = () => echo(req, res)
    })
    const idle = exchange(port, [], { afterMs: 3_000 })
    const busy = exchange(port, [GET('/held')], { afterMs: 3_000 })
    while (answer === undefined) await new Promise((r) => setTimeout(r, 10))
    const closed = server.close()
    expect((await idle).closed).toBe(true)
    answer()
    const held = await busy
    expect(answers(held.text).map((a) => [a.status, a.headers.connection])).toEqual([[200, 'close']])
    expect(held.closed).toBe(true)
    await closed
    servers.splice(servers.indexOf(server), 1)
  })
})
