// CI's drift check: the contract against the real service's published schema of 2025-11-19 (read from
// ../shared/research/real-schema/ or $ANALYTICS_MOCK_REAL_SCHEMA_DIR, see scripts/real-schema.ts), through the
// reviewed baseline test/fixtures/drift-baseline-2025-11-19.json.
// A breaking difference outside the baseline fails, a baseline entry no longer found fails (the baseline
// is then regenerated: `npm run drift:baseline`), and every entry must be explained in docs/fidelity.md
// ("The published schema's differences"), each explanation covering at least one entry. A clone without
// the document skips these tests with one line saying how to point at it; with the variable set (.ci/run
// sets it) a missing document fails.
import { readFileSync } from 'node:fs'
import { describe, expect, it, type TestContext } from 'vitest'
import { BASELINE_PATH, driftOnRealSchema, findRealSchema } from '../scripts/real-schema.ts'

const REGENERATE = 'run `npm run drift:baseline`, review the diff and explain each new entry in docs/fidelity.md'
const CHANGES = 'removed|retyped|required|optional|enum|added|deprecated|scopes|status|format|undocumented'

const baseline = (): string[] => JSON.parse(readFileSync(BASELINE_PATH, 'utf8')).accepted

/** The finding patterns docs/fidelity.md explains (code spans in its drift section; `*` is any text). */
function explained(): Array<{ pattern: string; matches: (id: string) => boolean }> {
  const doc = readFileSync(new URL('../docs/fidelity.md', import.meta.url), 'utf8')
  const start = doc.indexOf("## The published schema's differences")
  expect(start, 'docs/fidelity.md has a section "The published schema\'s differences"').toBeGreaterThan(-1)
  const end = doc.indexOf('\n## ', start + 1)
  const section = doc.slice(start, end < 0 ? undefined : end)
  const spans = [...section.matchAll(new RegExp(`\`([a-z_*]+ [^\`]* (?:${CHANGES}))\``, 'g'))].map((m) => m[1]!)
  return spans.map((pattern) => {
    const source = pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')
    const re = new RegExp(`^${source}$`)
    return { pattern, matches: (id: string) => re.test(id) }
  })
}

describe('drift against the published schema of 2025-11-19 (CI)', () => {
  const schema = findRealSchema()
  // One comparison (a few seconds on this machine) for every check below.
  let compared: ReturnType<typeof driftOnRealSchema> | undefined
  const result = (ctx: TestContext) => {
    if (!schema.found) ctx.skip(schema.howToPoint)
    return (compared ??= driftOnRealSchema(schema.path, new Set(baseline())))
  }

  it('finds the stored schema (../shared/research/real-schema/, or $ANALYTICS_MOCK_REAL_SCHEMA_DIR)', (ctx) => {
    if (!schema.found && !schema.required) ctx.skip(schema.howToPoint)
    expect(schema.found, schema.howToPoint).toBe(true)
  })

  it('has no breaking difference outside the baseline, and no baseline entry that is gone', async (ctx) => {
    const { findings, operations, resolved, ok } = await result(ctx)
    const outside = findings.filter((f) => !f.accepted).map((f) => `${f.severity} ${f.id}: ${f.message}`)
    expect(operations.missing, 'operations their schema lacks').toEqual([])
    expect(
      outside.filter((f) => f.startsWith('breaking')),
      `breaking differences outside the baseline (fix the contract, or ${REGENERATE})`,
    ).toEqual([])
    expect(outside, `warnings outside the baseline (${REGENERATE})`).toEqual([])
    expect(resolved, `baseline entries no longer found (${REGENERATE})`).toEqual([])
    expect(ok).toBe(true)
  })

  it('reads an embedded object in allOf as merged: the embedded person has all its fields', async (ctx) => {
    const { findings } = await result(ctx)
    // (Before, the seed's overlay of one field replaced the person: five fields "added" by their schema.)
    const person = findings.filter((f) => f.where.startsWith('response 200 body results[].person.'))
    // None of the five false findings (id, name, properties, created_at, uuid "added" by their schema); the
    // one field the schema lacks is the current serializer's last_seen_at (explained in docs/fidelity.md).
    expect(person.filter((f) => f.change === 'added')).toEqual([])
    expect(person.map((f) => f.id).sort()).toEqual([
      'session_recordings_list response 200 body results[].person.last_seen_at removed',
      'session_recordings_list response 200 body results[].person.properties optional',
    ])
  })

  it('reads alternative security requirements as alternatives', async (ctx) => {
    const { findings } = await result(ctx)
    expect(findings.filter((f) => f.change === 'scopes').map((f) => `${f.operationId}: ${f.message}`)).toEqual([
      'max_tools_create_and_query_insight: they also require query:read',
    ])
  })

  it('docs/fidelity.md explains every baseline entry, and each explanation covers one', () => {
    const ids = baseline()
    const patterns = explained()
    expect(
      ids.filter((id) => !patterns.some((p) => p.matches(id))),
      'baseline entries docs/fidelity.md does not explain',
    ).toEqual([])
    expect(
      patterns.filter((p) => !ids.some((id) => p.matches(id))).map((p) => p.pattern),
      'explanations in docs/fidelity.md that cover no baseline entry',
    ).toEqual([])
  })
})
