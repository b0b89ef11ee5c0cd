// Searching the journal: entries whose path (with its query) or whose request or answer body holds a
// piece of text. What is searched is what the journal shows (secrets already read [redacted]), so a
// search never tells whether a key matched; letters are compared without regard to case, as a
// browser's network panel filters.
import type { JournalEntryDetail } from './journal.ts'

export interface JournalSearch {
  /** Text in the path or its query (`persons/1`, `search=ada`). */
  path?: string
  /** Text in the request's body or the answer's (kept for the newest entries only). */
  text?: string
}

/** The path as the journal shows it: with its query, its secrets redacted. */
function shownTarget(entry: Pick<JournalEntryDetail, 'path' | 'query'>): string {
  const query = new URLSearchParams(entry.query as Record<string, string>).toString()
  return query ? `${entry.path}?${query}` : entry.path
}

/** The same, its query values as they were meant (`search=ada lovelace`, not `search=ada+lovelace`). */
function plainTarget(entry: Pick<JournalEntryDetail, 'path' | 'query'>): string {
  const pairs = Object.entries(entry.query).map(([name, value]) => `${name}=${String(value)}`)
  return pairs.length ? `${entry.path}?${pairs.join('&')}` : entry.path
}

/** A body as the text a search reads: JSON compact, text as it is. */
export function bodyText(body: unknown): string {
  if (body === undefined || body === null) return ''
  return typeof body === 'string' ? body : JSON.stringify(body)
}

function has(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle)
}

/** The test an entry must pass for `search`; undefined when it asks for nothing. */
export function journalMatch(search: JournalSearch): ((entry: JournalEntryDetail) => boolean) | undefined {
  const path = search.path?.toLowerCase()
  const text = search.text?.toLowerCase()
  if (!path && !text) return undefined
  return (entry) => {
    if (path && !has(shownTarget(entry), path) && !has(plainTarget(entry), path)) return false
    if (text && !has(bodyText(entry.request_body), text) && !has(bodyText(entry.response.body), text)) return false
    return true
  }
}
