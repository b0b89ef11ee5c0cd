// What the browser build (scripts/build-entries.ts, BROWSER_PLUGINS) changes in the sources' graph leaves
// what they make unchanged: the seed, bundled as a page gets it (faker's class without its base locale),
// makes the default data byte for byte as the seed does in Node, and a recorded scenario is refused in the
// same words; and the contract, read through openapi-backend's router with the build's subset of lodash,
// gives every operation the same facts as in Node.
// Run in Node, from a bundle of the modules themselves.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { base } from '@faker-js/faker'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROWSER_PLUGINS } from '../../scripts/build-entries.ts'
import { withoutProse } from '../../scripts/gen-types.ts'
import { loadContract, type OperationView } from '../../src/core/contract.ts'
import DEFAULT_DATASET from '../../src/seed/default-dataset.gen.ts'
import { decodeScenario } from '../../src/seed/scenario-format.ts'
import { buildDefaultDataset } from '../../src/seed/seed.ts'
import { encodeDataset } from '../../src/store/dataset.ts'

const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url))

let dir: string
let text: string
let bundled: {
  buildDefaultDataset: typeof buildDefaultDataset
  encodeDataset: typeof encodeDataset
  decodeScenario: typeof decodeScenario
  loadContract: typeof loadContract
}

beforeAll(async () => {
  const result = await build({
    stdin: {
      contents: [
        `export { buildDefaultDataset } from ${JSON.stringify(source('seed/seed.ts'))}`,
        `export { encodeDataset } from ${JSON.stringify(source('store/dataset.ts'))}`,
        `export { decodeScenario } from ${JSON.stringify(source('seed/scenario-format.ts'))}`,
        `export { loadContract } from ${JSON.stringify(source('core/contract.ts'))}`,
      ].join('\n'),
      resolveDir: source('.'),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    plugins: BROWSER_PLUGINS,
    logLevel: 'error',
  })
  dir = mkdtempSync(join(tmpdir(), 'browser-build-'))
  const file = join(dir, 'bundle.mjs')
  text = result.outputFiles[0]!.text
  writeFileSync(file, text)
  bundled = await import(pathToFileURL(file).href)
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("the browser build's sources", () => {
  it('make the default data byte for byte as the seed does in Node', () => {
    expect(bundled.encodeDataset(bundled.buildDefaultDataset()) === DEFAULT_DATASET).toBe(true)
  })

  it("leave out faker's base locale, which the seed never reads (its time zones, for one)", () => {
    const zones = base.date!.time_zone!
    expect(zones.length).toBeGreaterThan(100)
    expect(zones.filter((zone) => text.includes(`${zone}.`) || text.includes(`"${zone}"`))).toEqual([])
  })

  it('make the data of another seed and size as Node does', () => {
    const options = { seed: 7, persons: 40, recordings: 12 }
    expect(bundled.encodeDataset(bundled.buildDefaultDataset(options))).toBe(
      encodeDataset(buildDefaultDataset(options)),
    )
  })

  it('refuse a malformed recorded scenario in the words Node uses', () => {
    const refusal = (decode: typeof decodeScenario, data: unknown) => {
      try {
        decode(data)
        return 'accepted'
      } catch (error) {
        return (error as Error).message
      }
    }
    for (const data of [
      { format: 'analytics-mock-scenario', version: 1 },
      { format: 'analytics-mock-scenario', version: 1, recorded_at: 'soon' },
      { format: 'analytics-mock-scenario', version: 1, recorded_at: '2026-05-01T00:00:00Z', source: 3 },
    ]) {
      const words = refusal(decodeScenario, data)
      expect(words).toMatch(/^\w+: /)
      expect(refusal(bundled.decodeScenario, data)).toBe(words)
    }
  })

  it('give every operation the facts it has in Node: routes, scopes, formats, media types, parameters and request bodies', () => {
    const view = (v: OperationView) => ({
      scopes: v.scopes,
      noneDeclared: v.noneDeclared,
      formats: v.formats,
      responses: [...v.responses],
      validated: [...v.responseValidators.keys()],
    })
    // The prose (descriptions, summaries, examples) is left to the Node builds.
    const facts = (contract: ReturnType<typeof loadContract>) => ({
      notMocked: contract.notMocked,
      operations: contract.operations.map((op) => ({
        id: op.operationId,
        method: op.method,
        templates: op.templates,
        tags: op.tags,
        observer: op.observer,
        bodyUnread: op.bodyUnread,
        notes: [...op.notes],
        seed: view(op),
        observed: view(op.observed),
        parameters: withoutProse(op.operation.parameters),
        requestBody: withoutProse(op.operation.requestBody),
      })),
    })
    const inNode = facts(loadContract())
    expect(inNode.operations.length).toBeGreaterThan(20)
    expect(facts(bundled.loadContract())).toEqual(inNode)
  })
})
