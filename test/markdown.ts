// The fenced examples of a Markdown page (README.md, docs/*.md), so tests can run what the pages show.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface Fenced {
  /** The page, relative to the repository root (e.g. docs/server.md). */
  page: string
  /** The info string after the opening fence: ts, sh, yaml... ('' for none). */
  lang: string
  code: string
  /** 1-based line of the opening fence. */
  line: number
  /** The heading the block sits under ('' before the first one). */
  section: string
}

const root = fileURLToPath(new URL('..', import.meta.url))

/** Every ``` block of the page, in order. Indented blocks are not examples (the pages fence theirs). */
export function fencedBlocks(page: string): Fenced[] {
  const lines = readFileSync(root + page, 'utf8').split('\n')
  const blocks: Fenced[] = []
  let section = ''
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#{1,6}\s+(.*)$/.exec(lines[i]!)
    if (heading) section = heading[1]!.trim()
    const open = /^```(\S*)\s*$/.exec(lines[i]!)
    if (!open) continue
    const start = i
    const body: string[] = []
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!)
    blocks.push({ page, lang: open[1]!, code: body.join('\n') + '\n', line: start + 1, section })
  }
  return blocks
}

/** The one block of `lang` under the heading `section` (throws when there is not exactly one). */
export function fencedBlock(page: string, section: string, lang: string): Fenced {
  const found = fencedBlocks(page).filter((b) => b.section === section && b.lang === lang)
  if (found.length !== 1) throw new Error(`${page}: ${found.length} \`\`\`${lang} blocks under "${section}", expected one`)
  return found[0]!
}
