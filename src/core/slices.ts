// Long work done a slice at a time, so that other requests are answered between the slices: a scan of a
// million persons takes ~1 s, and done at once it held every other request up that long (issue 13's line
// for any one piece of work is 100 ms).

/** One slice: well under the 100 ms any one piece of work may hold the others up. */
export const SLICE_MS = 20

/**
 * Runs `task` on a later turn of the event loop, after pending I/O (Node's `setImmediate`; elsewhere a
 * timer). Taken when this module loads, so fake timers a test installs afterwards do not hold it up:
 * the mock owns its time (see clock.ts).
 */
const nextTurn: (task: () => void) => void = (() => {
  const immediate = (globalThis as { setImmediate?: (task: () => void) => unknown }).setImmediate
  if (typeof immediate === 'function') return (task) => void immediate.call(globalThis, task)
  const timeout = globalThis.setTimeout
  return (task) => void timeout.call(globalThis, task, 0)
})()

/**
 * Calls `visit` on every item, in order: at once when that takes at most SLICE_MS (answering `done()`);
 * otherwise the rest SLICE_MS at a time on later turns, and the answer is a promise of it. The clock is
 * read every `every` items. `items` must not change meanwhile (a read's turn holds writes off until it is
 * answered: serial.ts).
 */
function inSlices<R>(
  items: readonly unknown[],
  every: number,
  visit: (at: number) => void,
  done: () => R,
): R | Promise<R> {
  let at = 0
  /** Works until the deadline; true when every item is done. */
  const slice = (): boolean => {
    const deadline = performance.now() + SLICE_MS
    while (at < items.length) {
      const stop = Math.min(items.length, at + every)
      for (; at < stop; at++) visit(at)
      if (performance.now() >= deadline) break
    }
    return at === items.length
  }
  if (slice()) return done()
  return new Promise((resolve, reject) => {
    const next = (): void => {
      try {
        if (slice()) resolve(done())
        else nextTurn(next)
      } catch (error) {
        reject(error)
      }
    }
    nextTurn(next)
  })
}

/** The items `keep` keeps, in their order, in slices (see inSlices; the clock read every 1,024 items). */
export function filterInSlices<T>(items: readonly T[], keep: (item: T) => boolean): T[] | Promise<T[]> {
  const kept: T[] = []
  return inSlices(
    items,
    1024,
    (at) => void (keep(items[at]!) && kept.push(items[at]!)),
    () => kept,
  )
}

/**
 * `items.map(make)` in slices (see inSlices), for costly items: a page of 10,000 persons rendered at once
 * held every other request for ~100-150 ms. The clock is read every 64 items (a render is ~10-20 µs).
 */
export function mapInSlices<T, R>(items: readonly T[], make: (item: T) => R): R[] | Promise<R[]> {
  const made: R[] = []
  return inSlices(
    items,
    64,
    (at) => void made.push(make(items[at]!)),
    () => made,
  )
}
