// The `analytics-mock` bin runs the compiled CLI when dist/ is built and no older than the sources,
// and the TypeScript source otherwise, so an edit to src/ always takes effect.
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const repo = fileURLToPath(new URL('..', import.meta.url))
let base: string
let root: string

/** A package layout with a source CLI and a compiled one that say which they are. */
function layout(at: string) {
  root = at
  for (const dir of ['bin', 'scripts', 'src/cli', 'dist/src/cli', 'fixtures', 'contracts'])
    mkdirSync(join(root, dir), { recursive: true })
  for (const file of ['bin/analytics-mock.js', 'bin/build-freshness.js', 'scripts/start.mjs'])
    copyFileSync(join(repo, file), join(root, file))
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'))
  // Its build says it ran, and makes the compiled CLI current.
  const build = `node -e "require('fs').writeFileSync('build-ran', ''); require('fs').writeFileSync('dist/.built', '')"`
  writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module', scripts: { build } }))
  writeFileSync(
    join(root, 'src/cli/main.ts'),
    "const from: string = 'source'\nconsole.log(from, process.argv.slice(2).join(' '))\n",
  )
  writeFileSync(join(root, 'dist/src/cli/main.js'), "console.log('compiled', process.argv.slice(2).join(' '))\n")
  writeFileSync(join(root, 'fixtures/index.ts'), '')
  writeFileSync(join(root, 'contracts/openapi.yaml'), '')
}

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'analytics-mock-bin-'))
  layout(join(base, 'checkout'))
})

afterEach(() => rmSync(base, { recursive: true, force: true }))

const at = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds)
const run = () =>
  execFileSync(process.execPath, [join(root, 'bin/analytics-mock.js'), 'serve', '--help'], { encoding: 'utf8' }).trim()

function built(stamp: number) {
  writeFileSync(join(root, 'dist/.built'), 'x')
  at('dist/.built', stamp)
}

describe('bin/analytics-mock.js', () => {
  it('runs the compiled CLI, with its arguments, when dist/ was built after the last source change', () => {
    for (const path of ['src/cli/main.ts', 'fixtures/index.ts', 'contracts/openapi.yaml']) at(path, 1_000)
    built(2_000)
    expect(run()).toBe('compiled serve --help')
  })

  it('runs the source through tsx when a source file changed after the build', () => {
    built(2_000)
    at('src/cli/main.ts', 3_000)
    expect(run()).toBe('source serve --help')
  })

  it('counts a changed contract or fixture as a change', () => {
    for (const path of ['src/cli/main.ts', 'fixtures/index.ts']) at(path, 1_000)
    built(2_000)
    at('contracts/openapi.yaml', 3_000)
    expect(run()).toBe('source serve --help')
  })

  it('runs the compiled CLI of an installed copy whatever its file times (npm does not keep them)', () => {
    layout(join(base, 'consumer/node_modules/analytics-mock'))
    built(2_000)
    at('src/cli/main.ts', 3_000)
    expect(run()).toBe('compiled serve --help')
  })

  it('runs the source when there is no build', () => {
    expect(run()).toBe('source serve --help')
  })
})

describe('npm start (scripts/start.mjs)', () => {
  const start = () =>
    execFileSync(process.execPath, [join(root, 'scripts/start.mjs'), 'serve', '--help'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  const buildRan = () => existsSync(join(root, 'build-ran'))

  it('runs the compiled CLI without building when nothing changed since the last build', () => {
    for (const path of ['src/cli/main.ts', 'fixtures/index.ts', 'contracts/openapi.yaml']) at(path, 1_000)
    built(2_000)
    expect(start()).toBe('compiled serve --help')
    expect(buildRan()).toBe(false)
  })

  it('builds first when a source changed after the build, then runs the compiled CLI', () => {
    built(2_000)
    at('src/cli/main.ts', 3_000)
    expect(start()).toBe('compiled serve --help')
    expect(buildRan()).toBe(true)
  })

  it('builds first when there is no build', () => {
    start()
    expect(buildRan()).toBe(true)
  })
})
