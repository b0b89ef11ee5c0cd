import { describe, expect, it } from 'vitest'
import { TrigramIndex } from './trigram-index.ts'

/** Texts with repeated trigrams, separators, characters past U+0800 (string keys) and empty ones. */
function texts(count: number): string[] {
  let seed = 7
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed % n
  }
  const alphabet = 'abcdeé.@-1\u0800\u4e2d'
  return Array.from({ length: count }, (_, i) => {
    if (i % 17 === 0) return ''
    const fields = Array.from({ length: 1 + next(3) }, () =>
      Array.from({ length: next(12) }, () => alphabet[next(alphabet.length)]!).join(''),
    )
    // A field that repeats itself: the same trigrams twice within one text.
    if (i % 5 === 0) fields.push('abcabcabc')
    return fields.join('\u0001')
  })
}

const terms = [
  'abc',
  'bca',
  'cab',
  'aaa',
  'e.@',
  'é.@',
  '\u0800\u4e2da',
  'a\u4e2d\u0800',
  'ab',
  'zzz',
  'bcabc',
  'd-1',
  'a\u0001b',
]

/** The index made at once of `byId` (undefined: no text), through TrigramIndex.building. */
const madeOf = (byId: Array<string | undefined>) => TrigramIndex.building(byId.length)(Infinity, (id) => byId[id])!

describe('the trigram index made at once', () => {
  it('answers every term as the index made text by text does: the same ids, in the same order, each once', () => {
    const all = texts(3000)
    // Ids with gaps (wide ones too: gaps of several bytes), as a table with deletions hands them over.
    const byId: Array<string | undefined> = []
    for (let k = 0; k < all.length; k++) if (all[k]) byId[k * 7 + (k % 100 === 0 ? 200_000 : 0)] = all[k]
    const one = new TrigramIndex()
    byId.forEach((text, id) => text && one.add(id, text))
    const once = madeOf(byId)
    let found = 0
    for (const term of terms) {
      const expected = one.candidates(term)
      expect(once.candidates(term)).toEqual(expected)
      if (expected) {
        expect(new Set(expected).size).toBe(expected.length)
        found += expected.length
      }
    }
    // (The terms are not all misses: the comparison above compares something.)
    expect(found).toBeGreaterThan(100)
    // An id a wide gap after the one before it (three bytes).
    expect(once.candidates(all[100]!.slice(0, 3))).toContain(200_700)
  })

  it('takes texts added after it was made, in any order of ids, each once', () => {
    const index = madeOf([undefined, 'abcd', 'xbcd'])
    expect(index.candidates('bcd')).toEqual([1, 2])
    index.add(3, 'bcdbcd')
    index.add(40_000, 'zbcd')
    index.add(7, 'qbcd')
    index.add(0, 'bcd')
    index.add(0, 'bcdz')
    expect(index.candidates('bcd')).toEqual([1, 2, 3, 40_000, 7, 0])
    expect(index.candidates('dbc')).toEqual([3])
    expect(index.candidates('zbc')).toEqual([40_000])
    expect(index.candidates('cdz')).toEqual([0])
  })

  it('is made in slices while texts change or go between its two readings, each changed text in whole', () => {
    const all = texts(2000)
    const byId: Array<string | undefined> = [...all]
    const build = TrigramIndex.building(byId.length)
    let index: TrigramIndex | undefined
    let steps = 0
    while (!(index = build(-Infinity, (id) => byId[id]))) {
      steps++
      // Changed after the first reading, before the second (the first 256 are read again by the
      // ninth step): longer texts (more than their room) and texts gone.
      if (steps === 9) {
        for (let id = 1000; id < 2000; id += 3) byId[id] = `${all[id]}\u0001zzz${id}zzz`
        for (let id = 1001; id < 2000; id += 50) byId[id] = undefined
      }
    }
    expect(steps).toBeGreaterThan(10)
    const expected = madeOf(byId)
    let found = 0
    for (const term of [...terms, 'zzz', 'z19', '99z', 'z10']) {
      const got = index.candidates(term)
      const want = expected.candidates(term)
      // Whatever else it names (the check drops it), it names every id the index made of the final texts does.
      expect(want?.filter((id) => !got!.includes(id))).toEqual(want && [])
      found += want?.length ?? 0
    }
    expect(found).toBeGreaterThan(500)
  })
})
