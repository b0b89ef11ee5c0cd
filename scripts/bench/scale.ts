// Scale: the standalone server on 1,000 vs 100,000 persons in project 1 (10 events each), side by
// side. distinct_id and email lookups on the list endpoint go through the person table's indexes and
// should stay flat (p50 ratio <= 1.5); search (a substring, as the real service's ILIKE; through the
// person table's trigram index) within 3 times its 1k figure; list pages are printed; RSS of the 100,000-person server (after a GC) and start-up to "listening" for
// both sizes are printed. Lookups are sequential (one connection), so p50 is the request's own time.
import {
  AUTH,
  fmt,
  LOOKUP_RATIO_TARGET,
  load,
  loadProblem,
  notApplicable,
  percentile,
  PERSONS,
  send,
  sideBySide,
  startChild,
  verdict,
  type BenchConfig,
  type BenchRequest,
  type ChildServer,
  type LoadResult,
  type Row,
} from './harness.ts'

const SMALL = 1_000
const EVENTS_PER_PERSON = 10
const SEARCH_RATIO_TARGET = 3
const RSS_TARGET_MB = 300

interface Sample {
  distinctIds: string[]
  emails: string[]
  searches: string[]
  offsets: number[]
}

/** Persons spread over the list (read through the API), their ids and emails, and search terms from them. */
async function sample(server: ChildServer, total: number): Promise<Sample> {
  const out: Sample = { distinctIds: [], emails: [], searches: [], offsets: [] }
  for (let k = 0; k < 10; k++) {
    const offset = Math.floor((k / 10) * (total - 10))
    out.offsets.push(offset)
    const page = await send(server.url, { method: 'GET', path: `${PERSONS}?limit=10&offset=${offset}`, headers: AUTH })
    const results = JSON.parse(page.body.toString()).results as Array<{
      distinct_ids: string[]
      properties: { email?: string }
    }>
    for (const p of results) {
      out.distinctIds.push(p.distinct_ids[p.distinct_ids.length - 1]!)
      if (p.properties.email) {
        out.emails.push(p.properties.email)
        out.searches.push(p.properties.email.split('@')[0]!.slice(0, 5).toUpperCase())
      }
    }
  }
  return out
}

const get = (path: string): BenchRequest => ({ method: 'GET', path, headers: AUTH })

function p50Row(name: string, small: LoadResult, large: LoadResult, target: number | null): Row {
  const a = percentile(small.latencies, 50)
  const b = percentile(large.latencies, 50)
  const ratio = b / a
  return {
    benchmark: `Scale: ${name}`,
    ours: `100k: p50 ${fmt.ms(b)}`,
    reference: `1k: p50 ${fmt.ms(a)}`,
    ratio: fmt.ratio(ratio),
    latency: `100k ${fmt.latency(large)}`,
    target: target === null ? 'printed' : `p50 ratio <= ${target}`,
    verdict: loadProblem(small, large) ?? (target === null ? 'printed' : verdict(ratio <= target)),
  }
}

export async function runScale(config: BenchConfig): Promise<Row[]> {
  const large = config.largePersons
  const rows: Row[] = []
  const args = (n: number) => ['--persons', String(n), '--events-per-person', String(EVENTS_PER_PERSON)]
  // One after the other, so neither start-up competes with the other.
  const small = await startChild('scripts/bench/servers/mock.ts', args(SMALL), { nodeArgs: ['--expose-gc'] })
  const big = await startChild('scripts/bench/servers/mock.ts', args(large), {
    nodeArgs: ['--expose-gc'],
    timeoutMs: 600_000,
  }).catch(async (error) => {
    await small.stop()
    throw error
  })
  try {
    const label = `${(large / 1000).toFixed(0)}k`
    rows.push({
      benchmark: `Scale: start-up to "listening" (${EVENTS_PER_PERSON} events/person)`,
      ours: `${label}: ${fmt.ms(big.startupMs)}`,
      reference: `1k: ${fmt.ms(small.startupMs)}`,
      ratio: fmt.ratio(big.startupMs / small.startupMs),
      latency: '',
      target: 'printed',
      verdict: 'printed',
    })
    const counts = await Promise.all(
      [small, big].map(
        async (s) => JSON.parse((await send(s.url, get(`${PERSONS}?limit=1`))).body.toString()).count as number,
      ),
    )
    if (counts[0] !== SMALL || counts[1] !== large) {
      rows.push(notApplicable('Scale', `servers hold ${counts.join(' and ')} persons, not ${SMALL} and ${large}`))
      return rows
    }
    const [smallSample, bigSample] = await Promise.all([sample(small, SMALL), sample(big, large)])
    const probe = await send(big.url, get(`${PERSONS}?distinct_id=${encodeURIComponent(bigSample.distinctIds[0]!)}`))
    const filtersWork = probe.status === 200 && JSON.parse(probe.body.toString()).count === 1
    const seq =
      (s: ChildServer, requests: BenchRequest[], n = config.lookups) =>
      () =>
        load(s.url, requests, { connections: 1, amount: n })
    const kinds: Array<[string, (x: Sample) => BenchRequest[], number | null, number]> = [
      [
        'distinct_id lookup',
        (x) => x.distinctIds.map((id) => get(`${PERSONS}?distinct_id=${encodeURIComponent(id)}`)),
        LOOKUP_RATIO_TARGET,
        config.lookups,
      ],
      [
        'email lookup',
        (x) => x.emails.map((e) => get(`${PERSONS}?email=${encodeURIComponent(e)}`)),
        LOOKUP_RATIO_TARGET,
        config.lookups,
      ],
      [
        'search (substring of an email, trigram index)',
        (x) => x.searches.map((q) => get(`${PERSONS}?search=${encodeURIComponent(q)}`)),
        SEARCH_RATIO_TARGET,
        Math.max(20, config.lookups / 10),
      ],
      [
        'list page, limit=100 at spread offsets',
        (x) => x.offsets.map((o) => get(`${PERSONS}?limit=100&offset=${o}`)),
        null,
        config.lookups,
      ],
    ]
    for (const [name, requests, target, n] of kinds) {
      if (!filtersWork && name !== 'list page, limit=100 at spread offsets') {
        rows.push(
          notApplicable(
            `Scale: ${name}`,
            'list filters not implemented',
            target === null ? 'printed' : `p50 ratio <= ${target}`,
          ),
        )
        continue
      }
      const a = requests(smallSample)
      const b = requests(bigSample)
      await seq(small, a, Math.min(50, n))()
      await seq(big, b, Math.min(50, n))()
      const r = await sideBySide(config.rounds, { small: seq(small, a, n), large: seq(big, b, n) })
      rows.push(p50Row(name, r.small, r.large, target))
    }
    type Memory = { rss: number; heapUsed: number }
    const { rss, heapUsed } = await big.ask<Memory>({ type: 'memory' })
    const smallMemory = await small.ask<Memory>({ type: 'memory' })
    rows.push({
      benchmark: `Scale: RSS after GC, ${label} persons (${((large * 1.2 * EVENTS_PER_PERSON) / 1e6).toFixed(1)}M events, ${Math.round((large * 1.5 * (7 / 6)) / 1000)}k recordings)`,
      ours: `${fmt.mb(rss)} (heap ${fmt.mb(heapUsed)})`,
      reference: `1k: ${fmt.mb(smallMemory.rss)} (heap ${fmt.mb(smallMemory.heapUsed)})`,
      ratio: '',
      latency: '',
      target: `< ${RSS_TARGET_MB} MB`,
      verdict: verdict(rss / 1024 / 1024 < RSS_TARGET_MB),
    })
  } finally {
    await Promise.all([small.stop(), big.stop()])
  }
  return rows
}
