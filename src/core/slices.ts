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
 * The items `keep` keeps, in their order. Answered at once when that takes at most SLICE_MS; otherwise
 * the rest is done SLICE_MS at a time on later turns, and the answer is a promise. `items` must not
 * change meanwhile (a read's turn holds writes off until it is answered: serial.ts).
 */
export function filterInSlices<T>(items: readonly T[], keep: (item: T) => boolean): T[] | Promise<T[]> {
  const kept: T[] = []
  let at = 0
  /** Works until the deadline; true when every item is done. */
  const slice = (): boolean => {
    const deadline = performance.now() + SLICE_MS
    while (at < items.length) {
      // (The clock read every 1,024 items.)
      const stop = Math.min(items.length, at + 1024)
      for (; at < stop; at++) if (keep(items[at]!)) kept.push(items[at]!)
      if (performance.now() >= deadline) break
    }
    return at === items.length
  }
  if (slice()) return kept
  return new Promise((resolve, reject) => {
    const next = (): void => {
      try {
        if (slice()) resolve(kept)
        else nextTurn(next)
      } catch (error) {
        reject(error)
      }
    }
    nextTurn(next)
  })
}
