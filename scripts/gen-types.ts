// Regenerates src/contract/types.gen.ts from contracts/openapi.yaml (the single source of truth).
// `--check` exits 1 when the committed file is stale, so CI catches a contract edit without regenerated types.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'

const root = new URL('../', import.meta.url)
const target = fileURLToPath(new URL('src/contract/types.gen.ts', root))

export async function renderTypes(): Promise<string> {
  const ast = await openapiTS(new URL('contracts/openapi.yaml', root))
  return '// Generated from contracts/openapi.yaml by `npm run gen:types`. Do not edit.\n' + astToString(ast)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await renderTypes()
  if (process.argv.includes('--check')) {
    const current = readFileSync(target, 'utf8')
    if (current !== text) {
      console.error('src/contract/types.gen.ts is stale: run `npm run gen:types`')
      process.exit(1)
    }
    console.log('types up to date')
  } else {
    writeFileSync(target, text)
    console.log('wrote', target)
  }
}
