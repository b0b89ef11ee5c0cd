// A big generated dataset's session recordings, kept in columns (src/store/columns.ts) and read through
// small records whose fields are getters over them: as frozen objects, with their ids' text and boxed
// numbers, each would take several times the bytes it takes here (docs/performance.md). The id is
// kept as its four 32-bit words, the distinct id as its owner's position, the values recordings share
// (start URL, viewers, source) as positions in the lists they come from.
import type { SeededRandom } from '../core/random.ts'
import { Columns } from '../store/columns.ts'
import type { PersonRecord, RecordingRecord } from '../store/models.ts'
import { PATHS, START_URLS } from './vocabulary.ts'

const COUNTS = [
  'active_seconds',
  'inactive_seconds',
  'click_count',
  'keypress_count',
  'mouse_activity_count',
  'console_log_count',
  'console_warn_count',
  'console_error_count',
] as const
type Column =
  | 'w0'
  | 'w1'
  | 'w2'
  | 'w3'
  | 'start'
  | 'project'
  | 'owner'
  | 'url'
  | 'viewers'
  | 'web'
  | 'score'
  | (typeof COUNTS)[number]

export type DrawnRecording = Omit<
  RecordingRecord,
  'id' | 'distinct_id' | 'start_url' | 'viewers' | 'storage' | 'snapshot_source' | 'ongoing'
> & {
  id: string | readonly number[]
  /** The owner's position among the persons, times 2, plus which of its distinct ids. */
  owner: number
  /** PATHS' index, the viewer list's, and whether it came from the web (else mobile). */
  start_url: number
  viewers: number
  web: boolean
  /** In hundredths. */
  activity_score: number
}

/** A version 4 uuid's four 32-bit words, drawn into `words` (the version and variant bits set). */
export function recordingId(rng: SeededRandom, words: number[]): readonly number[] {
  for (let w = 0; w < 4; w++) words[w] = Math.floor(rng.next() * 4294967296)
  words[1] = ((words[1]! & 0xffff0fff) | 0x4000) >>> 0
  words[2] = ((words[2]! & 0x3fffffff) | 0x80000000) >>> 0
  return words
}

const HEX = Array.from('0123456789abcdef', (c) => c.charCodeAt(0))
/** A uuid's text as char codes, written over for each id made (then made a flat string at once). */
const CODES: number[] = new Array(36).fill(0x2d)

export class RecordingColumns extends Columns<Column> {
  constructor(
    capacity: number,
    readonly persons: readonly PersonRecord[],
    readonly viewerLists: ReadonlyArray<readonly string[]>,
  ) {
    super(capacity, {
      ...(Object.fromEntries(COUNTS.map((k) => [k, 2])) as Record<(typeof COUNTS)[number], 2>),
      w0: 4,
      w1: 4,
      w2: 4,
      w3: 4,
      start: 8,
      project: 1,
      owner: 4,
      url: 1,
      viewers: 1,
      web: 1,
      score: 2,
    })
  }

  /** Appends a recording; answers its record. */
  record(r: DrawnRecording): RecordingRecord {
    const i = this.add()
    const of = this.of
    // Each column named (a write to `of[k]` with k varying is one the engine cannot specialize).
    const [w0, w1, w2, w3] = r.id as readonly number[]
    of.w0[i] = w0!
    of.w1[i] = w1!
    of.w2[i] = w2!
    of.w3[i] = w3!
    this.set('active_seconds', i, r.active_seconds)
    this.set('inactive_seconds', i, r.inactive_seconds)
    this.set('click_count', i, r.click_count)
    this.set('keypress_count', i, r.keypress_count)
    this.set('mouse_activity_count', i, r.mouse_activity_count)
    this.set('console_log_count', i, r.console_log_count)
    this.set('console_warn_count', i, r.console_warn_count)
    this.set('console_error_count', i, r.console_error_count)
    of.start[i] = r.start_time
    this.set('project', i, r.project_id)
    of.owner[i] = r.owner
    of.url[i] = r.start_url
    of.viewers[i] = r.viewers
    of.web[i] = r.web ? 1 : 0
    of.score[i] = r.activity_score
    return Object.freeze(new ColumnRecording(this, i))
  }
}

/**
 * One recording of a RecordingColumns: immutable like every record (getters only; frozen). Its fields are
 * not own properties, so it is written as JSON (a state file, a snapshot) through `toJSON`, the plain record.
 */
class ColumnRecording implements RecordingRecord {
  readonly #c: RecordingColumns
  readonly #i: number

  constructor(columns: RecordingColumns, row: number) {
    this.#c = columns
    this.#i = row
  }

  // Each getter names its column (a read of `of[k]` with k varying is one the engine cannot specialize).
  #n(column: RecordingColumns['of'][Column]): number {
    return column[this.#i]!
  }

  get id(): string {
    const { of } = this.#c
    let at = 0
    for (const column of [of.w0, of.w1, of.w2, of.w3]) {
      const word = this.#n(column)
      for (let shift = 28; shift >= 0; shift -= 4) {
        if (at === 8 || at === 13 || at === 18 || at === 23) at++ // (a dash)
        CODES[at++] = HEX[(word >>> shift) & 15]!
      }
    }
    return String.fromCharCode.apply(null, CODES)
  }
  get project_id(): number {
    return this.#n(this.#c.of.project)
  }
  get distinct_id(): string {
    const owner = this.#n(this.#c.of.owner)
    return this.#c.persons[owner >>> 1]!.distinct_ids[owner & 1]!
  }
  get start_time(): number {
    return this.#n(this.#c.of.start)
  }
  get active_seconds(): number {
    return this.#n(this.#c.of.active_seconds)
  }
  get inactive_seconds(): number {
    return this.#n(this.#c.of.inactive_seconds)
  }
  get click_count(): number {
    return this.#n(this.#c.of.click_count)
  }
  get keypress_count(): number {
    return this.#n(this.#c.of.keypress_count)
  }
  get mouse_activity_count(): number {
    return this.#n(this.#c.of.mouse_activity_count)
  }
  get console_log_count(): number {
    return this.#n(this.#c.of.console_log_count)
  }
  get console_warn_count(): number {
    return this.#n(this.#c.of.console_warn_count)
  }
  get console_error_count(): number {
    return this.#n(this.#c.of.console_error_count)
  }
  get start_url(): string {
    return START_URLS[PATHS[this.#n(this.#c.of.url)]!]!
  }
  get viewers(): readonly string[] {
    return this.#c.viewerLists[this.#n(this.#c.of.viewers)]!
  }
  get storage(): string {
    return 'object_storage'
  }
  get snapshot_source(): string {
    return this.#n(this.#c.of.web) ? 'web' : 'mobile'
  }
  get activity_score(): number {
    return this.#n(this.#c.of.score) / 100
  }
  get ongoing(): null {
    return null
  }

  toJSON(): RecordingRecord {
    const { id, project_id, distinct_id, start_time, start_url, viewers, storage, snapshot_source } = this
    const counts = Object.fromEntries(COUNTS.map((k) => [k, this[k]])) as Record<(typeof COUNTS)[number], number>
    return {
      id,
      project_id,
      distinct_id,
      start_time,
      ...counts,
      start_url,
      viewers,
      storage,
      snapshot_source,
      activity_score: this.activity_score,
      ongoing: null,
    }
  }
}
