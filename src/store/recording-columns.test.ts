import { describe, expect, it } from 'vitest'
import { SeededRandom } from '../core/random.ts'
import { hashKey } from './hash-index.ts'
import { RecordingColumns, uuidFromWords, uuidHashFromWords, type RecordingValues } from './recording-columns.ts'
import { RecordingTable } from './recording-table.ts'

const values = (n: number, over: Partial<RecordingValues> = {}): RecordingValues => ({
  projectId: 1,
  idWords: [n, 0xdeadbeef, 0x12345678, 0xffffffff],
  distinctId: `user-${n}`,
  startTime: 1_700_000_000_000 + n,
  activeSeconds: 10 + n,
  inactiveSeconds: 5,
  clickCount: 3,
  keypressCount: 4,
  mouseActivityCount: 60,
  consoleLogCount: 1,
  consoleWarnCount: 0,
  consoleErrorCount: 2,
  startUrl: n % 2 ? null : 'https://example.com/',
  viewers: n % 2 ? [] : ['a@example.com'],
  snapshotSource: 'web',
  activityScore: 12.34,
  ...over,
})

describe('recordings kept in columns', () => {
  it("reads back every field, and writes as JSON the plain record, in the generator's key order", () => {
    const columns = new RecordingColumns(2)
    const r = columns.write(values(2))
    const plain = {
      id: uuidFromWords(2, 0xdeadbeef, 0x12345678, 0xffffffff),
      project_id: 1,
      distinct_id: 'user-2',
      start_time: 1_700_000_000_002,
      active_seconds: 12,
      inactive_seconds: 5,
      click_count: 3,
      keypress_count: 4,
      mouse_activity_count: 60,
      console_log_count: 1,
      console_warn_count: 0,
      console_error_count: 2,
      start_url: 'https://example.com/',
      viewers: ['a@example.com'],
      storage: 'object_storage',
      snapshot_source: 'web',
      activity_score: 12.34,
      ongoing: null,
    }
    expect(r.id).toMatch(/^00000002-dead-4eef-9234-5678ffffffff$/)
    expect(JSON.stringify(r)).toBe(JSON.stringify(plain))
    expect(Object.isFrozen(r)).toBe(true)
    expect(() => {
      ;(r as { start_time: number }).start_time = 0
    }).toThrow(TypeError)
  })

  it('keeps counts over 16 bits (the columns widen), the earlier recordings unchanged', () => {
    const columns = new RecordingColumns(3)
    const a = columns.write(values(1))
    const b = columns.write(values(3, { mouseActivityCount: 100_000, activeSeconds: 70_000 }))
    expect([a.mouse_activity_count, a.active_seconds]).toEqual([60, 11])
    expect([b.mouse_activity_count, b.active_seconds]).toEqual([100_000, 70_000])
  })

  it('refuses more recordings than it was made for', () => {
    const columns = new RecordingColumns(1)
    columns.write(values(1))
    expect(() => columns.write(values(2))).toThrow(RangeError)
  })

  it("made of a generator's parts, reads each distinct id through its owner ref, and takes no more recordings", () => {
    const written = new RecordingColumns(3)
    for (const n of [1, 2, 3]) written.append(values(n, { distinctId: '' }))
    // Person 0 has one distinct id, person 1 two.
    const ids = ['anon-1', 'user-2', 'anon-2']
    const starts = Uint32Array.of(0, 1, 3)
    const columns = RecordingColumns.fromParts(written.parts(), { refs: Uint32Array.of(3, 0, 2, 1), ids, starts })
    expect([0, 1, 2].map((i) => columns.recordAt(i).distinct_id)).toEqual(['anon-2', 'anon-1', 'user-2'])
    expect(JSON.parse(JSON.stringify(columns.recordAt(2)))).toMatchObject({ distinct_id: 'user-2', active_seconds: 13 })
    expect(() => RecordingColumns.fromParts(written.parts(), { refs: Uint32Array.of(0), ids, starts })).toThrow(
      RangeError,
    )
  })

  it('serves a recording table: found by id, listed newest first', () => {
    const columns = new RecordingColumns(3)
    const records = [values(1), values(2), values(3)].map((v) => columns.write(v))
    const table = new RecordingTable(records)
    expect(table.get(1, records[1]!.id)).toBe(records[1])
    expect(table.list(1).map((r) => r.distinct_id)).toEqual(['user-3', 'user-2', 'user-1'])
  })
})

describe('uuidHashFromWords', () => {
  it('is hashKey of the uuid the words make, with or without a salt', () => {
    const rng = new SeededRandom(3)
    const word = () => Math.floor(rng.next() * 4294967296)
    for (const words of [
      [0, 0, 0, 0],
      [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff],
      [2, 0xdeadbeef, 0x12345678, 0x9abcdef0],
      // Every variant and version digit, and more.
      ...Array.from({ length: 2000 }, () => [word(), word(), word(), word()]),
    ]) {
      const [w0, w1, w2, w3] = words as [number, number, number, number]
      const id = uuidFromWords(w0, w1, w2, w3)
      expect(uuidHashFromWords(w0, w1, w2, w3)).toBe(hashKey(id))
      expect(uuidHashFromWords(w0, w1, w2, w3, 7)).toBe(hashKey(id, 7))
    }
  })
})
