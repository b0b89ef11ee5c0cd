// The time-slicer: long work done a slice at a time, so other requests are answered between the slices.
// A scan of a million persons, a page of 10,000 rendered, the text of a big answer or of a snapshot of
// the whole store: each done at once would hold every other request back for as long as it takes.
// Work that fits in one slice is done at once, with no promise (a request that waits for nothing is not
// made to).

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
 * Calls `step` until it answers true (done), at once while that takes at most SLICE_MS, then a slice at a
 * time on later turns; answers `done()`, or a promise of it once slices were needed. `step` is handed the
 * slice's deadline (a performance.now() reading) and works until it (or its end).
 */
function inSlices<R>(step: (deadline: number) => boolean, done: () => R): R | Promise<R> {
  if (step(performance.now() + SLICE_MS)) return done()
  return new Promise((resolve, reject) => {
    const next = (): void => {
      try {
        if (step(performance.now() + SLICE_MS)) resolve(done())
        else nextTurn(next)
      } catch (error) {
        reject(error)
      }
    }
    nextTurn(next)
  })
}

/** Calls `visit` on every index of `items`, in slices, the clock read every `every` items. */
function eachInSlices<R>(items: readonly unknown[], every: number, visit: (at: number) => void, done: () => R) {
  let at = 0
  return inSlices((deadline) => {
    while (at < items.length) {
      const stop = Math.min(items.length, at + every)
      for (; at < stop; at++) visit(at)
      if (performance.now() >= deadline) break
    }
    return at === items.length
  }, done)
}

/** The items `keep` keeps, in their order, in slices (`items` must not change meanwhile: a read's turn holds writes off). */
export function filterInSlices<T>(items: readonly T[], keep: (item: T) => boolean): T[] | Promise<T[]> {
  const kept: T[] = []
  return eachInSlices(
    items,
    1024,
    (at) => void (keep(items[at]!) && kept.push(items[at]!)),
    () => kept,
  )
}

/** `items.map(make)` in slices, for costly items such as renders (so the clock is read every 64). */
export function mapInSlices<T, R>(items: readonly T[], make: (item: T) => R): R[] | Promise<R[]> {
  const made: R[] = []
  return eachInSlices(
    items,
    64,
    (at) => void made.push(make(items[at]!)),
    () => made,
  )
}

/** Batches of text handed on at about this many characters. */
const BATCH_CHARS = 64 * 1024

/**
 * Joins `pieces` (a big answer's JSON text: json.ts `jsonChunks`) into batches of about BATCH_CHARS and
 * hands each to `sink` (awaited: a file write, a socket's drain), yielding to other work whenever a slice
 * has passed. Answers the number of characters handed on.
 */
export async function pumpSliced(pieces: Iterable<string>, sink: (batch: string) => void | Promise<void>) {
  let deadline = performance.now() + SLICE_MS
  let batch = ''
  let total = 0
  for (const piece of pieces) {
    batch += piece
    if (batch.length >= BATCH_CHARS) {
      total += batch.length
      await sink(batch)
      batch = ''
    }
    if (performance.now() >= deadline) {
      await new Promise<void>((resolve) => nextTurn(resolve))
      deadline = performance.now() + SLICE_MS
    }
  }
  if (batch.length > 0) {
    total += batch.length
    await sink(batch)
  }
  return total
}

/** `next(value)`: at once when `value` is plain (work done within its slice), once it settles when it is a promise. */
export function andThen<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value)
}
