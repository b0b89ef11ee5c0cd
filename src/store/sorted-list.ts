// Sorted insertion for the tables that keep each project's records in list order.

/** Where `item` goes in `list` (sorted by `compare`): before the first element that does not sort before it. */
function lowerBound<T>(list: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (compare(list[mid]!, item) < 0) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Inserts `item` into `list` (sorted by `compare`) before the first element that does not sort before it. */
export function insertSorted<T>(list: T[], item: T, compare: (a: T, b: T) => number): void {
  // Nearly every insertion is of the newest record, which goes last: one comparison, no bisection or splice.
  if (list.length === 0 || compare(list[list.length - 1]!, item) < 0) list.push(item)
  else list.splice(lowerBound(list, item, compare), 0, item)
}

/**
 * Where `item` itself is in `list` (sorted by `compare`, a total order: only `item` compares equal to
 * it), found by bisection rather than a walk; -1 when it is not there. A list of 100,000 persons walked
 * with indexOf for every PATCH or DELETE cost more than the rest of the request.
 */
export function indexOfSorted<T>(list: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let at = lowerBound(list, item, compare)
  // Equal keys (not expected): look along them for the item itself.
  while (at < list.length && list[at] !== item && compare(list[at]!, item) === 0) at++
  return list[at] === item ? at : list.indexOf(item)
}
