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
})
