import { describe, expect, it } from 'vitest'
import { SeededRandom } from '../core/random.ts'
import { Table } from './table.ts'

interface Item {
  n: number
  at: number
  id: string
}

const compare = (a: Item, b: Item) => b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

function items(count: number, spread: number, seed = 1): Item[] {
  const rng = new SeededRandom(seed)
  return Array.from({ length: count }, (_, n) => ({
    n,
    at: 1_700_000_000_000 + rng.int(spread),
    id: `r${rng.int(1e9)}`,
  }))
}

/** A table of the items with one group of all of them, in `compare` order, sorted on `at` first. */
const grouped = (list: Item[]) =>
  new Table({ id: (i: Item) => i.n, groups: { all: { of: () => 0, order: compare, rank: (i: Item) => i.at } } }, list)

describe('a group of a table made of many records at once', () => {
  it('is in exactly the order sort(order) makes, ties included, however its ranks spread', () => {
    for (const spread of [30 * 86_400_000, 50, 1]) {
      const list = items(20_000, spread)
      expect(grouped(list).group('all', 0)).toEqual(list.slice().sort(compare))
    }
  })

  it('is in order when the ranks are not whole or too far apart for the fast sort', () => {
    for (const odd of [
      [0.5, 1, 2],
      [0, Number.MAX_SAFE_INTEGER, 1],
    ]) {
      const list = Array.from({ length: 5000 }, (_, n) => ({ n, at: odd[n % 3]!, id: String(n) }))
      expect(grouped(list).group('all', 0)).toEqual(list.slice().sort(compare))
    }
  })

  it('is in order when the records come in order or in reverse', () => {
    const sorted = items(10_000, 1000).sort(compare)
    expect(grouped(sorted).group('all', 0)).toEqual(sorted)
    expect(grouped(sorted.slice().reverse()).group('all', 0)).toEqual(sorted)
  })
})
