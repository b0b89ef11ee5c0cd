import { describe, expect, it } from 'vitest'
import { SerialQueue } from './serial.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('SerialQueue', () => {
  it('runs writes one at a time, reads side by side, and a write never inside a read', async () => {
    const queue = new SerialQueue()
    const log: string[] = []
    const task = (name: string, exclusive: boolean) =>
      queue.run(async () => {
        log.push(`${name} in`)
        await tick()
        await tick()
        log.push(`${name} out`)
      }, exclusive)
    await Promise.all([task('r1', false), task('r2', false), task('w1', true), task('r3', false), task('w2', true)])
    // The two reads overlap; the write waits for both; the read after the write waits for it (writes
    // first once waiting), and the last write waits for that read.
    expect(log).toEqual(['r1 in', 'r2 in', 'r1 out', 'r2 out', 'w1 in', 'w1 out', 'r3 in', 'r3 out', 'w2 in', 'w2 out'])
  })

  it('hands the turn on when a task fails, and passes the failure to its caller', async () => {
    const queue = new SerialQueue()
    const failed = queue.run(async () => {
      throw new Error('boom')
    })
    const next = queue.run(() => 'ran')
    await expect(failed).rejects.toThrow('boom')
    await expect(next).resolves.toBe('ran')
  })
})
