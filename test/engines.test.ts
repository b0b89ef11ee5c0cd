// What `npm ci` installs here (the lock file) and what the package brings to an app must run on the
// oldest Node the package supports: a dependency that wants a newer one is an EBADENGINE warning on
// every install (test/package-install.test.ts checks the app's install itself).
import { readFileSync } from 'node:fs'
import { minVersion, satisfies } from 'semver'
import { describe, expect, it } from 'vitest'

const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'))
const pkg = read('package.json') as { engines: { node: string } }
const lock = read('package-lock.json') as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>
}
const oldest = minVersion(pkg.engines.node)!.version

describe(`the dependencies on Node ${oldest}, the oldest the package supports`, () => {
  it('every package in the lock file accepts it', () => {
    const refusing = Object.entries(lock.packages)
      .map(([path, p]) => ({ path, version: p.version, node: Array.isArray(p.engines) ? undefined : p.engines?.node }))
      .filter((p) => p.node !== undefined && !satisfies(oldest, p.node, { includePrerelease: true }))
      .map((p) => `${p.path}@${p.version} wants node ${p.node}`)
    expect(refusing).toEqual([])
  })
})
