// Regenerates what is derived from contracts/openapi.yaml (the single source of truth):
//   src/contract/types.gen.ts     TypeScript types (openapi-typescript)
//   src/contract/document.gen.ts  the document as a module, so the core loads it in Node and in browsers alike
//   src/contract/validators.gen.ts  its validators as code (scripts/gen-validators.ts), so none is compiled at run time
// and, from @faker-js/faker's English definitions:
//   src/seed/faker-locale.gen.ts  the entries the seed draws from (FAKER_ENTRIES), so a browser bundle
//                                 carries those lists and not faker's whole English locale
// `--check` exits 1 when a committed file is stale, so CI catches a contract edit without regeneration.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { faker as englishFaker } from '@faker-js/faker/locale/en'
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
