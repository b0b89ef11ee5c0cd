import { beforeAll, describe, expect, it } from 'vitest'
import { testClient, type TestClient, type TestResponse } from '../../../test/support.ts'
import { withParam } from './pagination.ts'

describe('withParam', () => {
  it('replaces the parameter where it stands and keeps the others in order', () => {
    expect(withParam(new URL('http://h/p/?a=1&offset=5&b=2'), 'offset', 10)).toBe('http://h/p/?a=1&offset=10&b=2')
    expect(withParam(new URL('http://h/p/?a=1'), 'offset', 10)).toBe('http://h/p/?a=1&offset=10')
    expect(withParam(new URL('http://h/p/'), 'offset', 0)).toBe('http://h/p/?offset=0')
  })
})

async function walk(client: TestClient, first: string) {
  const seen: Array<string | number> = []
  const counts = new Set<number>()
  const pages: any[] = []
  let url: string | null = first
  while (url) {
    const res: TestResponse = await client.get(url.replace('http://127.0.0.1:8010', ''))
    expect(res.status).toBe(200)
    pages.push(res.body)
    counts.add(res.body.count)
    seen.push(...res.body.results.map((r: any) => r.id))
    url = res.body.next
  }
  return { seen, counts, pages }
}

describe('pagination walks', () => {
  let client: TestClient
  beforeAll(async () => {
    client = await testClient()
  })

  it('persons: every person exactly once, count stable, null at both ends, previous navigable', async () => {
    const { seen, counts, pages } = await walk(client, '/api/environments/1/persons/?limit=37')
    expect(counts).toEqual(new Set([200]))
    expect(seen).toHaveLength(200)
    expect(new Set(seen).size).toBe(200)
    expect(pages[0].previous).toBeNull()
    expect(pages.at(-1).next).toBeNull()
    // newest first: ids were assigned in creation order
    expect(seen).toEqual([...seen].sort((a, b) => Number(b) - Number(a)))
    // walking back from the last page visits the same pages in reverse
    let back = pages.at(-1).previous
    let index = pages.length - 2
    while (back) {
      const res = await client.get(back.replace('http://127.0.0.1:8010', ''))
      expect(res.body.results.map((r: any) => r.id)).toEqual(pages[index].results.map((r: any) => r.id))
      back = res.body.previous
      index--
    }
    expect(index).toBe(-1)
  })

  it('keeps the other query parameters in the links', async () => {
    const res = await client.get('/api/environments/1/persons/?limit=5&offset=5&format=json')
    expect(res.body.next).toBe('http://127.0.0.1:8010/api/environments/1/persons/?limit=5&offset=10&format=json')
    expect(res.body.previous).toBe('http://127.0.0.1:8010/api/environments/1/persons/?limit=5&offset=0&format=json')
  })

  it('uses the real service default page sizes: persons 100, recordings 50', async () => {
    const persons = await client.get('/api/environments/1/persons/')
    expect(persons.body.results).toHaveLength(100)
    expect(persons.body.next).toBe('http://127.0.0.1:8010/api/environments/1/persons/?offset=100')
    // (date_from=-1y: every recording, not only the last three days.)
    const recordings = await client.get('/api/environments/1/session_recordings/?date_from=-1y')
    expect(recordings.body.results).toHaveLength(50)
    expect(recordings.body.count).toBe(300)
  })

  it('session recordings: every recording once, newest start_time first', async () => {
    const { seen, pages } = await walk(client, '/api/environments/1/session_recordings/?limit=64&date_from=-1y')
    expect(new Set(seen).size).toBe(300)
    const starts = pages.flatMap((p) => p.results.map((r: any) => Date.parse(r.start_time)))
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
  })

  it('an offset past the end is an empty page with a previous link', async () => {
    const res = await client.get('/api/environments/1/persons/?offset=500&limit=100')
    expect(res.status).toBe(200)
    expect(res.body.results).toEqual([])
    expect(res.body.next).toBeNull()
    expect(res.body.previous).toBe('http://127.0.0.1:8010/api/environments/1/persons/?offset=400&limit=100')
  })

  it('project 2 is isolated and smaller', async () => {
    const res = await client.get('/api/environments/2/persons/?limit=500')
    expect(res.body.count).toBe(40)
    const ids1 = new Set(
      (await client.get('/api/environments/1/persons/?limit=500')).body.results.map((p: any) => p.uuid),
    )
    for (const person of res.body.results) expect(ids1.has(person.uuid)).toBe(false)
  })
})
