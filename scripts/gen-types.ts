// Regenerates what is derived from contracts/openapi.yaml (the single source of truth):
//   src/contract/types.gen.ts     TypeScript types (openapi-typescript)
//   src/contract/document.gen.ts  the document as a module, so the core loads it in Node and in browsers alike
//   src/contract/validators.gen.ts  its validators as code (scripts/gen-validators.ts), so none is compiled at run time
//   src/contract/run-time.gen.ts  what the run time reads of it, dereferenced, so a start neither compiles
//                                 the whole document as a module nor dereferences it
// and, from @faker-js/faker's English definitions:
//   src/seed/faker-locale.gen.ts  the entries the seed draws from (FAKER_ENTRIES), so a browser bundle
//                                 carries those lists and not faker's whole English locale
// `--check` exits 1 when a committed file is stale, so CI catches a contract edit without regeneration.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { faker as englishFaker } from '@faker-js/faker/locale/en'
// A CommonJS module whose exports ESM loaders cannot list: the whole module, then its member.
import dereferenceJsonSchema from 'dereference-json-schema'
import openapiTS, { astToString } from 'openapi-typescript'
import { parse } from 'yaml'
import { renderValidators } from './gen-validators.ts'

const root = new URL('../', import.meta.url)
const header = '// Generated from contracts/openapi.yaml by `npm run gen:types`. Do not edit.\n'

/**
 * The English definitions src/seed/seed.ts draws from (person.firstName and lastName, company.name,
 * internet.email; string.* needs none). A draw needing another entry throws faker's "locale data missing"
 * error: add it here and regenerate.
 */
export const FAKER_ENTRIES = {
  metadata: ['title', 'code', 'language', 'endonym', 'dir', 'script'],
  person: ['first_name', 'last_name', 'last_name_pattern'],
  company: ['name_pattern', 'legal_entity_type'],
  internet: ['free_email'],
} as const

function fakerLocale(): string {
  const raw = englishFaker.rawDefinitions as Record<string, Record<string, unknown>>
  const picked = Object.fromEntries(
    Object.entries(FAKER_ENTRIES).map(([module, entries]) => [
      module,
      Object.fromEntries(entries.map((entry) => [entry, raw[module]![entry]])),
    ]),
  )
  return (
    header.replace('contracts/openapi.yaml', "@faker-js/faker's English locale") +
    "import type { LocaleDefinition } from '@faker-js/faker'\n\n" +
    `export const fakerDefinitions: LocaleDefinition = ${JSON.stringify(picked, null, 1)}\n`
  )
}

const PROSE = new Set(['description', 'summary', 'example', 'examples'])

/** `value` without the prose keys; under `properties` the keys are names of fields, and stay. */
export function withoutProse(value: unknown, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutProse(item))
  if (typeof value !== 'object' || value === null) return value
  const kept = Object.entries(value).filter(([key]) => parentKey === 'properties' || !PROSE.has(key))
  return Object.fromEntries(kept.map(([key, item]) => [key, withoutProse(item, key)]))
}

/**
 * The document as the run time reads it (src/core/contract.ts, in Node and in a page alike): dereferenced,
 * without prose (verify and drift print it from document.gen.ts) and without response schemas, which only
 * the validators compiled ahead check (validators.gen.ts, made from the whole document). A response keeps
 * its media types, an observed note's `real_schema` stays present, and of the components only the
 * security schemes stay (every $ref is resolved in place). JSON text, which parses several times faster
 * than the same object as a module's code compiles.
 */
function runTimeModule(document: Record<string, any>): string {
  const runTime = withoutProse(document) as Record<string, any>
  for (const operation of Object.values(runTime.paths ?? {}).flatMap((item: any) => Object.values(item))) {
    if (typeof operation !== 'object' || operation === null) continue
    for (const response of Object.values((operation as any).responses ?? {}))
      for (const media of Object.values((response as any).content ?? {}))
        if ((media as any).schema) (media as any).schema = {}
    for (const note of (operation as any)['x-observed'] ?? []) if (note.real_schema !== undefined) note.real_schema = {}
  }
  const { components, ...definition } = dereferenceJsonSchema.dereferenceSync(runTime) as Record<string, any>
  const text = JSON.stringify({ ...definition, components: { securitySchemes: components.securitySchemes } })
  return (
    header +
    "import type { Document } from 'openapi-backend'\n\n" +
    `export const definition = JSON.parse('${text.replace(/[\\']/g, (c) => `\\${c}`)}') as Document\n`
  )
}

export async function renderGenerated(): Promise<Record<string, string>> {
  const source = readFileSync(new URL('contracts/openapi.yaml', root), 'utf8')
  const ast = await openapiTS(source)
  const document = JSON.stringify(parse(source), null, 1)
  return {
    'src/contract/types.gen.ts': header + astToString(ast),
    'src/contract/document.gen.ts':
      header +
      "import type { Document } from 'openapi-backend'\n\nexport const document = " +
      document +
      ' as unknown as Document\n',
    'src/contract/validators.gen.ts': renderValidators(parse(source)),
    'src/contract/run-time.gen.ts': runTimeModule(parse(source)),
    'src/seed/faker-locale.gen.ts': fakerLocale(),
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = await renderGenerated()
  const check = process.argv.includes('--check')
  let stale = 0
  for (const [path, text] of Object.entries(files)) {
    const target = fileURLToPath(new URL(path, root))
    if (check) {
      let current = ''
      try {
        current = readFileSync(target, 'utf8')
      } catch {
        /* not written yet */
      }
      if (current !== text) {
        console.error(`${path} is stale: run \`npm run gen:types\``)
        stale++
      }
    } else {
      writeFileSync(target, text)
      console.log('wrote', path)
    }
  }
  if (stale) process.exit(1)
  if (check) console.log('generated files up to date')
}
