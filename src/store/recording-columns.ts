// Session recordings of a big generated dataset, kept in columns: typed arrays for the numbers, the id
// as its four 32-bit words, small tables for the values recordings repeat (project, start URL, viewers,
// snapshot source). Each recording is read through a small record object (ColumnRecording) whose
// fields are getters over the columns. At a million persons (2 million recordings) plain frozen objects
// took ~290 bytes each with their id text and boxed numbers, and making them was a fifth of the start-up
// (most of it copying them out of the young generation); here a recording takes ~95 bytes.
import { columnMemory } from './column-memory.ts'
import { finish, start, step } from './hash-index.ts'
import type { RecordingRecord } from './models.ts'

const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0))
const uuidCodes: number[] = new Array(36)

/** The codes of the version 4 uuid made of four 32-bit words (the version and variant digits set), in `uuidCodes`. */
function uuidCodesFromWords(w0: number, w1: number, w2: number, w3: number): number[] {
  const codes = uuidCodes
  let k = 0
  for (let w = 0; w < 4; w++) {
    const word = w === 0 ? w0 : w === 1 ? w1 : w === 2 ? w2 : w3
    for (let shift = 28; shift >= 0; shift -= 4) {
      if (k === 8 || k === 13 || k === 18 || k === 23) codes[k++] = 0x2d // -
      codes[k++] = HEX_CODES[(word >>> shift) & 15]!
    }
  }
  codes[14] = 0x34 // version 4
  codes[19] = HEX_CODES[8 + (codes[19]! & 3)]! // variant 10xx
  return codes
}

/** A version 4 uuid made of four 32-bit words (the version and variant digits set), as one flat string. */
export function uuidFromWords(w0: number, w1: number, w2: number, w3: number): string {
  return String.fromCharCode.apply(null, uuidCodesFromWords(w0, w1, w2, w3))
}

/** Two hex digits' codes as hash-index.ts's step takes them (the first in the low 16 bits), by the byte they show. */
const HEX_PAIRS = Int32Array.from({ length: 256 }, (_, b) => HEX_CODES[b >>> 4]! | (HEX_CODES[b & 15]! << 16))

const DASH = 0x2d

/**
 * `hashKey(uuidFromWords(w0, w1, w2, w3), salt)`, without making the uuid's text or its codes (the codes
 * written and read again were most of the time, where a generator hashes two million uuids): the text's
 * 18 pairs of codes, from the words' bytes, dashes, and the version and variant digits.
 */
export function uuidHashFromWords(w0: number, w1: number, w2: number, w3: number, salt = 0): number {
  let h = start(salt)
  h = step(h, HEX_PAIRS[w0 >>> 24]!)
  h = step(h, HEX_PAIRS[(w0 >>> 16) & 0xff]!)
  h = step(h, HEX_PAIRS[(w0 >>> 8) & 0xff]!)
  h = step(h, HEX_PAIRS[w0 & 0xff]!)
  h = step(h, DASH | (HEX_CODES[w1 >>> 28]! << 16))
  h = step(h, HEX_PAIRS[(w1 >>> 20) & 0xff]!)
  h = step(h, HEX_CODES[(w1 >>> 16) & 15]! | (DASH << 16))
  // The version digit, then the last three of w1 (its fifth digit is the version's place).
  h = step(h, 0x34 | (HEX_CODES[(w1 >>> 8) & 15]! << 16))
  h = step(h, HEX_PAIRS[w1 & 0xff]!)
  // The variant digit (as uuidCodesFromWords makes it, from its digit's code), then the rest of w2.
  h = step(h, DASH | (HEX_CODES[8 + (HEX_CODES[w2 >>> 28]! & 3)]! << 16))
  h = step(h, HEX_PAIRS[(w2 >>> 20) & 0xff]!)
  h = step(h, HEX_CODES[(w2 >>> 16) & 15]! | (DASH << 16))
  h = step(h, HEX_PAIRS[(w2 >>> 8) & 0xff]!)
  h = step(h, HEX_PAIRS[w2 & 0xff]!)
  h = step(h, HEX_PAIRS[w3 >>> 24]!)
  h = step(h, HEX_PAIRS[(w3 >>> 16) & 0xff]!)
  h = step(h, HEX_PAIRS[(w3 >>> 8) & 0xff]!)
  return finish(step(h, HEX_PAIRS[w3 & 0xff]!))
}

/** A value's position in a small table of the values a column repeats (a few: found by a scan). */
class SmallTable<T> {
  constructor(
    readonly max: number,
    readonly values: T[] = [],
  ) {}

  ref(value: T): number {
    const values = this.values
    for (let i = 0; i < values.length; i++) if (values[i] === value) return i
    if (values.length >= this.max) throw new RangeError(`more than ${this.max} different values in a recording column`)
    return values.push(value) - 1
  }
}

export interface RecordingValues {
  projectId: number
  /** The id's four words (uuidFromWords). */
  idWords: readonly [number, number, number, number]
  distinctId: string
  startTime: number
  activeSeconds: number
  inactiveSeconds: number
  clickCount: number
  keypressCount: number
  mouseActivityCount: number
  consoleLogCount: number
  consoleWarnCount: number
  consoleErrorCount: number
  startUrl: string | null
  viewers: readonly string[]
  snapshotSource: string
  activityScore: number
}

/** Whether every count is a 16-bit unsigned integer once stored (as an Int32Array would store it, truncated). */
const fitsUint16 = (v: RecordingValues): boolean =>
  ((v.activeSeconds |
    v.inactiveSeconds |
    v.clickCount |
    v.keypressCount |
    v.mouseActivityCount |
    v.consoleLogCount |
    v.consoleWarnCount |
    v.consoleErrorCount) &
    ~0xffff) ===
  0

/**
 * The numbers of a RecordingColumns and the values of its small tables: what a generator on another
 * thread hands the thread that keeps the recordings (RecordingColumns.fromParts), the distinct ids apart.
 */
export interface RecordingParts {
  length: number
  idWords: Uint32Array
  startTimes: Float64Array
  activityScores: Float64Array
  counts: Uint16Array | Int32Array
  refs: Uint8Array
  projects: number[]
  startUrls: Array<string | null>
  viewerLists: Array<readonly string[]>
  snapshotSources: string[]
}

/**
 * Where the distinct ids of columns made of a generator's parts are: `refs[i]` names recording `i`'s
 * owner, person `refs[i] >>> 1`, whose distinct ids are `ids[starts[p]]` to `ids[starts[p + 1] - 1]`, and
 * which of them, its first (an even ref) or its last (odd). Written into the columns one by one, each id
 * was a cache miss to read and another for the store's write barrier to look at the string: ~5% of
 * `serve --persons 1000000`'s start-up.
 */
export interface RecordingOwners {
  refs: Uint32Array
  ids: readonly string[]
  starts: Uint32Array
}

export class RecordingColumns {
  #length = 0
  readonly idWords: Uint32Array
  /** The distinct ids, unless they are read through `#owners`. */
  readonly #distinctIds: string[] | undefined
  readonly #owners: RecordingOwners | undefined
  readonly startTimes: Float64Array
  readonly activityScores: Float64Array
  /**
   * active, inactive, clicks, keypresses, mouse activity, console logs, warnings, errors: eight a
   * recording, 16-bit (what generated recordings need) until a bigger count is written.
   */
  counts: Uint16Array | Int32Array
  readonly projects: SmallTable<number>
  readonly startUrls: SmallTable<string | null>
  readonly viewerLists: SmallTable<readonly string[]>
  readonly snapshotSources: SmallTable<string>
  /** project, start URL, viewers, snapshot source: four a recording. */
  readonly refs: Uint8Array

  /** Empty columns for `capacity` recordings; or, given `parts` and their owners, columns holding them (capacity their length). */
  constructor(
    readonly capacity: number,
    parts?: RecordingParts,
    owners?: RecordingOwners,
  ) {
    // (Empty columns are written by the dataset's plan, maybe on a thread of its own: in column memory.)
    this.idWords = parts?.idWords ?? new Uint32Array(columnMemory(capacity * 16))
    this.#owners = owners
    this.#distinctIds = owners ? undefined : new Array(capacity)
    this.startTimes = parts?.startTimes ?? new Float64Array(columnMemory(capacity * 8))
    this.activityScores = parts?.activityScores ?? new Float64Array(columnMemory(capacity * 8))
    this.counts = parts?.counts ?? new Uint16Array(columnMemory(capacity * 16))
    this.refs = parts?.refs ?? new Uint8Array(columnMemory(capacity * 4))
    this.projects = new SmallTable(0xff, parts?.projects)
    this.startUrls = new SmallTable(0xff, parts?.startUrls)
    this.viewerLists = new SmallTable(0xff, parts?.viewerLists)
    this.snapshotSources = new SmallTable(0xff, parts?.snapshotSources)
    this.#length = parts?.length ?? 0
  }

  /** Columns holding the recordings of `parts` (written by another RecordingColumns, see `parts`), their distinct ids those `owners` name. */
  static fromParts(parts: RecordingParts, owners: RecordingOwners): RecordingColumns {
    const n = parts.length
    if (
      parts.idWords.length < n * 4 ||
      parts.startTimes.length < n ||
      parts.activityScores.length < n ||
      parts.counts.length < n * 8 ||
      parts.refs.length < n * 4 ||
      owners.refs.length < n
    ) {
      throw new RangeError(`recording columns shorter than their ${n} recordings`)
    }
    return new RecordingColumns(n, parts, owners)
  }

  /** The columns' numbers and small tables (the arrays themselves, not copies): what `fromParts` takes. */
  parts(): RecordingParts {
    return {
      length: this.#length,
      idWords: this.idWords,
      startTimes: this.startTimes,
      activityScores: this.activityScores,
      counts: this.counts,
      refs: this.refs,
      projects: this.projects.values,
      startUrls: this.startUrls.values,
      viewerLists: this.viewerLists.values,
      snapshotSources: this.snapshotSources.values,
    }
  }

  get length(): number {
    return this.#length
  }

  /** Appends a recording; answers its record. */
  write(v: RecordingValues): RecordingRecord {
    return this.recordAt(this.append(v))
  }

  /** Appends a recording; answers its position (`recordAt`). */
  append(v: RecordingValues): number {
    const i = this.#length
    if (i >= this.capacity) throw new RangeError(`more than ${this.capacity} recordings`)
    this.#length++
    const w = v.idWords
    const idWords = this.idWords
    idWords[i * 4] = w[0]
    idWords[i * 4 + 1] = w[1]
    idWords[i * 4 + 2] = w[2]
    idWords[i * 4 + 3] = w[3]
    if (this.#distinctIds) this.#distinctIds[i] = v.distinctId
    else throw new Error('columns made of parts take no more recordings')
    this.startTimes[i] = v.startTime
    this.activityScores[i] = v.activityScore
    const c = i * 8
    if (this.counts instanceof Uint16Array && !fitsUint16(v)) this.counts = Int32Array.from(this.counts)
    const counts = this.counts
    counts[c] = v.activeSeconds
    counts[c + 1] = v.inactiveSeconds
    counts[c + 2] = v.clickCount
    counts[c + 3] = v.keypressCount
    counts[c + 4] = v.mouseActivityCount
    counts[c + 5] = v.consoleLogCount
    counts[c + 6] = v.consoleWarnCount
    counts[c + 7] = v.consoleErrorCount
    const r = i * 4
    this.refs[r] = this.projects.ref(v.projectId)
    this.refs[r + 1] = this.startUrls.ref(v.startUrl)
    this.refs[r + 2] = this.viewerLists.ref(v.viewers)
    this.refs[r + 3] = this.snapshotSources.ref(v.snapshotSource)
    return i
  }

  /** The record of the recording at `i` (a new one each call). */
  recordAt(i: number): RecordingRecord {
    if (!(i >= 0 && i < this.#length)) throw new RangeError(`no recording ${i}`)
    return Object.freeze(new ColumnRecording(this, i))
  }

  /** The distinct id of the recording at `i`. */
  distinctIdAt(i: number): string {
    const owners = this.#owners
    if (!owners) return this.#distinctIds![i]!
    const ref = owners.refs[i]!
    const person = ref >>> 1
    return owners.ids[ref & 1 ? owners.starts[person + 1]! - 1 : owners.starts[person]!]!
  }
}

/**
 * One recording of a RecordingColumns: immutable like every record (no setters; frozen), read field by
 * field. Its fields are not own properties, so it is written as JSON (the state file, a snapshot) through
 * `toJSON`, which gives the plain record, keys in the order the generator's records had.
 */
class ColumnRecording implements RecordingRecord {
  readonly #c: RecordingColumns
  readonly #i: number

  constructor(columns: RecordingColumns, index: number) {
    this.#c = columns
    this.#i = index
  }

  /** The recording's `k`th count (RecordingColumns.counts). */
  #count(k: number): number {
    return this.#c.counts[this.#i * 8 + k]!
  }

  /** The recording's `k`th small-table ref (RecordingColumns.refs). */
  #ref(k: number): number {
    return this.#c.refs[this.#i * 4 + k]!
  }

  get id(): string {
    const w = this.#c.idWords
    const k = this.#i * 4
    return uuidFromWords(w[k]!, w[k + 1]!, w[k + 2]!, w[k + 3]!)
  }
  get project_id(): number {
    return this.#c.projects.values[this.#ref(0)]!
  }
  get distinct_id(): string {
    return this.#c.distinctIdAt(this.#i)
  }
  get start_time(): number {
    return this.#c.startTimes[this.#i]!
  }
  get active_seconds(): number {
    return this.#count(0)
  }
  get inactive_seconds(): number {
    return this.#count(1)
  }
  get click_count(): number {
    return this.#count(2)
  }
  get keypress_count(): number {
    return this.#count(3)
  }
  get mouse_activity_count(): number {
    return this.#count(4)
  }
  get console_log_count(): number {
    return this.#count(5)
  }
  get console_warn_count(): number {
    return this.#count(6)
  }
  get console_error_count(): number {
    return this.#count(7)
  }
  get start_url(): string | null {
    return this.#c.startUrls.values[this.#ref(1)]!
  }
  get viewers(): readonly string[] {
    return this.#c.viewerLists.values[this.#ref(2)]!
  }
  get storage(): string {
    return 'object_storage'
  }
  get snapshot_source(): string {
    return this.#c.snapshotSources.values[this.#ref(3)]!
  }
  get activity_score(): number {
    return this.#c.activityScores[this.#i]!
  }
  get ongoing(): null {
    return null
  }

  toJSON(): RecordingRecord {
    return {
      id: this.id,
      project_id: this.project_id,
      distinct_id: this.distinct_id,
      start_time: this.start_time,
      active_seconds: this.active_seconds,
      inactive_seconds: this.inactive_seconds,
      click_count: this.click_count,
      keypress_count: this.keypress_count,
      mouse_activity_count: this.mouse_activity_count,
      console_log_count: this.console_log_count,
      console_warn_count: this.console_warn_count,
      console_error_count: this.console_error_count,
      start_url: this.start_url,
      viewers: this.viewers,
      storage: this.storage,
      snapshot_source: this.snapshot_source,
      activity_score: this.activity_score,
      ongoing: this.ongoing,
    }
  }
}
