// Helpers for the verify kit's own tests: an app to check, a person it may delete, and a compact view of
// the checks that did not pass.
import type { App, AppOptions } from '../src/app.ts'
import { KEYS, testApp } from './support.ts'
import { verify } from '../src/verify/index.ts'
import type { CheckResult, VerifyOptions, VerifyResult } from '../src/verify/types.ts'

export const BASE = 'http://verify.test'

/** Creates a person through the mock's capture stand-in and returns its id (for --destructive). */
export async function createDoomedPerson(app: App, distinctId = 'verify-doomed-person'): Promise<number> {
  const res = await app.fetch(
    new Request(`${BASE}/_mock/projects/1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: '$identify',
        distinct_id: distinctId,
        properties: { $set: { email: `${distinctId}@example.com` } },
      }),
    }),
  )
  if (res.status !== 201) throw new Error(`capture answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as any).person.id
}

/** Runs the kit in-process against an app. */
export async function verifyApp(app: App, options: Partial<VerifyOptions> = {}): Promise<VerifyResult> {
  return verify({ baseUrl: BASE, apiKey: KEYS.all, projectId: 1, fetch: app.fetch, seed: 1, ...options })
}

/** An app whose contract violations fail the test (test/setup.ts); broken variants turn validation off. */
export function appWith(options: AppOptions = {}): Promise<App> {
  return testApp(options)
}

/** "operationId / name: message" for every check with the outcome. */
export function outcomes(result: VerifyResult, outcome: CheckResult['outcome']): string[] {
  return result.checks.filter((c) => c.outcome === outcome).map((c) => `${c.operationId} / ${c.name}: ${c.message}`)
}

export function find(result: VerifyResult, operationId: string, name: string): CheckResult {
  const found = result.checks.filter((c) => c.operationId === operationId && c.name === name)
  if (found.length !== 1) throw new Error(`expected one check ${operationId} / ${name}, found ${found.length}`)
  return found[0]!
}
