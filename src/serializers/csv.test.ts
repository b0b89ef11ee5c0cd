import { describe, expect, it } from 'vitest'
import { flatten, toCsv } from './csv.ts'

describe('flatten', () => {
  it('joins nested keys and list indexes with "."; empty objects and lists give no key', () => {
    expect(
      flatten({ a: 1, b: { c: 'x', d: { e: null } }, ids: ['p', 'q'], none: [], empty: {}, tags: [{ k: 1 }] }),
    ).toEqual({
      a: 1,
      'b.c': 'x',
      'b.d.e': null,
      'ids.0': 'p',
      'ids.1': 'q',
      'tags.0.k': 1,
    })
  })
})

describe('toCsv', () => {
  it('writes the sorted union of keys as the header and empty cells for missing or null values', () => {
    const csv = toCsv([
      { id: 2, properties: { email: 'a@x.io' }, last_seen_at: null },
      { id: 1, properties: { name: 'B' }, distinct_ids: ['d1'] },
    ])
    expect(csv).toBe('distinct_ids.0,id,last_seen_at,properties.email,properties.name\r\n,2,,a@x.io,\r\nd1,1,,,B\r\n')
  })

  it('quotes only cells that need it and writes booleans as Python does', () => {
    expect(toCsv([{ a: 'x, y', b: 'say "hi"', c: 'line\nbreak', d: true, e: false, f: 'plain' }])).toBe(
      'a,b,c,d,e,f\r\n"x, y","say ""hi""","line\nbreak",True,False,plain\r\n',
    )
  })

  it('is empty without rows', () => {
    expect(toCsv([])).toBe('')
  })
})
