// The clients' pacing (verify and record): keeping to a budget, waiting out Retry-After however long,
// and which budget applies by default. Time is a fake clock the fake sleep advances.
import { describe, expect, it } from 'vitest'
import { parseRateLimits } from '../contract/rate-limits.ts'
import { budgetFor, formatDuration, Pacer, retryAfterMs } from './pacer.ts'
import { verify } from './verify.ts'
import { createApp } from '../app.ts'

function fakeTime(start = Date.UTC(2026, 10, 1)) {
  let now = start
  const waits: Array<[number, string]> = []
  return {
    now: () => now,
    sleep: async (ms: number) => void (now += ms),
    waits,
    onWait: (ms: number, reason: string) => void waits.push([ms, reason]),
    elapsed: () => now - start,
  }
}

describe('Pacer', () => {
  it("lets a window's worth through at once, then waits until the oldest request leaves it", async () => {
    const t = fakeTime()
    const pacer = new Pacer({
      rates: parseRateLimits('clickhouse_burst=3/minute'),
      now: t.now,
      sleep: t.sleep,
      onWait: t.onWait,
    })
    const send = async (operationId: string) => (await pacer.acquire(operationId))()
    for (let i = 0; i < 3; i++) await send('persons_list')
    expect(t.elapsed()).toBe(0)
    await send('persons_list')
    expect(t.elapsed()).toBeGreaterThanOrEqual(60_000)
    expect(t.waits).toEqual([[expect.any(Number), 'clickhouse_burst']])
    // Another class's operation is not held by this one's window.
    const before = t.elapsed()
    await send('projects_list')
    expect(t.elapsed()).toBe(before)
  })

  it('requests waiting together each take their own slot: no window ever holds more than its rate', async () => {
    // A clock that moves only when every waiter sleeps, to the earliest wake-up (as real time would).
    let now = Date.UTC(2026, 10, 1)
    const timers: Array<{ at: number; wake: () => void }> = []
    const sleep = (ms: number) => new Promise<void>((wake) => void timers.push({ at: now + ms, wake }))
    const pacer = new Pacer({ rates: parseRateLimits('clickhouse_burst=3/minute'), now: () => now, sleep })
    const sent: number[] = []
    const workers = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 3; i++) {
        const answered = await pacer.acquire('persons_list')
        sent.push(now)
        // The answer takes a while: the window counts the request until then.
        await sleep(200)
        answered()
      }
    })
    const all = Promise.all(workers)
    for (let done = false; !done;) {
      await new Promise((resolve) => setImmediate(resolve))
      timers.sort((a, b) => a.at - b.at)
      const next = timers.shift()
      if (next) {
        now = Math.max(now, next.at)
        next.wake()
      } else done = sent.length === 12
    }
    await all
    expect(sent).toHaveLength(12)
    // Any 4 requests in a row (the rate plus one) span at least the minute after the first one's answer.
    for (let i = 3; i < sent.length; i++) expect(sent[i]! - sent[i - 3]!).toBeGreaterThanOrEqual(60_200)
    expect(sent[11]! - sent[0]!).toBeLessThan(3 * 60_000 + 2000)
  })

  it('after a 429 nothing leaves until its Retry-After has passed, however long', async () => {
    const t = fakeTime()
    const pacer = new Pacer({ rates: null, now: t.now, sleep: t.sleep, onWait: t.onWait })
    pacer.throttled(3_300_000)
    ;(await pacer.acquire('projects_list'))()
    expect(t.elapsed()).toBe(3_300_000)
    expect(t.waits).toEqual([[3_300_000, 'Retry-After']])
  })

  it('estimates how long more requests take under the budget', async () => {
    const t = fakeTime()
    const pacer = new Pacer({ rates: parseRateLimits('real'), now: t.now, sleep: t.sleep })
    expect(pacer.estimateMs(240, 'persons_list')).toBe(0)
    expect(pacer.estimateMs(240 * 11, 'persons_list')).toBe(10 * 60_000)
    expect(new Pacer({ rates: null, now: t.now, sleep: t.sleep }).estimateMs(10_000, 'persons_list')).toBe(0)
  })
})

describe('budgets and Retry-After', () => {
  it('by default: the real budget over the network to a host that is not loopback, none for loopback or in-process', () => {
    expect(budgetFor(undefined, 'https://us.posthog.com', false)).toEqual(parseRateLimits('real'))
    expect(budgetFor(undefined, 'http://127.0.0.1:8010', false)).toBeNull()
    expect(budgetFor(undefined, 'http://localhost:8010', false)).toBeNull()
    expect(budgetFor(undefined, 'http://[::1]:8010', false)).toBeNull()
    expect(budgetFor(undefined, 'https://us.posthog.com', true)).toBeNull()
    expect(budgetFor('real', 'http://127.0.0.1:8010', true)).toEqual(parseRateLimits('real'))
    expect(budgetFor('off', 'https://us.posthog.com', false)).toBeNull()
  })

  it('Retry-After as seconds or an HTTP date', () => {
    const now = Date.UTC(2026, 10, 1)
    expect(retryAfterMs('3300', now)).toBe(3_300_000)
    expect(retryAfterMs(new Date(now + 90_000).toUTCString(), now)).toBe(90_000)
    expect(retryAfterMs(null, now)).toBeNull()
    expect(retryAfterMs('soon', now)).toBeNull()
  })

  it('durations for progress lines', () => {
    expect([formatDuration(400), formatDuration(45_000), formatDuration(200_000), formatDuration(7_500_000)]).toEqual([
      '1 s',
      '45 s',
      '3 min 20 s',
      '2 h 5 min',
    ])
  })
})

describe('verify against a throttling mock', () => {
  it("with the mock's budget it meets no 429 and waits instead; every check passes", async () => {
    const budget =
      'clickhouse_burst=40/minute,clickhouse_sustained=100/hour,listing_burst=5/minute,listing_sustained=30/hour'
    const app = await createApp({
      rateLimits: budget,
      journalSize: 10_000,
      clock: { now: '2026-11-01T00:00:00Z', frozen: true },
    })
    const start = app.clock.now()
    const result = await verify({
      baseUrl: 'http://mock.test',
      apiKey: 'phx_mock_all',
      projectId: 1,
      fetch: app.fetch,
      seed: 1,
      rate: budget,
      now: () => app.clock.now(),
      sleep: async (ms) => app.clock.set(Math.max(app.clock.now(), app.clock.now() + ms)),
    })
    expect(result.summary.failed).toBe(0)
    expect(app.journal.entries().filter((e) => e.status === 429)).toEqual([])
    expect(app.clock.now() - start).toBeGreaterThan(60_000)
  })
})
