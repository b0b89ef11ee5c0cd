// The request path docs/architecture.md shows is the one the pipeline takes: at most eight files of
// the mock's own framework (src/core/, not the DRF mechanisms it models in src/core/drf/), and the
// pipeline imports at run time nothing of src/core/ beyond them and the parts the table names.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const root = new URL('..', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** The `src/core/...` files the table names, the framework's (outside drf/) apart. */
function tableFiles(): { framework: Set<string>; all: Set<string> } {
  const doc = read('docs/architecture.md')
  const section = doc.slice(doc.indexOf('## The path of one request'), doc.indexOf('## Layers'))
  const all = new Set<string>()
  for (const line of section.split('\n').filter((l) => l.startsWith('|'))) {
    for (const m of line.matchAll(/`(?:src\/core\/)?((?:drf\/)?[a-z-]+\.ts)`/g)) all.add(m[1]!)
  }
  return { framework: new Set([...all].filter((f) => !f.startsWith('drf/'))), all }
}

describe('the request path (docs/architecture.md)', () => {
  it('is at most eight framework files, each of them in src/core', () => {
    const { framework } = tableFiles()
    const core = [...framework]
    expect(core.length).toBeGreaterThan(0)
    expect(core.length).toBeLessThanOrEqual(8)
    for (const file of core) expect(() => read(`src/core/${file}`), file).not.toThrow()
  })

  it('is what the pipeline imports at run time from src/core', () => {
    const { all } = tableFiles()
    const source = read('src/core/pipeline.ts')
    const runtime = [...source.matchAll(/^import (?!type )[^;]*?from '\.\/([^']+)'/gms)].map((m) => m[1]!)
    // Entered only for what their step names: OPTIONS (its metadata), faults when set (a field read).
    const named = new Set([...all, 'options-metadata.ts', 'drf/exceptions.ts'])
    expect(runtime.filter((file) => !named.has(file))).toEqual([])
  })
})
