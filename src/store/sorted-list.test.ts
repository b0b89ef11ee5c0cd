import { describe, expect, it } from 'vitest'
import { indexOfSorted, insertSorted } from './sorted-list.ts'

describe('insertSorted', () => {
  const byValue = (a: { v: number }, b: { v: number }) => a.v - b.v

  it('keeps the list sorted, at either end and in the middle', () => {
    const list = [2, 4, 6].map((v) => ({ v }))
    for (const v of [5, 0, 9, 3]) insertSorted(list, { v }, byValue)
    expect(list.map((x) => x.v)).toEqual([0, 2, 3, 4, 5, 6, 9])
  })

  it('puts an item before the elements it ties with', () => {
    const first = { v: 1, tag: 'old' }
    const list = [first]
    const tie = { v: 1, tag: 'new' }
    insertSorted(list, tie, byValue)
    expect(list).toEqual([tie, first])
  })

  it('fills an empty list', () => {
    const list: Array<{ v: number }> = []
    insertSorted(list, { v: 7 }, byValue)
    expect(list).toEqual([{ v: 7 }])
  })
})

describe('indexOfSorted', () => {
  const byValue = (a: { v: number }, b: { v: number }) => a.v - b.v

  it('finds the item itself, among ties too, and -1 for an item not in the list', () => {
    const list = [1, 2, 2, 2, 3, 5, 8].map((v) => ({ v }))
    list.forEach((item, i) => expect(indexOfSorted(list, item, byValue)).toBe(i))
    expect(indexOfSorted(list, { v: 2 }, byValue)).toBe(-1)
    expect(indexOfSorted(list, { v: 4 }, byValue)).toBe(-1)
    expect(indexOfSorted([], { v: 4 }, byValue)).toBe(-1)
  })
})
