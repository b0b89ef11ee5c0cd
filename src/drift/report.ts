// The drift result for people (a table), for programs (JSON) and for CI (JUnit XML: one test case per
// compared operation, failing on a breaking change outside the baseline, warnings as its output).
import { byOperation, xmlEscape } from '../verify/report/junit.ts'
import type { Finding } from './compare.ts'
import type { DriftResult } from './drift.ts'

export function summaryLine(result: DriftResult): string {
  const s = result.summary
  return `${s.breaking} breaking, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}${s.accepted ? `, ${s.accepted} accepted by the baseline` : ''}`
}

const label = (f: Finding) => (f.accepted ? 'accepted' : f.severity === 'breaking' ? 'BREAKING' : 'warning')

export function formatDriftHuman(result: DriftResult): string {
  const { operations: o } = result
  const lines = [
    `${result.source} (${result.theirs.title || 'untitled'}, OpenAPI ${result.theirs.openapi || '?'}) against ${result.ours.title}`,
    `${o.compared} operations compared: ${o.matched} found${o.missing.length ? `, ${o.missing.length} missing (${o.missing.join(', ')})` : ''}${o.unpublished.length ? `, ${o.unpublished.length} unpublished there (${o.unpublished.join(', ')})` : ''}`,
  ]
  // The baseline's differences are known: counted, not listed again (the JSON report has them all).
  const order = (f: Finding) => (f.severity === 'breaking' ? 0 : 1)
  const rows = result.findings
    .filter((f) => !f.accepted)
    .sort((a, b) => order(a) - order(b))
    .map((f) => [label(f), f.operationId, f.where, `${f.change}: ${f.message}`])
  if (rows.length > 0) {
    const header = ['', 'operation', 'where', 'change']
    const widths = [0, 1, 2].map((i) => Math.max(header[i]!.length, ...rows.map((r) => r[i]!.length)))
    const line = (r: string[]) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ')
    lines.push('', line(header), ...rows.map(line))
  }
  if (result.resolved.length > 0) lines.push('', `gone since the baseline: ${result.resolved.join('; ')}`)
  lines.push('', summaryLine(result))
  return lines.join('\n')
}

export function driftJson(result: DriftResult): string {
  return JSON.stringify(result, null, 2) + '\n'
}

export function driftJUnit(result: DriftResult): string {
  const findingsOf = byOperation(result.findings)
  const failing = (findings: Finding[]) => findings.filter((f) => f.severity === 'breaking' && !f.accepted)
  const text = (findings: Finding[]) =>
    findings.map((f) => `${label(f)} ${f.where}: ${f.change}: ${f.message}`).join('\n')
  const failures = result.operations.ids.filter((id) => failing(findingsOf.get(id) ?? []).length > 0).length
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="analytics-mock drift" tests="${result.operations.compared}" failures="${failures}" errors="0">`,
    `  <testsuite name="${xmlEscape(`drift against ${result.source}`)}" tests="${result.operations.compared}" failures="${failures}" errors="0">`,
  ]
  for (const id of result.operations.ids) {
    const findings = findingsOf.get(id) ?? []
    const open = `    <testcase classname="drift" name="${xmlEscape(id)}"`
    if (findings.length === 0) {
      out.push(`${open}/>`)
      continue
    }
    out.push(`${open}>`)
    const broken = failing(findings)
    if (broken.length > 0)
      out.push(
        `      <failure message="${xmlEscape(`${broken.length} breaking change${broken.length === 1 ? '' : 's'}`)}">${xmlEscape(text(broken))}</failure>`,
      )
    const rest = findings.filter((f) => !broken.includes(f))
    if (rest.length > 0) out.push(`      <system-out>${xmlEscape(text(rest))}</system-out>`)
    out.push('    </testcase>')
  }
  out.push('  </testsuite>', '</testsuites>')
  return out.join('\n') + '\n'
}
