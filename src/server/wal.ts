// The write-ahead log of `serve --state`: every change is appended as a framed record and flushed to
// the disk (fdatasync) before the request's answer leaves. Appends that arrive while a flush is under
// way go out together in the next one (group commit), so concurrent writers share a flush.
//
// On disk the log is a series of segments, FILE.wal-<first sequence number>, each starting with a
// header line naming the format, then records: [payload length: u32 BE][CRC-32 of the payload: u32 BE]
// [payload: JSON, UTF-8], then zeros (space written ahead of need: see LogWriter). A process killed
// mid-write leaves at most the last record torn (short, or failing its checksum); reading drops it
// with a warning and keeps everything before it.
import { constants, write as writeCallback } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { crc32 } from 'node:zlib'

export const SEGMENT_HEADER = 'analytics-mock-wal 1\n'
export const HEADER_BYTES = Buffer.byteLength(SEGMENT_HEADER)
const FRAME_BYTES = 8
/** No record is this big (a request body is at most a few MiB); a longer length is damage. */
const MAX_RECORD_BYTES = 256 * 1024 * 1024

/** A segment that cannot be read as a log (damaged before its end, or not a log). */
export class LogFormatError extends Error {}

export function frame(payload: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(payload), 'utf8')
  const out = Buffer.allocUnsafe(FRAME_BYTES + body.length)
  out.writeUInt32BE(body.length, 0)
  out.writeUInt32BE(crc32(body), 4)
  body.copy(out, FRAME_BYTES)
  return out
}

export interface ReadSegment {
  records: unknown[]
  /** Bytes of the segment up to the end of its last whole record. */
  validBytes: number
  /** Set when the segment ends in a torn record: how many bytes were dropped. */
  tornBytes: number
}

/**
 * The records of one segment. A torn record at the very end (shorter than its length says, failing its
 * checksum with nothing after it, or a tail of zeros a crash can leave) is reported, not an error; a
 * bad record with whole records after it is damage (LogFormatError).
 */
export function readSegment(data: Buffer): ReadSegment {
  if (data.length < HEADER_BYTES) {
    // Created, but the process stopped before its header was on disk.
    if (SEGMENT_HEADER.startsWith(data.toString('latin1'))) return { records: [], validBytes: 0, tornBytes: data.length }
    throw new LogFormatError('it does not start with the log header')
  }
  if (data.toString('latin1', 0, HEADER_BYTES) !== SEGMENT_HEADER) throw new LogFormatError('it does not start with the log header')
  const records: unknown[] = []
  let at = HEADER_BYTES
  const torn = () => ({ records, validBytes: at, tornBytes: data.length - at })
  while (at < data.length) {
    // Zeros to the end: the space written ahead of the records (or a crash after the file grew but
    // before its data reached the disk, which held no acknowledged record either).
    if (allZero(data, at)) return { records, validBytes: at, tornBytes: 0 }
    if (data.length - at < FRAME_BYTES) return torn()
    const length = data.readUInt32BE(at)
    const sum = data.readUInt32BE(at + 4)
    const end = at + FRAME_BYTES + length
    if (length > MAX_RECORD_BYTES || end > data.length) {
      if (length <= MAX_RECORD_BYTES || allZero(data, at + FRAME_BYTES)) return torn()
      throw new LogFormatError(`a record at byte ${at} is damaged (length ${length})`)
    }
    const payload = data.subarray(at + FRAME_BYTES, end)
    if (crc32(payload) !== sum) {
      if (end === data.length || allZero(data, end)) return torn()
      throw new LogFormatError(`a record at byte ${at} fails its checksum, with records after it`)
    }
    try {
      records.push(JSON.parse(payload.toString('utf8')))
    } catch {
      throw new LogFormatError(`a record at byte ${at} passes its checksum but is not JSON`)
    }
    at = end
  }
  return { records, validBytes: at, tornBytes: 0 }
}

function allZero(data: Buffer, from: number): boolean {
  for (let i = from; i < data.length; i++) if (data[i] !== 0) return false
  return true
}

/** O_DSYNC where the platform has it: each write is on disk when it returns (one call, not write + fdatasync). */
const DSYNC = constants.O_DSYNC ?? 0
/** Space is written ahead in steps of this much. */
const ALLOCATE_BYTES = 4 * 1024 * 1024

/**
 * One open segment, appended to with group commit. Space is written (zeros, flushed) ahead of the
 * records, so flushing a record only flushes its data: appending to the end of a file also makes each
 * flush record the file's new size, which took twice as long here (~410 against ~200 µs).
 */
export class LogWriter {
  #file: FileHandle
  #queue: Buffer[] = []
  #waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = []
  #flushing: Promise<void> | undefined
  #failure: Error | undefined
  /** Where the next record goes. */
  #position: number
  /** Bytes of the file written so far (records, then zeros). */
  #allocated: number
  /** Bytes in this segment (header included), records on their way counted. */
  bytes: number
  /** Flushes done (each one write and one fdatasync), for the figures. */
  flushes = 0

  private constructor(
    file: FileHandle,
    bytes: number,
    readonly path: string,
  ) {
    this.#file = file
    this.bytes = bytes
    this.#position = bytes
    this.#allocated = bytes
  }

  /** A new segment: its header is on disk (and its name in the directory: `syncDirectory`) before it is used. */
  static async create(path: string, syncDirectory: () => Promise<void>): Promise<LogWriter> {
    const file = await open(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | DSYNC)
    try {
      await file.write(SEGMENT_HEADER, 0)
      await file.datasync()
      await syncDirectory()
    } catch (error) {
      await file.close().catch(() => {})
      throw error
    }
    return new LogWriter(file, HEADER_BYTES, path)
  }

  /** An existing segment, cut back to `validBytes` (a torn last record and the space ahead dropped), appended to from there. */
  static async reopen(path: string, validBytes: number): Promise<LogWriter> {
    const file = await open(path, constants.O_RDWR | DSYNC)
    try {
      const { size } = await file.stat()
      if (size !== validBytes) {
        await file.truncate(validBytes)
        await file.datasync()
      }
    } catch (error) {
      await file.close().catch(() => {})
      throw error
    }
    return new LogWriter(file, validBytes, path)
  }

  /**
   * One write from `offset` of `data` at `position`; resolves to the bytes written. The callback API:
   * the promise API's per-call cost was a measurable part of a flush on the hot path.
   */
  #write(data: Buffer, offset: number, position: number): Promise<number> {
    return new Promise((resolve, reject) =>
      writeCallback(this.#file.fd, data, offset, data.length - offset, position, (error, written) => (error ? reject(error) : resolve(written))),
    )
  }

  /** Writes zeros (flushed, the new size with them) so that `end` bytes are there to be written over. */
  async #allocate(end: number): Promise<void> {
    const target = Math.ceil(end / ALLOCATE_BYTES) * ALLOCATE_BYTES
    const zeros = Buffer.alloc(Math.min(1024 * 1024, target - this.#allocated))
    while (this.#allocated < target) {
      const length = Math.min(zeros.length, target - this.#allocated)
      this.#allocated += (await this.#file.write(zeros, 0, length, this.#allocated)).bytesWritten
    }
    await this.#file.datasync()
  }

  /** Appends a record; resolves once it is on disk. After a failed flush every append is refused. */
  append(payload: unknown): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure)
    const record = frame(payload)
    this.#queue.push(record)
    this.bytes += record.length
    const done = new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }))
    this.#flushing ??= this.#flushAll()
    return done
  }

  async #flushAll(): Promise<void> {
    while (this.#queue.length > 0) {
      const records = this.#queue
      const waiting = this.#waiting
      this.#queue = []
      this.#waiting = []
      try {
        const data = records.length === 1 ? records[0]! : Buffer.concat(records)
        if (this.#position + data.length > this.#allocated) await this.#allocate(this.#position + data.length)
        // Written at explicit positions: a reopened segment's file position starts at 0.
        let written = 0
        while (written < data.length) written += await this.#write(data, written, this.#position + written)
        this.#position += data.length
        if (!DSYNC) await this.#file.datasync()
        this.flushes++
        for (const w of waiting) w.resolve()
      } catch (error) {
        // What reached the disk is unknown now: nothing more is appended to this segment.
        this.#failure = new Error(`the state log ${this.path} could not be written (${(error as Error).message})`)
        for (const w of [...waiting, ...this.#waiting]) w.reject(this.#failure)
        this.#queue = []
        this.#waiting = []
      }
    }
    this.#flushing = undefined
  }

  /** Whether the segment holds records (or has some on their way). */
  get hasRecords(): boolean {
    return this.bytes > HEADER_BYTES
  }

  /** Whether a flush failed (the segment takes no more records). */
  get failed(): Error | undefined {
    return this.#failure
  }

  /** Resolves once everything appended so far is on disk (or has failed). */
  async settled(): Promise<void> {
    while (this.#flushing) await this.#flushing
  }

  async close(): Promise<void> {
    await this.settled()
    await this.#file.close()
  }
}
