// What `npm pack` puts in the tarball: the compiled output the "exports" and the bin use (dist/ is in
// .gitignore, which npm would otherwise follow), the sources, fixtures, contract and docs, no dependency
// and none of our tests. The tarball is the one the other package suites install: built by `npm run build`
// (what `prepack` runs before a publish) in a copy of the checkout, then packed (test/package-setup.ts).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { packed } from './package-apps.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
let files: string[]
let bundled: string[]

beforeAll(async () => {
  ;({ files, bundled } = await packed())
}, 1_200_000)

describe('the package tarball', () => {
  it('holds every file the package.json exports and bin point at', () => {
    const pkg = JSON.parse(
      execFileSync('node', ['-p', 'JSON.stringify(require("./package.json"))'], { cwd: root, encoding: 'utf8' }),
    )
    type Target = string | { [condition: string]: Target }
    const targetsOf = (entry: Target): string[] =>
      typeof entry === 'string' ? [entry] : Object.values(entry).flatMap(targetsOf)
    const targets = Object.values(pkg.exports as Record<string, Target>).flatMap(targetsOf)
    for (const target of [...targets, ...Object.values(pkg.bin as Record<string, string>)]) {
      expect(files, target).toContain(target.replace(/^\.\//, ''))
    }
    expect(files).toContain('dist/src/cli/main.js')
    expect(files).toContain('dist/.built')
    expect(files).toContain('contracts/openapi.yaml')
    expect(files).toContain('fixtures/index.ts')
    // The dashboard (no build step): its files, which the built modules read from src/ui/.
    for (const file of ['src/ui/dashboard.html', 'src/ui/dashboard.js', 'src/ui/dashboard.css'])
      expect(files).toContain(file)
    // The JavaScript is esbuild's entries and chunks; tsc writes only the declarations the types point to.
    expect(
      files.filter((f) => f.startsWith('dist/src/') && f.endsWith('.js') && !f.startsWith('dist/src/cli/')),
    ).toEqual([])
  })

  it('leaves out tests, build state and everything outside the package', () => {
    expect(files.filter((f) => !f.startsWith('node_modules/') && /\.test\.(ts|js|d\.ts)$/.test(f))).toEqual([]) // our own tests
    expect(files).not.toContain('dist/.tsbuildinfo')
    const roots = new Set(files.map((f) => f.split('/')[0]))
    expect([...roots].sort()).toEqual([
      'LICENSE',
      'README.md',
      'bin',
      'contracts',
      'dist',
      'docs',
      'fixtures',
      'package.json',
      'src',
    ])
  })

  it('bundles no dependency, and gives an app no script to run on install (no install-scripts warning)', () => {
    // See docs/architecture.md (openapi-backend, ajv): openapi-backend is a dependency as published.
    expect(bundled).toEqual([])
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    expect(pkg.bundleDependencies).toBeUndefined()
    expect(pkg.overrides).toBeUndefined()
    expect(
      Object.keys(pkg.scripts).filter((name) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name)),
    ).toEqual([])
  })
})
