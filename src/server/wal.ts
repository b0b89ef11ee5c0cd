// The write-ahead log of `serve --state`: every change is appended as a framed record and flushed to
// the disk (fdatasync) before the request's answer leaves. Appends that arrive while a flush is under
// way go out together in the next one (group commit), so concurrent writers share a flush.
//
// On disk the log is a series of segments, FILE.wal-<first sequence number>, each starting with a
// header line naming the format, then records: [payload length: u32 BE][CRC-32 of the payload: u32 BE]
// [payload: JSON, UTF-8], then zeros (space written ahead of need: see LogWriter). A process killed
// mid-write leaves at most the last record torn (short, or failing its checksum); reading drops it
// with a warning and keeps everything before it.
import { constants } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { crc32 } from 'node:zlib'
import { FlushChannel, RING_BYTES } from './log-flusher.ts'

export const SEGMENT_HEADER = 'analytics-mock-wal 1\n'
export const HEADER_BYTES = Buffer.byteLength(SEGMENT_HEADER)
const FRAME_BYTES = 8
/** No record is this big (a request body is at most a few MiB); a longer length is damage. */
const MAX_RECORD_BYTES = 256 * 1024 * 1024

/** A segment that cannot be read as a log (damaged before its end, or not a log). */
export class LogFormatError extends Error {}

export function frame(payload: unknown): Buffer {
  return frameText(JSON.stringify(payload))
}

function frameText(text: string): Buffer {
  const body = Buffer.from(text, 'utf8')
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

interface Waiter {
  /** The stream position after the record: it is on disk once the channel reports this far. */
  end: number
  resolve: () => void
  reject: (error: Error) => void
}

/**
 * One open segment, appended to with group commit. Records are framed straight into the flusher
 * thread's ring (log-flusher.ts), which writes all that has gathered in one write while the main thread
 * goes on; a record's promise resolves once the thread reports the position after it on disk. Space is
 * written (zeros, flushed) ahead of the records, so flushing a record only flushes its data: appending
 * to the end of a file also makes each flush record the file's new size, which took twice as long here
 * (~410 against ~200 µs).
 */
export class LogWriter {
  #file: FileHandle
  #channel: FlushChannel
  /** Framed records that found no room in the ring yet (oldest first; the first may be partly copied). */
  #overflow: Buffer[] = []
  /** How much of `#overflow[0]` is in the ring already. */
  #overflowCopied = 0
  /** Stream positions: the end of what is in the ring, and of what the thread reported on disk. */
  #tail: number
  #durable: number
  readonly #start: number
  #waiting: Waiter[] = []
  #settled: Array<() => void> = []
  #failure: Error | undefined
  /** Bytes in this segment (header included), records on their way counted. */
  bytes: number
  /** Flushes done (each one write, O_DSYNC, of every record gathered meanwhile), for the figures. */
  flushes = 0

  private constructor(
    file: FileHandle,
    bytes: number,
    allocated: number,
    readonly path: string,
  ) {
    this.#file = file
    this.bytes = this.#tail = this.#durable = this.#start = bytes
    this.#channel = new FlushChannel(file.fd, bytes, allocated, DSYNC !== 0, {
      durable: (at) => this.#onDurable(at),
      failed: (message) => this.#fail(new Error(message)),
    })
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
    return new LogWriter(file, HEADER_BYTES, HEADER_BYTES, path)
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
    return new LogWriter(file, validBytes, validBytes, path)
  }

  /** Appends a record; resolves once it is on disk. After a failed flush every append is refused. */
  append(payload: unknown): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure)
    const text = JSON.stringify(payload)
    const ring = this.#channel.ring
    const at = (this.#tail - this.#start) % RING_BYTES
    // At most 3 bytes of UTF-8 per UTF-16 unit: framed in place when that much fits before the ring's end.
    const room = Math.min(RING_BYTES - (this.#tail - this.#durable), RING_BYTES - at)
    let length: number
    if (this.#overflow.length === 0 && FRAME_BYTES + 3 * text.length <= room) {
      const body = ring.write(text, at + FRAME_BYTES, 'utf8')
      ring.writeUInt32BE(body, at)
      ring.writeUInt32BE(crc32(ring.subarray(at + FRAME_BYTES, at + FRAME_BYTES + body)), at + 4)
      length = FRAME_BYTES + body
      this.#tail += length
    } else {
      const record = frameText(text)
      length = record.length
      this.#overflow.push(record)
      this.#feed()
    }
    this.bytes += length
    const done = new Promise<void>((resolve, reject) => this.#waiting.push({ end: this.bytes, resolve, reject }))
    this.#channel.publish(this.#tail)
    return done
  }

  /** Copies waiting records into the ring as far as there is room. */
  #feed(): void {
    const ring = this.#channel.ring
    while (this.#overflow.length > 0) {
      const free = RING_BYTES - (this.#tail - this.#durable)
      if (free === 0) return
      const record = this.#overflow[0]!
      const at = (this.#tail - this.#start) % RING_BYTES
      const n = Math.min(free, RING_BYTES - at, record.length - this.#overflowCopied)
      record.copy(ring, at, this.#overflowCopied, this.#overflowCopied + n)
      this.#tail += n
      this.#overflowCopied += n
      if (this.#overflowCopied === record.length) {
        this.#overflow.shift()
        this.#overflowCopied = 0
      }
    }
  }

  #onDurable(at: number): void {
    this.#durable = at
    this.flushes++
    let done = 0
    while (done < this.#waiting.length && this.#waiting[done]!.end <= at) this.#waiting[done++]!.resolve()
    if (done > 0) this.#waiting.splice(0, done)
    if (this.#overflow.length > 0) {
      this.#feed()
      this.#channel.publish(this.#tail)
    } else if (at === this.bytes) for (const resolve of this.#settled.splice(0)) resolve()
  }

  /** What reached the disk is unknown now: nothing more is appended to this segment. */
  #fail(error: Error): void {
    if (this.#failure) return
    this.#failure = new Error(`the state log ${this.path} could not be written (${error.message})`)
    for (const w of this.#waiting.splice(0)) w.reject(this.#failure)
    this.#overflow = []
    for (const resolve of this.#settled.splice(0)) resolve()
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
  settled(): Promise<void> {
    if (this.#failure || this.#durable === this.bytes) return Promise.resolve()
    return new Promise((resolve) => this.#settled.push(resolve))
  }

  async close(): Promise<void> {
    await this.settled()
    this.#channel.close()
    await this.#file.close()
  }
}
