import { createServer, connect, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { Connections, sweepInterval } from './connections.ts'

/** A TCP server whose accepted sockets `connections` tracks, with a clock the test moves. */
async function harness(idleMs: number, onSocket: (socket: Socket) => void = () => {}) {
  let now = 0
  const busy = new Set<Socket>()
  const connections = new Connections<string>(idleMs, (_value, socket) => busy.has(socket), () => now)
  const accepted: Socket[] = []
  const server: Server = createServer((socket) => {
    accepted.push(socket)
    connections.add(socket, `connection ${accepted.length}`)
    socket.on('error', () => {})
    onSocket(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  let opened = 0
  const open = async () => {
    const client = connect(port, '127.0.0.1')
    client.on('error', () => {})
    client.resume() // reads (and drops) what it is sent
    await new Promise((resolve) => client.once('connect', resolve))
    await until(() => accepted.length > opened)
    opened++
    return { client, socket: accepted[opened - 1]! }
  }
  servers.push(server)
  return { connections, busy, open, advance: (ms: number) => (now += ms) }
}

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve))
})

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())))

/** With no traffic from now on: still open a millisecond before the idle time has passed, closed once it has. */
function expectClosedAfterIdle(h: Awaited<ReturnType<typeof harness>>, socket: Socket): void {
  h.advance(h.connections.idleMs - 1)
  h.connections.closeIdle()
  expect(socket.destroyed).toBe(false)
  h.advance(1)
  h.connections.closeIdle()
  expect(socket.destroyed).toBe(true)
}

describe('Connections', () => {
  it('closes a connection that never sends a byte once the idle time has passed, not before', async () => {
    const h = await harness(1_000)
    const { client, socket } = await h.open()
    expectClosedAfterIdle(h, socket)
    await closed(client)
    await until(() => h.connections.size === 0)
  })

  it('counts the idle time from the last traffic seen, in either direction', async () => {
    const h = await harness(1_000, (socket) => socket.on('data', () => {}))
    const { client, socket } = await h.open()
    h.advance(900)
    client.write('ping')
    await until(() => socket.bytesRead === 4)
    h.connections.closeIdle() // sees the bytes read: the idle time starts again now
    h.advance(900)
    h.connections.closeIdle()
    expect(socket.destroyed).toBe(false)
    socket.write('pong')
    h.connections.closeIdle() // bytes handed to it to write count too
    expectClosedAfterIdle(h, socket)
    await closed(client)
  })

  it('never closes a connection whose request is still being handled, however long it takes', async () => {
    const h = await harness(1_000)
    const { socket } = await h.open()
    h.busy.add(socket)
    for (let i = 0; i < 10; i++) {
      h.advance(1_000)
      h.connections.closeIdle()
    }
    expect(socket.destroyed).toBe(false)
    // Answered: idle from then on.
    h.busy.delete(socket)
    h.connections.closeIdle()
    expectClosedAfterIdle(h, socket)
  })

  it('closes a connection whose client stopped reading an answer', async () => {
    // Written in pieces with back-pressure, as a big answer is: each piece once the one before has gone.
    const piece = Buffer.alloc(256 * 1024, 0x61)
    let pieces = 0
    const h = await harness(1_000, (socket) => {
      const pump = () => {
        while (pieces < 400 && !socket.destroyed) {
          pieces++
          if (!socket.write(piece)) return void socket.once('drain', pump)
        }
      }
      pump()
    })
    const { client, socket } = await h.open()
    client.pause() // the client reads nothing
    await until(() => socket.writableNeedDrain)
    h.connections.closeIdle()
    const stuckAt = pieces
    h.advance(1_000)
    h.connections.closeIdle()
    expect(pieces).toBe(stuckAt)
    expect(socket.destroyed).toBe(true)
    expect(pieces).toBeLessThan(400)
  })

  it('keeps what each connection carries until its socket closes, then says so', async () => {
    const h = await harness(1_000)
    const a = await h.open()
    const b = await h.open()
    expect(h.connections.get(a.socket)).toBe('connection 1')
    expect([...h.connections.values()]).toEqual(['connection 1', 'connection 2'])
    a.client.destroy()
    await closed(a.socket)
    expect(h.connections.get(a.socket)).toBeUndefined()
    expect([...h.connections.values()]).toEqual(['connection 2'])
    expect(h.connections.size).toBe(1)
    b.client.destroy()
    await closed(b.socket)
    expect(h.connections.size).toBe(0)
  })

  it('with an idle time of 0 closes nothing for being idle', async () => {
    const h = await harness(0)
    const { socket } = await h.open()
    h.advance(1e9)
    h.connections.closeIdle()
    expect(socket.destroyed).toBe(false)
    socket.destroy()
  })

  it('looks at the connections every quarter of the idle time, between every 10 ms and every second', () => {
    expect(sweepInterval(60_000)).toBe(1_000)
    expect(sweepInterval(2_000)).toBe(500)
    expect(sweepInterval(20)).toBe(10)
  })
})
