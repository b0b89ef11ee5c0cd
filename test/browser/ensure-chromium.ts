// vitest globalSetup: the browser test drives Debian's chromium. On a fresh machine (run as root, as CI
// is) it is installed here, once; where it is already present this costs one stat.
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = '/usr/bin/chromium'

export default function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.warn(
      `[browser test] ${CHROMIUM} is missing and cannot be installed here (needs root and apt-get): the browser test will fail`,
    )
    return
  }
  console.log(`[browser test] ${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`)
  const options: ExecFileSyncOptions = {
    stdio: ['ignore', 'ignore', 'inherit'], // apt's errors go to stderr
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: 20 * 60_000,
  }
  // Wait for the dpkg lock rather than fail when another apt run holds it.
  const lock = ['-o', 'DPkg::Lock::Timeout=600']
  execFileSync('apt-get', [...lock, 'update'], options)
  execFileSync('apt-get', [...lock, 'install', '-y', 'chromium'], options)
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get install chromium did not provide ${CHROMIUM}`)
}
