// The write-ahead log of `serve --state`: every change is appended as a framed record and written to
// the disk (O_DSYNC) before the request's answer leaves. Appends that arrive while the writes in flight
// are under way go out together in the next write (group commit), so concurrent writers share a flush;
// up to WRITES_IN_FLIGHT writes run at once, acknowledged strictly in order (LogWriter).
//
// On disk the log is a series of segments, FILE.wal-<first sequence number>, each starting with a
// header line naming the format, then records: [payload length: u32 BE][CRC-32 of the payload: u32 BE]
// [payload: JSON, UTF-8], then zeros (space written ahead of need: see LogWriter). A process killed
// mid-write leaves the records of the writes in flight (never acknowledged) torn, missing or after a
// gap; reading drops everything from the first record that is not whole, with a warning, and keeps
// everything before it (readSegment says what is taken for damage instead).
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
  const text = JSON.stringify(payload)
  const length = Buffer.byteLength(text, 'utf8')
  // The text encoded straight into the frame (no buffer of its own to copy from).
  const out = Buffer.allocUnsafe(FRAME_BYTES + length)
  out.write(text, FRAME_BYTES, 'utf8')
  out.writeUInt32BE(length, 0)
  out.writeUInt32BE(crc32(out.subarray(FRAME_BYTES)), 4)
  return out
}

export interface ReadSegment {
  records: unknown[]
  /** Bytes of the segment up to the end of its last whole record before any damage. */
  validBytes: number
  /** Set when the segment ends in an incomplete write: how many bytes (from validBytes to the last byte not zero) were dropped. */
  tornBytes: number
}

/**
 * The records of one segment, up to the first one that is not whole.
 *
 * What a crash can leave (see LogWriter): every record acknowledged is whole; after them, the writes
 * that were in flight, in any state: whole, cut short, or not there at all (zeros: each place in a
 * segment is written once, over the zeros written ahead), and all within UNACKNOWLEDGED_WINDOW bytes of
 * the first of them (a record bigger than the window is written alone). None of that was acknowledged,
 * so from the first record that is not whole on, everything is dropped (reported in tornBytes, not an
 * error), whole records after it included.
 *
 * Damage (LogFormatError) is what a crash cannot leave: a record whose every byte was written (no zero
 * in it) that fails its checksum and is followed by a whole record (a changed byte, not a cut); a length
 * no record has; or data going on past the window after the first record that is not whole.
 */
export function readSegment(data: Buffer): ReadSegment {
  if (data.length < HEADER_BYTES) {
    // Created, but the process stopped before its header was on disk.
    if (SEGMENT_HEADER.startsWith(data.toString('latin1')))
      return { records: [], validBytes: 0, tornBytes: data.length }
    throw new LogFormatError('it does not start with the log header')
  }
  if (data.toString('latin1', 0, HEADER_BYTES) !== SEGMENT_HEADER)
    throw new LogFormatError('it does not start with the log header')
  const records: unknown[] = []
  let at = HEADER_BYTES
  while (at < data.length) {
    // Zeros to the end: the space written ahead of the records (or a crash after the file grew but
    // before its data reached the disk, which held no acknowledged record either).
    if (allZero(data, at, data.length)) return { records, validBytes: at, tornBytes: 0 }
    const end = wholeRecordEnd(data, at)
    if (end < 0) return { records, validBytes: at, tornBytes: incompleteTail(data, at) }
    try {
      records.push(JSON.parse(data.toString('utf8', at + FRAME_BYTES, end)))
    } catch {
      throw new LogFormatError(`a record at byte ${at} passes its checksum but is not JSON`)
    }
    at = end
  }
  return { records, validBytes: at, tornBytes: 0 }
}

/** The end of the whole record at `at` (its frame in the data, its checksum right), or -1. */
function wholeRecordEnd(data: Buffer, at: number): number {
  if (data.length - at < FRAME_BYTES) return -1
  const length = data.readUInt32BE(at)
  const end = at + FRAME_BYTES + length
  // No record is empty (a JSON text has at least one character): a length of 0 is space never written.
  if (length === 0 || length > MAX_RECORD_BYTES || end > data.length) return -1
  return crc32(data.subarray(at + FRAME_BYTES, end)) === data.readUInt32BE(at + 4) ? end : -1
}

/**
 * The first record at `at` is not whole: the bytes from there to the last byte not zero, if a crash
 * can have left them (see readSegment); otherwise a LogFormatError.
 */
function incompleteTail(data: Buffer, at: number): number {
  const dataEnd = nonZeroEnd(data, at)
  if (data.length - at < FRAME_BYTES) return dataEnd - at
  const length = data.readUInt32BE(at)
  const end = at + FRAME_BYTES + length
  if (length > MAX_RECORD_BYTES) {
    // A cut never makes a length longer than the one written (the bytes not written read as zeros).
    if (!allZero(data, at + FRAME_BYTES, data.length))
      throw new LogFormatError(`a record at byte ${at} is damaged (length ${length})`)
    return dataEnd - at
  }
  // Every byte of it written (JSON text holds no zero byte), and a whole record right after it: a
  // changed byte, not a cut (a cut leaves zeros, or runs past the end of the file).
  if (
    length > 0 &&
    end <= data.length &&
    !data.subarray(at + FRAME_BYTES, end).includes(0) &&
    end < data.length &&
    wholeRecordEnd(data, end) > 0
  ) {
    throw new LogFormatError(`a record at byte ${at} fails its checksum, with records after it`)
  }
  // Writes in flight lie within the window (a bigger record alone, within its own length).
  if (dataEnd - at <= UNACKNOWLEDGED_WINDOW || (length > 0 && dataEnd <= end)) return dataEnd - at
  throw new LogFormatError(
    `a record at byte ${at} is not whole, and ${dataEnd - at} bytes of records follow it (more than the writes in flight at a crash can leave)`,
  )
}

function allZero(data: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (data[i] !== 0) return false
  return true
}

/** The end of the data from `from` on: just after its last byte that is not zero. */
function nonZeroEnd(data: Buffer, from: number): number {
  let end = data.length
  while (end > from && data[end - 1] === 0) end--
  return end
}

/** O_DSYNC where the platform has it: each write is on disk when it returns (one call, not write + fdatasync). */
const DSYNC = constants.O_DSYNC ?? 0
/** Space is written ahead in steps of this much. */
const ALLOCATE_BYTES = 4 * 1024 * 1024
/**
 * Writes in flight at once (each `O_DSYNC`, at its own place in the segment). Two overlap on the disk
 * (more writes a second than one at a time, and a write stuck behind the disk does not hold every
 * answer back); a third adds nothing (docs/performance.md).
 */
export const WRITES_IN_FLIGHT = 2
/**
 * Every byte written but not yet acknowledged lies within this many bytes of the end of the last
 * acknowledged record, unless one record is bigger (it is then written alone). readSegment relies on it.
 */
export const UNACKNOWLEDGED_WINDOW = 256 * 1024

/** The file operations the writer uses (a test may hold a write back to finish writes out of order). */
export interface LogIo {
  /** One positioned write of `length` bytes of `data` from `offset`; resolves to the bytes written. */
  write(fd: number, data: Buffer, offset: number, length: number, position: number): Promise<number>
}

const nodeIo: LogIo = {
  // The callback API: the promise API's per-call cost is a measurable part of a flush on the hot path.
  write: (fd, data, offset, length, position) =>
    new Promise((resolve, reject) =>
      writeCallback(fd, data, offset, length, position, (error, written) => (error ? reject(error) : resolve(written))),
    ),
}

interface Waiter {
  resolve: () => void
  reject: (error: Error) => void
}

/** One write of a group of records, at its place in the segment. */
interface Write {
  position: number
  data: Buffer
  waiting: Waiter[]
  done: boolean
}

/**
 * One open segment, appended to with group commit. Space is written (zeros, flushed) ahead of the
 * records, so flushing a record only flushes its data: appending to the end of a file also makes each
 * flush record the file's new size, which makes each flush slower (docs/performance.md).
 *
 * Up to WRITES_IN_FLIGHT writes go to the disk at once, each at the place given to it when it started,
 * so a group need not wait for the flush before it to end before its own begins. They may end in any
 * order; acknowledgement is strictly in order: a group's appends resolve only once its write and every
 * earlier one are done. So a crash leaves at most the records of the writes in flight (never
 * acknowledged, all within UNACKNOWLEDGED_WINDOW bytes) torn, missing or after a gap: readSegment drops
 * them. A write starts at the end of the event loop's I/O phase (setImmediate), once node has handed
 * over every request it read in it, so they share it; when one ends, the next starts with what has
 * gathered meanwhile.
 */
export class LogWriter {
  #file: FileHandle
  #io: LogIo
  #queue: Buffer[] = []
  #waiting: Waiter[] = []
  /** Writes started and not yet acknowledged, in segment order. */
  #inFlight: Write[] = []
  /** Writes of the inFlight list still running. */
  #running = 0
  #allocating: Promise<void> | undefined
  #failure: Error | undefined
  /** Resolves settled() callers once nothing is queued or in flight. */
  #idle: Array<() => void> = []
  /** Where the next write goes. */
  #position: number
  /** Bytes of the file written so far (records, then zeros). */
  #allocated: number
  /** Bytes in this segment (header included), records on their way counted. */
  bytes: number
  /** Flushes done (each one O_DSYNC write), for the figures. */
  flushes = 0

  private constructor(
    file: FileHandle,
    bytes: number,
    readonly path: string,
    io: LogIo,
  ) {
    this.#file = file
    this.#io = io
    this.bytes = bytes
    this.#position = bytes
    this.#allocated = bytes
  }

  /** A new segment: its header is on disk (and its name in the directory: `syncDirectory`) before it is used. */
  static async create(path: string, syncDirectory: () => Promise<void>, io: LogIo = nodeIo): Promise<LogWriter> {
    const file = await open(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | DSYNC)
    try {
      await file.write(SEGMENT_HEADER, 0)
      await file.datasync()
      await syncDirectory()
    } catch (error) {
      await file.close().catch(() => {})
      throw error
    }
    return new LogWriter(file, HEADER_BYTES, path, io)
  }

  /** An existing segment, cut back to `validBytes` (a torn last record and the space ahead dropped), appended to from there. */
  static async reopen(path: string, validBytes: number, io: LogIo = nodeIo): Promise<LogWriter> {
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
    return new LogWriter(file, validBytes, path, io)
  }

  /** Writes zeros (flushed, the new size with them) so that `end` bytes are there to be written over. */
  async #allocate(end: number): Promise<void> {
    const target = Math.ceil(end / ALLOCATE_BYTES) * ALLOCATE_BYTES
    const zeros = Buffer.alloc(Math.min(1024 * 1024, target - this.#allocated))
    let allocated = this.#allocated
    while (allocated < target) {
      const length = Math.min(zeros.length, target - allocated)
      allocated += (await this.#file.write(zeros, 0, length, allocated)).bytesWritten
    }
    await this.#file.datasync()
    this.#allocated = allocated
  }

  /** Appends a record; resolves once it (and every record before it) is on disk. After a failed write every append is refused. */
  append(payload: unknown): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure)
    const record = frame(payload)
    this.#queue.push(record)
    this.bytes += record.length
    const done = new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }))
    if (!this.#scheduled) {
      this.#scheduled = true
      setImmediate(this.#startScheduled)
    }
    return done
  }

  /** A start of writes is due once the requests of this turn are handled. */
  #scheduled = false
  #startScheduled = (): void => {
    this.#scheduled = false
    this.#start()
    this.#checkIdle()
  }

  /** Starts writes of what is queued while the limits allow (writes in flight, the window, the space written ahead). */
  #start(): void {
    while (this.#queue.length > 0 && !this.#failure && this.#running < WRITES_IN_FLIGHT && !this.#allocating) {
      const first = this.#inFlight[0]
      const windowLeft = first ? first.position + UNACKNOWLEDGED_WINDOW - this.#position : Infinity
      // Records that fit the window (at least one when nothing else is in flight).
      let take = 0
      let bytes = 0
      while (take < this.#queue.length && bytes + this.#queue[take]!.length <= windowLeft)
        bytes += this.#queue[take++]!.length
      if (take === 0) {
        if (first) return // the window is full: the next write starts when the first is acknowledged
        take = 1
        bytes = this.#queue[0]!.length
        // Nothing in flight: a group bigger than the window is still cut to it, a record at a time.
        while (take < this.#queue.length && bytes + this.#queue[take]!.length <= UNACKNOWLEDGED_WINDOW)
          bytes += this.#queue[take++]!.length
      }
      if (this.#position + bytes > this.#allocated) {
        // Zeros beyond everything written so far: runs beside the writes in flight.
        this.#allocating = this.#allocate(this.#position + bytes).then(
          () => {
            this.#allocating = undefined
            this.#start()
            this.#checkIdle()
          },
          (error: unknown) => {
            this.#allocating = undefined
            this.#fail(error)
          },
        )
        return
      }
      const records = take === this.#queue.length ? this.#queue : this.#queue.slice(0, take)
      const waiting = take === this.#queue.length ? this.#waiting : this.#waiting.slice(0, take)
      if (take === this.#queue.length) {
        this.#queue = []
        this.#waiting = []
      } else {
        this.#queue = this.#queue.slice(take)
        this.#waiting = this.#waiting.slice(take)
      }
      const write: Write = {
        position: this.#position,
        data: records.length === 1 ? records[0]! : Buffer.concat(records, bytes),
        waiting,
        done: false,
      }
      this.#position += bytes
      this.#inFlight.push(write)
      this.#running++
      this.#run(write).then(
        () => this.#finished(write),
        (error: unknown) => {
          this.#running--
          this.#fail(error)
        },
      )
    }
  }

  async #run(write: Write): Promise<void> {
    const { data, position } = write
    // Written at explicit positions: a reopened segment's file position starts at 0.
    let written = 0
    while (written < data.length)
      written += await this.#io.write(this.#file.fd, data, written, data.length - written, position + written)
    if (!DSYNC) await this.#file.datasync()
  }

  /** A write is done: it and every done write before it are acknowledged, in order. */
  #finished(write: Write): void {
    this.#running--
    if (this.#failure) return this.#checkIdle()
    write.done = true
    this.flushes++
    while (this.#inFlight.length > 0 && this.#inFlight[0]!.done) {
      for (const w of this.#inFlight.shift()!.waiting) w.resolve()
    }
    this.#start()
    this.#checkIdle()
  }

  #fail(error: unknown): void {
    if (this.#failure) return
    // What reached the disk is unknown now: nothing more is appended to this segment, and nothing not yet
    // acknowledged ever will be (a later write that did reach the disk lies after the failed one).
    this.#failure = new Error(`the state log ${this.path} could not be written (${(error as Error).message})`)
    for (const write of this.#inFlight) for (const w of write.waiting) w.reject(this.#failure)
    for (const w of this.#waiting) w.reject(this.#failure)
    this.#inFlight = []
    this.#queue = []
    this.#waiting = []
    this.#checkIdle()
  }

  /** Nothing queued, in flight or still running (a write that outlived a failure included): the file can be closed. */
  get #idleNow(): boolean {
    return (
      !this.#scheduled &&
      this.#inFlight.length === 0 &&
      this.#queue.length === 0 &&
      this.#running === 0 &&
      !this.#allocating
    )
  }

  #checkIdle(): void {
    if (!this.#idleNow) return
    const idle = this.#idle
    this.#idle = []
    for (const resolve of idle) resolve()
  }

  /** Whether the segment holds records (or has some on their way). */
  get hasRecords(): boolean {
    return this.bytes > HEADER_BYTES
  }

  /** Whether a write failed (the segment takes no more records). */
  get failed(): Error | undefined {
    return this.#failure
  }

  /** Resolves once everything appended so far is on disk (or has failed). */
  settled(): Promise<void> {
    if (this.#idleNow) return Promise.resolve()
    return new Promise((resolve) => this.#idle.push(resolve))
  }

  async close(): Promise<void> {
    await this.settled()
    await this.#file.close()
  }
}
