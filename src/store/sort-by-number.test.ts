import { describe, expect, it } from 'vitest'
import { SeededRandom } from '../core/random.ts'
import { sortByNumberThen, sortNumbersDescending } from './sort-by-number.ts'

interface Item {
  at: number
  id: string
}

const compare = (a: Item, b: Item) => b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

function items(n: number, spread: number, seed = 1): Item[] {
  const rng = new SeededRandom(seed)
  return Array.from({ length: n }, (_, i) => ({ at: 1_700_000_000_000 + rng.int(spread), id: `r${rng.int(1e9)}-${i}` }))
}

describe('sortByNumberThen', () => {
  it('orders a big list exactly as sort(compare) does, ties included', () => {
    for (const spread of [30 * 86_400_000, 50, 1]) {
      const list = items(20_000, spread)
      const expected = list.slice().sort(compare)
      sortByNumberThen(list, (x) => x.at, compare)
      expect(list).toEqual(expected)
    }
  })

  it('keeps equal items in their first order (a stable sort) and handles numbers that are not whole or too far apart', () => {
    const same = Array.from({ length: 5000 }, (_, i) => ({ at: i % 3, id: 'x', n: i }))
    const expected = same.slice().sort(compare)
    sortByNumberThen(same, (x) => x.at, compare)
    expect(same).toEqual(expected)
    for (const odd of [
      [0.5, 1, 2],
      [0, Number.MAX_SAFE_INTEGER, 1],
    ]) {
      const list = Array.from({ length: 5000 }, (_, i) => ({ at: odd[i % 3]!, id: String(i) }))
      const want = list.slice().sort(compare)
      sortByNumberThen(list, (x) => x.at, compare)
      expect(list).toEqual(want)
    }
  })
})

describe('sortNumbersDescending', () => {
  const bySort = (numbers: number[]) => numbers.map((n, i) => i).sort((a, b) => numbers[b]! - numbers[a]! || a - b)

  it('sorts in place, highest first, and answers the positions, equal numbers in their first order', () => {
    const rng = new SeededRandom(3)
    for (const spread of [30 * 86_400_000, 50, 1]) {
      const numbers = Array.from({ length: 10_000 }, () => 1_700_000_000_000 - rng.int(spread))
      const sorted = Float64Array.from(numbers)
      const positions = sortNumbersDescending(sorted)
      expect([...positions]).toEqual(bySort(numbers))
      expect([...sorted]).toEqual([...positions].map((i) => numbers[i]!))
    }
  })

  it('sorts numbers it cannot pack into one double (not integers, or too far apart) the same way', () => {
    for (const numbers of [
      [0.5, 2, 0.5, -1, 2],
      [Number.MAX_SAFE_INTEGER, 0, -Number.MAX_SAFE_INTEGER, 0],
    ]) {
      const sorted = Float64Array.from(numbers)
      const positions = sortNumbersDescending(sorted)
      expect([...positions]).toEqual(bySort(numbers))
      expect([...sorted]).toEqual([...positions].map((i) => numbers[i]!))
    }
  })
})
