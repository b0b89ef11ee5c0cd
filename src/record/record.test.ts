// The recorder against an in-process mock: limits, 429s waited out as Retry-After says, the real
// service's list shapes (the persons list's UUID ids and no count, the recordings list's has_next),
// progress on a terminal, and what the redaction maps.
import { describe, expect, it } from 'vitest'
import { createApp, type App } from '../app.ts'
import { progressReporter } from '../verify/progress.ts'
import { record } from './record.ts'
import { Redaction } from './redact.ts'

const BASE = 'http://deployment.test'

async function appAt(): Promise<App> {
  return createApp({ clock: { now: '2026-11-01T00:00:00Z', frozen: true } })
}

/** A fetch that answers as the real service's lists do: persons with UUID ids and no count, recordings as {results, has_next, version}. */
function realShapes(app: App): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await app.fetch(request)
    const path = new URL(request.url).pathname
    const isPersonsList = /\/persons\/$/.test(path)
    const isRecordingsList = /\/session_recordings\/$/.test(path)
    if (response.status !== 200 || (!isPersonsList && !isRecordingsList)) return response
    const body = await response.json()
    const shaped = isPersonsList
      ? {
          next: body.results.length === 100 ? `${request.url}&page=more` : null,
          previous: null,
          results: body.results.map((p: any) => ({ ...p, id: p.uuid, type: 'person' })),
        }
      : { results: body.results, has_next: body.next !== null, version: 4 }
    return new Response(JSON.stringify(shaped), { status: 200, headers: { 'content-type': 'application/json' } })
  }
}

describe('record', () => {
  it('reads only as much as asked, and adds the persons and recordings the rest refers to', async () => {
    const app = await appAt()
    const { scenario } = await record({
      baseUrl: BASE,
      projectId: 1,
      apiKey: 'phx_mock_all',
      fetch: app.fetch,
      maxPersons: 10,
      maxRecordings: 5,
      salt: 's',
    })
    // The 5 newest recordings and the 7 in the collections; their persons besides the 10 newest.
    expect(scenario.recordings.length).toBeGreaterThanOrEqual(5)
    expect(scenario.recordings.length).toBeLessThanOrEqual(12)
    expect(scenario.persons.length).toBeGreaterThan(10)
    const distinctIds = new Set(scenario.persons.flatMap((p) => p.person.distinct_ids))
    for (const r of scenario.recordings) expect(distinctIds.has(r.distinct_id), r.id).toBe(true)
  })

  it('waits out 429s as Retry-After says, and still reads everything', async () => {
    const app = await appAt()
    const waits: number[] = []
    let throttled = 0
    const fetch = async (request: Request) => {
      if (throttled < 3 && request.url.includes('/persons/?')) {
        throttled++
        return new Response(
          JSON.stringify({ type: 'throttled_error', code: 'throttled', detail: 'Request was throttled.', attr: null }),
          {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '7' },
          },
        )
      }
      return app.fetch(request)
    }
    const { scenario } = await record({
      baseUrl: BASE,
      projectId: 1,
      apiKey: 'phx_mock_all',
      fetch,
      maxPersons: 3,
      sleep: async (ms) => void waits.push(ms),
    })
    // Each 7 s from its 429 (a millisecond or two of it may already have passed when the wait starts).
    expect(waits).toHaveLength(3)
    for (const ms of waits) expect(ms).toBeGreaterThan(6_900)
    for (const ms of waits) expect(ms).toBeLessThanOrEqual(7_000)
    expect(scenario.persons.map((p) => p.person.id).slice(0, 3)).toEqual([200, 199, 198])
  })

  it('reads the real service’s list shapes: UUID ids (retrieved for the integer one), no count, has_next', async () => {
    const app = await appAt()
    const progress: unknown[] = []
    const { scenario, warnings } = await record({
      baseUrl: BASE,
      projectId: 1,
      apiKey: 'phx_mock_all',
      fetch: realShapes(app),
      salt: 's',
      onProgress: (p) => progress.push(p),
    })
    expect(warnings).toEqual([])
    expect(scenario.persons).toHaveLength(200)
    expect(scenario.persons.every((p) => Number.isInteger(p.person.id))).toBe(true)
    expect(scenario.recordings).toHaveLength(300)
    // Without a count, progress has no total for the lists.
    expect(progress).toContainEqual({ stage: 'persons', done: 200, total: undefined })
    expect(progress).toContainEqual({ stage: 'person details', done: 200, total: 200 })
  })

  it('an unknown project stops the recording with what the deployment said', async () => {
    const app = await appAt()
    await expect(record({ baseUrl: BASE, projectId: 99, apiKey: 'phx_mock_all', fetch: app.fetch })).rejects.toThrow(
      /cannot read the persons: 404: Project not found\. \(is project 99 right\?\)/,
    )
  })
})

describe('progress', () => {
  it('draws a bar in place on a terminal, and plain lines elsewhere', () => {
    const tty: string[] = []
    const bar = progressReporter({ isTTY: true, write: (t) => tty.push(t) })
    bar.update({ stage: 'persons', done: 50, total: 200 })
    bar.done()
    expect(tty.join('')).toContain('\r\u001b[K[######..................] persons: 50/200')
    const plain: string[] = []
    const lines = progressReporter({ isTTY: false, write: (t) => plain.push(t) })
    for (let done = 1; done <= 250; done++) lines.update({ stage: 'persons', done })
    lines.update({ stage: 'recordings', done: 3, total: 3 })
    lines.done()
    expect(plain).toEqual(['persons: 100\n', 'persons: 200\n', 'persons: 250\n', 'recordings: 3/3\n'])
  })
})

describe('redaction', () => {
  it('maps one original to one fake wherever it appears, and another salt to another', () => {
    const r = new Redaction({ salt: 'a' })
    const email = 'ada@lovelace.example.org'
    const person = r.person({
      id: 1,
      uuid: 'u',
      name: email,
      distinct_ids: [email, '0191f1a2-0000-7000-8000-000000000001'],
      properties: { email, contact: email },
    })
    expect(person.name).toBe(person.properties && (person.properties as any).email)
    expect((person.distinct_ids as string[])[0]).toBe((person.properties as any).email)
    expect((person.distinct_ids as string[])[1]).toBe('0191f1a2-0000-7000-8000-000000000001')
    expect(r.userEmail(email)).toBe((person.properties as any).email)
    expect(new Redaction({ salt: 'b' }).userEmail(email)).not.toBe(r.userEmail(email))
  })

  it('keeps identifiers, instants, numbers and the service’s harmless properties; fakes by shape, then by key', () => {
    const r = new Redaction({ salt: 'a' })
    const out = r.properties({
      $os: 'Linux',
      seats: 12,
      signed_up: '2026-01-02T03:04:05Z',
      birthday: '1990-05-01',
      $geoip_latitude: 52.37,
      ip: '192.0.2.1',
      website: 'acme.example.net',
      entry_url: '/pricing/enterprise',
      first_name: 'Ada',
      plan: 'growth',
      tags: ['ada@lovelace.example.org', 'vip'],
    }) as Record<string, any>
    expect(out.$os).toBe('Linux')
    expect(out.seats).toBe(12)
    expect(out.signed_up).toBe('2026-01-02T03:04:05Z')
    expect(out.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(out.birthday).not.toBe('1990-05-01')
    expect(out.$geoip_latitude).not.toBe(52.37)
    expect(out.ip).toMatch(/^10\./)
    expect(out.website).toMatch(/\.example$/)
    expect(out.entry_url).toMatch(/^\/[a-z]+-[0-9a-f]{4}\/[a-z]+-[0-9a-f]{4}$/)
    expect(out.first_name).not.toBe('Ada')
    expect(out.plan).toMatch(/^[a-z]+-[0-9a-f]{4}$/)
    expect(out.tags[0]).toMatch(/@example\.com$/)
    const report = r.report()
    expect(report.unchanged).toEqual(['$os', 'seats', 'signed_up'])
    expect(JSON.stringify(report)).not.toMatch(/Ada|growth|192\.0\.2\.1|acme|lovelace/)
  })
})
