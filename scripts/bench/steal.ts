// The hypervisor's share of this machine's CPU time ("steal", from /proc/stat), to read a run's figures
// by: on a shared VM, a round taken while the host runs other guests loses CPU to them, and one side
// of a ratio can lose more than the other. On 2026-11-27, `vmstat` during loads showed 5-25% steal,
// and single 1 s rounds of PATCH playlist read 0.41-0.76x of the ceiling on one server. Linux only;
// elsewhere nothing is printed.
import { readFileSync } from 'node:fs'

export interface CpuTimes {
  /** Time stolen by the hypervisor (clock ticks, all CPUs). */
  steal: number
  /** All of it: user, nice, system, idle, iowait, irq, softirq and steal. */
  total: number
}

/** The aggregate `cpu` line of a /proc/stat text, or undefined when it has none. */
export function parseCpuTimes(stat: string): CpuTimes | undefined {
  const line = stat.split('\n').find((l) => l.startsWith('cpu '))
  if (!line) return undefined
  // user nice system idle iowait irq softirq steal guest guest_nice (guest time is counted in user already)
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number)
  if (fields.length < 4 || fields.some((n) => !Number.isFinite(n))) return undefined
  return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) }
}

/** This machine's CPU times now, or undefined where there is no /proc/stat. */
export function cpuTimes(): CpuTimes | undefined {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'))
  } catch {
    return undefined
  }
}

/** The share of the CPU time between two readings that the hypervisor took (0-1), or undefined. */
export function stealShare(before: CpuTimes | undefined, after: CpuTimes | undefined): number | undefined {
  if (!before || !after) return undefined
  const total = after.total - before.total
  return total > 0 ? (after.steal - before.steal) / total : undefined
}
