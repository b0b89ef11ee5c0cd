// vitest globalSetup of the "package" project (the suites in test/package-*.test.ts): packs the package
// and installs it into every kind of app they use, in the background from the start of the run, while the
// other projects' suites run; test/package-apps.ts is the suites' side (each waits there for what it uses).
//
// Where: a directory under the OS's temporary directory. Each run has its own (run-*: the build, the
// tarball, and a file per step: its result, or why it failed); the apps are kept by the tarball's hash
// (pkg-<hash>/<kind>-<spec>/), so a run that packs the same bytes finds them installed. An app, once in
// place, is never changed (test/package-apps.ts).
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { MSW_RANGE } from '../src/msw/msw-version.ts'
import { FRESH_APP, npmInstall, packPackage, type Packed } from '../scripts/pack.ts'
import { SIZE_INSTALL } from '../scripts/package-size.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's directory. */
    packageRun: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(CACHE, { recursive: true })
  const run = await mkdtemp(join(CACHE, 'run-'))
  project.provide('packageRun', run)
  const stop = new AbortController()
  // Not awaited: the other suites run meanwhile.
  const working = prepare(run, stop.signal)
  return async () => {
    stop.abort()
    await working
    await rm(run, { recursive: true, force: true })
  }
}

export const CACHE = join(tmpdir(), 'analytics-mock-test-packages')

export const MSW_LOWEST = MSW_RANGE.replace(/^\^/, '')
/** Pinned releases that run on Node 20. msw 2.10 is the newest msw Jest's CommonJS mode can load (docs/jest.md). */
export const JESTS = { 29: { jest: '29.7.0', jsdom: '29.7.0' }, 30: { jest: '30.5.2', jsdom: '30.5.2' } } as const
export const JEST_MSW = '2.10.5'
const FIXED_JSDOM = '0.0.11'
/** The newest release of each Vite major, pinned (all run on Node 20.19). */
export const VITES = ['5.4.9', '6.4.6', '7.3.8', '8.4.0']
export const VITE_MSW = '2.15.0'
export const viteAlias = (version: string) => `vite${version.split('.')[0]}`

/** Stands for the tarball's path in an app's `npm install` arguments. */
const TARBALL = '<tarball>'

/**
 * The kinds of app, by the `npm install` runs that make each (the arguments of each, in turn); what the
 * first printed is what the suites check for warnings.
 */
const APPS: Record<string, string[][]> = {
  // The README's vitest suite, at the lowest msw of the range.
  vitest: [[TARBALL, `msw@${MSW_LOWEST}`, 'vitest@3', 'typescript@5', '@types/node@20']],
  // What an app gets without msw (scripts/package-size.ts).
  size: [[...SIZE_INSTALL, TARBALL]],
  ...Object.fromEntries(
    Object.entries(JESTS).map(([major, v]) => [
      `jest${major}`,
      [
        [
          TARBALL,
          `msw@${JEST_MSW}`,
          `jest@${v.jest}`,
          `jest-environment-jsdom@${v.jsdom}`,
          `jest-fixed-jsdom@${FIXED_JSDOM}`,
        ],
      ],
    ]),
  ),
  // Each Vite under an alias of its own (vite5, vite6...).
  vite: [[TARBALL, `msw@${VITE_MSW}`, ...VITES.map((version) => `${viteAlias(version)}@npm:vite@${version}`)]],
}

export type AppKind = 'vitest' | 'size' | 'jest29' | 'jest30' | 'vite'

/** The packed package, as this run's set-up wrote it down. */
export interface PackedHere extends Packed {
  /** The first 16 hex digits of the tarball's SHA-256. */
  hash: string
}

export interface InstalledApp {
  dir: string
  /** What `npm install` printed. */
  output: string
}

/** Kept: apps of the three tarballs used last, and of any used within the hour; none unused for two days. */
const KEEP_PACKAGES = 3
const IN_USE_MS = 60 * 60_000
const UNUSED_MS = 2 * 24 * 60 * 60_000
/** An app still installing: after this long, what a killed run left behind. */
const STALE_INSTALL_MS = 60 * 60_000
/** Installs at once: each is mostly waiting on the registry and the disk; more would crowd the suites. */
const PARALLEL_INSTALLS = 2

/** Where a step's result is written, or why it failed. */
export const done = (run: string, step: string) => join(run, `${step}.json`)
export const failed = (run: string, step: string) => join(run, `${step}.failed`)
const digest = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 16)

/** The set-up's work: packs the package, then installs every kind of app (the old ones it finds are kept). */
async function prepare(run: string, signal: AbortSignal): Promise<void> {
  let packed: PackedHere
  try {
    await sweep()
    const built = await packPackage(run, signal)
    const hash = digest(await readFile(built.tarball))
    const home = join(CACHE, `pkg-${hash}`)
    await mkdir(home, { recursive: true })
    const now = new Date()
    await utimes(home, now, now)
    // The tarball beside its apps: their package.json names it by a relative path that stays true.
    const tarball = join(home, basename(built.tarball))
    if (!existsSync(tarball)) await cp(built.tarball, tarball)
    packed = { ...built, tarball, hash }
    await writeFile(done(run, 'packed'), JSON.stringify(packed))
  } catch (error) {
    await writeFile(failed(run, 'packed'), String((error as Error).stack ?? error))
    return
  }
  const kinds = Object.keys(APPS)
  const next = async (): Promise<void> => {
    for (let kind = kinds.shift(); kind !== undefined && !signal.aborted; kind = kinds.shift()) {
      try {
        const app = await install(packed, kind, signal)
        await writeFile(done(run, kind), JSON.stringify(app))
      } catch (error) {
        await writeFile(failed(run, kind), String((error as Error).message ?? error))
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_INSTALLS }, next))
}

/** One kind of app for this tarball: found installed, or installed aside and moved into place. */
async function install(packed: PackedHere, kind: string, signal: AbortSignal): Promise<InstalledApp> {
  const runs = APPS[kind]!.map((args) => args.map((arg) => (arg === TARBALL ? packed.tarball : arg)))
  const dir = join(dirname(packed.tarball), `${kind}-${digest(JSON.stringify([FRESH_APP, runs]))}`)
  const marker = join(dir, '.installed.json')
  if (existsSync(marker)) return { dir, output: JSON.parse(await readFile(marker, 'utf8')).output }
  // Beside its place (the same relative path to the tarball), so another run installing it too never
  // sees half of it.
  const aside = `${dir}.tmp-${randomBytes(4).toString('hex')}`
  try {
    let output: string | undefined
    for (const args of runs) {
      const result = await npmInstall(aside, args, signal)
      if (result.status !== 0) throw new Error(`npm install ${args.join(' ')} failed:\n${result.stderr}`)
      output ??= result.stdout + result.stderr
    }
    await writeFile(join(aside, '.installed.json'), JSON.stringify({ output }))
    await rename(aside, dir).catch(() => {
      // Another run put the same app in place first.
    })
    return { dir, output: JSON.parse(await readFile(marker, 'utf8')).output }
  } finally {
    await rm(aside, { recursive: true, force: true })
  }
}

/** Removes what old runs left: their directories, half-made apps, and the apps of tarballs no longer used. */
async function sweep(): Promise<void> {
  await mkdir(CACHE, { recursive: true })
  const now = Date.now()
  const entries = await Promise.all(
    (await readdir(CACHE)).map(async (name) => ({ name, mtime: (await stat(join(CACHE, name))).mtimeMs })),
  )
  const packages = entries.filter((e) => e.name.startsWith('pkg-')).sort((a, b) => b.mtime - a.mtime)
  const gone = [
    ...entries.filter((e) => e.name.startsWith('run-') && now - e.mtime > UNUSED_MS),
    ...packages.filter((e, i) => now - e.mtime > UNUSED_MS || (i >= KEEP_PACKAGES && now - e.mtime > IN_USE_MS)),
  ]
  for (const { name } of gone) await rm(join(CACHE, name), { recursive: true, force: true })
  for (const { name } of packages.filter((e) => !gone.includes(e))) {
    for (const app of await readdir(join(CACHE, name))) {
      const path = join(CACHE, name, app)
      if (/\.(tmp|copy)-/.test(app) && now - (await stat(path)).mtimeMs > STALE_INSTALL_MS)
        await rm(path, { recursive: true, force: true })
    }
  }
}
