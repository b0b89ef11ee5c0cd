// `npm run drift:baseline`: rewrites test/fixtures/drift-baseline-2025-11-19.json with every difference
// between the contract and the real service's published schema of 2025-11-19 (see scripts/real-schema.ts).
// Review the change (git diff), and explain each new entry in docs/fidelity.md ("The published schema's
// differences"): `npm test` fails on an entry no explanation there covers, and on an explanation that
// covers none.
import { writeFileSync } from 'node:fs'
import { BASELINE_PATH, currentBaseline, findRealSchema } from './real-schema.ts'

const schema = findRealSchema()
if (!schema.found) {
  console.error(`drift:baseline: ${schema.howToPoint}`)
  process.exit(2)
}
const text = await currentBaseline(schema.path)
writeFileSync(BASELINE_PATH, text)
console.log(`wrote ${BASELINE_PATH}: ${JSON.parse(text).accepted.length} accepted differences (from ${schema.path})`)
