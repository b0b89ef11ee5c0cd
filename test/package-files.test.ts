// What `npm pack` puts in the tarball: the compiled output the "exports" and the bin use (dist/ is in
// .gitignore, which npm would otherwise follow), the sources, fixtures, contract and docs, the bundled
// openapi-backend tree, and none of our tests.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
let files: string[]
let bundled: string[]

beforeAll(() => {
  // `npm pack` runs `prepare` (the incremental build) first, as a publish would.
  const out = execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  const [pack] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ files: Array<{ path: string }>; bundled: string[] }>
  files = pack!.files.map((f) => f.path)
  bundled = pack!.bundled
}, 120_000)

describe('the package tarball', () => {
  it('holds every file the package.json exports and bin point at', () => {
    const pkg = JSON.parse(execFileSync('node', ['-p', 'JSON.stringify(require("./package.json"))'], { cwd: root, encoding: 'utf8' }))
    const targets = Object.values(pkg.exports as Record<string, string | Record<string, string>>).flatMap((entry) =>
      typeof entry === 'string' ? [entry] : Object.values(entry),
    )
    for (const target of [...targets, ...Object.values(pkg.bin as Record<string, string>)]) {
      expect(files, target).toContain(target.replace(/^\.\//, ''))
    }
    expect(files).toContain('dist/src/cli/main.js')
    expect(files).toContain('dist/.built')
    expect(files).toContain('contracts/openapi.yaml')
    expect(files).toContain('fixtures/index.ts')
    // The dashboard (no build step): its files, and the compiled module that serves them from src/ui/.
    for (const file of ['src/ui/dashboard.html', 'src/ui/dashboard.js', 'src/ui/dashboard.css', 'dist/src/ui/assets.js']) expect(files).toContain(file)
  })

  it('leaves out tests, build state and everything outside the package', () => {
    expect(files.filter((f) => !f.startsWith('node_modules/') && /\.test\.(ts|js|d\.ts)$/.test(f))).toEqual([]) // our own tests
    expect(files).not.toContain('dist/.tsbuildinfo')
    const roots = new Set(files.map((f) => f.split('/')[0]))
    expect([...roots].sort()).toEqual(['LICENSE', 'README.md', 'bin', 'contracts', 'dist', 'docs', 'fixtures', 'node_modules', 'package.json', 'src'])
  })

  it('carries openapi-backend with the json-schema-ref-parser 15 it is given here, and nothing else of node_modules', () => {
    // See docs/architecture.md (openapi-backend, ajv): 16.x wants Node 22.19, 11.x breaks the browser bundle.
    expect(bundled).toEqual(expect.arrayContaining(['openapi-backend', '@apidevtools/json-schema-ref-parser']))
    expect(bundled).not.toContain('msw')
    const shipped = JSON.parse(readFileSync(new URL('../node_modules/@apidevtools/json-schema-ref-parser/package.json', import.meta.url), 'utf8'))
    expect(shipped.version).toMatch(/^15\./)
    const packages = new Set(files.filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/').slice(1, f.split('/')[1]!.startsWith('@') ? 3 : 2).join('/')))
    expect([...packages].sort()).toEqual([...bundled].sort())
  })
})
