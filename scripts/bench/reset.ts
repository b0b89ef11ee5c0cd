// Reset between tests, as a suite runs it: on the default dataset and, for scale, on the large-project
// scenario, through the test helper (`mock.reset()`: data, tasks, journal, clock) and through the control
// API (`POST /_mock/reset`). Each reset follows a little work a test would do, so there is something to
// undo. Printed; `--only in-process` judges `app.reset()` of the default dataset against its target.
import { createMock, type Mock } from '../../src/testing/index.ts'
import { fmt, percentile, type BenchConfig, type Row } from './harness.ts'

const SCENARIOS = ['default', 'large-project']

/** What a test typically leaves behind: a person with events, a playlist, a PATCH, a moved clock. */
async function dirty(mock: Mock): Promise<void> {
  const person = await mock.create.person()
  await mock.create.playlist({ name: 'bench' })
  await mock.fetch(`/api/environments/1/persons/${person.id}/`, {
    method: 'PATCH',
    headers: { authorization: 'Bearer phx_mock_all', 'content-type': 'application/json' },
    body: JSON.stringify({ properties: { plan: 'growth' } }),
  })
  await mock.advance('PT1H')
}

/** Milliseconds of each of `runs` resets, each after dirty(), after 10 untimed ones. */
async function resets(mock: Mock, runs: number, reset: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = []
  for (let i = 0; i < 10 + runs; i++) {
    await dirty(mock)
    const started = performance.now()
    await reset()
    if (i >= 10) samples.push(performance.now() - started)
  }
  return samples
}

export async function runReset(config: BenchConfig): Promise<Row[]> {
  const runs = config.quick ? 50 : 200
  const rows: Row[] = []
  for (const fixtures of SCENARIOS) {
    const mock = await createMock({ fixtures })
    const counts = mock.store.counts()
    const data = `${fixtures} (${counts.persons} persons, ${counts.events} events, ${counts.session_recordings} recordings)`
    const ways = {
      'mock.reset()': () => mock.reset(),
      'POST /_mock/reset': () => mock.fetch('/_mock/reset', { method: 'POST' }),
    }
    for (const [way, reset] of Object.entries(ways)) {
      const samples = await resets(mock, runs, reset)
      const mean = samples.reduce((sum, ms) => sum + ms, 0) / samples.length
      rows.push({
        benchmark: `Reset: ${way} on ${data}, after a test's writes`,
        ours: `p50 ${fmt.ms(percentile(samples, 50))}, mean ${fmt.ms(mean)}`,
        reference: '',
        ratio: '',
        latency: `${fmt.ms(percentile(samples, 50))} / ${fmt.ms(percentile(samples, 99))}`,
        target: 'printed',
        verdict: 'printed',
      })
    }
  }
  return rows
}
