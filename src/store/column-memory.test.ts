import { describe, expect, it } from 'vitest'
import { columnMemory } from './column-memory.ts'
import { EventRowsWriter } from './event-columns.ts'
import { RecordingColumns } from './recording-columns.ts'

const shared = (view: ArrayBufferView) => view.buffer instanceof SharedArrayBuffer

describe('column memory', () => {
  it("is shared memory here, zeroed, and left out of V8's count of memory outside the heap (why the plan writes in it)", () => {
    const before = process.memoryUsage().external
    const memory = columnMemory(96 * 1024 * 1024)
    expect(memory).toBeInstanceOf(SharedArrayBuffer)
    expect(new Uint8Array(memory, 50 * 1024 * 1024, 16).every((b) => b === 0)).toBe(true)
    // 96 MB of ArrayBuffer would add 96 MB here (and set off a full collection past 64 MB of growth).
    expect(process.memoryUsage().external - before).toBeLessThan(16 * 1024 * 1024)
  })

  it('holds every column the plan hands over: events written in full, cut short or widened, and the recordings', () => {
    const full = new EventRowsWriter(2, [1, 1, 2, 2, 2])
    full.write(0, 0, 1, 1, 1, 1, 10)
    full.write(0, 0, 0, 0, 0, 0, 20)
    const short = new EventRowsWriter(3)
    short.write(0, 0, 70_000, 1, 1, 1, 10)
    for (const rows of [full.finish([1, 1, 2, 2, 2]), short.finish([1, 1, 70_001, 2, 2])]) {
      expect(shared(rows.timestamps)).toBe(true)
      expect(rows.refs.every(shared)).toBe(true)
    }
    const events = short.finish([1, 1, 70_001, 2, 2])
    expect(Array.from(events.timestamps)).toEqual([10])
    expect(events.refs[2]).toBeInstanceOf(Uint32Array)
    expect(Array.from(events.refs[2])).toEqual([70_000])

    const parts = new RecordingColumns(4).parts()
    expect([parts.idWords, parts.startTimes, parts.activityScores, parts.counts, parts.refs].every(shared)).toBe(true)
  })
})
