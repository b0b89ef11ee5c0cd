// The HTML report: one self-contained file (its style inline; no script, no font, no image, nothing
// loaded from anywhere) to open in a browser or keep as a CI artifact. A summary (passed, failed, known
// drift, skipped), then a table per operation; each failure (and each known drift) shows the check
// that failed, what it found, the requests and responses (keys masked, as in every report) and, when a
// response broke the contract itself, the rule in contracts/openapi.yaml it broke.
import type { CheckResult, ExchangeBrief, VerifyResult } from '../types.ts'
import { byOperation, xmlEscape } from './junit.ts'

/** Text as HTML: escaped, and with the characters no document may hold replaced. */
const h = (value: unknown) => xmlEscape(String(value))

const OUTCOME: Record<CheckResult['outcome'], string> = {
  passed: 'passed',
  failed: 'FAILED',
  skipped: 'skipped',
  drift: 'known drift',
}

const STYLE = `
:root { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2329; }
body { margin: 0 auto; padding: 1rem 1.5rem 3rem; max-width: 80rem; }
h1 { font-size: 1.4rem; margin: 0.5rem 0; }
h2 { font-size: 1.1rem; margin: 2rem 0 0.5rem; }
h2 small { font-weight: normal; color: #66707a; }
.meta { color: #66707a; margin: 0 0 1rem; }
.verdict { padding: 0.6rem 1rem; border-radius: 6px; font-weight: 600; }
.verdict.ok { background: #e7f5ec; color: #1b7f3b; }
.verdict.bad { background: #fbeaea; color: #b3261e; }
.cards { display: flex; gap: 0.75rem; margin: 1rem 0; flex-wrap: wrap; }
.card { border: 1px solid #d8dde2; border-radius: 6px; padding: 0.5rem 1rem; min-width: 8rem; }
.card b { display: block; font-size: 1.6rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.3rem 0.6rem; border-bottom: 1px solid #eef1f3; vertical-align: top; }
th { background: #f5f7f9; }
td.outcome { white-space: nowrap; font-weight: 600; }
tr.passed td.outcome { color: #1b7f3b; }
tr.failed td.outcome { color: #b3261e; }
tr.drift td.outcome { color: #a15c00; }
tr.skipped td.outcome { color: #66707a; }
tr.failed { background: #fdf6f5; }
.detail td { padding: 0 0.6rem 0.8rem 2rem; background: #fafbfc; }
.detail dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 0.8rem; margin: 0.3rem 0; }
.detail dt { color: #66707a; }
.detail dd { margin: 0; }
pre { margin: 0; white-space: pre-wrap; word-break: break-all; font-size: 12px; background: #fff; border: 1px solid #e3e7eb; border-radius: 4px; padding: 0.3rem 0.5rem; }
.rule { color: #b3261e; }
nav ul { columns: 3; padding-left: 1.2rem; }
nav .failed { color: #b3261e; font-weight: 600; }
nav .drift { color: #a15c00; }
#only-failures:checked ~ main tr.passed, #only-failures:checked ~ main tr.skipped, #only-failures:checked ~ main section.clean { display: none; }
`

function mode(result: VerifyResult): string {
  const m = result.mode
  const parts = [m.writes ? 'writes' : 'read-only', `profile ${m.profile}`]
  if (m.destructive) parts.push(`destructive (persons ${m.personIds.join(', ') || 'none named'})`)
  if (m.strict) parts.push('strict')
  if (m.tags.length) parts.push(`tags ${m.tags.join(', ')}`)
  if (m.operations.length) parts.push(`operations ${m.operations.join(', ')}`)
  return parts.join(', ')
}

function exchange(ex: ExchangeBrief): string {
  const rows = [`<dt>request</dt><dd><pre>${h(ex.request)}</pre></dd>`]
  if (ex.requestBody !== undefined) rows.push(`<dt>request body</dt><dd><pre>${h(ex.requestBody)}</pre></dd>`)
  rows.push(`<dt>response</dt><dd><pre>${h(ex.response)}</pre></dd>`)
  if (ex.rule) rows.push(`<dt>contract rule broken</dt><dd class="rule"><code>${h(ex.rule)}</code></dd>`)
  return `<dl>${rows.join('')}</dl>`
}

function details(check: CheckResult): string {
  const parts: string[] = []
  if (check.outcome === 'failed')
    parts.push(
      `<dl><dt>rule checked</dt><dd>${h(check.name)}</dd><dt>found</dt><dd><pre>${h(check.message ?? 'failed')}</pre></dd></dl>`,
    )
  if (check.drift) {
    parts.push(
      `<dl><dt>known drift</dt><dd>${h(check.drift.id)}</dd><dt>contract</dt><dd>${h(check.drift.contract)}</dd><dt>real service</dt><dd>${h(check.drift.real)}</dd></dl>`,
    )
  }
  for (const ex of check.exchanges) parts.push(exchange(ex))
  for (const note of check.notes) parts.push(`<p>note: ${h(note)}</p>`)
  return parts.join('')
}

/** An operation's worst outcome, as a class: failed, else drift, else none. */
const worst = (checks: CheckResult[]) =>
  (['failed', 'drift'] as const).find((outcome) => checks.some((c) => c.outcome === outcome))

function operationSection(operationId: string, checks: CheckResult[]): string {
  const counts = (['passed', 'failed', 'drift', 'skipped'] as const)
    .map((o) => [o, checks.filter((c) => c.outcome === o).length] as const)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${n} ${OUTCOME[o]}`)
    .join(', ')
  const rows = checks.map((check) => {
    const open = check.outcome === 'failed' || check.outcome === 'drift' || check.notes.length > 0
    const row = `<tr class="${check.outcome}"><td class="outcome">${OUTCOME[check.outcome]}</td><td>${h(check.name)}</td><td>${h((check.message ?? '').split('\n')[0])}</td></tr>`
    return open ? `${row}<tr class="${check.outcome} detail"><td colspan="3">${details(check)}</td></tr>` : row
  })
  return (
    `<section id="${h(`op-${operationId}`)}" class="${worst(checks) ?? 'clean'}">` +
    `<h2>${h(operationId)} <small>${h(checks[0]!.tags.join(', '))} · ${h(counts)}</small></h2>` +
    `<table><thead><tr><th>outcome</th><th>check</th><th>message</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`
  )
}

export function toHtml(result: VerifyResult): string {
  const groups = byOperation(result.checks)
  const s = result.summary
  const card = (label: string, value: number) => `<div class="card"><b>${value}</b>${h(label)}</div>`
  const index = [...groups].map(
    ([id, checks]) => `<li><a class="${worst(checks) ?? ''}" href="#${h(`op-${id}`)}">${h(id)}</a></li>`,
  )
  const notes = result.notes.length
    ? `<h2>Notes</h2><ul>${result.notes.map((n) => `<li>${h(n)}</li>`).join('')}</ul>`
    : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>analytics-mock verify: ${h(result.summaryLine)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>analytics-mock verify</h1>
<p class="meta">${h(result.baseUrl)} · project ${h(result.projectId)} (key ****) · run ${h(result.runId)}, seed ${h(result.seed)} · ${h(mode(result))} · started ${h(result.startedAt)} · ${h(result.requests)} requests in ${h((result.durationMs / 1000).toFixed(1))} s</p>
<p class="verdict ${result.ok ? 'ok' : 'bad'}">${h(result.summaryLine)}${result.ok ? '' : ': the deployment does not keep the contract'}</p>
<div class="cards">${card('passed', s.passed)}${card('failed', s.failed)}${card(result.mode.strict ? 'known drift' : 'known drift (of the passed)', s.drift)}${card('skipped', s.skipped)}${card('checks', s.total)}</div>
<input type="checkbox" id="only-failures"> <label for="only-failures">only failures and known drift</label>
<nav><ul>${index.join('')}</ul></nav>
<main>
${[...groups].map(([id, checks]) => operationSection(id, checks)).join('\n')}
${notes}
</main>
</body>
</html>
`
}
