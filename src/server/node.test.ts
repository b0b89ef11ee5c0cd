// The server face's own behaviour over a raw socket, where it is more than node's parser: answers that
// come later than the request (a latency fault), a client that ends its side or reads slowly, a handler
// that fails. (Framing itself: test/framing-differential.test.ts; limits and time-outs: test/limits.test.ts.)
import { connect } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testApp } from '../../test/support.ts'
import type { App } from '../app.ts'
import { serve, type RunningServer, type ServeOptions } from './node.ts'

const AUTH = 'Authorization: Bearer phx_mock_all\r\n'
const GET = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${AUTH}${extra}\r\n`

let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

async function served(app: App, options: ServeOptions = {}): Promise<number> {
  running = await serve(app, { port: 0, ...options })
  return Number(new URL(running.url).port)
}

/** Sends `bytes` (then ends the connection's sending side when `end`); resolves with all it got once the server closed or went quiet. */
function exchange(port: number, bytes: string, { end = false, quietMs = 1_500 } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    let quiet: NodeJS.Timeout | undefined
    const done = () => {
      clearTimeout(quiet)
      socket.destroy()
      resolve(text)
    }
    socket.on('data', (d) => {
      text += d.toString('latin1')
      clearTimeout(quiet)
      quiet = setTimeout(done, quietMs)
    })
    socket.on('error', () => {})
    socket.on('close', done)
    socket.on('connect', () => {
      socket.write(bytes)
      if (end) socket.end()
      quiet = setTimeout(done, quietMs + 1_000)
    })
  })
}

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]))

describe('the server face over a raw socket', () => {
  it('a client that ends its side after sending its request still reads the answer, even a late one', async () => {
    const port = await served(await testApp({ faults: { latency_ms: 200 } }))
    expect(statuses(await exchange(port, GET('/api/environments/1/persons/1/'), { end: true }))).toEqual([200])
  })

  it('answers a request that closes its connection and reads nothing after it, even when its answer is late (RFC 9112 9.6)', async () => {
    const port = await served(await testApp({ faults: { latency_ms: 200 } }))
    const closing = GET('/api/environments/1/persons/1/', 'Connection: close\r\n')
    const text = await exchange(port, closing + GET('/api/environments/1/persons/2/'))
    // node alone writes a 400 for the bytes after it (HPE_CLOSED_CONNECTION) and drops the answer not yet out.
    expect(statuses(text)).toEqual([200])
    expect(text).toContain('"id":1')
  })

  it('answers pipelined requests in order, a late answer first', async () => {
    const app = await testApp({ faults: { latency_ms: 200, operations: ['persons_retrieve'] } })
    const port = await served(app)
    const text = await exchange(
      port,
      GET('/api/environments/1/persons/1/') +
        GET('/api/environments/1/persons/?limit=1') +
        GET('/api/environments/1/persons/999999/'),
    )
    expect(statuses(text)).toEqual([200, 200, 404])
    expect(text.indexOf('"distinct_ids"')).toBeLessThan(text.indexOf('"results"'))
  })

  it('answers a request its handler fails on with a 500 in the error shape, and goes on with the next one', async () => {
    const app = await testApp()
    const handle = app.handle.bind(app)
    app.handle = (req) => {
      if (req.url.pathname.endsWith('/1/')) throw new Error('boom')
      return handle(req)
    }
    const port = await served(app)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const text = await exchange(port, GET('/api/environments/1/persons/1/') + GET('/api/environments/1/persons/2/'))
    expect(logged).toHaveBeenCalledWith('[analytics-mock] unexpected failure:', expect.any(Error))
    logged.mockRestore()
    expect(statuses(text)).toEqual([500, 200])
    expect(text).toContain('"type":"server_error"')
  })
})
