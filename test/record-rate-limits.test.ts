// `record` of a mock that throttles (rateLimits, as `serve --rate-limits`): it keeps to the budget, waits
// out any Retry-After however long, shows an ETA, and writes the same scenario as without limits.
//
// Against the real limits a recording literally takes minutes or hours, so these tests run it in-process
// and coordinate the two clocks: the tool's waiting is injected (RecordIo.sleep/now, the same hooks
// record() takes), and its sleep advances the mock's clock instead of waiting, so the mock's windows see
// exactly the time the tool waited. Every test runs in seconds while the mock's clock moves through
// minutes and hours. The mock's journal is the witness of what the deployment saw (statuses in order).
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp, type App, type AppOptions } from '../src/app.ts'
import { runRecordCommand } from '../src/record/cli.ts'

const NOW = '2026-11-01T00:00:00Z'
let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'record-limits-'))
})

const mock = (options: AppOptions) => createApp({ clock: { now: NOW, frozen: true }, journalSize: 100_000, ...options })

interface Run {
  code: number
  scenario: any
  progress: string
  err: string
  /** The statuses the mock answered, in order. */
  statuses: number[]
  /** How far the mock's clock moved (ms): the time the recording took there. */
  tookMs: number
  /** What the tool slept, in total (ms). */
  waitedMs: number
}

/**
 * Time as the tool and the mock share it when requests are in flight together: a sleep ends only once
 * no request is in flight and no earlier sleep is due, and the mock's clock then moves to its instant.
 * So a request sent while another worker waits reaches the mock before the wait is over, as over a socket.
 */
function sharedTime(app: App) {
  const timers: Array<{ at: number; wake: () => void }> = []
  let inFlight = 0
  let ticking = false
  const tick = () => {
    ticking = false
    if (inFlight > 0 || timers.length === 0) return
    timers.sort((a, b) => a.at - b.at)
    const next = timers.shift()!
    if (app.clock.now() < next.at) app.clock.set(next.at)
    next.wake()
  }
  const later = () => {
    if (ticking) return
    ticking = true
    setImmediate(tick)
  }
  return {
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        timers.push({ at: app.clock.now() + ms, wake })
        later()
      }),
    fetch: async (request: Request) => {
      inFlight++
      try {
        return await app.fetch(request)
      } finally {
        inFlight--
        later()
      }
    },
  }
}

async function recordOf(
  app: App,
  name: string,
  extra: string[],
  fetch: App['fetch'] = app.fetch,
  time?: ReturnType<typeof sharedTime>,
): Promise<Run> {
  const file = join(dir, name)
  const progress: string[] = []
  const err: string[] = []
  const start = app.clock.now()
  const journalStart = app.journal.entries().reduce((id, e) => Math.max(id, e.id), 0)
  let waitedMs = 0
  // The tool's sleep moves the mock's clock to the instant it waits for (several workers waiting at
  // once move it to the latest of those instants, as real time would).
  const sleep = async (ms: number) => {
    waitedMs += ms
    if (time) return time.sleep(ms)
    const until = app.clock.now() + ms
    await Promise.resolve()
    if (app.clock.now() < until) app.clock.set(until)
  }
  const code = await runRecordCommand(
    [
      '--base-url',
      'http://deployment.test',
      '--project',
      '1',
      '--out',
      file,
      '--salt-file',
      join(dir, 'record.salt'),
      ...extra,
    ],
    {
      out: () => {},
      err: (t) => err.push(t),
      env: { ANALYTICS_MOCK_API_KEY: 'phx_mock_all' },
      fetch: time?.fetch ?? fetch,
      progress: { isTTY: false, write: (t: string) => void progress.push(t) },
      sleep,
      now: () => app.clock.now(),
    },
  )
  const statuses = app.journal
    .entries()
    .sort((a, b) => a.id - b.id)
    .filter((e) => e.id > journalStart && !e.path.startsWith('/_mock/'))
    .map((e) => e.status)
  return {
    code,
    scenario: code === 0 ? scenarioOf(file) : null,
    progress: progress.join(''),
    err: err.join('\n'),
    statuses,
    tookMs: app.clock.now() - start,
    waitedMs,
  }
}

/** The scenario without its instant of recording (each run's own). */
const scenarioOf = (file: string) => ({ ...JSON.parse(readFileSync(file, 'utf8')), recorded_at: undefined })

/** The longest run of 429s in a row. */
function longest429Run(statuses: number[]): number {
  let longest = 0
  let run = 0
  for (const status of statuses) {
    run = status === 429 ? run + 1 : 0
    longest = Math.max(longest, run)
  }
  return longest
}

describe('record against a mock that throttles', () => {
  it('150 persons against the real limits (over 240 persons reads, more than a minute allows): paced, no 429, an ETA, the same scenario', async () => {
    const unlimited = await recordOf(await mock({ size: { persons: 150 } }), 'free.json', [])
    expect(unlimited.code).toBe(0)
    expect(unlimited.statuses).not.toContain(429)

    const app = await mock({ size: { persons: 150 }, rateLimits: 'real' })
    const run = await recordOf(app, 'real.json', ['--rate', 'real'])
    expect(run.code).toBe(0)
    const personsReads = app.journal.entries().filter((e) => e.operation_id?.startsWith('persons_')).length
    expect(personsReads).toBeGreaterThan(240)
    expect(run.statuses).not.toContain(429)
    // It had to wait for the minute's budget: the mock's clock moved at least a minute.
    expect(run.tookMs).toBeGreaterThanOrEqual(60_000)
    expect(run.progress).toMatch(/person details: \d+\/150, ETA \d+ (s|min)/)
    expect(run.scenario).toEqual(unlimited.scenario)
  })

  it('requests in flight together reserve their budget first: 150 persons, four at a time, over 300 requests against the real limits, no 429', async () => {
    const app = await mock({ size: { persons: 150 }, rateLimits: 'real' })
    const run = await recordOf(app, 'shared.json', ['--rate', 'real'], app.fetch, sharedTime(app))
    expect(run.code).toBe(0)
    expect(run.statuses.length).toBeGreaterThanOrEqual(300)
    expect(run.statuses).not.toContain(429)
    expect(run.tookMs).toBeGreaterThanOrEqual(60_000)
  })

  it('2,000 persons against scaled-down budgets where both windows bite: never two 429s in a row, an ETA, the same scenario', async () => {
    // Persons reads count in the minute's ClickHouse bucket; the recordings list in the listing pair too.
    const budget =
      'clickhouse_burst=150/minute,clickhouse_sustained=1500/hour,listing_burst=2/minute,listing_sustained=4/hour'
    const unlimited = await recordOf(await mock({ size: { persons: 2000 } }), 'big-free.json', ['--quiet'])
    const app = await mock({ size: { persons: 2000 }, rateLimits: budget })
    const run = await recordOf(app, 'big-limited.json', ['--rate', budget])
    expect(run.code).toBe(0)
    expect(run.statuses.length).toBeGreaterThan(4000)
    expect(longest429Run(run.statuses)).toBeLessThanOrEqual(1)
    expect(run.tookMs).toBeGreaterThan(2 * 3600_000)
    expect(run.progress).toMatch(/person details: \d+\/2000, ETA \d+ (min|h)/)
    expect(run.progress).toMatch(/waiting \d+ (min|h)[^\n]* for the rate limit \(the \w+_sustained budget\)/)
    // The one thing that differs is the deployment's own: hours passed on its clock while the recording
    // waited, so the recordings that were in progress at the start had ended when the list was read.
    const settled = (scenario: any) => ({
      ...scenario,
      recordings: scenario.recordings.map((r: any) => ({ ...r, ongoing: undefined })),
    })
    expect(run.scenario.recordings.filter((r: any) => r.ongoing).length).toBeLessThan(
      unlimited.scenario.recordings.filter((r: any) => r.ongoing).length,
    )
    expect(settled(run.scenario)).toEqual(settled(unlimited.scenario))
  }, 120_000)

  it('without a budget to keep to, it waits out each 429 as long as Retry-After says (an hour too), many times, never two in a row', async () => {
    // Persons reads take the minute's bucket only; the recordings and playlists reads also take the hour's.
    const app = await mock({
      size: { persons: 60 },
      rateLimits: 'clickhouse_burst=10/minute,clickhouse_sustained=3/hour',
    })
    const run = await recordOf(app, 'reactive.json', ['--concurrency', '1', '--rate', 'off'])
    expect(run.code).toBe(0)
    expect(run.statuses.filter((s) => s === 429).length).toBeGreaterThan(8)
    expect(longest429Run(run.statuses)).toBe(1)
    // The hour's Retry-After, waited in full (the old client waited at most 60 s, 8 times, and gave up).
    expect(run.progress).toMatch(/waiting (59 min|1 h)[^\n]* for the rate limit \(a 429 said so\)/)
    expect(run.tookMs).toBeGreaterThan(3600_000)
  })

  it('resumed after a network loss, it waits only for what the partial file lacks: the answers it holds neither wait nor count in the budget', async () => {
    const budget = 'clickhouse_burst=40/minute'
    const whole = await recordOf(await mock({ size: { persons: 100 }, rateLimits: budget }), 'resume-whole.json', [
      '--rate',
      budget,
      '--concurrency',
      '1',
    ])
    expect(whole.code).toBe(0)
    expect(whole.waitedMs).toBeGreaterThan(3 * 60_000)

    // The network goes away once about half the requests have been answered.
    const app = await mock({ size: { persons: 100 }, rateLimits: budget })
    let sent = 0
    const failing: App['fetch'] = (request) =>
      ++sent > whole.statuses.length / 2 ? Promise.reject(new TypeError('fetch failed')) : app.fetch(request)
    const lost = await recordOf(app, 'resume.json', ['--rate', budget, '--concurrency', '1'], failing)
    expect(lost.code).toBe(1)
    expect(lost.err).toMatch(/the same command resumes/)

    // Run again an hour later (the deployment's windows have emptied, as the resumed run's pacer assumes).
    app.clock.set(app.clock.now() + 3600_000)
    const resumed = await recordOf(app, 'resume.json', ['--rate', budget, '--concurrency', '1'])
    expect(resumed.code, resumed.err).toBe(0)
    const taken = Number(/resuming: the (\d+) answers read before/.exec(resumed.err)?.[1])
    expect(taken).toBeGreaterThan(whole.statuses.length / 2 - 5)
    // The deployment saw only the requests the partial file lacked, none refused.
    expect(resumed.statuses.length).toBe(whole.statuses.length - taken)
    expect(resumed.statuses).not.toContain(429)
    // It waited for those only: about what the second half of the uninterrupted run waited, not all of it
    // again (before, every answer taken from the file waited for the budget as if it were sent).
    expect(resumed.waitedMs).toBeGreaterThan(0)
    expect(resumed.waitedMs).toBeLessThan(whole.waitedMs * 0.7)
    expect(resumed.scenario).toEqual(whole.scenario)
  })
})
