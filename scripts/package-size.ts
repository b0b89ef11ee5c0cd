// What an app gets with `npm install analytics-mock`: packs the package, installs the tarball into a
// fresh directory without peer dependencies (msw is the app's own), and prints the installed size of the
// package with its dependencies and any engine warning npm gave. Exits 1 over the budget or on a warning.
//
//   npm run size
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bytesUnder, engineWarnings, npmInstall, packPackage } from './pack.ts'

/** The budget for the installed package and its own dependencies (msw excluded), in bytes. */
export const SIZE_BUDGET = 40_000_000

/** How `npm install` of the tarball is done for the measure: without peer dependencies (msw is the app's). */
export const SIZE_INSTALL = ['--omit=peer']

export interface InstallMeasure {
  bytes: number
  packages: number
  engineWarnings: string[]
}

/** Measures `dir`'s node_modules, installed with SIZE_INSTALL (npm's output given). */
export async function measureInstalled(dir: string, output: string): Promise<InstallMeasure> {
  const modules = join(dir, 'node_modules')
  return { bytes: await bytesUnder(modules), packages: packagesUnder(modules), engineWarnings: engineWarnings(output) }
}

/** Packages in a node_modules tree, nested ones (bundled or not deduplicated) included. */
function packagesUnder(modules: string): number {
  let count = 0
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue
    for (const dir of name.startsWith('@')
      ? readdirSync(join(modules, name)).map((n) => join(modules, name, n))
      : [join(modules, name)]) {
      count++
      if (existsSync(join(dir, 'node_modules'))) count += packagesUnder(join(dir, 'node_modules'))
    }
  }
  return count
}

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`

if (import.meta.url === `file://${process.argv[1]}`) {
  const work = mkdtempSync(join(tmpdir(), 'analytics-mock-size-'))
  try {
    const { tarball } = await packPackage(work)
    const dir = join(work, 'size')
    const install = await npmInstall(dir, [...SIZE_INSTALL, tarball])
    if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr}`)
    const measure = await measureInstalled(dir, install.stdout + install.stderr)
    console.log(
      `installed: ${megabytes(measure.bytes)} in ${measure.packages} packages (msw excluded; budget ${megabytes(SIZE_BUDGET)})`,
    )
    for (const line of measure.engineWarnings) console.log(`engine warning: ${line}`)
    if (measure.bytes > SIZE_BUDGET || measure.engineWarnings.length > 0) process.exitCode = 1
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
