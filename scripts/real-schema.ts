// The real service's published OpenAPI document of 2025-11-19, which `npm test` compares the contract
// with (test/drift-real-schema.test.ts) and `npm run drift:baseline` writes the accepted differences
// of. It is not copied into the project: its README (in the same directory, with the document's
// provenance: PostHog/terraform-provider-posthog, internal/posthog/swagger/api/openapi.yaml at 99b6040)
// asks that CI read it from ../shared. ANALYTICS_MOCK_REAL_SCHEMA_DIR names the directory (relative to
// the checkout, or absolute); set, it is required: .ci/run sets it, so CI fails when it is missing.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { drift, type DriftResult } from '../src/drift/drift.ts'
import { baselineText } from '../src/drift/cli.ts'

export const REAL_SCHEMA_NAME = 'posthog-schema-2025-11-19.yaml'
export const REAL_SCHEMA_DIR_VARIABLE = 'ANALYTICS_MOCK_REAL_SCHEMA_DIR'
const DEFAULT_DIR = '../shared/research/real-schema'
const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The reviewed baseline: the differences accepted, each explained in docs/fidelity.md. */
export const BASELINE_PATH = join(ROOT, 'test', 'fixtures', 'drift-baseline-2025-11-19.json')

export interface RealSchemaPlace {
  /** Where the document is looked for. */
  path: string
  found: boolean
  /** The directory was named (ANALYTICS_MOCK_REAL_SCHEMA_DIR): a missing document is a failure, not a skip. */
  required: boolean
  /** One line: where it was looked for, and how to point at it. */
  howToPoint: string
}

/** Where the stored schema is: in $ANALYTICS_MOCK_REAL_SCHEMA_DIR, else in ../shared/research/real-schema/. */
export function findRealSchema(env: NodeJS.ProcessEnv = process.env): RealSchemaPlace {
  const named = env[REAL_SCHEMA_DIR_VARIABLE]
  const path = join(resolve(ROOT, named || DEFAULT_DIR), REAL_SCHEMA_NAME)
  return {
    path,
    found: existsSync(path),
    required: Boolean(named),
    howToPoint: `the real service's stored schema is not at ${path}: set ${REAL_SCHEMA_DIR_VARIABLE} to the directory that holds ${REAL_SCHEMA_NAME}`,
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
