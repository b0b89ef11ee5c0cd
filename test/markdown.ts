// The fenced examples of a Markdown page (README.md, docs/*.md), so tests can run what the pages show.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface Fenced {
  /** The page, relative to the repository root (e.g. docs/server.md). */
  page: string
  /** The info string after the opening fence: ts, sh, yaml... ('' for none; 'indented' for an indented code block). */
  lang: string
  code: string
  /** 1-based line of the opening fence. */
  line: number
  /** The heading the block sits under ('' before the first one). */
  section: string
}

const root = fileURLToPath(new URL('..', import.meta.url))

const indented = (line: string) => /^( {4}|\t)/.test(line)
/** A line after which an indented line continues a list item rather than starting a code block. */
const listLine = (line: string) => /^\s*([-*+]|\d+\.)\s/.test(line) || /^\s/.test(line)

/**
 * Every code block of the page, in order: ``` blocks, and indented blocks (lang 'indented') so that no
 * example escapes the tests that run them.
 */
export function fencedBlocks(page: string): Fenced[] {
  const lines = readFileSync(root + page, 'utf8').split('\n')
  const blocks: Fenced[] = []
  let section = ''
  let lastText = ''
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const heading = /^#{1,6}\s+(.*)$/.exec(line)
    if (heading) section = heading[1]!.trim()
    const open = /^```(\S*)\s*$/.exec(line)
    if (open) {
      const start = i
      const body: string[] = []
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!)
      blocks.push({ page, lang: open[1]!, code: body.join('\n') + '\n', line: start + 1, section })
      lastText = '```'
      continue
    }
    if (indented(line) && i > 0 && lines[i - 1]!.trim() === '' && !listLine(lastText)) {
      const start = i
      const body: string[] = []
      for (
        ;
        i < lines.length && (indented(lines[i]!) || (lines[i]!.trim() === '' && indented(lines[i + 1] ?? '')));
        i++
      )
        body.push(lines[i]!.replace(/^( {4}|\t)/, ''))
      i--
      blocks.push({ page, lang: 'indented', code: body.join('\n') + '\n', line: start + 1, section })
      lastText = body.at(-1) ?? ''
      continue
    }
    if (line.trim() !== '') lastText = line
  }
  return blocks
}

/** The one block of `lang` under the heading `section` (throws when there is not exactly one). */
export function fencedBlock(page: string, section: string, lang: string): Fenced {
  const found = fencedBlocks(page).filter((b) => b.section === section && b.lang === lang)
  if (found.length !== 1)
    throw new Error(`${page}: ${found.length} \`\`\`${lang} blocks under "${section}", expected one`)
  return found[0]!
}
