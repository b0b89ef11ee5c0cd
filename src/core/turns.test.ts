import { describe, expect, it } from 'vitest'
import { Turns } from './turns.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('Turns', () => {
  it('runs writes one at a time, reads side by side, and a write never inside a read', async () => {
    const queue = new Turns()
    const log: string[] = []
    const task = (name: string, exclusive: boolean) =>
      queue.run(exclusive, async () => {
        log.push(`${name} in`)
        await tick()
        await tick()
        log.push(`${name} out`)
      })
    await Promise.all([task('r1', false), task('r2', false), task('w1', true), task('r3', false), task('w2', true)])
    // The two reads overlap; the write waits for both; the read after the write waits for it (writes
    // first once waiting), and the last write waits for that read.
    expect(log).toEqual(['r1 in', 'r2 in', 'r1 out', 'r2 out', 'w1 in', 'w1 out', 'r3 in', 'r3 out', 'w2 in', 'w2 out'])
  })

  it('hands the turn on when a task fails, and passes the failure to its caller', async () => {
    const queue = new Turns()
    const failed = queue.run(true, async () => {
      throw new Error('boom')
    })
    const next = queue.run(true, () => 'ran')
    await expect(failed).rejects.toThrow('boom')
    await expect(next).resolves.toBe('ran')
  })

  it('starts a task that can run at once in the same turn of the event loop, and frees its turn when it returns or throws', async () => {
    const queue = new Turns()
    const log: string[] = []
    const first = queue.run(true, () => {
      log.push('w1')
      return 1
    })
    // Started at once (no tick).
    expect(log).toEqual(['w1'])
    const thrown = queue.run(true, () => {
      throw new Error('sync boom')
    })
    const last = queue.run(true, () => {
      log.push('w2')
      return 2
    })
    await expect(first).resolves.toBe(1)
    await expect(thrown).rejects.toThrow('sync boom')
    await expect(last).resolves.toBe(2)
    expect(log).toEqual(['w1', 'w2'])
  })

  it('a write waiting behind a running read starts only when the read ends', async () => {
    const queue = new Turns()
    const log: string[] = []
    let release!: () => void
    const read = queue.run(false, () => new Promise<void>((r) => (release = r)).then(() => log.push('read out')))
    const write = queue.run(true, () => log.push('write'))
    await tick()
    expect(log).toEqual([])
    release()
    await Promise.all([read, write])
    expect(log).toEqual(['read out', 'write'])
  })
})
