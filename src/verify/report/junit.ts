// JUnit XML: one testsuite per operation, one testcase per check (classname tag.operationId).
// Failures carry the message and the failing exchange; known drift passes with a system-out line.
import type { CheckResult, VerifyResult } from '../types.ts'

/** Escapes for XML 1.0 and drops the characters it cannot carry at all. */
export function xmlEscape(value: string): string {
  return value
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** A check's details as lines: the two sides of its drift, its exchanges (unless told not to), its notes. */
export function detailLines(check: CheckResult, real = 'real: ', exchanges = true): string[] {
  const lines = check.drift ? [`contract: ${check.drift.contract}`, `${real}${check.drift.real}`] : []
  for (const ex of exchanges ? check.exchanges : [])
    lines.push(`> ${ex.request}`, ...(ex.requestBody === undefined ? [] : [`  ${ex.requestBody}`]), `< ${ex.response}`)
  return [...lines, ...check.notes.map((note) => `note: ${note}`)]
}

/** Checks (or drift's findings) by operation, in the order they come. */
export function byOperation<T extends { operationId: string }>(items: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(item.operationId, [...(groups.get(item.operationId) ?? []), item])
  return groups
}

const details = (check: CheckResult) => [check.message ?? '', ...detailLines(check)].join('\n')

export function toJUnit(result: VerifyResult): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>']
  const s = result.summary
  out.push(
    `<testsuites name="analytics-mock verify" tests="${s.total}" failures="${s.failed}" errors="${result.crash ? 1 : 0}" skipped="${s.skipped}" time="${(result.durationMs / 1000).toFixed(3)}">`,
  )
  if (result.crash) {
    const { where, message, stack } = result.crash
    out.push(
      `  <testsuite name="analytics-mock verify" tests="1" failures="0" errors="1" skipped="0">`,
      `    <testcase classname="kit" name="the kit ran to the end"><error message="${xmlEscape(`${where}: ${message}`)}">${xmlEscape(stack ?? message)}</error></testcase>`,
      '  </testsuite>',
    )
  }
  for (const [operationId, checks] of byOperation(result.checks)) {
    const failures = checks.filter((c) => c.outcome === 'failed').length
    const skipped = checks.filter((c) => c.outcome === 'skipped').length
    const time = checks.reduce((sum, c) => sum + c.durationMs, 0) / 1000
    out.push(
      `  <testsuite name="${xmlEscape(operationId)}" tests="${checks.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time.toFixed(3)}">`,
    )
    for (const check of checks) {
      const classname = xmlEscape(`${check.tags[0] ?? 'api'}.${check.operationId}`)
      const open = `    <testcase classname="${classname}" name="${xmlEscape(check.name)}" time="${(check.durationMs / 1000).toFixed(3)}"`
      if (check.outcome === 'passed' && check.notes.length === 0) {
        out.push(`${open}/>`)
        continue
      }
      const message = xmlEscape((check.message ?? check.outcome).split('\n')[0]!)
      const inner =
        check.outcome === 'failed'
          ? `<failure message="${message}">${xmlEscape(details(check))}</failure>`
          : check.outcome === 'skipped'
            ? `<skipped message="${message}"/>`
            : `<system-out>${xmlEscape(details(check))}</system-out>`
      out.push(`${open}>`, `      ${inner}`, '    </testcase>')
    }
    out.push('  </testsuite>')
  }
  out.push('</testsuites>')
  return out.join('\n') + '\n'
}
