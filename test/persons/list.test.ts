// GET persons/: distinct_id, email, search and property filters, ordering, paging, CSV.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { KEYS } from '../support.ts'
import { expectError, harness, PERSONS, q, type PersonsHarness } from './support.ts'

let h: PersonsHarness
let all: any[]

beforeAll(async () => {
  h = await harness()
})
beforeEach(async () => {
  await h.client.post('/_mock/reset', {})
  all = await h.allPersons()
})
const list = (query: string, key?: string) => h.client.get(`${PERSONS}/?${query}`, key)
const ids = (persons: any[]) => persons.map((p) => p.id)
const identified = () => all.find((p) => typeof p.properties.email === 'string' && p.distinct_ids.length === 2)!

describe('the unfiltered list', () => {
  it('is newest first with the seed envelope and pages by limit/offset', async () => {
    expect(all.length).toBeGreaterThan(100)
    for (let i = 1; i < all.length; i++)
      expect(Date.parse(all[i - 1].created_at)).toBeGreaterThanOrEqual(Date.parse(all[i].created_at))
    const res = await list('limit=5&offset=5')
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(all.length)
    expect(ids(res.body.results)).toEqual(ids(all.slice(5, 10)))
    expect(res.body.next).toBe('http://127.0.0.1:8010/api/environments/1/persons/?limit=5&offset=10')
    expect(res.body.previous).toBe('http://127.0.0.1:8010/api/environments/1/persons/?limit=5&offset=0')
  })

  it('names a person by email, name or username property, else its first non-anonymous distinct id', async () => {
    await h.capture('$identify', 'only-username', '2026-10-20T10:00:00Z', { $set: { username: 'hedgehog' } })
    await h.capture('$pageview', 'user-no-props', '2026-10-20T10:00:00Z')
    const byUsername = (await list('distinct_id=only-username')).body.results[0]
    expect(byUsername.name).toBe('hedgehog')
    const bare = (await list('distinct_id=user-no-props')).body.results[0]
    expect(bare.name).toBe('user-no-props')
    const p = identified()
    expect(p.name).toBe(p.properties.email)
  })
})

describe('distinct_id', () => {
  it("matches any of the person's distinct ids exactly", async () => {
    const person = identified()
    for (const distinctId of person.distinct_ids) {
      const res = await list(`distinct_id=${encodeURIComponent(distinctId)}`)
      expect(res.status).toBe(200)
      expect(res.body.count).toBe(1)
      expect(res.body.results).toEqual([person])
    }
    const partial = await list(`distinct_id=${encodeURIComponent(person.distinct_ids[0].slice(0, -1))}`)
    expect(partial.body).toEqual({ count: 0, next: null, previous: null, results: [] })
  })

  it("does not find another project's person", async () => {
    const other = await h.client.get('/api/environments/2/persons/?limit=1')
    const distinctId = other.body.results[0].distinct_ids[0]
    expect((await list(`distinct_id=${encodeURIComponent(distinctId)}`)).body.count).toBe(0)
    expect(
      (await h.client.get(`/api/environments/2/persons/?distinct_id=${encodeURIComponent(distinctId)}`)).body.count,
    ).toBe(1)
  })

  it('is ANDed with email, search and properties', async () => {
    const person = identified()
    const d = encodeURIComponent(person.distinct_ids[0])
    expect((await list(`distinct_id=${d}&email=${encodeURIComponent(person.properties.email)}`)).body.count).toBe(1)
    expect((await list(`distinct_id=${d}&email=someone-else@example.com`)).body.count).toBe(0)
    expect((await list(`distinct_id=${d}&search=${encodeURIComponent(person.uuid.slice(0, 8))}`)).body.count).toBe(1)
    expect((await list(`distinct_id=${d}&search=zzzz-no-such-thing`)).body.count).toBe(0)
    expect(
      (await list(`distinct_id=${d}&properties=${q([{ key: 'email', operator: 'is_not_set' }])}`)).body.count,
    ).toBe(0)
  })
})

describe('email', () => {
  it('is an exact, case-sensitive match on the email property', async () => {
    const person = identified()
    const res = await list(`email=${encodeURIComponent(person.properties.email)}`)
    expect(res.body.results).toEqual([person])
    expect((await list(`email=${encodeURIComponent(person.properties.email.toUpperCase())}`)).body.count).toBe(0)
    expect((await list(`email=${encodeURIComponent(person.properties.email.slice(1))}`)).body.count).toBe(0)
  })

  it('finds every person sharing an email, newest first', async () => {
    await h.capture('$identify', 'twin-a', '2026-10-01T00:00:00Z', { $set: { email: 'twin@example.com' } })
    await h.capture('$identify', 'twin-b', '2026-10-02T00:00:00Z', { $set: { email: 'twin@example.com' } })
    const res = await list('email=twin%40example.com')
    expect(res.body.results.map((p: any) => p.distinct_ids[0])).toEqual(['twin-b', 'twin-a'])
  })
})

describe('lookups by distinct_id or email use the indexes', () => {
  it("never walks the project's persons for distinct_id or email, but does for search", async () => {
    const person = identified()
    const walk = vi.spyOn(h.client.app.store.persons, 'list')
    try {
      await list(
        `distinct_id=${encodeURIComponent(person.distinct_ids[0])}&search=a&properties=${q([{ key: 'email', operator: 'is_set' }])}`,
      )
      await list(`email=${encodeURIComponent(person.properties.email)}&search=a`)
      expect(walk).not.toHaveBeenCalled()
      await list('search=a')
      expect(walk).toHaveBeenCalled()
    } finally {
      walk.mockRestore()
    }
  })
})

describe('search', () => {
  const oracle = (needle: string) =>
    all.filter((p) =>
      [p.uuid, ...p.distinct_ids, p.properties.email, p.properties.name]
        .filter((f) => typeof f === 'string')
        .some((f: string) => f.toLowerCase().includes(needle.toLowerCase())),
    )

  it.each([
    ['part of an email, any case', (p: any) => p.properties.email.split('@')[0].slice(1, 5).toUpperCase()],
    ['part of the name property', (p: any) => p.properties.name.split(' ')[1]],
    ['the start of the uuid', (p: any) => p.uuid.slice(0, 13)],
    ['part of a distinct id', (p: any) => p.distinct_ids[1].slice(9, 23)],
  ])('matches %s', async (_what, needleOf) => {
    const needle = needleOf(identified())
    const res = await list(`search=${encodeURIComponent(needle)}&limit=10000`)
    expect(res.status).toBe(200)
    expect(ids(res.body.results)).toContain(identified().id)
    expect(ids(res.body.results)).toEqual(ids(oracle(needle)))
  })

  it('trims the term and treats an empty one as no filter', async () => {
    const needle = identified().uuid.slice(0, 8)
    expect((await list(`search=${encodeURIComponent(`  ${needle} `)}`)).body.count).toBe(oracle(needle).length)
    expect((await list('search=%20%20')).body.count).toBe(all.length)
  })
})

describe('properties', () => {
  const filter = (filters: unknown[]) => list(`properties=${q(filters)}&limit=10000`)
  const count = (pred: (p: any) => boolean) => all.filter(pred).length

  it('exact (the default operator), with an array value as OR', async () => {
    const growth = await filter([{ key: 'plan', value: 'growth', type: 'person' }])
    expect(growth.body.count).toBe(count((p) => p.properties.plan === 'growth'))
    expect(growth.body.count).toBeGreaterThan(0)
    expect(growth.body.results.every((p: any) => p.properties.plan === 'growth')).toBe(true)
    const paid = await filter([{ key: 'plan', value: ['growth', 'enterprise'], operator: 'exact' }])
    expect(paid.body.count).toBe(count((p) => ['growth', 'enterprise'].includes(p.properties.plan)))
  })

  it('is_not matches persons without the property too; an array means none of the values', async () => {
    const res = await filter([{ key: 'plan', value: ['free', 'startup'], operator: 'is_not' }])
    expect(res.body.count).toBe(count((p) => !['free', 'startup'].includes(p.properties.plan)))
    expect(res.body.results.some((p: any) => p.properties.plan === undefined)).toBe(true)
  })

  it('icontains / not_icontains are case-insensitive', async () => {
    const yes = await filter([{ key: 'email', value: 'GMAIL', operator: 'icontains' }])
    expect(yes.body.count).toBe(
      count((p) => typeof p.properties.email === 'string' && p.properties.email.includes('gmail')),
    )
    expect(yes.body.count).toBeGreaterThan(0)
    const no = await filter([{ key: 'email', value: 'GMAIL', operator: 'not_icontains' }])
    expect(no.body.count + yes.body.count).toBe(all.length)
  })

  it('regex / not_regex', async () => {
    const yes = await filter([{ key: 'email', value: '^[a-m].*@yahoo\\.com$', operator: 'regex' }])
    expect(yes.body.count).toBe(count((p) => /^[a-m].*@yahoo\.com$/.test(p.properties.email ?? '\u0000')))
    expect(yes.body.count).toBeGreaterThan(0)
    const no = await filter([{ key: 'email', value: '^[a-m].*@yahoo\\.com$', operator: 'not_regex' }])
    expect(no.body.count + yes.body.count).toBe(all.length)
  })

  it('is_set / is_not_set', async () => {
    const set = await filter([{ key: 'email', operator: 'is_set' }])
    const unset = await filter([{ key: 'email', operator: 'is_not_set' }])
    expect(set.body.count).toBe(count((p) => p.properties.email !== undefined))
    expect(unset.body.count).toBeGreaterThan(0)
    expect(set.body.count + unset.body.count).toBe(all.length)
  })

  it('gt / gte / lt / lte compare numbers, also when stored as text', async () => {
    await h.capture('$set', 'age-20', '2026-10-01T00:00:00Z', { $set: { age: 20 } })
    await h.capture('$set', 'age-30', '2026-10-01T00:00:01Z', { $set: { age: '30' } })
    await h.capture('$set', 'age-40', '2026-10-01T00:00:02Z', { $set: { age: 40 } })
    await h.capture('$set', 'age-x', '2026-10-01T00:00:03Z', { $set: { age: 'unknown' } })
    const names = async (filters: unknown[]) => (await filter(filters)).body.results.map((p: any) => p.name).sort()
    expect(await names([{ key: 'age', value: 30, operator: 'gt' }])).toEqual(['age-40'])
    expect(await names([{ key: 'age', value: '30', operator: 'gte' }])).toEqual(['age-30', 'age-40'])
    expect(await names([{ key: 'age', value: 30, operator: 'lt' }])).toEqual(['age-20'])
    expect(await names([{ key: 'age', value: 30, operator: 'lte' }])).toEqual(['age-20', 'age-30'])
    expect(
      await names([
        { key: 'age', value: 20, operator: 'gt' },
        { key: 'age', value: 40, operator: 'lt' },
      ]),
    ).toEqual(['age-30'])
  })

  it('in / not_in', async () => {
    const inRes = await filter([{ key: '$geoip_country_code', value: ['US', 'GB'], operator: 'in' }])
    expect(inRes.body.count).toBe(count((p) => ['US', 'GB'].includes(p.properties.$geoip_country_code)))
    const notIn = await filter([{ key: '$geoip_country_code', value: ['US', 'GB'], operator: 'not_in' }])
    expect(inRes.body.count + notIn.body.count).toBe(all.length)
  })

  it('date operators', async () => {
    await h.capture('$set', 'signup-early', '2026-10-01T00:00:00Z', { $set: { signed_up: '2026-03-01T12:00:00Z' } })
    await h.capture('$set', 'signup-late', '2026-10-01T00:00:00Z', { $set: { signed_up: '2026-06-15T08:00:00Z' } })
    const names = async (filters: unknown[]) => (await filter(filters)).body.results.map((p: any) => p.name).sort()
    expect(await names([{ key: 'signed_up', value: '2026-05-01', operator: 'is_date_after' }])).toEqual(['signup-late'])
    expect(await names([{ key: 'signed_up', value: '2026-05-01', operator: 'is_date_before' }])).toEqual([
      'signup-early',
    ])
    expect(await names([{ key: 'signed_up', value: '2026-06-15', operator: 'is_date_exact' }])).toEqual(['signup-late'])
  })

  it('are ANDed with each other and with search', async () => {
    const filters = [
      { key: 'plan', value: 'growth' },
      { key: '$browser', value: 'Chrome' },
    ]
    const res = await filter(filters)
    expect(res.body.count).toBe(count((p) => p.properties.plan === 'growth' && p.properties.$browser === 'Chrome'))
    const searched = await list(`properties=${q(filters)}&search=gmail&limit=10000`)
    expect(ids(searched.body.results)).toEqual(
      ids(
        res.body.results.filter(
          (p: any) => p.properties.email.includes('gmail') || p.distinct_ids.some((d: string) => d.includes('gmail')),
        ),
      ),
    )
  })

  it('keeps the filters in the page links', async () => {
    const filters = q([{ key: 'email', operator: 'is_set' }])
    const res = await list(`properties=${filters}&limit=3`)
    expect(res.body.next).toBe(
      `http://127.0.0.1:8010/api/environments/1/persons/?properties=${filters}&limit=3&offset=3`,
    )
  })

  it.each([
    ['not JSON', 'properties=%7Bnope', 'properties'],
    ['not a list', `properties=${q({ key: 'email', value: 'x' })}`, 'properties'],
    ['a filter without key', `properties=${q([{ value: 'x' }])}`, 'properties__0__key'],
    [
      'an unknown operator',
      `properties=${q([{ key: 'email', value: 'x', operator: 'startswith' }])}`,
      'properties__0__operator',
    ],
    ['a bad regex', `properties=${q([{ key: 'email', value: '(', operator: 'regex' }])}`, 'properties'],
    ['a non-numeric bound', `properties=${q([{ key: 'age', value: 'old', operator: 'gt' }])}`, 'properties'],
    ['a missing value', `properties=${q([{ key: 'email', operator: 'exact' }])}`, 'properties'],
    [
      'a non-date value',
      `properties=${q([{ key: 'signed_up', value: 'soon', operator: 'is_date_after' }])}`,
      'properties',
    ],
    ['an unsupported type', `properties=${q([{ key: 'id', value: 3, type: 'cohort' }])}`, 'properties'],
  ])('%s is a 400 in the error shape', async (_what, query, attr) => {
    const res = await list(query)
    expectError(res, 400, 'validation_error')
    expect(res.body.attr).toBe(attr)
  })

  it('quotes the offending operator in its 400', async () => {
    const res = await list(`properties=${q([{ key: 'email', value: 'x', operator: 'startswith' }])}`)
    expect(res.body).toMatchObject({ code: 'invalid_choice', detail: '"startswith" is not a valid choice.' })
  })
})

describe('format=csv', () => {
  function parseCsv(text: string): string[][] {
    const rows: string[][] = []
    let row: string[] = []
    let cell = ''
    let quoted = false
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          cell += '"'
          i++
        } else if (c === '"') quoted = false
        else cell += c
      } else if (c === '"') quoted = true
      else if (c === ',') {
        row.push(cell)
        cell = ''
      } else if (c === '\r' && text[i + 1] === '\n') {
        row.push(cell)
        rows.push(row)
        row = []
        cell = ''
        i++
      } else cell += c
    }
    return rows
  }

  it("answers text/csv with the real service's flattening and a sorted header, every person from the start", async () => {
    // posthog/api/person.py PersonViewSet.list: a CSV request is CSV_EXPORT_LIMIT persons from offset 0,
    // whatever limit and offset ask.
    const res = await list('format=csv&limit=20&offset=5')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    const [header, ...rows] = parseCsv(res.text)
    expect(header).toEqual([...header!].sort())
    expect(header).toEqual(
      expect.arrayContaining([
        'id',
        'uuid',
        'name',
        'created_at',
        'distinct_ids.0',
        'distinct_ids.1',
        'properties.email',
        'properties.plan',
      ]),
    )
    expect(header!.some((k) => k === 'properties' || k === 'distinct_ids')).toBe(false)
    const json = all
    expect(rows).toHaveLength(all.length)
    rows.forEach((row, i) => {
      const cells = Object.fromEntries(header!.map((k, j) => [k, row[j]]))
      const person = json[i]
      expect(cells.id).toBe(String(person.id))
      expect(cells['distinct_ids.0']).toBe(person.distinct_ids[0])
      expect(cells['distinct_ids.1']).toBe(person.distinct_ids[1] ?? '')
      // Absent or null values are empty cells; commas survive quoting.
      expect(cells['properties.email']).toBe(person.properties.email ?? '')
      expect(cells['properties.company']).toBe(person.properties.company ?? '')
    })
  })

  it('applies the same filters as JSON', async () => {
    const person = identified()
    const res = await list(`format=csv&distinct_id=${encodeURIComponent(person.distinct_ids[0])}`)
    const [header, row] = parseCsv(res.text)
    expect(row![header!.indexOf('uuid')]).toBe(person.uuid)
    expect(parseCsv(res.text)).toHaveLength(2)
  })

  it('answers an empty body when nothing matches', async () => {
    const res = await list('format=csv&distinct_id=nobody')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.text).toBe('')
  })

  it('is also chosen by Accept: text/csv; format=json wins over it', async () => {
    const accepted = await h.client.request('GET', `${PERSONS}/?limit=2`, { headers: { accept: 'text/csv' } })
    expect(accepted.headers.get('content-type')).toMatch(/^text\/csv/)
    const json = await h.client.request('GET', `${PERSONS}/?limit=2&format=json`, { headers: { accept: 'text/csv' } })
    expect(json.headers.get('content-type')).toBe('application/json')
    expect(json.body.results).toHaveLength(2)
  })

  it('rejects other formats', async () => {
    expectError(await list('format=xml'), 400, 'validation_error')
  })
})

describe('scopes', () => {
  it('a person:read key may list; a key without it may not', async () => {
    expect((await list('limit=1', KEYS.read)).status).toBe(200)
    const noscope = await harness({ fixtures: 'key-without-scopes' })
    const res = await noscope.client.get(`${PERSONS}/`, 'phx_mock_noscope')
    expectError(res, 403, 'authentication_error')
    expect(res.body.detail).toBe("API key missing required scope 'person:read'")
  })
})
