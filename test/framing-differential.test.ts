// The mock's server frames requests as node:http does, byte for byte: every vector of framing-vectors.ts
// is sent over a raw socket to the mock's server (serve(), its whole face: Host and Origin checks, body
// reading, refusals) and to a bare node:http server with the same options that affect parsing (header
// size, time-outs, Host required). Compared: how many answers each gave (the requests it framed), the
// class of each status, and whether it closed the connection. The core is replaced by one answer
// (200 to everything), so a difference can only come from the server face.
import { createServer, type Server, type ServerResponse } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { serve, type RunningServer } from '../src/server/node.ts'
import { FRAMING_VECTORS } from './framing-vectors.ts'
import { testApp } from './support.ts'

/**
 * How long a connection may be quiet before what it answered is read as all it will answer: the 322
 * exchanges run at once, and on a loaded machine an answer came after 400 ms of quiet.
 */
const QUIET_MS = 1500

interface Outcome {
  /** The status class of each answer (1xx interim answers included), in order. */
  classes: string[]
  closed: boolean
}

/** Sends `bytes` on a fresh connection; the answers it got, once it closed or went quiet. */
function exchange(port: number, bytes: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    let quiet: NodeJS.Timeout
    const finish = (closed: boolean) => {
      clearTimeout(quiet)
      socket.destroy()
      resolve({ classes: statusClasses(Buffer.concat(received).toString('latin1')), closed })
    }
    const wait = () => {
      clearTimeout(quiet)
      quiet = setTimeout(() => finish(false), QUIET_MS)
    }
    socket.on('data', (d) => {
      received.push(d)
      wait()
    })
    socket.on('error', () => {})
    socket.on('close', () => finish(true))
    socket.on('connect', () => {
      socket.write(Buffer.from(bytes, 'latin1'))
      wait()
    })
  })
}

/** The status classes of the answers in a byte stream (bodies skipped by Content-Length, chunked, or to the end). */
function statusClasses(text: string): string[] {
  const classes: string[] = []
  let at = 0
  while (at < text.length) {
    const headEnd = text.indexOf('\r\n\r\n', at)
    if (headEnd === -1) break
    const head = text.slice(at, headEnd)
    const status = /^HTTP\/1\.[01] (\d)\d\d/.exec(head)?.[1]
    if (!status) break
    classes.push(`${status}xx`)
    at = headEnd + 4
    if (status === '1') continue
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)
    if (length) at += Number(length[1])
    else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const end = text.indexOf('\r\n0\r\n\r\n', at - 2)
      at = end === -1 ? text.length : end + 7
    } else if (!/^HTTP\/1\.[01] (204|304)/.test(head)) at = text.length
  }
  return classes
}

const PARSING = { maxHeaderSize: 64 * 1024, headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 }

let app: App
let mock: RunningServer
let bare: Server
let barePort: number

beforeAll(async () => {
  app = await testApp()
  // The core answers 200 to everything: what is compared is the server face's framing alone.
  app.handle = async () => ({ status: 200, headers: {}, json: { ok: true } })
  mock = await serve(app, {
    port: 0,
    maxHeaderBytes: PARSING.maxHeaderSize,
    headersTimeoutMs: PARSING.headersTimeout,
    requestTimeoutMs: PARSING.requestTimeout,
    keepAliveTimeoutMs: PARSING.keepAliveTimeout,
  })
  // Answering when the mock answers: at once for a request without a body (neither Content-Length nor
  // Transfer-Encoding), after its body otherwise. (Whether an answer is out when node's parser refuses
  // the bytes after it decides whether node still writes its 400: the same moment on both sides.)
  // Its answer carries a Content-Length, as the mock's do (without one node closes an HTTP/1.0 connection).
  const answer = (res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' }).end('{"ok":true}')
  bare = createServer(PARSING, (req, res) => {
    req.resume()
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) answer(res)
    else req.on('end', () => answer(res))
  })
  // The one rule the mock adds to node's (client-errors.ts): bytes after a request that closes its
  // connection leave that request's answer to be written (RFC 9112 9.6), where node writes a 400 unless
  // the answer happens to be out already.
  bare.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage
    if (error.code === 'HPE_CLOSED_CONNECTION' && inFlight && !inFlight.writableEnded) return
    if (socket.writable && !inFlight?.headersSent) socket.write('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
    socket.destroy()
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  barePort = (bare.address() as { port: number }).port
})

afterAll(async () => {
  await mock.close()
  bare.closeAllConnections()
  await new Promise((resolve) => bare.close(resolve))
})

describe('framing, the mock against a bare node:http server', () => {
  it(`has at least 100 vectors, each named once`, () => {
    expect(FRAMING_VECTORS.length).toBeGreaterThanOrEqual(100)
    expect(new Set(FRAMING_VECTORS.map((v) => v.name)).size).toBe(FRAMING_VECTORS.length)
  })

  it(`frames all ${FRAMING_VECTORS.length} vectors alike: as many answers, the same status classes, the same closing`, async () => {
    const mockPort = Number(new URL(mock.url).port)
    const results = await Promise.all(
      FRAMING_VECTORS.map(async (vector) => {
        const [ours, node] = await Promise.all([exchange(mockPort, vector.bytes), exchange(barePort, vector.bytes)])
        return { name: vector.name, ours, node }
      }),
    )
    const disagreements = results.filter((r) => JSON.stringify(r.ours) !== JSON.stringify(r.node))
    expect(disagreements).toEqual([])
    // The vectors do what they are for: some are framed as several requests, some refused, some close.
    expect(results.some((r) => r.node.classes.length >= 2)).toBe(true)
    expect(results.some((r) => r.node.classes.includes('4xx'))).toBe(true)
    expect(results.some((r) => r.node.closed)).toBe(true)
    expect(results.some((r) => !r.node.closed)).toBe(true)
  })
})
