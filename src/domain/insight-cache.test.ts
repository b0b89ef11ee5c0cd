import { describe, expect, it } from 'vitest'
import { toolContent } from './insight-cache.ts'
import { formatToolContent } from './insight-format.ts'
import type { InsightResult } from './insight-query.ts'

describe('toolContent (the tool message text kept per result)', () => {
  const result: InsightResult = {
    kind: 'HogQLQuery',
    columns: ['event', 'count'],
    results: [
      ['$pageview', 12],
      ['café ☕ "quoted"', 3],
    ],
  }
  const at = Date.UTC(2026, 10, 1, 10, 0, 0, 100)

  it('is formatToolContent at every instant and zone, asked in any order', () => {
    const instants = [at, at + 500, at + 899, at + 900, at + 1_900, at - 101, at - 100, at + 3_600_000]
    const zones = ['UTC', 'Asia/Tokyo', 'America/St_Johns', 'Not/AZone']
    for (const zone of zones) {
      for (const now of [...instants, ...instants.reverse()]) {
        expect(toolContent(result, now, zone).text).toBe(formatToolContent(result, now, zone))
      }
    }
    // Alternating zones on the same second.
    for (let i = 0; i < 4; i++) {
      const zone = zones[i % 2]!
      expect(toolContent(result, at, zone).text).toBe(formatToolContent(result, at, zone))
    }
  })

  it('names the second the clock reads: the same text within it, the next second in the next', () => {
    const first = toolContent(result, at, 'UTC').text
    expect(first).toContain('The current date and time is 2026-11-01 10:00:00 UTC')
    expect(toolContent(result, at + 899, 'UTC').text).toBe(first)
    expect(toolContent(result, at + 900, 'UTC').text).toContain('The current date and time is 2026-11-01 10:00:01 UTC')
    expect(toolContent(result, at - 101, 'UTC').text).toContain('The current date and time is 2026-11-01 09:59:59 UTC')
  })
})
