import { describe, expect, it } from 'vitest'
import { json, text, textPieces, empty } from './http.ts'
import { Journal, maskKey, REDACTED, type JournalRecord } from './journal.ts'

type RecordOver = Partial<JournalRecord> & { search?: string }

/** A request as the pipeline records it (`search`: the URL's query). */
function request({ search = '', ...over }: RecordOver = {}): JournalRecord {
  return {
    method: 'GET',
    url: new URL(`http://localhost:8010/api/environments/1/persons/${search}`),
    operation_id: 'persons_list',
    status: 200,
    request_body: undefined,
    validation: 'passed',
    response: json(200, { ok: true }),
    ...over,
  }
}

const AT = Date.UTC(2026, 10, 1)

/** Records `over` answered at AT, taking 1.5 ms. */
function record(journal: Journal, over: RecordOver = {}): void {
  journal.record(request(over), AT, 1.5)
}

function filled(n: number, at: (i: number) => RecordOver = () => ({}), capacity = 1000): Journal {
  const journal = new Journal(capacity)
  for (let i = 1; i <= n; i++) record(journal, at(i))
  return journal
}

describe('a page of the journal', () => {
  const statuses = [200, 201, 404, 200, 500, 401, 200]
  const journal = filled(7, (i) => ({
    status: statuses[i - 1],
    operation_id: i === 3 ? null : i % 2 ? 'persons_list' : 'persons_retrieve',
  }))
  const ids = (page: { results: Array<{ id: number }> }) => page.results.map((e) => e.id)

  it('is every entry oldest first by default, with the count and the first and last ids', () => {
    const page = journal.page()
    expect(ids(page)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(page).toMatchObject({ count: 7, first_id: 1, last_id: 7, dropped: 0 })
  })

  it('is newest first with order desc, and a limit keeps the first ones in that order', () => {
    expect(ids(journal.page({ order: 'desc', limit: 3 }))).toEqual([7, 6, 5])
    expect(ids(journal.page({ limit: 3 }))).toEqual([1, 2, 3])
  })

  it('filters by operation (null: no operation matched), by exact status or status class, and by method', () => {
    expect(ids(journal.page({ operationId: 'persons_retrieve' }))).toEqual([2, 4, 6])
    expect(ids(journal.page({ operationId: null }))).toEqual([3])
    expect(ids(journal.page({ status: '200' }))).toEqual([1, 4, 7])
    expect(ids(journal.page({ status: '4xx' }))).toEqual([3, 6])
    expect(ids(journal.page({ status: '5XX' }))).toEqual([5])
    expect(journal.page({ method: 'POST' }).count).toBe(0)
  })

  it('reads what came after a cursor, or the page before one, and counts every match whatever the cursor', () => {
    const after = journal.page({ after: 5, order: 'desc' })
    expect(ids(after)).toEqual([7, 6])
    expect(after.count).toBe(7)
    const older = journal.page({ before: 4, status: '2xx', order: 'desc' })
    expect(ids(older)).toEqual([2, 1])
    expect(older.count).toBe(4)
  })

  it('leaves request bodies out when asked', () => {
    const withBody = filled(1, () => ({ method: 'PATCH', request_body: { properties: { plan: 'pro' } } }))
    expect(withBody.page().results[0]!.request_body).toEqual({ properties: { plan: 'pro' } })
    expect(withBody.page({ bodies: false }).results[0]).not.toHaveProperty('request_body', expect.anything())
    expect(JSON.parse(JSON.stringify(withBody.page({ bodies: false }).results[0]))).not.toHaveProperty('request_body')
  })

  it('numbers on after a clear, and a bounded journal drops its oldest', () => {
    const small = filled(5, () => ({}), 3)
    expect(small.page()).toMatchObject({ first_id: 3, last_id: 5, dropped: 2 })
    small.clear()
    expect(small.page()).toMatchObject({ results: [], count: 0, first_id: null, last_id: null, dropped: 0 })
    record(small)
    expect(small.page().results.map((e) => e.id)).toEqual([6])
  })

  it('keeps the time, duration, path and query of each entry as the ring wraps', () => {
    const journal = new Journal(3)
    for (let i = 1; i <= 5; i++)
      journal.record(request({ search: `?limit=${i}`, status: 200 + i }), AT + i * 1000, i / 4)
    expect(
      journal
        .page()
        .results.map(({ id, at, duration_ms, path, query, status }) => ({ id, at, duration_ms, path, query, status })),
    ).toEqual(
      [3, 4, 5].map((i) => ({
        id: i,
        at: `2026-11-01T00:00:0${i}Z`,
        duration_ms: i / 4,
        path: '/api/environments/1/persons/',
        query: { limit: String(i) },
        status: 200 + i,
      })),
    )
    expect(journal.latest()).toMatchObject({ id: 5, duration_ms: 1.25 })
  })
})

describe('one entry with its answer', () => {
  it('has the answer: status, headers (JSON has its content type) and body', () => {
    const journal = filled(1, () => ({
      status: 429,
      response: json(429, { type: 'throttled_error' }, { 'retry-after': '1' }),
    }))
    expect(journal.get(1)!.response).toEqual({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
      body: { type: 'throttled_error' },
      body_kept: true,
    })
  })

  it('keeps a text answer and an answer without a body, and says when one was written as it was made', () => {
    const journal = new Journal()
    record(journal, { response: text(200, 'id,name\n1,ada\n', 'text/csv') })
    record(journal, { status: 204, response: empty(204) })
    record(journal, { response: textPieces(200, ['a', 'b'], 'text/csv') })
    expect(journal.get(1)!.response).toEqual({
      status: 200,
      headers: { 'content-type': 'text/csv' },
      body: 'id,name\n1,ada\n',
      body_kept: true,
    })
    expect(journal.get(2)!.response).toEqual({ status: 204, headers: {}, body: null, body_kept: true })
    expect(journal.get(3)!.response).toMatchObject({ body: null, body_kept: false })
  })

  it('keeps the answers of the newest entries only', () => {
    const journal = new Journal(10, 3)
    for (let i = 1; i <= 6; i++) record(journal, { response: json(200, { n: i }) })
    expect([1, 2, 3].map((id) => journal.get(id)!.response.body_kept)).toEqual([false, false, false])
    expect([4, 5, 6].map((id) => journal.get(id)!.response.body)).toEqual([{ n: 4 }, { n: 5 }, { n: 6 }])
    expect(journal.get(2)!.status).toBe(200) // the entry itself is kept
  })

  it('is undefined once dropped or cleared, and for ids never given', () => {
    const journal = filled(5, () => ({}), 3)
    expect(journal.get(2)).toBeUndefined()
    expect(journal.get(3)!.id).toBe(3)
    expect(journal.get(6)).toBeUndefined()
    expect(journal.get(0)).toBeUndefined()
    journal.clear()
    expect(journal.get(4)).toBeUndefined()
  })
})

describe('secrets', () => {
  it('the key a request presented reads masked, from the header, the body or the query', () => {
    const journal = new Journal()
    record(journal, { authorization: 'Bearer phx_abcdefghijklmnop1234' })
    record(journal, { method: 'POST', request_body: { personal_api_key: 'phx_bodykey_0000_9876' } })
    record(journal, { search: '?personal_api_key=phx_querykey_5555' })
    record(journal)
    expect(journal.entries().map((e) => e.key)).toEqual(['phx_...1234', 'phx_...9876', 'phx_...5555', null])
    expect(maskKey('short')).toBe(REDACTED)
  })

  it('answers read without the key the request presented, wherever it appears (links carry it in their query)', () => {
    const key = 'phx_secret_key_value_42'
    const journal = new Journal()
    record(journal, {
      search: `?limit=1&personal_api_key=${key}`,
      response: json(200, {
        next: `http://127.0.0.1/api/environments/1/persons/?limit=1&personal_api_key=${key}&offset=1`,
        results: [{ api_key: 'x' }],
      }),
    })
    record(journal, { authorization: `Bearer ${key}`, response: text(200, `next,${key}\n`, 'text/csv') })
    const [first, second] = [journal.get(1)!, journal.get(2)!]
    expect(JSON.stringify(first)).not.toContain(key)
    expect((first.response.body as any).next).toBe(
      `http://127.0.0.1/api/environments/1/persons/?limit=1&personal_api_key=${REDACTED}&offset=1`,
    )
    expect((first.response.body as any).results[0].api_key).toBe(REDACTED)
    expect(first.query.personal_api_key).toBe(REDACTED)
    expect(second.response.body).toBe(`next,${REDACTED}\n`)
  })

  it('says whether the answer passed the contract, and what it broke when it did not', () => {
    const journal = new Journal()
    record(journal, { validation: 'failed', violation: 'persons_list 200: /results/0/id must be integer', status: 500 })
    record(journal, { validation: 'skipped', status: 404 })
    expect(journal.entries().map((e) => [e.validation, e.violation])).toEqual([
      ['failed', 'persons_list 200: /results/0/id must be integer'],
      ['skipped', undefined],
    ])
  })
})

describe('the byte budget', () => {
  const body = (bytes: number) => ({ big: 'x'.repeat(bytes) })

  it('keeps a request body over the per-entry size as a note of its size, and the entry itself', () => {
    const journal = new Journal(1000, 100, 1_000_000, 10_000)
    record(journal, { method: 'PATCH', status: 400, request_body: body(50_000) })
    const entry = journal.get(1)!
    expect(entry.request_body).toEqual({ _omitted: 'over_entry_limit', bytes: expect.any(Number) })
    expect((entry.request_body as { bytes: number }).bytes).toBeGreaterThanOrEqual(50_000)
    expect(entry).toMatchObject({ method: 'PATCH', status: 400, path: '/api/environments/1/persons/' })
    expect(journal.bytes).toBeLessThan(1_000)
  })

  it('does not keep an answer over the per-entry size', () => {
    const journal = new Journal(1000, 100, 1_000_000, 10_000)
    record(journal, { response: json(200, { results: ['y'.repeat(20_000)] }) })
    record(journal, { response: text(200, 'z'.repeat(20_000), 'text/csv') })
    expect(journal.get(1)!.response).toMatchObject({ body: null, body_kept: false })
    expect(journal.get(2)!.response).toMatchObject({ body: null, body_kept: false })
  })

  it('lets the oldest bodies and answers go first once over the budget, newer ones kept whole', () => {
    const journal = new Journal(1000, 100, 50_000, 20_000)
    for (let i = 0; i < 10; i++) record(journal, { method: 'POST', request_body: body(9_000) })
    expect(journal.bytes).toBeLessThanOrEqual(50_000)
    const bodies = journal.page().results.map((e) => e.request_body as Record<string, unknown>)
    const omitted = bodies.filter((b) => b._omitted === 'over_journal_budget')
    expect(omitted.length).toBeGreaterThan(0)
    // The ones let go are the oldest: every note comes before every body still kept.
    expect(bodies.slice(0, omitted.length).every((b) => b._omitted === 'over_journal_budget')).toBe(true)
    expect(bodies.at(-1)).toEqual(body(9_000))
    expect(journal.get(1)!.response.body_kept).toBe(false)
    expect(journal.get(10)!.response.body_kept).toBe(true)
  })

  it('counts down what the ring drops and what a clear empties', () => {
    const journal = new Journal(3, 100, 1_000_000, 100_000)
    for (let i = 0; i < 5; i++) record(journal, { request_body: body(1_000) })
    expect(journal.bytes).toBeGreaterThan(3_000)
    expect(journal.bytes).toBeLessThan(3_200)
    journal.clear()
    expect(journal.bytes).toBe(0)
    record(journal, { request_body: body(1_000) })
    expect(journal.get(6)!.request_body).toEqual(body(1_000))
  })
})
