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

  it('runs a synchronous task at once and frees its turn when it returns or throws', async () => {
    const queue = new SerialQueue()
    const log: string[] = []
    const first = queue.run(() => {
      log.push('w1')
      return 1
    })
    // Started at once (no tick), and done: the next write also starts at once.
    expect(log).toEqual(['w1'])
    const thrown = queue.run(() => {
      throw new Error('sync boom')
    })
    const last = queue.run(() => {
      log.push('w2')
      return 2
    }, true)
    expect(log).toEqual(['w1', 'w2'])
    await expect(first).resolves.toBe(1)
    await expect(thrown).rejects.toThrow('sync boom')
    await expect(last).resolves.toBe(2)
  })

  it('a write waiting behind a running read starts only when the read ends', async () => {
    const queue = new SerialQueue()
    const log: string[] = []
    let release!: () => void
    const read = queue.run(() => new Promise<void>((r) => (release = r)).then(() => log.push('read out')), false)
    const write = queue.run(() => log.push('write'))
    await tick()
    expect(log).toEqual([])
    release()
    await Promise.all([read, write])
    expect(log).toEqual(['read out', 'write'])
  })

  it('runNow answers a synchronous task that can start at once with its value, and waits its turn otherwise', async () => {
    const queue = new SerialQueue()
    expect(queue.runNow(() => 7)).toBe(7)
    expect(() =>
      queue.runNow(() => {
        throw new Error('now')
      }),
    ).toThrow('now')
    // The turn was freed by both: a write inside a running async write waits, as a promise.
    let release!: () => void
    const holding = queue.run(() => new Promise<void>((resolve) => (release = resolve)))
    const later = queue.runNow(() => 'after')
    expect(later).toBeInstanceOf(Promise)
    release()
    await holding
    await expect(later).resolves.toBe('after')
  })
})
