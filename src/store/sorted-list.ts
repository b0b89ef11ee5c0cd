// Sorted insertion for the tables that keep each project's records in list order.

/** Inserts `item` into `list` (sorted by `compare`) before the first element that does not sort before it. */
export function insertSorted<T>(list: T[], item: T, compare: (a: T, b: T) => number): void {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (compare(list[mid]!, item) < 0) lo = mid + 1
    else hi = mid
  }
  list.splice(lo, 0, item)
}
