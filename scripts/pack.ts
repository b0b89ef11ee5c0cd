// The package as npm publishes it: built and packed from a copy of the checkout (so a test packing it
// never races another writing dist/), and installed into a fresh directory as an app would install it.
import { execFile, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildEntries } from './build-entries.ts'

export const root = fileURLToPath(new URL('..', import.meta.url))

/** What goes into the copy: every path the "files" list can take, and what building needs. */
const COPIED = [
  'package.json',
  'README.md',
  'LICENSE',
  'tsconfig.json',
  'tsconfig.build.json',
  'bin',
  'src',
  'fixtures',
  'contracts',
  'docs',
]

export interface Run {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs a command to the end; never throws. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Run {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  })
  return {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: (result.stderr ?? '') + (result.error ? String(result.error) : ''),
  }
}

/** Builds and packs the package under `work`; returns the tarball's path. */
export async function packTarball(work: string): Promise<string> {
  const staging = join(work, 'staging')
  mkdirSync(staging, { recursive: true })
  for (const entry of COPIED) {
    if (existsSync(join(root, entry)))
      cpSync(join(root, entry), join(staging, entry), { recursive: true, filter: (from) => !from.endsWith('.test.ts') })
  }
  symlinkSync(join(root, 'node_modules'), join(staging, 'node_modules'))
  const build = run(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    staging,
  )
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`)
  await buildEntries(staging)
  writeFileSync(join(staging, 'dist/.built'), new Date().toISOString())
  rmSync(join(staging, 'node_modules'))
  const out = join(work, 'tarball')
  mkdirSync(out, { recursive: true })
  // The build is done above; `prepack` would build again.
  const pack = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', out], staging)
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`)
  return join(out, pack.stdout.trim().split('\n').pop()!)
}

/** `npm install` in `dir` (created with a package.json of its own when new); its output, warnings included. */
export function npmInstall(dir: string, args: string[]): Run {
  return run('npm', npmInstallArgs(dir, args), dir)
}

/** The same, without blocking (installs of several apps at once). */
export function npmInstallAsync(dir: string, args: string[]): Promise<Run> {
  const argv = npmInstallArgs(dir, args)
  return new Promise((resolve) => {
    execFile('npm', argv, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    )
  })
}

function npmInstallArgs(dir: string, args: string[]): string[] {
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'fresh-app', private: true, type: 'module' }, null, 2),
    )
  }
  return ['install', '--no-audit', '--no-fund', '--loglevel=warn', ...args]
}

/** npm's warnings that a package does not support this Node (EBADENGINE). */
export function engineWarnings(output: string): string[] {
  return output.split('\n').filter((line) => /EBADENGINE|Unsupported engine/i.test(line))
}

/**
 * npm's warnings, but for its notices about this machine's config, and its install-scripts notice where it
 * names other packages (msw's own postinstall): one naming analytics-mock is kept.
 */
export function npmWarnings(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /^npm warn/i.test(line) && !/^npm warn Unknown (user|env|project|global) config/i.test(line))
    .filter((line) => !/^npm warn install-scripts\b/i.test(line) || /analytics-mock/.test(line))
}

/** Bytes of every file under `dir`, symbolic links not followed. */
export function bytesUnder(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) total += bytesUnder(path)
    else if (entry.isFile()) total += statSync(path).size
  }
  return total
}
