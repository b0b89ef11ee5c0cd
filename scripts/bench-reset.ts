// Benchmark: how long a reset between tests takes on the default dataset (and, for scale, on the
// large-project scenario), through the test helper (`mock.reset()`: data, tasks, journal, clock) and
// through the control API (`POST /_mock/reset`). Each reset follows a little work a test would do, so
// there is something to undo. Prints figures; asserts nothing.
//
//   npx tsx scripts/bench-reset.ts [--runs N] [--fixtures NAME]
import { parseArgs } from 'node:util'
import { createMock, type Mock } from '../src/testing/index.ts'

const { values: args } = parseArgs({ options: { runs: { type: 'string' }, fixtures: { type: 'string' } } })
const runs = Number(args.runs ?? 200)
const only = typeof args.fixtures === 'string' ? [args.fixtures] : ['default', 'large-project']

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length
  return { mean, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! }
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`

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

async function measure(label: string, mock: Mock, reset: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await dirty(mock)
    await reset() // warm-up
  }
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    await dirty(mock)
    const started = performance.now()
    await reset()
    samples.push(performance.now() - started)
  }
  const s = stats(samples)
  console.log(`${label.padEnd(44)} mean ${fmt(s.mean)}  p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  max ${fmt(s.max)}`)
}

console.log(`reset benchmark: ${runs} resets each, node ${process.version}`)
for (const fixtures of only) {
  const createStarted = performance.now()
  const mock = await createMock({ fixtures })
  const createMs = performance.now() - createStarted
  const counts = mock.store.counts()
  console.log(
    `\n${fixtures}: ${counts.persons} persons, ${counts.events} events, ${counts.session_recordings} recordings, ${counts.playlists} playlists` +
      ` (first createMock, dataset generated: ${fmt(createMs)})`,
  )
  await measure('mock.reset() (helper: data, tasks, journal, clock)', mock, () => mock.reset())
  await measure('POST /_mock/reset (control API, via fetch)', mock, () =>
    mock.fetch('/_mock/reset', { method: 'POST' }),
  )
}
