// `serve --state FILE`: a 2xx is a promise. Every change a request makes is appended to a write-ahead
// log and flushed to disk before the request's answer leaves (group commit across concurrent requests,
// two writes in flight at once, acknowledged in order: wal.ts). A restart loads the last snapshot
// (FILE, state-file.ts) and replays the log records after it. Compaction writes a new snapshot in the
// background once the log has grown past a size (and on a clean shutdown), then drops the log segments
// the snapshot holds; no request ever waits for a whole rewrite. At start, what an interrupted
// compaction left behind is removed, a torn last record (a process killed mid-write; with whatever later
// writes left after it, never acknowledged) is dropped with a warning, and anything else unusable stops
// the start with a message, leaving the files as they are.
//
// What is logged are the requests that changed state (core/app-base.ts `onChange`: the request as the
// pipeline read it, the instant it ran at), and scheduled work that fell due before a request; a
// replay runs them again through the same pipeline, with the same clock reading and the seeded
// generator where the snapshot left it, so it arrives at exactly the acknowledged state.
import { readdir, readFile, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { AppliedChange, App } from '../app.ts'
import type { RecordedRequest } from '../core/pipeline.ts'
import { loadStateFile, StateFileError, syncDirectory, writeStateFile, type StateOrigin } from './state-file.ts'
import { HEADER_BYTES, LogFormatError, LogWriter, readSegment } from './wal.ts'

export interface DurableStateOptions {
  /**
   * Compact once the log holds this many bytes. Default: 16 MiB or the last snapshot's size, whichever
   * is more (so writing snapshots takes at most about half of the disk traffic).
   */
  compactAfterBytes?: number
  /** The largest state file written or read (default MAX_STATE_FILE_BYTES: see state-file.ts). */
  maxFileBytes?: number
  /** Where warnings go (default console.warn). */
  warn?: (message: string) => void
}

interface LogRecord {
  seq: number
  at: number
  req: RecordedRequest | null
}

interface Segment {
  path: string
  /** Sequence number of its first record. */
  first: number
}

const SEGMENT = /\.wal-(\d{16})$/

export class DurableState {
  #seq = 0
  /** The log position the snapshot on disk holds. */
  #snapshotSeq = 0
  #snapshotBytes = 0
  #writer!: LogWriter
  /** Segments on disk, oldest first; the last one is being appended to. */
  #segments: Segment[] = []
  #compacting: Promise<void> | undefined
  #unsubscribe: () => void = () => {}
  #closed = false
  /** Bytes appended to older segments since the snapshot (the current segment counts its own). */
  #olderLogBytes = 0
  readonly warn: (message: string) => void
  /** Figures, for the probe and the tests. */
  readonly stats = { replayed: 0, diverged: 0, tornBytes: 0, compactions: 0, compactionsFailed: 0, leftoversRemoved: 0 }
  /** The log's size when a compaction last failed: the next is tried once the log has grown by a threshold more. */
  #failedAtLogBytes = -Infinity

  private constructor(
    readonly app: App,
    readonly path: string,
    readonly origin: StateOrigin,
    readonly options: DurableStateOptions,
  ) {
    this.warn = options.warn ?? ((message) => console.warn(`[analytics-mock] ${message}`))
  }

  /**
   * Opens FILE's state into the app: removes leftovers, loads the snapshot (or writes the first one from
   * the seeded data), replays the log, and from then on logs every change. Throws StateFileError
   * (leaving the files as they are) when the state cannot be used. `restored` says whether FILE existed.
   */
  static async open(
    app: App,
    path: string,
    origin: StateOrigin,
    options: DurableStateOptions = {},
  ): Promise<{ state: DurableState; restored: boolean }> {
    const state = new DurableState(app, path, origin, options)
    const restored = await state.#open()
    return { state, restored }
  }

  get seq(): number {
    return this.#seq
  }

  /** Bytes in the log since the last snapshot. */
  get logBytes(): number {
    return this.#olderLogBytes + this.#writer.bytes
  }

  /** Writes to the log so far, each flushed (O_DSYNC), with every record appended meanwhile; all segments of this run. */
  get flushes(): number {
    return this.#olderFlushes + this.#writer.flushes
  }

  #olderFlushes = 0

  #segmentPath(first: number): string {
    return `${this.path}.wal-${String(first).padStart(16, '0')}`
  }

  #tempPath(): string {
    return `${this.path}.tmp-${process.pid}`
  }

  async #open(): Promise<boolean> {
    const dir = dirname(this.path)
    const base = basename(this.path)
    let names: string[]
    try {
      names = await readdir(dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new StateFileError(`cannot read its directory (${(error as Error).message})`)
      throw new StateFileError(`its directory ${dir} does not exist`)
    }
    // What an interrupted compaction (or an older version's interrupted write) left behind.
    const leftover = new RegExp(`^${escapeRegExp(base)}\\.(tmp-\\d+|\\d+\\.tmp)$`)
    for (const name of names.filter((n) => leftover.test(n))) {
      await unlink(join(dir, name)).catch(() => {})
      this.stats.leftoversRemoved++
      this.warn(`removed ${join(dir, name)}, left by an interrupted write of the state file`)
    }
    this.#segments = names
      .filter((n) => n.startsWith(`${base}.wal-`) && SEGMENT.test(n))
      .map((n) => ({ path: join(dir, n), first: Number(SEGMENT.exec(n)![1]) }))
      .sort((a, b) => a.first - b.first)

    const snapshotSeq = await loadStateFile(this.app, this.path, this.origin, this.options.maxFileBytes)
    const restored = snapshotSeq !== null
    if (snapshotSeq === null && this.#segments.length > 0) {
      throw new StateFileError(
        `it is missing, but its log (${this.#segments[0]!.path}...) is there: the log alone cannot be replayed`,
      )
    }
    this.#snapshotSeq = this.#seq = snapshotSeq ?? 0
    await this.#replay()

    if (snapshotSeq === null) {
      // The first snapshot: the seeded data, at log position 0. Every log has a snapshot to start from.
      this.#snapshotBytes = await writeStateFile(
        this.path,
        this.#tempPath(),
        this.app.snapshot(),
        this.origin,
        0,
        this.options.maxFileBytes,
      )
    }
    // Segments the snapshot holds completely go; the last one is appended to, or a new one begins.
    const last = this.#segments.at(-1)
    for (const segment of this.#segments.slice(0, -1)) await unlink(segment.path).catch(() => {})
    if (last && this.#lastValidBytes >= HEADER_BYTES) {
      this.#writer = await LogWriter.reopen(last.path, this.#lastValidBytes)
      this.#segments = [last]
    } else {
      if (last) await unlink(last.path) // created, but stopped before its header was on disk
      this.#writer = await LogWriter.create(this.#segmentPath(this.#seq + 1), () => syncDirectory(dir))
      this.#segments = [{ path: this.#writer.path, first: this.#seq + 1 }]
    }
    this.#olderLogBytes = 0
    this.#unsubscribe = this.app.onChange((change) => this.#append(change))
    this.#maybeCompact()
    return restored
  }

  #lastValidBytes = 0

  /** Replays every record after the snapshot, segment by segment, checking that none is missing. */
  async #replay(): Promise<void> {
    for (let i = 0; i < this.#segments.length; i++) {
      const segment = this.#segments[i]!
      const isLast = i === this.#segments.length - 1
      let read
      try {
        read = readSegment(await readFile(segment.path))
      } catch (error) {
        if (error instanceof LogFormatError)
          throw new StateFileError(`its log ${segment.path} is damaged: ${error.message}`)
        throw new StateFileError(`cannot read its log ${segment.path} (${(error as Error).message})`)
      }
      if (read.tornBytes > 0) {
        if (!isLast)
          throw new StateFileError(`its log ${segment.path} ends in a torn record, but later log segments follow it`)
        this.stats.tornBytes = read.tornBytes
        this.warn(
          `the state log ${segment.path} ends in a torn record (${read.tornBytes} bytes, written while the process was stopped, ` +
            'with whatever was written after it; none of it was acknowledged): dropped; every record before it is kept',
        )
      }
      if (isLast) this.#lastValidBytes = read.validBytes
      for (const raw of read.records) {
        const record = checkRecord(raw, segment.path)
        if (record.seq <= this.#snapshotSeq) continue // the snapshot holds it
        if (record.seq !== this.#seq + 1) {
          throw new StateFileError(
            `its log skips from record ${this.#seq} to ${record.seq} (in ${segment.path}): records are missing`,
          )
        }
        const status = await this.app.replay({ at: record.at, request: record.req })
        this.#seq = record.seq
        this.stats.replayed++
        if (record.req && status !== record.req.status) {
          this.stats.diverged++
          // The path only: a query may carry a key.
          this.warn(
            `replaying log record ${record.seq} (${record.req.method} ${pathOf(record.req.url)}) answered ${status}, not ${record.req.status} as first`,
          )
        }
      }
    }
  }

  #append(change: AppliedChange): Promise<void> {
    const record: LogRecord = { seq: ++this.#seq, at: change.at, req: change.request }
    const durable = this.#writer.append(record)
    if (this.#writer.failed) {
      // The log cannot be written: a snapshot of everything (if the disk lets it) starts a fresh one.
      this.#maybeCompact(true)
    } else this.#maybeCompact()
    return durable
  }

  #maybeCompact(force = false): void {
    if (this.#closed || this.#compacting) return
    const threshold = this.options.compactAfterBytes ?? Math.max(16 * 1024 * 1024, this.#snapshotBytes)
    // After a failure (a disk that is full, a snapshot too big to write) not again at every write.
    if (!force && this.logBytes < Math.max(threshold, this.#failedAtLogBytes + threshold)) return
    void this.compact().catch((error) => {
      this.stats.compactionsFailed++
      this.#failedAtLogBytes = this.logBytes
      this.warn(
        `could not write the state file ${this.path} (the last one and the log after it are kept): ${(error as Error).message}`,
      )
    })
  }

  /**
   * Writes a new snapshot and drops the log it holds. The snapshot is taken and the log moved to a new
   * segment between two requests; writing it happens in slices while requests go on.
   */
  compact(): Promise<void> {
    if (this.#compacting) return this.#compacting
    this.#compacting = (async () => {
      const dir = dirname(this.path)
      const { snapshot, seq } = await this.app.exclusive(async () => {
        const seq = this.#seq
        const snapshot = this.app.snapshot()
        const previous = this.#writer
        if (previous.hasRecords || previous.failed) {
          this.#writer = await LogWriter.create(this.#segmentPath(seq + 1), () => syncDirectory(dir))
          this.#segments.push({ path: this.#writer.path, first: seq + 1 })
          this.#olderLogBytes += previous.bytes
          await previous.close().catch(() => {})
          this.#olderFlushes += previous.flushes
        }
        return { snapshot, seq }
      })
      this.#snapshotBytes = await writeStateFile(
        this.path,
        this.#tempPath(),
        snapshot,
        this.origin,
        seq,
        this.options.maxFileBytes,
      )
      this.#snapshotSeq = seq
      this.stats.compactions++
      // The snapshot holds every record of the segments before the current one.
      const current = this.#segments.at(-1)!
      for (const segment of this.#segments.slice(0, -1)) await unlink(segment.path).catch(() => {})
      this.#segments = [current]
      this.#olderLogBytes = 0
      await syncDirectory(dir)
    })().finally(() => {
      this.#compacting = undefined
    })
    return this.#compacting
  }

  /** No more logging: waits for the log to be on disk, writes a last snapshot if the log has records, closes. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#unsubscribe()
    await this.#compacting?.catch(() => {})
    await this.#writer.settled()
    if (this.#seq > this.#snapshotSeq)
      await this.compact().catch((error) =>
        this.warn(`could not write the state file ${this.path}: ${(error as Error).message}`),
      )
    this.#closed = true
    await this.#writer.close()
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname
  } catch {
    return '(unreadable URL)'
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function checkRecord(raw: unknown, where: string): LogRecord {
  const r = raw as Partial<LogRecord> | null
  const req = r?.req as Partial<RecordedRequest> | null | undefined
  const ok =
    typeof r === 'object' &&
    r !== null &&
    Number.isSafeInteger(r.seq) &&
    Number.isFinite(r.at) &&
    (req === null ||
      (typeof req === 'object' &&
        typeof req.method === 'string' &&
        typeof req.url === 'string' &&
        typeof req.headers === 'object' &&
        req.headers !== null &&
        Number.isInteger(req.status) &&
        (req.body === undefined || typeof req.body === 'string')))
  // Named by its number, not shown: a record holds the request's headers, its key among them.
  if (!ok)
    throw new StateFileError(
      `its log ${where} holds a record this version cannot read (record ${JSON.stringify(r?.seq ?? null)})`,
    )
  return r as LogRecord
}
