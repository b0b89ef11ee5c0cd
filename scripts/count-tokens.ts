// The size of the hand-written code in src/, in code tokens: TypeScript's tokens of every source file
// that is not a test or generated (*.gen.ts), comments and whitespace not counted, so neither wrapping
// lines nor deleting comments moves the figure.
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

/**
 * Code tokens in `text`: the leaves of TypeScript's syntax tree, as its scanner reads them in context
 * (a `/` as a regular expression or a division, a template literal's parts), without comments and
 * whitespace.
 */
export function codeTokens(path: string, text: string): number {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  let count = 0
  const walk = (node: ts.Node): void => {
    const children = node.getChildren(source)
    if (children.length > 0) children.forEach(walk)
    else if (node.kind !== ts.SyntaxKind.EndOfFileToken) count++
  }
  walk(source)
  return count
}

/**
 * The tokens a plain scan of the text reads, without the parser's context: once a `/` or a template
 * literal is read out of context the rest of a file scans as one string or comment, so this counts fewer
 * (issue 53 quotes its figures in this measure: about 111,000 at 6c7ae96, where the tree has 185,457).
 */
export function scannedTokens(text: string): number {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text)
  let count = 0
  while (scanner.scan() !== ts.SyntaxKind.EndOfFileToken) count++
  return count
}

const counts = sources('src').map((path) => {
  const text = readFileSync(path, 'utf8')
  return { path, tokens: codeTokens(path, text), scanned: scannedTokens(text) }
})
if (process.argv.includes('--files')) {
  for (const { path, tokens } of counts.sort((a, b) => b.tokens - a.tokens))
    console.log(`${String(tokens).padStart(7)}  ${path}`)
}
const total = counts.reduce((sum, c) => sum + c.tokens, 0)
const scanned = counts.reduce((sum, c) => sum + c.scanned, 0)
console.log(`${total.toLocaleString('en-US')} code tokens in ${counts.length} hand-written files in src/`)
console.log(`${scanned.toLocaleString('en-US')} as a plain scan of the text counts them (the measure issue 53 quotes)`)
