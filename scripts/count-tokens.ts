// The size of the hand-written code in src/, in code tokens: TypeScript's scanner over every source
// file that is not a test or generated (*.gen.ts), comments and whitespace not counted, so neither
// wrapping lines nor deleting comments moves the figure.
//   npm run size:tokens [-- --files]    (--files: each file's count too, largest first)
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const SOURCE = /\.(ts|js|mjs|cjs)$/
const LEFT_OUT = /\.test\.ts$|\.gen\.ts$/

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return SOURCE.test(entry.name) && !LEFT_OUT.test(entry.name) ? [path] : []
  })
}

/** Code tokens in `text`: the scanner skips comments and whitespace (skipTrivia). */
export function codeTokens(text: string): number {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text)
  let count = 0
  while (scanner.scan() !== ts.SyntaxKind.EndOfFileToken) count++
  return count
}

const counts = sources('src').map((path) => ({ path, tokens: codeTokens(readFileSync(path, 'utf8')) }))
if (process.argv.includes('--files')) {
  for (const { path, tokens } of counts.sort((a, b) => b.tokens - a.tokens))
    console.log(`${String(tokens).padStart(7)}  ${path}`)
}
const total = counts.reduce((sum, c) => sum + c.tokens, 0)
console.log(`${total.toLocaleString('en-US')} code tokens in ${counts.length} hand-written files in src/`)
