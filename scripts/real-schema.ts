// The real service's published OpenAPI document of 2025-11-19, which `npm test` compares the contract
// with (test/drift-real-schema.test.ts) and `npm run drift:baseline` writes the accepted differences
// of. It is not copied into the project: its README (../shared/research/real-schema/README.md, the
// document's provenance: PostHog/terraform-provider-posthog, internal/posthog/swagger/api/openapi.yaml
// at 99b6040) asks that CI read it from ../shared. It is found there from any checkout or worktree
// beside it, or named by ANALYTICS_MOCK_REAL_SCHEMA.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { drift, type DriftResult } from '../src/drift/drift.ts'
import { baselineText } from '../src/drift/cli.ts'

export const REAL_SCHEMA_NAME = 'posthog-schema-2025-11-19.yaml'
const UNDER_SHARED = join('shared', 'research', 'real-schema', REAL_SCHEMA_NAME)
const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The reviewed baseline: the differences accepted, each explained in docs/fidelity.md. */
export const BASELINE_PATH = join(ROOT, 'test', 'fixtures', 'drift-baseline-2025-11-19.json')

/** Where the stored schema is: $ANALYTICS_MOCK_REAL_SCHEMA, else `shared/research/real-schema/` in a directory above the checkout. */
export function findRealSchema(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.ANALYTICS_MOCK_REAL_SCHEMA) return resolve(env.ANALYTICS_MOCK_REAL_SCHEMA)
  for (let dir = resolve(ROOT, '..'); ; dir = dirname(dir)) {
    if (existsSync(join(dir, UNDER_SHARED))) return join(dir, UNDER_SHARED)
    if (dirname(dir) === dir) return undefined
  }
}

/** The contract against the stored schema, through the baseline when one is given. */
export async function driftOnRealSchema(path: string, accepted?: ReadonlySet<string>): Promise<DriftResult> {
  return drift({ schemaText: readFileSync(path, 'utf8'), schemaName: REAL_SCHEMA_NAME, accepted })
}

/** The baseline file's text accepting every difference found now. */
export async function currentBaseline(path: string): Promise<string> {
  return baselineText(await driftOnRealSchema(path))
}
