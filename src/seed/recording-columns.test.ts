import { describe, expect, it } from 'vitest'
import { SeededRandom } from '../core/random.ts'
import type { PersonRecord } from '../store/models.ts'
import { RecordingTable } from '../store/tables.ts'
import { recordingId, RecordingColumns } from './recording-columns.ts'
import type { DrawnRecording } from './recording-columns.ts'
import { PATHS, START_URLS } from './vocabulary.ts'

const persons = [{ distinct_ids: ['anon-1'] }, { distinct_ids: ['user-2', 'anon-2'] }] as unknown as PersonRecord[]
const viewerLists = [[], ['a@example.com']]

const drawn = (n: number, over: Partial<DrawnRecording> = {}): DrawnRecording => ({
  id: [n, 0xdeadbeef, 0x12345678, 0xffffffff],
  project_id: 1,
  owner: n % 3,
  start_time: 1_700_000_000_000 + n,
  active_seconds: 10 + n,
  inactive_seconds: 5,
  click_count: 3,
  keypress_count: 4,
  mouse_activity_count: 60,
  console_log_count: 1,
  console_warn_count: 0,
  console_error_count: 2,
  start_url: 1,
  viewers: n % 2,
  web: true,
  activity_score: 1234,
  ...over,
})

describe('recordings kept in columns', () => {
  it("reads back every field, and writes as JSON the plain record, in the generator's key order", () => {
    const columns = new RecordingColumns(2, persons, viewerLists)
    const r = columns.record(drawn(3))
    const plain = {
      id: '00000003-dead-beef-1234-5678ffffffff',
      project_id: 1,
      distinct_id: 'anon-1',
      start_time: 1_700_000_000_003,
      active_seconds: 13,
      inactive_seconds: 5,
      click_count: 3,
      keypress_count: 4,
      mouse_activity_count: 60,
      console_log_count: 1,
      console_warn_count: 0,
      console_error_count: 2,
      start_url: START_URLS[PATHS[1]!],
      viewers: ['a@example.com'],
      storage: 'object_storage',
      snapshot_source: 'web',
      activity_score: 12.34,
      ongoing: null,
    }
    expect(r.id).toBe(plain.id)
    expect(JSON.stringify(r)).toBe(JSON.stringify(plain))
    expect(Object.isFrozen(r)).toBe(true)
    expect(() => {
      ;(r as { start_time: number }).start_time = 0
    }).toThrow(TypeError)
  })

  it("reads each distinct id through its owner's position and which of its ids", () => {
    const columns = new RecordingColumns(3, persons, viewerLists)
    const ids = [0, 2, 3].map((owner, n) => columns.record(drawn(n, { owner })).distinct_id)
    expect(ids).toEqual(['anon-1', 'user-2', 'anon-2'])
  })

  it('keeps counts over 16 bits and grows past its capacity, the earlier recordings unchanged', () => {
    const columns = new RecordingColumns(1, persons, viewerLists)
    const a = columns.record(drawn(1))
    const b = columns.record(drawn(3, { mouse_activity_count: 100_000, active_seconds: 70_000, project_id: 300 }))
    for (let n = 0; n < 40; n++) columns.record(drawn(n))
    expect([a.mouse_activity_count, a.active_seconds, a.project_id]).toEqual([60, 11, 1])
    expect([b.mouse_activity_count, b.active_seconds, b.project_id]).toEqual([100_000, 70_000, 300])
  })

  it('serves a recording table: found by id, listed newest first', () => {
    const columns = new RecordingColumns(3, persons, viewerLists)
    const records = [1, 2, 3].map((n) => columns.record(drawn(n, { owner: 0 })))
    const table = new RecordingTable(records)
    expect(table.get(1, records[1]!.id)).toBe(records[1])
    expect(table.list(1).map((r) => r.start_time)).toEqual([3, 2, 1].map((n) => 1_700_000_000_000 + n))
  })
})

describe('recordingId', () => {
  it("draws a version 4 uuid's words: its text has the version and variant digits", () => {
    const rng = new SeededRandom(3)
    const columns = new RecordingColumns(2000, persons, viewerLists)
    const words = [0, 0, 0, 0]
    for (let n = 0; n < 2000; n++) {
      const id = columns.record(drawn(n, { id: [...recordingId(rng, words)] })).id
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
  })
})
