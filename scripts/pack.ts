// The package as npm publishes it: built (`npm run build`, as `prepack` runs it) and packed in a copy of
// the checkout, so packing never races anything writing the checkout's dist/; and installed into a fresh
// directory as an app would install it. Nothing here blocks the event loop: the package suites' set-up
// runs it inside vitest's own process (test/package-setup.ts).
import { execFile } from 'node:child_process'
import { cp, mkdir, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

/** What the copy leaves out: what .gitignore keeps out of a clone, and the build it makes afresh. */
const NOT_COPIED = new Set(['.git', 'node_modules', 'dist', 'tmp', 'coverage', 'reports', '.vitest-cache'])

export interface Run {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs a command to the end (or until `signal` aborts it) without blocking; never rejects. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  signal?: AbortSignal,
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024, signal },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ status, stdout, stderr: stderr + (error && typeof error.code !== 'number' ? String(error) : '') })
      },
    )
  })
}

export interface Packed {
  /** The tarball's path. */
  tarball: string
  /** The built copy the tarball was packed from (package.json, dist/, ...). */
  staging: string
  /** What `npm pack --json` says of it: the paths in the tarball, and the dependencies bundled. */
  files: string[]
  bundled: string[]
  /** What `npm run build` printed (nothing, when all is well). */
  buildOutput: string
}

/** Builds and packs the package under `work`. */
export async function packPackage(work: string, signal?: AbortSignal): Promise<Packed> {
  const staging = join(work, 'staging')
  await mkdir(staging, { recursive: true })
  for (const entry of await readdir(root)) {
    if (!NOT_COPIED.has(entry)) await cp(join(root, entry), join(staging, entry), { recursive: true })
  }
  await symlink(join(root, 'node_modules'), join(staging, 'node_modules'))
  const build = await run('npm', ['run', 'build', '--silent'], staging, {}, signal)
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`)
  // The build's time stamp (bin/build-freshness.js reads only its modification time): a fixed text, so
  // the same sources pack to the same bytes and test/package-setup.ts can key its apps by the tarball.
  await writeFile(join(staging, 'dist/.built'), 'built by npm run build\n')
  await rm(join(staging, 'node_modules'))
  const out = join(work, 'tarball')
  await mkdir(out, { recursive: true })
  // The build is done above; `prepack` would build again.
  const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], staging, {}, signal)
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`)
  const [report] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as Array<{
    filename: string
    files: Array<{ path: string }>
    bundled: string[]
  }>
  return {
    tarball: join(out, report!.filename),
    staging,
    files: report!.files.map((f) => f.path),
    bundled: report!.bundled,
    buildOutput: build.stdout + build.stderr,
  }
}

/** The package.json of a fresh app. */
export const FRESH_APP = {
  name: 'fresh-app',
  private: true,
  type: 'module',
  // The install scripts of the app's own tools (msw's; esbuild's through Vite and vitest; Jest 30's
  // @parcel/watcher), denied as this checkout denies its own, so that npm's install-scripts warning
  // would name only what the package brings.
  allowScripts: { esbuild: false, msw: false, '@parcel/watcher': false },
}

/** `npm install` in `dir` (made a fresh app when new); its output, warnings included. */
export async function npmInstall(dir: string, args: string[], signal?: AbortSignal): Promise<Run> {
  if (!existsSync(join(dir, 'package.json'))) {
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'package.json'), JSON.stringify(FRESH_APP, null, 2))
  }
  // --prefer-offline: npm's cache answers what it holds, so the apps of one run fetch each package once.
  const flags = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=warn']
  return run('npm', ['install', ...flags, ...args], dir, {}, signal)
}

/** npm's warnings that a package does not support this Node (EBADENGINE). */
export function engineWarnings(output: string): string[] {
  return output.split('\n').filter((line) => /EBADENGINE|Unsupported engine/i.test(line))
}

/** npm's warnings, but for its notices about this machine's config. */
export function npmWarnings(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /^npm warn/i.test(line) && !/^npm warn Unknown (user|env|project|global) config/i.test(line))
}

/** Bytes of every file under `dir`, symbolic links not followed. */
export async function bytesUnder(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) total += await bytesUnder(path)
    else if (entry.isFile()) total += (await stat(path)).size
  }
  return total
}
