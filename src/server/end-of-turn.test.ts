import { describe, expect, it } from 'vitest'
import { EndOfTurn } from './end-of-turn.ts'

describe('EndOfTurn', () => {
  it('runs what was added in a turn after that turn, in the order added', async () => {
    const turn = new EndOfTurn()
    const ran: string[] = []
    turn.add(() => ran.push('a'))
    turn.add(() => ran.push('b'))
    await Promise.resolve()
    expect(ran).toEqual([]) // not before the turn ends (promise jobs of the turn come first)
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['a', 'b'])
  })

  it('runs what is added while it runs in a later turn, and each batch once', async () => {
    const turn = new EndOfTurn()
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
})
