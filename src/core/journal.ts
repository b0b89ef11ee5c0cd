// A bounded request journal (a long run must not grow without end), oldest first.
//
// Entries are kept as the request left them (references to its URL, the key's header and the answer;
// the time and duration in typed columns) and shaped when read: every request writes one, few are ever
// read, and formatting the time and parsing the query on the way in would be a measurable part of a
// write's cost. What an entry holds lives through a thousand requests, so through the young generation's
// scavenges, which copy every object still alive: an entry is one object (its id is its place, the
// numbers are not boxed) pointing at what the request had made anyway. Secrets never leave it: query values and body fields named like keys, tokens or passwords
// (`personal_api_key` above all) read as REDACTED, and the key a request presented reads masked
// (`phx_...abcd`, as the real service shows keys). Answers are kept for the newest entries only
// (`bodiesKept`), so a long run of big answers holds a bounded number of them.
//
// What it keeps is bounded in bytes too (sizes estimated by `approximateJsonBytes`, below): a request body over
// `entryBytes` is kept as a note of its size (OmittedBody) and an answer over it not at all; when the
// bodies and answers kept pass `budgetBytes`, the oldest entries let go of theirs first (their request
// bodies become notes too). The entries themselves (method, path, status, ...) stay.
import { iso } from './datetime.ts'
import { findKey } from './auth.ts'
import type { MockResponse } from './http.ts'

/** Whether the answer was checked against the contract: passed, failed (it was answered 500), or not checked (no handler answered, a 5xx, validation off). */
export type JournalValidation = 'passed' | 'failed' | 'skipped'

export interface JournalEntry {
  id: number
  at: string
  method: string
  path: string
  query: Record<string, string | string[]>
  operation_id: string | null
  status: number
  request_body?: unknown
  duration_ms: number
  /** The key the request presented (header, body or query), masked; null when it presented none. */
  key: string | null
  validation: JournalValidation
  /** What the answer broke, when validation failed. */
  violation?: string
}

/** One entry with its answer, as `Journal.get` reads it. */
export interface JournalEntryDetail extends JournalEntry {
  response: {
    status: number
    headers: Record<string, string>
    /** The answer's JSON value (secrets redacted) or text; null when it had no body or it is no longer kept. */
    body: unknown
    /** False when the answer is no longer kept (only the newest are) or was written as it was made (a CSV export over a socket). */
    body_kept: boolean
  }
}

/** What `record` keeps (with the time and duration beside it): references to the request's URL, the key's header and the answer. */
export interface JournalRecord extends Omit<JournalEntry, 'id' | 'at' | 'path' | 'query' | 'key' | 'duration_ms'> {
  /** The request's URL, read only (a face may share one between requests). */
  url: URL
  /** The request's Authorization header, as sent. */
  authorization?: string
  /** The answer (dropped once `bodiesKept` newer entries follow). */
  response?: MockResponse
}

/** An entry as kept: the record, with its place in the ring giving its id, time and duration. */
interface Stored {
  record: JournalRecord
  id: number
  atMs: number
  durationMs: number
}

/** Which entries a page holds, newest or oldest first. */
export interface JournalQuery {
  /** Only this operation's; null: only requests no operation matched. */
  operationId?: string | null
  /** Only answers with this status: `404`, or a class such as `4xx`. */
  status?: string
  method?: string
  /** Only entries numbered above this one (a cursor: what came since). */
  after?: number
  /** Only entries numbered below this one (the next page of older ones). */
  before?: number
  /** At most this many: the newest (order desc) or the oldest (order asc) of those that match. */
  limit?: number
  order?: 'asc' | 'desc'
  /** Leave request bodies out (a list to show, with the bodies read one entry at a time). */
  bodies?: boolean
  /** Only entries this accepts, each read with its answer (a search: journal-query.ts); asked after the filters above. */
  match?: (entry: JournalEntryDetail) => boolean
}

export interface JournalPage {
  results: JournalEntry[]
  /** Entries matching the operation, status and method filters (and `match`), whatever the cursor and limit. */
  count: number
  /** The oldest and newest entry kept (null when none is). */
  first_id: number | null
  last_id: number | null
  dropped: number
}

/** How many of the newest entries keep their answer by default. */
const BODIES_KEPT = 100

/** Bytes of request bodies and answers the journal keeps by default (`journalBytes`). */
export const JOURNAL_BYTES = 64 * 1024 * 1024
/** A request body or answer over this many bytes is not kept by default (`journalEntryBytes`). */
export const JOURNAL_ENTRY_BYTES = 256 * 1024

/** What a request body not kept reads as in the journal: why, and about how many bytes its JSON was. */
export interface OmittedBody {
  _omitted: 'over_entry_limit' | 'over_journal_budget'
  bytes: number
}

/** Whether a journaled request body is the note of one not kept. */
export const isOmittedBody = (body: unknown): body is OmittedBody =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as OmittedBody)._omitted === 'string' &&
  typeof (body as OmittedBody).bytes === 'number'

/** What a secret reads as in the journal. */
export const REDACTED = '[redacted]'

/** Names of fields and parameters whose values are secrets: keys, tokens, passwords, credentials. */
const SECRET_NAME = /^(authorization|credentials?|apikey)$|(^|[_-])(api[_-]?key|key|token|secret|password|passwd)$/i

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name)
}

/** `text` with every occurrence of the `secrets` replaced by REDACTED. */
function redactText(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) if (out.includes(secret)) out = out.replaceAll(secret, REDACTED)
  return out
}

/**
 * A copy of `value` with the values of secret-named fields replaced by REDACTED, and the `secrets`
 * (keys the request presented) wherever they appear in a string, such as a link that carries one in its
 * query; the value itself when nothing is replaced.
 */
function redactSecrets(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return secrets.length ? redactText(value, secrets) : value
  if (typeof value !== 'object' || value === null || depth > 64) return value
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const item = redactSecrets(value[i], secrets, depth + 1)
      if (item !== value[i]) (out ??= [...value])[i] = item
    }
    return out ?? value
  }
  let out: Record<string, unknown> | undefined
  for (const [key, item] of Object.entries(value)) {
    const next =
      isSecretName(key) && item !== null && item !== undefined && item !== ''
        ? REDACTED
        : redactSecrets(item, secrets, depth + 1)
    if (next !== item) (out ??= { ...(value as Record<string, unknown>) })[key] = next
  }
  return out ?? value
}

/** A key as the real service shows one: its first and last four characters (a short one not at all). */
export function maskKey(value: string): string {
  return value.length >= 12 ? `${value.slice(0, 4)}...${value.slice(-4)}` : REDACTED
}

function shape({ record: e, id, atMs, durationMs }: Stored, bodies = true): JournalEntry {
  const query: Record<string, string> = {}
  const params = new URLSearchParams(e.url.search)
  for (const [name, value] of params) query[name] = isSecretName(name) && value !== '' ? REDACTED : value
  const presented = findKey({ authorization: e.authorization }, e.request_body, params)
  const entry: JournalEntry = {
    id,
    at: iso(atMs),
    method: e.method,
    path: e.url.pathname,
    query,
    operation_id: e.operation_id,
    status: e.status,
    request_body: bodies ? redactSecrets(e.request_body) : undefined,
    duration_ms: durationMs,
    key: presented ? maskKey(presented[0]) : null,
    validation: e.validation,
  }
  if (e.violation !== undefined) entry.violation = e.violation
  return entry
}

/** Shorter values are not looked for in answers (a `token=1` would mask every 1). */
const MIN_SECRET_LENGTH = 8

/** The secret values a request presented: its Authorization header's credentials, secret-named query parameters and top-level body fields. */
function presentedSecrets(e: JournalRecord, params: URLSearchParams): string[] {
  const found: string[] = []
  const credentials = e.authorization?.replace(/^\s*\S+\s+/, '').trim()
  if (credentials) found.push(credentials)
  for (const [name, value] of params) if (isSecretName(name)) found.push(value)
  const body = e.request_body
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body))
      if (isSecretName(name) && typeof value === 'string') found.push(value)
  }
  return found.filter((s) => s.length >= MIN_SECRET_LENGTH)
}

function answerOf(e: JournalRecord): JournalEntryDetail['response'] {
  const res = e.response
  if (!res) return { status: e.status, headers: {}, body: null, body_kept: false }
  const secrets = presentedSecrets(e, new URLSearchParams(e.url.search))
  const headers = res.json !== undefined ? { 'content-type': 'application/json', ...res.headers } : { ...res.headers }
  if (res.json !== undefined)
    return { status: e.status, headers, body: redactSecrets(res.json, secrets), body_kept: true }
  if (res.text !== undefined) return { status: e.status, headers, body: redactText(res.text, secrets), body_kept: true }
  // Pieces written as they were made are gone (and never read here: the face may still be reading them).
  if (res.pieces !== undefined) return { status: e.status, headers, body: null, body_kept: false }
  return { status: e.status, headers, body: null, body_kept: true }
}

function statusMatches(status: number, wanted: string): boolean {
  return /^\dxx$/i.test(wanted) ? Math.floor(status / 100) === Number(wanted[0]) : status === Number(wanted)
}

interface SizeOptions {
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

export class Journal {
  // A ring of `capacity` slots: the oldest entry at #start, #count of them (an array that took the
  // newest at its end and let the oldest go with shift() would move every entry at every request once
  // full). Entries are numbered in order
  // without gaps, so the oldest's id is #nextId - #count and each one's follows from its place.
  #ring: Array<JournalRecord | undefined> = []
  #atMs: Float64Array
  #durationMs: Float64Array
  #start = 0
  #count = 0
  #nextId = 1
  #dropped = 0
  /** Per slot: the estimated bytes of the request body and of the answer it keeps (0: none kept). */
  #bodyBytes: Float64Array
  #answerBytes: Float64Array
  /** Their sum over the entries kept. */
  #bytes = 0
  /** The id of the oldest entry that may still keep a body or an answer (those before it let go of theirs for the budget). */
  #unstripped = 1

  /**
   * `bodiesKept`: how many of the newest entries keep their answer (default BODIES_KEPT); `budgetBytes`:
   * the bytes of request bodies and answers kept (default JOURNAL_BYTES); `entryBytes`: the most one
   * body or answer may take to be kept (default JOURNAL_ENTRY_BYTES).
   */
  constructor(
    readonly capacity = 1000,
    readonly bodiesKept = BODIES_KEPT,
    readonly budgetBytes = JOURNAL_BYTES,
    readonly entryBytes = JOURNAL_ENTRY_BYTES,
  ) {
    const column = () => new Float64Array(Math.max(capacity, 0))
    this.#atMs = column()
    this.#durationMs = column()
    this.#bodyBytes = column()
    this.#answerBytes = column()
  }

  /** Bytes of request bodies and answers kept now (estimated). */
  get bytes(): number {
    return this.#bytes
  }

  /** The ring slot of the entry `i` places after the oldest (0: the oldest). */
  #slot(i: number): number {
    return (this.#start + i) % this.capacity
  }

  /** The entry `i` places after the oldest, with its id, time and duration. */
  #at(i: number): Stored {
    const slot = this.#slot(i)
    return {
      record: this.#ring[slot]!,
      id: this.#nextId - this.#count + i,
      atMs: this.#atMs[slot]!,
      durationMs: this.#durationMs[slot]!,
    }
  }

  /**
   * Keeps `entry` itself (not copied: pass a fresh object) with the time it was answered (epoch ms) and
   * how long it took.
   */
  record(entry: JournalRecord, atMs: number, durationMs: number): void {
    if (this.capacity <= 0) return
    this.#nextId++
    let slot: number
    if (this.#count < this.capacity) slot = this.#slot(this.#count++)
    else {
      // Full: the newest takes the oldest's slot.
      slot = this.#start
      this.#start = (this.#start + 1) % this.capacity
      this.#dropped++
      this.#bytes -= this.#bodyBytes[slot]! + this.#answerBytes[slot]!
    }
    this.#ring[slot] = entry
    this.#atMs[slot] = atMs
    this.#durationMs[slot] = durationMs
    this.#bodyBytes[slot] = this.#keepBody(entry)
    this.#answerBytes[slot] = this.#keepAnswer(entry)
    this.#bytes += this.#bodyBytes[slot]! + this.#answerBytes[slot]!
    // The entry that just left the newest `bodiesKept` lets go of its answer.
    if (this.#count > this.bodiesKept) this.#dropAnswer(this.#slot(this.#count - 1 - this.bodiesKept))
    if (this.#bytes > this.budgetBytes) this.#trim()
  }

  /** The bytes of the entry's request body, kept when within `entryBytes` (else a note of its size, 0 bytes counted). */
  #keepBody(entry: JournalRecord): number {
    if (entry.request_body === undefined) return 0
    const bytes = approximateJsonBytes(entry.request_body)
    if (bytes <= this.entryBytes) return bytes
    entry.request_body = { _omitted: 'over_entry_limit', bytes } satisfies OmittedBody
    return 0
  }

  /** The bytes of the entry's answer, kept when within `entryBytes` (else let go). */
  #keepAnswer(entry: JournalRecord): number {
    const res = entry.response
    if (res === undefined) return 0
    // (Sampled: answers are pages of like records, and walking a whole page is a large share of the core's time for it.)
    const bytes =
      res.json !== undefined
        ? approximateJsonBytes(res.json, { stopAbove: this.entryBytes, sampleItems: 8 })
        : (res.text?.length ?? 0)
    if (bytes <= this.entryBytes) return bytes
    entry.response = undefined
    return 0
  }

  #dropAnswer(slot: number): void {
    this.#ring[slot]!.response = undefined
    this.#bytes -= this.#answerBytes[slot]!
    this.#answerBytes[slot] = 0
  }

  /** Lets the oldest entries' bodies and answers go until what is kept is within the budget. */
  #trim(): void {
    const firstId = this.#nextId - this.#count
    let i = Math.max(this.#unstripped - firstId, 0)
    for (; i < this.#count && this.#bytes > this.budgetBytes; i++) {
      const slot = this.#slot(i)
      this.#dropAnswer(slot)
      const bytes = this.#bodyBytes[slot]!
      if (bytes > 0) {
        this.#ring[slot]!.request_body = { _omitted: 'over_journal_budget', bytes } satisfies OmittedBody
        this.#bytes -= bytes
        this.#bodyBytes[slot] = 0
      }
    }
    this.#unstripped = firstId + i
  }

  entries(filter?: { operationId?: string; method?: string }): JournalEntry[] {
    return this.page(filter).results
  }

  /** A page of entries: filtered, after or before a cursor, newest or oldest first. */
  page(query: JournalQuery = {}): JournalPage {
    const { operationId, status, method, after = -Infinity, before = Infinity, limit = Infinity, order = 'asc' } = query
    const picked: number[] = []
    let count = 0
    const desc = order === 'desc'
    const n = this.#count
    const firstId = this.#nextId - n
    for (let k = 0; k < n; k++) {
      const i = desc ? n - 1 - k : k
      const e = this.#ring[this.#slot(i)]!
      if (operationId !== undefined && e.operation_id !== operationId) continue
      if (status !== undefined && !statusMatches(e.status, status)) continue
      if (method !== undefined && e.method !== method) continue
      if (query.match && !query.match(this.#detail(i))) continue
      count++
      const id = firstId + i
      if (id > after && id < before && picked.length < limit) picked.push(i)
    }
    return {
      results: picked.map((i) => shape(this.#at(i), query.bodies !== false)),
      count,
      first_id: n > 0 ? firstId : null,
      last_id: n > 0 ? this.#nextId - 1 : null,
      dropped: this.#dropped,
    }
  }

  #detail(i: number): JournalEntryDetail {
    const e = this.#at(i)
    return { ...shape(e), response: answerOf(e.record) }
  }

  /** The place after the oldest of entry `id`, or undefined when it is not (or no longer) kept. */
  #index(id: number): number | undefined {
    const i = id - (this.#nextId - this.#count)
    return Number.isInteger(i) && i >= 0 && i < this.#count ? i : undefined
  }

  /** One entry with its answer (undefined when it is not, or no longer, kept). */
  get(id: number): JournalEntryDetail | undefined {
    const i = this.#index(id)
    return i === undefined ? undefined : this.#detail(i)
  }

  /** The newest entry, if any. */
  latest(): JournalEntry | undefined {
    return this.#count > 0 ? shape(this.#at(this.#count - 1)) : undefined
  }

  /** The request of entry `id` as it came, secrets and all: to send it again, never to show. */
  request(id: number): Readonly<JournalRecord> | undefined {
    const i = this.#index(id)
    return i === undefined ? undefined : this.#ring[this.#slot(i)]
  }

  /** The id of the newest entry made for a request with this very URL object (a request just answered), if still kept. */
  idOf(url: URL): number | undefined {
    for (let i = this.#count - 1; i >= 0; i--)
      if (this.#ring[this.#slot(i)]!.url === url) return this.#nextId - this.#count + i
    return undefined
  }

  get dropped(): number {
    return this.#dropped
  }

  clear(): void {
    this.#ring = []
    this.#start = 0
    this.#count = 0
    this.#dropped = 0
    this.#bytes = 0
    this.#bodyBytes.fill(0)
    this.#answerBytes.fill(0)
    this.#unstripped = this.#nextId
  }
}
