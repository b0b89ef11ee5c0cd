// One compacting garbage collection, for the standalone server once its data is in memory. Seeding
// interleaves the objects that stay (persons, their strings, indexes) with faker's garbage on the same
// heap pages, and V8's ordinary full collections leave those pages in place, so the old space holds its
// live objects on many more pages than they need. A collection that compacts moves the live objects
// together and gives the emptied pages back.
//
// Compaction moves every live object, so for a moment it needs pages for all of them twice: on a big
// heap that raises the peak memory by more than it could ever give back. Above COMPACT_HEAP_LIMIT of
// heap in use it is skipped.
//
// Below COMPACT_HEAP_FLOOR it is skipped too: there is little to give back, and the collection would be
// a noticeable share of the CLI's start-up (docs/performance.md has the figures behind both bounds).
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** V8's `gc` function (made for a throwaway context unless the process has it), or undefined where refused. */
function gcFunction(): (() => void) | undefined {
  try {
    let gc = (globalThis as { gc?: () => void }).gc
    if (typeof gc !== 'function') {
      setFlagsFromString('--expose-gc')
      gc = runInNewContext('typeof gc === "function" ? gc : undefined') as (() => void) | undefined
      setFlagsFromString('--no-expose-gc')
    }
    return typeof gc === 'function' ? gc : undefined
  } catch {
    return undefined
  }
}

/** Heap in use above which `compactHeap` does nothing (see above). */
export const COMPACT_HEAP_LIMIT = 512 * 1024 * 1024

/** Heap in use below which `compactHeap` does nothing (see above). */
export const COMPACT_HEAP_FLOOR = 48 * 1024 * 1024

/**
 * Runs a full, compacting collection, unless more than `limit` or fewer than `floor` bytes of heap are in
 * use (see above). Node offers no call for it, so this turns on V8's `gc` function for a throwaway
 * context (unless the process already has it) and V8's compact-on-every-full-collection flag for the one
 * call. Returns false, having changed nothing, where the runtime refuses either or the heap is outside
 * those bounds.
 */
export function compactHeap({
  limit = COMPACT_HEAP_LIMIT,
  floor = COMPACT_HEAP_FLOOR,
}: { limit?: number; floor?: number } = {}): boolean {
  const used = getHeapStatistics().used_heap_size
  if (used > limit || used < floor) return false
  const gc = gcFunction()
  if (!gc) return false
  try {
    setFlagsFromString('--compact-on-every-full-gc')
    try {
      gc()
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc')
    }
    return true
  } catch {
    return false
  }
}

/** One full collection (not compacting), so what the heap holds is what is live. False where refused. */
export function collectGarbage(): boolean {
  const gc = gcFunction()
  if (!gc) return false
  gc()
  return true
}
