// Sorting a big list by a number, highest first, without a comparison function for most of the work:
// the list's order made by the engine's own sort of one Float64Array (each key is the number's rank
// and the item's position in one double), then only runs of equal numbers sorted by the comparison.
// At 1.75 million recordings, `list.sort(newestFirst)` took ~2.3 s (each comparison two records read
// from memory far apart); this takes a fraction of that. The order is the comparison's, exactly:
// `compare` must order by `key` descending first.

const SMALL = 4096

/** Sorts `list` in place as `list.sort(compare)` would, where `compare` orders by `key`, highest first, then by what it likes. */
export function sortByNumberThen<T>(list: T[], key: (item: T) => number, compare: (a: T, b: T) => number): void {
  const n = list.length
  // Already in order (a generator made it so): one pass.
  let sorted = true
  for (let i = 1; i < n && sorted; i++) sorted = compare(list[i - 1]!, list[i]!) <= 0
  if (sorted) return
  if (n < SMALL) {
    list.sort(compare)
    return
  }
  const keys = new Float64Array(n)
  let min = Infinity
  let max = -Infinity
  for (let i = 0; i < n; i++) {
    const k = (keys[i] = key(list[i]!))
    if (!Number.isSafeInteger(k)) {
      list.sort(compare)
      return
    }
    if (k < min) min = k
    if (k > max) max = k
  }
  // (max - k) * n + i must stay an exact integer in a double.
  if ((max - min + 1) * n > Number.MAX_SAFE_INTEGER) {
    list.sort(compare)
    return
  }
  const numbers = keys.slice()
  for (let i = 0; i < n; i++) keys[i] = (max - keys[i]!) * n + i
  keys.sort()
  const items = list.slice()
  const inOrder = new Float64Array(n)
  for (let j = 0; j < n; j++) {
    const i = keys[j]! % n
    list[j] = items[i]!
    inOrder[j] = numbers[i]!
  }
  // Runs of equal numbers: in their first order now (a stable sort's), and sorted by `compare` as it would.
  for (let start = 0; start < n;) {
    const k = inOrder[start]!
    let end = start + 1
    while (end < n && inOrder[end] === k) end++
    if (end - start > 1) {
      const run = list.slice(start, end).sort(compare)
      for (let j = 0; j < run.length; j++) list[start + j] = run[j]!
    }
    start = end
  }
}

/**
 * Sorts `numbers` (safe integers) in place, highest first, and answers where each came from: positions[j]
 * is the index `numbers[j]` had, equal numbers in their first order (what `list.sort` of the positions by
 * number, highest first, then by position would make). The work is the engine's sort of `numbers` itself,
 * each number and its position packed into one double as above; where that would not be exact (a range
 * times a count past 2^53), a comparison sort. For big generated lists: at 1.5 million recordings, a list
 * of positions through `sortByNumberThen` left ~60 MB of arrays behind for the garbage collector.
 */
export function sortNumbersDescending(numbers: Float64Array): Int32Array {
  const n = numbers.length
  const positions = new Int32Array(n)
  let min = Infinity
  let max = -Infinity
  let exact = true
  for (let i = 0; i < n; i++) {
    const k = numbers[i]!
    if (!Number.isSafeInteger(k)) exact = false
    if (k < min) min = k
    if (k > max) max = k
  }
  if (!exact || (max - min + 1) * n > Number.MAX_SAFE_INTEGER) {
    for (let i = 0; i < n; i++) positions[i] = i
    positions.sort((a, b) => numbers[b]! - numbers[a]! || a - b)
    const copy = numbers.slice()
    for (let j = 0; j < n; j++) numbers[j] = copy[positions[j]!]!
    return positions
  }
  for (let i = 0; i < n; i++) numbers[i] = (max - numbers[i]!) * n + i
  numbers.sort()
  for (let j = 0; j < n; j++) {
    const key = numbers[j]!
    const i = key % n
    positions[j] = i
    numbers[j] = max - (key - i) / n
  }
  return positions
}
