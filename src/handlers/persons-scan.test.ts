// A persons list that scans (a short search, property filters) and takes longer than a slice is done a
// slice at a time (src/core/slices.ts): other reads are answered between its slices, a write waits for
// it, and its answer is the one made at once.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { contractViolations } from '../../test/support.ts'
import { createMock, KEYS, type Mock } from '../testing/index.ts'

const auth = { authorization: `Bearer ${KEYS.all}` }
const PERSONS = '/api/environments/1/persons/'

/** Every reading of `performance.now()` 30 ms after the one before: each slice of a scan overruns, so a list of more than 1,024 persons is scanned over several turns. */
function slowClock(): void {
  let t = 0
  vi.spyOn(performance, 'now').mockImplementation(() => (t += 30))
}

async function text(mock: Mock, path: string, init: RequestInit = {}): Promise<{ status: number; body: string }> {
  const res = await mock.fetch(path, { ...init, headers: { ...auth, ...init.headers } })
  return { status: res.status, body: await res.text() }
}

/**
 * Asks for each of `queries` (on the persons list) once at once, then again under a slow clock with a read
 * of the person at `offset` asked right after them; answers what came first, the read's status, and both
 * sets of answers.
 */
async function readBetweenSlices(mock: Mock, queries: string[], offset: number) {
  const someone = JSON.parse((await text(mock, `${PERSONS}?limit=1&offset=${offset}`)).body).results[0]
  const atOnce = await Promise.all(queries.map((q) => text(mock, PERSONS + q)))
  // The same data again, without the answers the memo keeps: the scans are made again.
  await mock.reset()
  slowClock()
  const order: string[] = []
  const long = queries.map((q, k) => text(mock, PERSONS + q).finally(() => order.push(`long ${k}`)))
  const read = text(mock, `${PERSONS}${someone.uuid}/`).finally(() => order.push('read'))
  const answers = await Promise.all(long)
  return { first: order[0], readStatus: (await read).status, answers, atOnce }
}

describe('a persons list that scans for longer than a slice', () => {
  afterEach(() => vi.restoreAllMocks())

  it('answers other reads between its slices, and what it answers at once', async () => {
    const mock = await createMock({ size: { persons: 3_000 }, onViolation: (v) => contractViolations.push(v) })
    const queries = [
      '?search=a&limit=20&offset=40',
      `?properties=${encodeURIComponent(JSON.stringify([{ key: 'email', operator: 'icontains', value: 'e', type: 'person' }]))}&limit=5`,
    ]
    const { first, readStatus, answers, atOnce } = await readBetweenSlices(mock, queries, 1500)
    expect(readStatus).toBe(200)
    expect(first).toBe('read')
    expect(answers).toEqual(atOnce)
    expect(answers[0]!.status).toBe(200)
    expect(JSON.parse(answers[0]!.body).results).toHaveLength(20)
  })

  it('holds a write that comes meanwhile until it is answered: the scan answers the persons as they were', async () => {
    const mock = await createMock({ size: { persons: 3_000 }, onViolation: (v) => contractViolations.push(v) })
    const someone = JSON.parse((await text(mock, `${PERSONS}?limit=1`)).body).results[0]
    const term = 'zq-renamed'
    slowClock()
    const order: string[] = []
    const scan = text(mock, `${PERSONS}?search=zq`).finally(() => order.push('scan'))
    const write = text(mock, `${PERSONS}${someone.uuid}/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ properties: { name: term } }),
    }).finally(() => order.push('write'))
    const [before, wrote] = await Promise.all([scan, write])
    expect(order).toEqual(['scan', 'write'])
    expect(wrote.status).toBe(200)
    expect(JSON.parse(before.body).results.map((p: { uuid: string }) => p.uuid)).not.toContain(someone.uuid)
    vi.restoreAllMocks()
    expect(
      JSON.parse((await text(mock, `${PERSONS}?search=zq`)).body).results.map((p: { uuid: string }) => p.uuid),
    ).toContain(someone.uuid)
  })

  it('renders a long page in slices: other reads answered between them, the page the same as made at once, JSON and CSV', async () => {
    const mock = await createMock({ size: { persons: 3_000 }, onViolation: (v) => contractViolations.push(v) })
    const { first, readStatus, answers, atOnce } = await readBetweenSlices(
      mock,
      ['?limit=2000&offset=500', '?limit=2000&format=csv'],
      2500,
    )
    expect(readStatus).toBe(200)
    expect(first).toBe('read')
    expect(answers).toEqual(atOnce)
    expect(JSON.parse(answers[0]!.body).results).toHaveLength(2000)
  })
})
