import { describe, expect, it } from 'vitest'
import { afterRequests, EndOfTurn } from './end-of-turn.ts'

describe('EndOfTurn', () => {
  it('runs what was added in a turn after that turn, in the order added', async () => {
    const turn = new EndOfTurn(60_000) // (no early writes)
    const ran: string[] = []
    turn.add(() => ran.push('a'))
    turn.add(() => ran.push('b'))
    await Promise.resolve()
    expect(ran).toEqual([]) // not before the turn ends (promise jobs of the turn come first)
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['a', 'b'])
  })

  it('runs what is added while it runs in a later turn, and each batch once', async () => {
    const turn = new EndOfTurn(60_000) // (no early writes)
    const ran: string[] = []
    turn.add(() => {
      ran.push('first')
      turn.add(() => ran.push('later'))
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['first'])
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['first', 'later'])
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['first', 'later'])
  })

  it('writes the waiting answers, oldest first, with the next answer once the oldest has waited maxWaitMs', async () => {
    const turn = new EndOfTurn(0) // (any wait is long enough)
    const ran: string[] = []
    turn.add(() => ran.push('a'))
    expect(ran).toEqual([])
    turn.add(() => ran.push('b')) // a has waited long enough: written, b waits
    expect(ran).toEqual(['a'])
    turn.add(() => ran.push('c')) // b has waited long enough: written, c waits
    expect(ran).toEqual(['a', 'b'])
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['a', 'b', 'c'])
  })

  it('leaves answers to the end of the turn while the oldest has waited less than maxWaitMs', async () => {
    const turn = new EndOfTurn(60_000)
    const ran: string[] = []
    turn.add(() => ran.push('a'))
    // (A request handled at the end of the turn, its answer added after a's.)
    turn.defer(() => {
      expect(ran).toEqual([])
      turn.add(() => ran.push('b'))
    })
    expect(ran).toEqual([])
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['a', 'b'])
  })
  it('handles the requests deferred in a turn at its end, in order, then what asked to follow them, then writes their answers', async () => {
    const turn = new EndOfTurn(60_000)
    const ran: string[] = []
    for (const name of ['a', 'b']) {
      turn.defer(() => {
        ran.push(`handle ${name}`)
        // (As the log's write under --state: asked for by each change, run once after the batch.)
        afterRequests(() => ran.push(`after ${name}`))
        turn.add(() => ran.push(`write ${name}`))
      })
    }
    await Promise.resolve()
    expect(ran).toEqual([]) // nothing is handled before the turn ends
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['handle a', 'handle b', 'after a', 'after b', 'write a', 'write b'])
  })

  it('writes the answers that waited maxWaitMs before handling the next deferred request', async () => {
    const turn = new EndOfTurn(0) // (any wait is long enough)
    const ran: string[] = []
    turn.defer(() => turn.add(() => ran.push('write a')))
    turn.defer(() => ran.push('handle b'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['write a', 'handle b'])
  })

  it('runs what asked to follow the requests at the end of the I/O phase when no batch is being handled', async () => {
    const ran: string[] = []
    afterRequests(() => ran.push('after'))
    await Promise.resolve()
    expect(ran).toEqual([])
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['after'])
  })
  describe('gathering (a server under load: several connections open, the last batch more than one request, a write waiting)', () => {
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
    /** A turn whose last batch handled two requests, with `open` connections. */
    async function busy(open: number) {
      const turn = new EndOfTurn(60_000, { expected: () => open })
      const ran: string[] = []
      /** A request: a write unless `read`. */
      const request = (name: string, read = false) =>
        turn.defer(() => {
          ran.push(`handle ${name}`)
          afterRequests(() => ran.push(`after ${name}`))
          turn.add(() => ran.push(`write ${name}`))
        }, !read)
      request('a')
      request('b')
      await nextTurn()
      expect(ran).toEqual(['handle a', 'handle b', 'after a', 'after b', 'write a', 'write b'])
      ran.length = 0
      return { turn, ran, request }
    }

    it('holds fewer requests than open connections for at most two more turns, and handles those read meanwhile with them', async () => {
      const { ran, request } = await busy(4)
      request('c')
      await nextTurn()
      expect(ran).toEqual([]) // held: more clients may send theirs
      request('d') // read in the next turn's I/O phase
      await nextTurn()
      expect(ran).toEqual([])
      await nextTurn()
      // Two turns later, handled together: one batch, its follow-up once after it, then the answers.
      expect(ran).toEqual(['handle c', 'handle d', 'after c', 'after d', 'write c', 'write d'])
    })

    it('does not hold reads alone (cheap to handle cold), and holds them with a write', async () => {
      const reads = await busy(4)
      reads.request('c', true)
      await nextTurn()
      expect(reads.ran).toEqual(['handle c', 'after c', 'write c'])
      const { ran, request } = await busy(4)
      request('d', true)
      request('e') // a write: both wait for the others
      await nextTurn()
      expect(ran).toEqual([])
      await nextTurn()
      await nextTurn()
      expect(ran).toEqual(['handle d', 'handle e', 'after d', 'after e', 'write d', 'write e'])
    })

    it('does not hold requests once as many are in hand as connections are open', async () => {
      const { ran, request } = await busy(2)
      request('c')
      request('d')
      await nextTurn()
      expect(ran).toEqual(['handle c', 'handle d', 'after c', 'after d', 'write c', 'write d'])
    })

    it('does not hold the request after a batch of one (a client sending one request at a time)', async () => {
      const { ran, request } = await busy(8)
      request('c')
      await nextTurn()
      await nextTurn()
      await nextTurn()
      expect(ran.filter((r) => r.startsWith('handle'))).toEqual(['handle c'])
      ran.length = 0
      request('d') // the last batch was c alone: d is handled at the end of its turn
      await nextTurn()
      expect(ran).toEqual(['handle d', 'after d', 'write d'])
    })

    it('writes an answer made while requests are held (one that waited on something) without waiting for them', async () => {
      const { turn, ran, request } = await busy(4)
      request('c')
      turn.add(() => ran.push('write earlier'))
      await nextTurn()
      expect(ran).toEqual(['write earlier'])
      await nextTurn()
      await nextTurn()
      expect(ran).toEqual(['write earlier', 'handle c', 'after c', 'write c'])
    })

    it('never holds requests without a count of open connections (the default)', async () => {
      const turn = new EndOfTurn(60_000)
      const ran: string[] = []
      for (const batch of [['a', 'b'], ['c']]) {
        for (const name of batch) turn.defer(() => ran.push(name))
        await nextTurn()
      }
      expect(ran).toEqual(['a', 'b', 'c'])
    })
  })
})
