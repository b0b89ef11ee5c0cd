import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderGenerated } from '../../scripts/gen-types.ts'

describe('files generated from the contract', () => {
  it('are up to date with contracts/openapi.yaml (run `npm run gen:types` after editing it)', async () => {
    const files = await renderGenerated()
    for (const [path, text] of Object.entries(files)) {
      expect(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'), path).toBe(text)
    }
  })
})
