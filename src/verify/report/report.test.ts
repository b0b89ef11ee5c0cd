import { describe, expect, it } from 'vitest'
import type { CheckResult, VerifyResult } from '../types.ts'
import { summaryLine } from '../verify.ts'
import { formatHuman } from './human.ts'
import { toHtml } from './html.ts'
import { toJUnit, xmlEscape } from './junit.ts'

const check = (over: Partial<CheckResult>): CheckResult => ({
  operationId: 'persons_list',
  tags: ['persons'],
  name: 'pagination walk',
  outcome: 'passed',
  notes: [],
  exchanges: [],
  durationMs: 12,
  ...over,
})

function result(checks: CheckResult[]): VerifyResult {
  const summary = { passed: 0, failed: 0, skipped: 0, drift: 0, total: checks.length }
  for (const c of checks) {
    if (c.outcome === 'failed') summary.failed++
    else if (c.outcome === 'skipped') summary.skipped++
    else summary.passed++
    if (c.outcome === 'drift') summary.drift++
  }
  return {
    ok: summary.failed === 0,
    runId: 'r1',
    seed: 5,
    baseUrl: 'http://x',
    projectId: '1',
    mode: {
      profile: 'seed',
      writes: false,
      destructive: false,
      strict: false,
      personIds: [],
      tags: [],
      operations: [],
    },
    startedAt: '2024-01-01T00:00:00.000Z',
    durationMs: 1500,
    requests: 3,
    summary,
    summaryLine: summaryLine(summary),
    checks,
    notes: [],
  }
}

describe('summary line', () => {
  it('is exactly "N passed, N failed", with ", N skipped" only when something was skipped', () => {
    expect(summaryLine({ passed: 3, failed: 0, skipped: 0, drift: 1, total: 3 })).toBe('3 passed, 0 failed')
    expect(summaryLine({ passed: 3, failed: 2, skipped: 4, drift: 0, total: 9 })).toBe('3 passed, 2 failed, 4 skipped')
  })
})

describe('human report', () => {
  it('is one line per check under its operation, with the failing exchange shown briefly', () => {
    const text = formatHuman(
      result([
        check({}),
        check({
          name: 'filter email',
          outcome: 'failed',
          message: '3 of 9 results do not match',
          exchanges: [
            { request: 'GET /api/environments/1/persons/?email=a', response: '200 application/json {"count":9}' },
          ],
        }),
        check({
          operationId: 'persons_retrieve',
          name: 'unknown id is 404',
          outcome: 'skipped',
          message: 'needs --writes',
        }),
      ]),
    )
    expect(text).toBe(
      [
        'analytics-mock verify http://x project 1 (key ****)',
        'run r1, seed 5, read-only; 3 requests in 1.5 s',
        '',
        'persons_list [persons]',
        '  ok    pagination walk',
        '  FAIL  filter email: 3 of 9 results do not match',
        '          > GET /api/environments/1/persons/?email=a',
        '          < 200 application/json {"count":9}',
        '',
        'persons_retrieve [persons]',
        '  skip  unknown id is 404: needs --writes',
        '',
        '1 passed, 1 failed, 1 skipped',
        '',
      ].join('\n'),
    )
  })
})

describe('JUnit report', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(xmlEscape('<a href="x">&\'\u0000\u001b</a>')).toBe(
      '&lt;a href=&quot;x&quot;&gt;&amp;&apos;\uFFFD\uFFFD&lt;/a&gt;',
    )
  })

  it('has one testsuite per operation and the counts CI reads', () => {
    const xml = toJUnit(
      result([
        check({}),
        check({
          name: 'filter <email>',
          outcome: 'failed',
          message: 'bad "value"\u0007',
          exchanges: [{ request: 'GET /x', response: '500' }],
        }),
        check({
          operationId: 'persons_destroy',
          name: 'delete removes the person',
          outcome: 'skipped',
          message: 'needs --destructive',
        }),
        check({
          operationId: 'persons_destroy',
          name: 'responses conform to the contract',
          outcome: 'drift',
          message: 'known drift x',
          drift: { id: 'x', contract: 'a', real: 'b' },
        }),
      ]),
    )
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="analytics-mock verify" tests="4" failures="1" errors="0" skipped="1" time="1.500">/,
    )
    expect(xml).toContain('<testsuite name="persons_list" tests="2" failures="1" errors="0" skipped="0"')
    expect(xml).toContain('<testsuite name="persons_destroy" tests="2" failures="0" errors="0" skipped="1"')
    expect(xml).toContain(
      '<failure message="bad &quot;value&quot;\uFFFD">bad &quot;value&quot;\uFFFD\n&gt; GET /x\n&lt; 500</failure>',
    )
    expect(xml).toContain('<skipped message="needs --destructive"/>')
    expect(xml).toContain('<system-out>known drift x\ncontract: a\nreal: b</system-out>')
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/)
    expect(xml.match(/<testcase /g)).toHaveLength(4)
    expect(xml.match(/<testsuite /g)).toHaveLength(2)
  })
})

describe('HTML report', () => {
  const html = toHtml(
    result([
      check({}),
      check({
        name: 'responses conform to the contract',
        outcome: 'failed',
        message: '1 of 4 responses do not conform: body does not match the contract: /results/0/id must be integer',
        exchanges: [
          {
            request: 'GET /api/environments/1/persons/?limit=1',
            response: '200 application/json {"results":[{"id":"one"}]}',
            rule: 'contracts/openapi.yaml#/components/schemas/Person/properties/id/type: must be integer',
          },
        ],
      }),
      check({
        operationId: 'persons_destroy',
        name: 'delete removes the person',
        outcome: 'skipped',
        message: 'needs --destructive',
      }),
      check({
        operationId: 'persons_partial_update',
        name: 'patch visible on retrieve',
        outcome: 'drift',
        message: 'known drift person-patch-status: PATCH answered 202 where the contract says 200',
        drift: { id: 'person-patch-status', contract: '200 with the person', real: '202 with no body' },
        exchanges: [
          {
            request: 'PATCH /api/environments/1/persons/1/',
            requestBody: '{"properties":{"<b>":"</script>"}}',
            response: '202 (empty body)',
          },
        ],
      }),
    ]),
  )

  it('is one self-contained page: its style inline, no script, nothing loaded from anywhere', () => {
    expect(html).toMatch(/^<!doctype html>\n/)
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|url\(|@import/i)
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    )
  })

  it('opens with the summary: passed, failed, known drift, skipped', () => {
    expect(html).toContain('<title>analytics-mock verify: 2 passed, 1 failed, 1 skipped</title>')
    expect(html).toContain(
      '<div class="card"><b>2</b>passed</div><div class="card"><b>1</b>failed</div><div class="card"><b>1</b>known drift (of the passed)</div><div class="card"><b>1</b>skipped</div>',
    )
    expect(html).toContain(
      '<p class="verdict bad">2 passed, 1 failed, 1 skipped: the deployment does not keep the contract</p>',
    )
  })

  it('has a table per operation, each failure with its request, response and the contract rule it broke', () => {
    expect(html.match(/<section id="op-/g)).toHaveLength(3)
    const section = html.slice(html.indexOf('<section id="op-persons_list"'), html.indexOf('</section>'))
    expect(section).toContain(
      '<tr class="failed"><td class="outcome">FAILED</td><td>responses conform to the contract</td>',
    )
    expect(section).toContain('<dt>request</dt><dd><pre>GET /api/environments/1/persons/?limit=1</pre></dd>')
    expect(section).toContain(
      '<dt>response</dt><dd><pre>200 application/json {&quot;results&quot;:[{&quot;id&quot;:&quot;one&quot;}]}</pre></dd>',
    )
    expect(section).toContain(
      '<dt>contract rule broken</dt><dd class="rule"><code>contracts/openapi.yaml#/components/schemas/Person/properties/id/type: must be integer</code></dd>',
    )
  })

  it('shows known drift with both behaviours, and escapes everything the deployment sent', () => {
    expect(html).toContain(
      '<dt>contract</dt><dd>200 with the person</dd><dt>real service</dt><dd>202 with no body</dd>',
    )
    expect(html).toContain('{&quot;properties&quot;:{&quot;&lt;b&gt;&quot;:&quot;&lt;/script&gt;&quot;}}')
    expect(html).not.toContain('</script>')
  })
})
