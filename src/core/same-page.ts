// A list page's items kept as one array while the page shows the same items: its JSON text is then
// written once and spliced into every answer of that page (core/json.ts), where assembling it joined
// the texts of all its items on every request (~25% of a 100-person page in-process). Exact by
// construction: the items are immutable rendered values (serializeOnce), compared by identity, so the
// same items in the same order are the same text, whatever the key; a key only says which array to
// compare with. Bounded.
//
// The page's body (its envelope: count and links around that array) is kept the same way, so its text
// too is written once: put together again around the items' text, a 100-person page's 47 kB were joined
// and then flattened again for the socket on every request.
import { BoundedCache } from './bounded-cache.ts'
import { serializeOnce } from './json.ts'

/** Pages kept (each an array of references; its text is ~50 kB for 100 persons). */
const PAGES = 64
/**
 * Longer pages stay fresh arrays: a marked value is written whole, and a page of thousands of records
 * must be written piece by piece (core/json.ts `jsonChunks`) so it does not hold other requests.
 */
export const MAX_KEPT_ITEMS = 200

const last = new BoundedCache<string, readonly unknown[]>(PAGES)

/**
 * `items` (each marked with serializeOnce) as a marked array: the one returned for `key` before when it
 * held the same items in the same order, else `items` itself, marked and kept for the next request.
 * More than MAX_KEPT_ITEMS: `items` as they are.
 */
export function samePage<T>(key: string, items: T[]): T[] {
  if (items.length > MAX_KEPT_ITEMS) return items
  const previous = last.get(key)
  if (previous !== undefined && previous.length === items.length) {
    let same = true
    for (let i = 0; i < items.length && same; i++) same = previous[i] === items[i]
    if (same) return previous as T[]
  }
  const page = serializeOnce(items)
  last.set(key, page)
  return page
}

const bodies = new BoundedCache<string, object>(PAGES)

/**
 * A page's `body` (a plain object of primitives and its kept `samePage` results) as a marked value:
 * the one returned for `key` before when it has the same members in the same order, each the same
 * (`===`: the results array is the kept one while the items are the same), else `body` itself, marked
 * and kept for the next request.
 */
export function sameBody<T extends object>(key: string, body: T): T {
  const previous = bodies.get(key)
  if (previous !== undefined && sameMembers(previous, body)) return previous as T
  const kept = serializeOnce(body)
  bodies.set(key, kept)
  return kept
}

function sameMembers(a: object, b: object): boolean {
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i]!
    if (key !== keysB[i] || (a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return false
  }
  return true
}
