// Long text in slices. Writing a big answer (a properties timeline of tens of MB) or a snapshot of the
// whole store in one synchronous go held every other request back for as long as it took (0.1-4 s).
// Here the text's pieces (core/json.ts `jsonChunks`) are joined into batches, and the event loop gets
// its turn whenever a slice of time has passed, so a cheap request waits at most about one slice.
import { setImmediate as nextTurn } from 'node:timers/promises'

/** Longest stretch spent joining pieces before other work gets its turn. */
export const SLICE_MS = 8
/** Batches are handed on at about this many characters. */
const BATCH_CHARS = 64 * 1024

export interface SliceOptions {
  sliceMs?: number
  batchChars?: number
}

/**
 * Joins `pieces` into batches and hands each to `sink` (awaited: a file write, or a socket's drain),
 * yielding to the event loop whenever `sliceMs` have passed. Returns the number of characters handed on.
 */
export async function pumpSliced(
  pieces: Iterable<string>,
  sink: (batch: string) => void | Promise<void>,
  options: SliceOptions = {},
): Promise<number> {
  const sliceMs = options.sliceMs ?? SLICE_MS
  const batchChars = options.batchChars ?? BATCH_CHARS
  let sliceStart = performance.now()
  let batch = ''
  let total = 0
  for (const piece of pieces) {
    batch += piece
    if (batch.length >= batchChars) {
      total += batch.length
      await sink(batch)
      batch = ''
    }
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn()
      sliceStart = performance.now()
    }
  }
  if (batch.length > 0) {
    total += batch.length
    await sink(batch)
  }
  return total
}

/**
 * The whole text of `pieces` as UTF-8 buffers, made in slices (a small text comes back as one buffer,
 * made at once). Each batch becomes a buffer at once: held as strings (trees of small pieces until
 * flattened) a big answer kept the young generation full of survivors, and its collections took
 * 30-80 ms. Null as soon as the bytes pass `maxBytes`: the rest is not made.
 */
export async function collectSliced(
  pieces: Iterable<string>,
  maxBytes: number,
  options: SliceOptions = {},
): Promise<Buffer[] | null> {
  const buffers: Buffer[] = []
  let total = 0
  const tooLong = Symbol('too long')
  try {
    await pumpSliced(
      pieces,
      (batch) => {
        const bytes = Buffer.from(batch, 'utf8')
        total += bytes.length
        if (total > maxBytes) throw tooLong
        buffers.push(bytes)
      },
      options,
    )
  } catch (error) {
    if (error === tooLong) return null
    throw error
  }
  return buffers
}
