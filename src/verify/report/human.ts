// The human report: one line per check, grouped by operation, the failing request and response shown
// briefly under a failure, and the summary line `N passed, N failed` (plus `, N skipped`).
import type { CheckResult, VerifyResult } from '../types.ts'

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
  let group: string | undefined
  for (const check of result.checks) {
    if (check.operationId !== group) {
      group = check.operationId
      lines.push('', `${check.operationId}${check.tags.length ? ` [${check.tags.join(', ')}]` : ''}`)
    }
    lines.push(`  ${LABEL[check.outcome]} ${check.name}${check.message ? `: ${check.message.split('\n')[0]}` : ''}`)
    if (check.drift)
      lines.push(`          contract: ${check.drift.contract}`, `          real:     ${check.drift.real}`)
    if (check.outcome === 'failed' || check.outcome === 'drift') {
      for (const ex of check.exchanges) {
        lines.push(`          > ${ex.request}`)
        if (ex.requestBody !== undefined) lines.push(`            ${ex.requestBody}`)
        lines.push(`          < ${ex.response}`)
      }
    }
    for (const note of check.notes) lines.push(`          note: ${note}`)
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
