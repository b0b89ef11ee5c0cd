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
    const fields = Array.from({ length: 1 + next(3) }, () => Array.from({ length: next(12) }, () => alphabet[next(alphabet.length)]!).join(''))
    // A field that repeats itself: the same trigrams twice within one text.
    if (i % 5 === 0) fields.push('abcabcabc')
    return fields.join('\u0001')
  })
}

const terms = ['abc', 'bca', 'cab', 'aaa', 'e.@', 'é.@', '\u0800\u4e2da', 'a\u4e2d\u0800', 'ab', 'zzz', 'bcabc', 'd-1', 'a\u0001b']

describe('the trigram index made at once', () => {
  it('answers every term as the index made text by text does: the same ids, in the same order, each once', () => {
    const all = texts(3000)
    // Ids out of order and with gaps, as a table with deletions hands them over.
    const ids = all.map((_, k) => (k * 7919) % 10007)
    const one = new TrigramIndex()
    for (let k = 0; k < all.length; k++) if (all[k]) one.add(ids[k]!, all[k]!)
    const kept = all.map((text, k) => [ids[k]!, text] as const).filter(([, text]) => text)
    const once = TrigramIndex.building(
      kept.map(([id]) => id),
      kept.map(([, text]) => text),
    )(Infinity)!
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
  })

  it('takes texts added after it was made, into postings made at their exact size', () => {
    const index = TrigramIndex.building([1, 2], ['abcd', 'xbcd'])(Infinity)!
    expect(index.candidates('bcd')).toEqual([1, 2])
    index.add(3, 'bcdbcd')
    index.add(40_000, 'zbcd')
    expect(index.candidates('bcd')).toEqual([1, 2, 3, 40_000])
    expect(index.candidates('dbc')).toEqual([3])
    expect(index.candidates('zbc')).toEqual([40_000])
  })
})
