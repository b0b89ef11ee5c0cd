// The JSON writer: answers' text, a heavy one in pieces (so writing it can be sliced and other requests
// answered between the slices), the journal's estimate of a value's size, and deep freezing.

/** JSON.stringify(value), `null` for what it leaves out. */
export function toJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null'
}

/**
 * How much writing a value costs, roughly (an entry 1, a string 1 per 64 characters): a value weighing
 * this much or more is written in pieces (`jsonChunks`), lighter ones whole.
 */
const PIECE_WEIGHT = 4096
/** Below this depth values are written whole, whatever they weigh. */
const MAX_PIECE_DEPTH = 32

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** The weight of `value`, counted up to `limit` (the count stops there: weighing a big value stays cheap). */
function weigh(value: unknown, limit: number): number {
  if (typeof value === 'string') return 1 + (value.length >> 6)
  if (typeof value !== 'object' || value === null) return 1
  let weight = 1
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && weight < limit; i++) weight += weigh(value[i], limit - weight)
    return weight
  }
  if (!isPlainObject(value) || typeof value.toJSON === 'function') return weight
  for (const key in value) {
    weight += 1 + weigh(value[key], limit - weight)
    if (weight >= limit) break
  }
  return weight
}

/** Whether `value` is costly enough to write that it is written in pieces (`jsonChunks`). */
export const isHeavy = (value: unknown): boolean => weigh(value, PIECE_WEIGHT) >= PIECE_WEIGHT

/**
 * The text of `toJson(value)` in pieces: a heavy value (a page of thousands of records, an answer
 * holding large objects, a snapshot of the store) is written member by member, recursively, each piece
 * a bounded amount of work, so a caller can hand the pieces on a few at a time and let other work run
 * in between. A light value comes as one piece. Joined, the pieces are byte for byte JSON.stringify's text.
 */
export function* jsonChunks(value: unknown, depth = 0): Generator<string, void, undefined> {
  const whole =
    depth >= MAX_PIECE_DEPTH ||
    typeof value !== 'object' ||
    value === null ||
    (!Array.isArray(value) && (!isPlainObject(value) || typeof value.toJSON === 'function')) ||
    !isHeavy(value)
  if (whole) {
    yield toJson(value)
    return
  }
  if (Array.isArray(value)) {
    yield '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ','
      const item = value[i]
      // As JSON.stringify writes an array's undefined, functions and symbols.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null'
      else yield* jsonChunks(item, depth + 1)
    }
    yield ']'
    return
  }
  yield '{'
  let first = true
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key]
    // Left out, as JSON.stringify leaves them out of an object.
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue
    yield (first ? '' : ',') + JSON.stringify(key) + ':'
    yield* jsonChunks(member, depth + 1)
    first = false
  }
  yield '}'
}

export interface SizeOptions {
  /** Once the count passes this, the walk stops and returns it (more than `stopAbove`). */
  stopAbove?: number
  /** Arrays longer than this are measured by this many of their items, evenly spaced, scaled to their length. */
  sampleItems?: number
}

/**
 * About how many bytes a value's JSON text takes, counted by walking it (no text is made): strings by
 * their length, numbers by their digits, plus quotes, commas, colons and brackets. The journal keeps
 * what it holds within a byte budget with it, where an estimate is enough.
 */
export function approximateJsonBytes(value: unknown, options: SizeOptions = {}): number {
  const stopAbove = options.stopAbove ?? Infinity
  const sampleItems = options.sampleItems ?? Infinity
  let total = 0
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string') total += v.length + 2
    else if (typeof v === 'number') total += String(v).length
    else if (typeof v === 'boolean') total += 5
    else if (v === null || v === undefined || depth > 512) total += 4
    else if (Array.isArray(v)) {
      total += 1 + v.length
      const step = v.length > sampleItems ? v.length / sampleItems : 1
      const before = total
      for (let k = 0; k * step < v.length && total <= stopAbove; k++) walk(v[Math.floor(k * step)], depth + 1)
      if (step > 1) total = before + Math.round((total - before) * step)
    } else if (typeof v === 'object') {
      total += 1
      for (const key in v) {
        total += key.length + 4
        walk((v as Record<string, unknown>)[key], depth + 1)
        if (total > stopAbove) return
      }
    }
  }
  walk(value, 0)
  return total
}

/** Freezes `value` and everything in it (stops at what is frozen already); answers `value`. */
export function freezeDeep<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  for (const child of Object.values(value)) freezeDeep(child)
  return Object.freeze(value)
}
