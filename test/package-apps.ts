// The package suites' side of test/package-setup.ts: each waits here for the packed package and the
// apps it uses, and writes what it needs to write in directories of its own (an installed app is shared
// by every run that packs the same bytes, so it is never changed).
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { inject } from 'vitest'
import { done, failed, type AppKind, type InstalledApp, type PackedHere } from './package-setup.ts'

export { JESTS, JEST_MSW, MSW_LOWEST, VITES, VITE_MSW, viteAlias } from './package-setup.ts'

/** How long a suite waits for the set-up (a fresh machine fetches every package once). */
const WAIT_MS = 20 * 60_000

/** Waits for a step of this run's set-up; its result, or the error it failed with. */
async function step<T>(name: string): Promise<T> {
  const run = inject('packageRun')
  const started = Date.now()
  for (;;) {
    if (existsSync(done(run, name))) return JSON.parse(await readFile(done(run, name), 'utf8')) as T
    if (existsSync(failed(run, name)))
      throw new Error(`the package suites' set-up failed (${name}):\n${await readFile(failed(run, name), 'utf8')}`)
    if (Date.now() - started > WAIT_MS) throw new Error(`the package suites' set-up did not finish ${name} in time`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The packed package (built and packed once per run). */
export const packed = (): Promise<PackedHere> => step<PackedHere>('packed')

/** An app of this kind with the tarball installed. Never change it: use scratchIn or copyOf. */
export const installedApp = (kind: AppKind): Promise<InstalledApp> => step<InstalledApp>(kind)

/** A new directory of this run's inside `app` (its node_modules are found from there), removed by cleanUp. */
export async function scratchIn(app: string, name: string): Promise<string> {
  const dir = join(app, `run-${basename(inject('packageRun'))}-${name}`)
  await mkdir(dir, { recursive: true })
  made.push(dir)
  return dir
}

/** A copy of `app` this run may change (another `npm install` in it), beside it; removed by cleanUp. */
export async function copyOf(app: string): Promise<string> {
  const dir = `${app}.copy-${randomBytes(4).toString('hex')}`
  // Not the directories runs made inside it (scratchIn).
  const runs = (path: string) => dirname(path) === app && basename(path).startsWith('run-')
  await cp(app, dir, { recursive: true, verbatimSymlinks: true, filter: (path) => !runs(path) })
  made.push(dir)
  return dir
}

const made: string[] = []

/** Removes the suite's scratch directories and copies (in its afterAll). */
export async function cleanUp(): Promise<void> {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true })
}
