import { describe, expect, it } from 'vitest'
import { hashKey, HashIndex } from './hash-index.ts'

describe('HashIndex', () => {
  it('finds numbers by key through collisions, deletes and growth, as a map of keys to sets of numbers would', () => {
    const index = new HashIndex()
    const keyOf = new Map<number, string>()
    const model = new Map<string, Set<number>>()
    // A weak hash (the key's length) puts many keys under one hash: only `holds` tells them apart.
    const hash = (key: string) => (key.length % 3) - 1
    const find = (key: string) => index.findAll(hash(key), (v) => keyOf.get(v) === key).sort((a, b) => a - b)
    for (let v = 0; v < 3000; v++) {
      const key = `k${v % 700}`
      keyOf.set(v, key)
      index.add(hash(key), v)
      if (!model.has(key)) model.set(key, new Set())
      model.get(key)!.add(v)
      if (v % 3 === 0) {
        const gone = v - 1500
        if (gone >= 0) {
          expect(index.delete(hash(keyOf.get(gone)!), gone)).toBe(true)
          model.get(keyOf.get(gone)!)!.delete(gone)
        }
      }
    }
    for (const [key, values] of model) expect(find(key)).toEqual([...values].sort((a, b) => a - b))
    expect(find('absent')).toEqual([])
    expect(index.delete(hash('k1'), 999_999)).toBe(false)
  })

  it('set points a key held already at the new number, like a Map', () => {
    const index = new HashIndex(4)
    const keys = ['a', 'b', 'a']
    index.set(hashKey('a'), 0, (v) => keys[v] === 'a')
    index.set(hashKey('b'), 1, (v) => keys[v] === 'b')
    index.set(hashKey('a'), 2, (v) => keys[v] === 'a')
    expect(index.findAll(hashKey('a'), (v) => keys[v] === 'a')).toEqual([2])
    expect(index.find(hashKey('b'), (v) => keys[v] === 'b')).toBe(1)
    expect(hashKey('a', 1)).not.toBe(hashKey('a', 2))
  })
})

describe('HashIndex.addAll', () => {
  it('finds what set or add one by one would, the later number staying where keys repeat', () => {
    // 3,000 entries over 900 keys; a hash of 9 bits, so many keys share each hash and `same` must tell them apart.
    const keys = Array.from({ length: 3000 }, (_, v) => `k${(v * 7919) % 900}`)
    const hash = (key: string) => hashKey(key) & 0x1ff
    const hashes = Int32Array.from(keys, hash)
    const values = Int32Array.from(keys, (_, v) => v)
    for (const withSame of [true, false]) {
      const one = new HashIndex(keys.length)
      const all = new HashIndex(keys.length)
      // One entry already in, so a key given later replaces it.
      for (const index of [one, all]) index.add(hash('k5'), 99_999)
      const keyOf = (v: number) => (v === 99_999 ? 'k5' : keys[v]!)
      keys.forEach((key, v) =>
        withSame ? one.set(hash(key), v, (held) => keyOf(held) === key) : one.add(hash(key), v),
      )
      all.addAll(
        hashes.slice(),
        values.slice(),
        keys.length,
        withSame ? (held, value) => keyOf(held) === keys[value] : undefined,
      )
      for (const key of new Set([...keys, 'k5', 'absent'])) {
        const found = (index: HashIndex) => index.findAll(hash(key), (v) => keyOf(v) === key).sort((a, b) => a - b)
        expect(found(all)).toEqual(found(one))
      }
      expect(all.findAll(hash('k5'), (v) => keyOf(v) === 'k5').includes(99_999)).toBe(!withSame)
    }
  })

  it('grows the table first when the entries need more room', () => {
    const index = new HashIndex(2)
    const count = 500
    index.addAll(
      Int32Array.from({ length: count }, (_, v) => hashKey(`k${v}`)),
      Int32Array.from({ length: count }, (_, v) => v),
      count,
    )
    for (let v = 0; v < count; v++) expect(index.find(hashKey(`k${v}`), (x) => x === v)).toBe(v)
  })
})

describe('HashIndex numbers', () => {
  it('holds numbers past 32 bits', () => {
    const index = new HashIndex()
    index.add(7, 5)
    index.add(7, 2 ** 40)
    expect(index.findAll(7, () => true)).toEqual([5, 2 ** 40])
    expect(index.delete(7, 2 ** 40)).toBe(true)
    expect(index.findAll(7, () => true)).toEqual([5])
  })
})

describe('hashKey', () => {
  it('tells apart keys that differ in one code, odd or even, almost always', () => {
    const hashes = new Set<number>()
    for (let n = 0; n < 100_000; n++) hashes.add(hashKey(`user-${100_000 + n}@example.com`))
    expect(hashes.size).toBeGreaterThan(99_900)
  })
})

describe('HashIndex numbers past 32 bits', () => {
  it('keeps every entry when a number needs more than 32 bits, through growth and deletes', () => {
    const index = new HashIndex(4)
    for (let v = 0; v < 100; v++) index.add(hashKey(`k${v}`), v)
    const big = 2 ** 40 + 3
    index.add(hashKey('big'), big)
    for (let v = 100; v < 300; v++) index.add(hashKey(`k${v}`), v)
    expect(index.find(hashKey('big'), (v) => v === big)).toBe(big)
    for (let v = 0; v < 300; v++) expect(index.find(hashKey(`k${v}`), (x) => x === v)).toBe(v)
    expect(index.delete(hashKey('k7'), 7)).toBe(true)
    expect(index.find(hashKey('k7'), (x) => x === 7)).toBe(-1)
    expect(index.find(hashKey('big'), (v) => v === big)).toBe(big)
  })
})
