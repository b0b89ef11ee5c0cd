// The human report: one line per check, grouped by operation, the failing request and response shown
// briefly under a failure, and the summary line `N passed, N failed` (plus `, N skipped`).
import type { CheckResult, VerifyResult } from '../types.ts'
import { byOperation, detailLines } from './junit.ts'

const LABEL: Record<CheckResult['outcome'], string> = {
  passed: 'ok   ',
  failed: 'FAIL ',
  skipped: 'skip ',
  drift: 'drift',
}

function mode(result: VerifyResult): string {
  const m = result.mode
  const parts = [m.writes ? 'writes' : 'read-only']
  if (m.destructive) parts.push(`destructive (persons ${m.personIds.join(', ') || 'none named'})`)
  if (m.strict) parts.push('strict')
  if (m.profile === 'observed') parts.push('observed profile')
  return parts.join(', ')
}

export function formatHuman(result: VerifyResult): string {
  const lines: string[] = []
  lines.push(`analytics-mock verify ${result.baseUrl} project ${result.projectId} (key ****)`)
  lines.push(
    `run ${result.runId}, seed ${result.seed}, ${mode(result)}; ${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s`,
  )
  for (const [operationId, checks] of byOperation(result.checks)) {
    lines.push('', `${operationId}${checks[0]!.tags.length ? ` [${checks[0]!.tags.join(', ')}]` : ''}`)
    for (const check of checks) {
      lines.push(`  ${LABEL[check.outcome]} ${check.name}${check.message ? `: ${check.message.split('\n')[0]}` : ''}`)
      const exchanges = check.outcome === 'failed' || check.outcome === 'drift'
      lines.push(...detailLines(check, 'real:     ', exchanges).map((line) => `          ${line}`))
    }
  }
  if (result.notes.length) {
    lines.push('')
    for (const note of result.notes) lines.push(`note: ${note}`)
  }
  lines.push('')
  if (result.crash)
    lines.push(`the kit itself failed in ${result.crash.where}: ${result.crash.message}; the run stopped there`)
  if (result.summary.drift) {
    lines.push(`known drift: ${result.summary.drift} (counted as passed)`)
  }
  lines.push(result.summaryLine)
  return lines.join('\n') + '\n'
}
