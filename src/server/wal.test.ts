// The log writer on its own: records appended concurrently come back from the segment whole and in
// order, each promise resolving only once its record is in the file; records bigger than the space
// written ahead, and many groups, the same; a failed write refuses the records waiting and every later
// one.
import { existsSync, mkdtempSync, readFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  frame,
  HEADER_BYTES,
  LogFormatError,
  LogWriter,
  readSegment,
  SEGMENT_HEADER,
  UNACKNOWLEDGED_WINDOW,
  WRITES_IN_FLIGHT,
  type LogIo,
} from './wal.ts'

const newSegment = () =>
  LogWriter.create(
    join(mkdtempSync(join(tmpdir(), 'analytics-mock-wal-')), 'state.json.wal-0000000000000001'),
    async () => {},
  )

describe('LogWriter', () => {
  it('resolves each append only once its record can be read back from the file, in order', async () => {
    const writer = await newSegment()
    const seen: number[] = []
    const appends = Array.from({ length: 50 }, (_, i) =>
      writer.append({ seq: i + 1, text: `record ${i} é ✓` }).then(() => {
        // In the file (read through another file description) by the time the promise resolves.
        expect(readFileSync(writer.path).includes(JSON.stringify({ seq: i + 1, text: `record ${i} é ✓` }))).toBe(true)
        seen.push(i + 1)
      }),
    )
    await Promise.all(appends)
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(writer.flushes).toBeGreaterThan(0)
    expect(writer.flushes).toBeLessThanOrEqual(50)
    const read = readSegment(readFileSync(writer.path))
    expect(read.records).toHaveLength(50)
    expect(read.tornBytes).toBe(0)
    expect(read.validBytes).toBe(writer.bytes)
    await writer.close()
  })

  it('writes records bigger than the space written ahead (4 MiB), and many groups, whole and in order', async () => {
    const writer = await newSegment()
    const big = 'x'.repeat(4 * 1024 * 1024 + 12_345)
    const payloads = [
      { seq: 1, body: 'small' },
      { seq: 2, body: big },
      ...Array.from({ length: 3_000 }, (_, i) => ({ seq: i + 3, body: `${'y'.repeat(i % 5_000)}${i}` })),
      { seq: 3_003, body: big.replace(/x/g, 'z') },
      { seq: 3_004, body: 'last' },
    ]
    await Promise.all(payloads.map((p) => writer.append(p)))
    const read = readSegment(readFileSync(writer.path))
    expect(read.records.length).toBe(payloads.length)
    expect((read.records as Array<{ seq: number }>).map((r) => r.seq)).toEqual(payloads.map((p) => p.seq))
    expect(read.records).toEqual(payloads)
    expect(read.tornBytes).toBe(0)
    await writer.settled()
    await writer.close()
  })

  it('refuses the records of a write that failed, and every record after it', async () => {
    if (!existsSync('/dev/full')) return
    // Every write to /dev/full fails (ENOSPC), as a full disk would.
    const writer = await LogWriter.reopen('/dev/full', 0)
    const first = writer.append({ seq: 1 })
    const second = writer.append({ seq: 2 })
    await expect(first).rejects.toThrow(/could not be written/)
    await expect(second).rejects.toThrow(/could not be written/)
    expect(writer.failed).toBeInstanceOf(Error)
    await expect(writer.append({ seq: 3 })).rejects.toThrow(/could not be written/)
    await writer.settled()
    await writer.close()
  })
})

/** A segment as the writer leaves it: the header, the records, then zeros (the space written ahead). */
const segmentOf = (...parts: Buffer[]) =>
  Buffer.concat([Buffer.from(SEGMENT_HEADER), ...parts, Buffer.alloc(64 * 1024)])
const record = (seq: number, text = `record ${seq}`) => frame({ seq, text })
const seqs = (read: { records: unknown[] }) => (read.records as Array<{ seq: number }>).map((r) => r.seq)

describe('readSegment after a crash with writes in flight', () => {
  it('drops a write that never reached the disk (zeros) and the whole records of a later write after it', () => {
    const kept = [record(1), record(2)]
    const missing = Buffer.alloc(record(3).length + record(4).length) // never written: still the zeros written ahead
    const later = [record(5), record(6)]
    const data = segmentOf(...kept, missing, ...later)
    const read = readSegment(data)
    expect(seqs(read)).toEqual([1, 2])
    expect(read.validBytes).toBe(HEADER_BYTES + kept[0]!.length + kept[1]!.length)
    expect(read.tornBytes).toBe(missing.length + later[0]!.length + later[1]!.length)
  })

  it('drops a record cut short (part of it still zeros) and what follows it within the window', () => {
    const torn = record(3, 'x'.repeat(2_000))
    torn.fill(0, 600, 1_100) // a sector of it never written
    const read = readSegment(segmentOf(record(1), record(2), torn, record(4), record(5)))
    expect(seqs(read)).toEqual([1, 2])
    expect(read.tornBytes).toBeGreaterThan(torn.length)
  })

  it('drops a record bigger than the window cut short (it was written alone)', () => {
    const big = record(2, 'y'.repeat(UNACKNOWLEDGED_WINDOW * 2))
    big.fill(0, UNACKNOWLEDGED_WINDOW, UNACKNOWLEDGED_WINDOW + 4096)
    const read = readSegment(segmentOf(record(1), big))
    expect(seqs(read)).toEqual([1])
    expect(read.tornBytes).toBe(big.length)
  })

  it('refuses a record with a changed byte (every byte written) followed by a whole record: damage, not a crash', () => {
    const changed = record(2)
    changed[changed.length - 3] ^= 0x01
    expect(() => readSegment(segmentOf(record(1), changed, record(3)))).toThrow(LogFormatError)
    expect(() => readSegment(segmentOf(record(1), changed, record(3)))).toThrow(
      /fails its checksum, with records after it/,
    )
  })

  it('refuses records going on past the window after a gap: more than the writes in flight can leave', () => {
    const gap = Buffer.alloc(100)
    const after = Array.from({ length: Math.ceil(UNACKNOWLEDGED_WINDOW / record(9).length) + 10 }, (_, i) =>
      record(i + 3),
    )
    expect(() => readSegment(segmentOf(record(1), gap, ...after))).toThrow(
      /not whole, and \d+ bytes of records follow it/,
    )
  })

  it('a changed byte in the last record (nothing whole after it) is read as a tear, as before', () => {
    const last = record(2)
    last[last.length - 3] ^= 0x01
    const read = readSegment(segmentOf(record(1), last))
    expect(seqs(read)).toEqual([1])
    expect(read.tornBytes).toBe(last.length)
  })
})

/** File operations whose writes finish only when the test says (in any order). */
function heldIo() {
  const held: Array<{ position: number; length: number; finish: (error?: Error) => void }> & { grew?: () => void } = []
  const io: LogIo = {
    write: (fd, data, offset, length, position) =>
      new Promise((resolve, reject) => {
        held.push({
          position,
          length,
          finish: (error) => {
            if (error) return reject(error)
            writeSync(fd, data, offset, length, position)
            resolve(length)
          },
        })
        held.grew?.()
      }),
  }
  return { io, held }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))
/** Lets the writer run (the space ahead is written through the real file first) until `count` writes are held. */
async function heldCount(held: unknown[] & { grew?: () => void }, count: number): Promise<void> {
  while (held.length < count) await new Promise<void>((resolve) => (held.grew = resolve))
  await settle()
  expect(held).toHaveLength(count)
}

describe('LogWriter with writes in flight', () => {
  it.runIf(WRITES_IN_FLIGHT >= 2)(
    'acknowledges strictly in order: a later write done first waits for the earlier one',
    async () => {
      const { io, held } = heldIo()
      const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-wal-'))
      const writer = await LogWriter.create(join(dir, 'state.json.wal-0000000000000001'), async () => {}, io)
      const resolved: number[] = []
      const first = writer.append({ seq: 1 }).then(() => resolved.push(1))
      await heldCount(held, 1) // the first write starts alone; the next append starts a second write beside it
      const second = writer.append({ seq: 2 }).then(() => resolved.push(2))
      await heldCount(held, 2)
      expect(held[1]!.position).toBe(held[0]!.position + held[0]!.length) // each at its own place, in order
      held[1]!.finish()
      await settle()
      expect(resolved).toEqual([]) // on disk, but after a write still in flight: not acknowledged
      held[0]!.finish()
      await Promise.all([first, second])
      expect(resolved).toEqual([1, 2])
      await writer.close()
    },
  )

  it.runIf(WRITES_IN_FLIGHT >= 2)(
    'refuses a later write that reached the disk when an earlier one failed',
    async () => {
      const { io, held } = heldIo()
      const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-wal-'))
      const writer = await LogWriter.create(join(dir, 'state.json.wal-0000000000000001'), async () => {}, io)
      const first = writer.append({ seq: 1 })
      await heldCount(held, 1)
      const second = writer.append({ seq: 2 })
      await heldCount(held, 2)
      held[1]!.finish()
      held[0]!.finish(new Error('EIO'))
      await expect(first).rejects.toThrow(/could not be written \(EIO\)/)
      await expect(second).rejects.toThrow(/could not be written/)
      // What is in the file is a gap and a record after it: reading drops the record, never acknowledged.
      expect(readSegment(readFileSync(writer.path)).records).toEqual([])
      await writer.close()
    },
  )

  it('starts no write past the window from the first record not yet acknowledged', async () => {
    const { io, held } = heldIo()
    const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-wal-'))
    const writer = await LogWriter.create(join(dir, 'state.json.wal-0000000000000001'), async () => {}, io)
    const text = 'z'.repeat(10_000)
    const appends: Promise<void>[] = []
    appends.push(writer.append({ seq: 1, text }))
    await heldCount(held, 1)
    for (let i = 1; i < 100; i++) {
      appends.push(writer.append({ seq: i + 1, text }))
      await settle()
    }
    const start = held[0]!.position
    expect(Math.max(...held.map((h) => h.position + h.length)) - start).toBeLessThanOrEqual(UNACKNOWLEDGED_WINDOW)
    // Finishing them (in any order) lets the rest go out; everything ends up whole and in order.
    while (held.some((h) => h.length > 0)) {
      for (const h of held.splice(0).reverse()) h.finish()
      await settle()
    }
    await Promise.all(appends)
    expect(seqs(readSegment(readFileSync(writer.path)))).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
    await writer.close()
  })
})
