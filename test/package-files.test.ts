// What `npm pack` puts in the tarball: the compiled output the "exports" and the bin use (dist/ is in
// .gitignore, which npm would otherwise follow), the sources, fixtures and contract, and no tests.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
let files: string[]

beforeAll(() => {
  // `npm pack` runs `prepare` (the incremental build) first, as a publish would.
  const out = execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  files = (JSON.parse(out.slice(out.indexOf('['))) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path)
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
  })

  it('leaves out tests, build state and everything outside the package', () => {
    expect(files.filter((f) => /\.test\.(ts|js|d\.ts)$/.test(f))).toEqual([])
    expect(files).not.toContain('dist/.tsbuildinfo')
    const roots = new Set(files.map((f) => f.split('/')[0]))
    expect([...roots].sort()).toEqual(['LICENSE', 'README.md', 'bin', 'contracts', 'dist', 'docs', 'fixtures', 'package.json', 'src'])
  })
})
