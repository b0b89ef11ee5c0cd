// The fidelity suite: each case is a behaviour of the real service, read in its own tests or source
// (named by the case), checked against the mock. Under the observed profile every case passes. Under
// the default profile (the seed) every case passes except those the seed overrules, which must then
// answer otherwise (so an overruling that no longer holds is noticed). docs/fidelity.md gives the counts.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CASES } from './fidelity/cases.ts'
import { apiFor } from './fidelity/harness.ts'

describe('fidelity to the real service', () => {
  it('has unique case ids, each naming its source', () => {
    expect(new Set(CASES.map((c) => c.id)).size).toBe(CASES.length)
    for (const c of CASES) expect(c.source, c.id).toMatch(/^(posthog|ee|rest_framework|exceptions_hog)\//)
  })

  it('docs/fidelity.md states the counts', () => {
    const doc = readFileSync(new URL('../docs/fidelity.md', import.meta.url), 'utf8')
    const overruled = CASES.filter((c) => c.seedOverrules).length
    expect(doc).toContain(`**${CASES.length} cases**`)
    expect(doc).toContain(`**${CASES.length - overruled} of ${CASES.length}** pass under the default profile`)
    expect(doc).toContain(`**${overruled}** are overruled by the seed`)
    for (const c of CASES.filter((c) => c.seedOverrules)) expect(doc, c.id).toContain(`\`${c.id}\``)
  })

  for (const c of CASES) {
    describe(c.id, () => {
      it(`observed profile: ${c.behaviour}`, async () => {
        await c.run(await apiFor('observed'))
      })
      if (c.seedOverrules) {
        it(`default profile answers as the seed says instead (${c.seedOverrules})`, async () => {
          await expect(c.run(await apiFor('seed'))).rejects.toThrow()
        })
      } else {
        it(`default profile: ${c.behaviour}`, async () => {
          await c.run(await apiFor('seed'))
        })
      }
    })
  }
})
