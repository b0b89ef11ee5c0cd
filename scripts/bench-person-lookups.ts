// Benchmark: persons list lookups by distinct_id, email and search on 1,000 persons against the same
// queries on 100,000 persons (10 events each by default). Exact-match lookups go through the person
// table's indexes and should stay flat; search scans (as the real service's ILIKE does) and grows.
//
//   npx tsx scripts/bench-person-lookups.ts [--persons 100000] [--events 10] [--iterations 200]
//
// Requests go through the app's in-process entry point (routing, auth, contract request validation,
// handler, serialization); response validation is off, as for every benchmark, so the figures are the
// lookups' and not ajv's. Figures are printed, never asserted.
import { createApp } from '../src/app.ts'
import type { MockRequest } from '../src/core/http.ts'
import { buildDefaultDataset } from '../src/seed/seed.ts'
import type { PersonRecord } from '../src/store/models.ts'

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  if (i < 0) return fallback
  const value = Number(process.argv[i + 1])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} takes a positive whole number`)
  return value
}

const LARGE = option('persons', 100_000)
const SMALL = 1_000
const EVENTS = option('events', 10)
const ITERATIONS = option('iterations', 200)
const ORIGIN = 'http://127.0.0.1:8010'

interface Figures {
  median: number
  p95: number
  count: number
}

const app = await createApp({ validateResponses: false, journalSize: 0 })

function request(path: string): MockRequest {
  return { method: 'GET', url: new URL(ORIGIN + path), headers: { authorization: 'Bearer phx_mock_all' } }
}

async function measure(path: string): Promise<Figures> {
  const req = request(path)
  let count = -1
  for (let i = 0; i < Math.min(20, ITERATIONS); i++) {
    const res = await app.handle(req) // warm-up (also fills the search cache)
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.json)}`)
    count = (res.json as { count: number }).count
  }
  const times: number[] = []
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now()
    await app.handle(req)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]!, count }
}

/** A person in the middle of project 1 with an email and two distinct ids, and a search term from it. */
function target(persons: readonly PersonRecord[]) {
  const candidates = persons.filter((p) => typeof p.properties.email === 'string' && p.distinct_ids.length === 2)
  const person = candidates[Math.floor(candidates.length / 2)]!
  const email = person.properties.email as string
  return {
    distinctId: person.distinct_ids[1]!, // the anonymous one, so it is not the email itself
    email,
    search: email.split('@')[0]!.slice(0, 6).toUpperCase(),
  }
}

async function run(size: number) {
  const built = performance.now()
  const dataset = buildDefaultDataset({ persons: size, eventsPerPerson: EVENTS })
  await app.store.load(dataset)
  const seedMs = performance.now() - built
  const t = target(app.store.persons.list(1))
  const base = '/api/environments/1/persons/'
  const figures = {
    distinct_id: await measure(`${base}?distinct_id=${encodeURIComponent(t.distinctId)}`),
    email: await measure(`${base}?email=${encodeURIComponent(t.email)}`),
    search: await measure(`${base}?search=${encodeURIComponent(t.search)}`),
  }
  const heapMb = process.memoryUsage().heapUsed / 1_048_576
  return { size, seedMs, events: app.store.events.size, heapMb, figures }
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`
console.log(
  `persons list lookups: ${SMALL.toLocaleString('en')} vs ${LARGE.toLocaleString('en')} persons in project 1, ${EVENTS} events each, ${ITERATIONS} timed requests per query (median / p95)\n`,
)
const small = await run(SMALL)
const large = await run(LARGE)
for (const r of [small, large]) {
  console.log(
    `${r.size.toLocaleString('en').padStart(8)} persons: seeded in ${(r.seedMs / 1000).toFixed(1)} s, ${r.events.toLocaleString('en')} events in the store, heap ${r.heapMb.toFixed(0)} MB`,
  )
}
console.log('')
console.log(
  `${'query'.padEnd(12)} ${'1k median'.padStart(12)} ${'1k p95'.padStart(12)} ${'large median'.padStart(14)} ${'large p95'.padStart(12)} ${'ratio'.padStart(8)}  matches (1k / large)`,
)
for (const name of ['distinct_id', 'email', 'search'] as const) {
  const a = small.figures[name]
  const b = large.figures[name]
  const ratio = b.median / a.median
  console.log(
    `${name.padEnd(12)} ${fmt(a.median).padStart(12)} ${fmt(a.p95).padStart(12)} ${fmt(b.median).padStart(14)} ${fmt(b.p95).padStart(12)} ${`${ratio.toFixed(1)}x`.padStart(8)}  ${a.count} / ${b.count}`,
  )
}
const flat = (['distinct_id', 'email'] as const).every((n) => large.figures[n].median / small.figures[n].median < 3)
console.log(
  `\nexact-match lookups ${flat ? 'stay flat' : 'DO NOT stay flat'} (large/1k median ratio ${flat ? 'under' : 'at or over'} 3x); search scans and grows with the data.`,
)
