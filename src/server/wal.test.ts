// The log writer on its own: records appended concurrently come back from the segment whole and in
// order, each promise resolving only once its record is in the file; records bigger than the space
// written ahead, and many groups, the same; a failed write refuses the records waiting and every later
// one.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LogWriter, readSegment } from './wal.ts'

const newSegment = () => LogWriter.create(join(mkdtempSync(join(tmpdir(), 'analytics-mock-wal-')), 'state.json.wal-0000000000000001'), async () => {})

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
