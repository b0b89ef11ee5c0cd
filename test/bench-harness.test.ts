// The benchmark harness's arithmetic and table (the benchmarks themselves are scripts, not tests).
import { describe, expect, it } from 'vitest'
import {
  fmt,
  loadProblem,
  merge,
  percentile,
  renderTable,
  roundRatios,
  sideBySide,
  type LoadResult,
} from '../scripts/bench/harness.ts'
import { parseCpuTimes, stealShare } from '../scripts/bench/steal.ts'

const result = (completed: number, elapsedMs: number, latencies: number[], errors = 0, unexpected = 0): LoadResult => ({
  rps: (completed / elapsedMs) * 1000,
  completed,
  elapsedMs,
  latencies,
  errors,
  unexpected,
  bytes: 0,
})

describe('bench harness', () => {
  it('takes percentiles by rank', () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10]
    expect(percentile(values, 50)).toBe(5)
    expect(percentile(values, 99)).toBe(10)
    expect(percentile(values, 0)).toBe(1)
    expect(percentile([], 50)).toBeNaN()
  })

  it('merges rounds into one rate over their total time and pools their latencies', () => {
    const merged = merge([result(100, 1000, [1, 2]), result(300, 1000, [3], 1, 2)])
    expect(merged.rps).toBe(200)
    expect(merged.latencies).toEqual([1, 2, 3])
    expect([merged.errors, merged.unexpected]).toEqual([1, 2])
  })

  it("runs the sides in turn and judges by the median of the rounds' ratios, not the ratio of totals", async () => {
    const order: string[] = []
    // Ours at 50, 40, 300 (a disturbed round), 45, 35 req/s against a steady 100.
    const ours = [50, 40, 300, 45, 35]
    let round = 0
    const r = await sideBySide(5, {
      ceiling: async () => (order.push('ceiling'), result(100, 1000, [1])),
      mock: async () => (order.push('mock'), result(ours[round++]!, 1000, [1])),
    })
    expect(order.slice(0, 4)).toEqual(['ceiling', 'mock', 'ceiling', 'mock'])
    expect(r.mock.rounds).toHaveLength(5)
    expect(r.mock.rps / r.ceiling.rps).toBeCloseTo(0.94) // the outlier drags the ratio of totals
    const ratios = roundRatios(r.mock, r.ceiling)
    expect(ratios).toEqual({ median: 0.45, min: 0.35, max: 3 })
    expect(fmt.ratios(ratios)).toBe('0.45x (0.35-3.00)')
    const even = roundRatios({ ...r.mock, rounds: r.mock.rounds.slice(0, 4) }, r.ceiling)
    expect(even.median).toBeCloseTo(0.475)
  })

  it('turns errors or unexpected statuses into n/a instead of a figure', () => {
    expect(loadProblem(result(1, 1, [1]))).toBeNull()
    expect(loadProblem(result(1, 1, [1]), result(1, 1, [1], 0, 3))).toBe('n/a: 0 errors, 3 unexpected statuses')
  })

  it('prints one aligned markdown table', () => {
    const table = renderTable([
      {
        benchmark: 'Limit: x',
        ours: '1 req/s',
        reference: 'ceiling 2 req/s',
        ratio: '0.50x',
        latency: '',
        target: '>= 0.5',
        verdict: 'pass',
      },
    ])
    const lines = table.split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^\| Benchmark +\| Ours +\| Reference +\| Ratio \| p50 \/ p99 \| Target +\| Result \|$/)
    expect(new Set(lines.map((l) => l.length)).size).toBe(1)
    expect(lines[2]).toContain('| 0.50x |')
  })

  it("reads the hypervisor's share of the CPU time (steal) from /proc/stat's aggregate line", () => {
    const stat = (steal: number, idle: number) =>
      `cpu  1000 10 300 ${idle} 20 0 50 ${steal} 7 0\ncpu0 500 5 150 ${idle / 2} 10 0 25 ${steal / 2} 0 0\nintr 1 2 3\nctxt 99\n`
    const before = parseCpuTimes(stat(100, 4000))
    // user + nice + system + idle + iowait + irq + softirq + steal; guest (already in user) left out
    expect(before).toEqual({ steal: 100, total: 1000 + 10 + 300 + 4000 + 20 + 0 + 50 + 100 })
    // 150 more ticks stolen out of 1,000 more in all
    const after = { steal: before!.steal + 150, total: before!.total + 1000 }
    expect(stealShare(before, after)).toBeCloseTo(0.15)
    expect(parseCpuTimes('intr 1 2 3\n')).toBeUndefined()
    expect(stealShare(undefined, after)).toBeUndefined()
    expect(stealShare(before, before)).toBeUndefined()
  })
})
