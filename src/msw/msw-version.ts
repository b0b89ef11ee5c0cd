// msw is the app's own (a peer dependency), so the package works with whichever copy the app has, within
// the range below. An msw outside it stops the import with one message naming the range, rather than
// failing later in ways that say nothing about versions.
//
// MSW_RANGE is package.json's peerDependencies.msw (a test keeps the two equal). Its floor is the oldest
// msw that passes the package's install test (test/package-install.test.ts): 2.2.3 is the first 2.x that
// lets TypeScript above 5.3 be installed beside it, and the package's types need 5.4 or newer.
import * as msw from 'msw'

export const MSW_RANGE = '^2.2.3'
const FLOOR = [2, 2, 3] as const

/** What is wrong with this msw (its version when known, and its exports), or null when it is in range. */
export function mswProblem(version: string | undefined, exports: object): string | null {
  const found = version === undefined ? 'an msw without the 2.x API' : `msw ${version}`
  const problem = `analytics-mock needs msw ${MSW_RANGE} (a peer dependency: your app's own msw), but found ${found}. Install one in that range: npm install --save-dev msw@${MSW_RANGE}`
  if (typeof (exports as { http?: { all?: unknown } }).http?.all !== 'function') return problem
  if (version === undefined) return null
  const parts = /^(\d+)\.(\d+)\.(\d+)/.exec(version)?.slice(1).map(Number)
  if (!parts || parts[0] !== FLOOR[0]) return problem
  const [, minor, patch] = parts as [number, number, number]
  return minor > FLOOR[1] || (minor === FLOOR[1] && patch >= FLOOR[2]) ? null : problem
}

/**
 * The version of the msw this module imports, where it can be read: in Node, from msw's package.json
 * next to the package (node:module through `process.getBuiltinModule`, so a browser bundle imports no
 * Node built-in). Undefined in a browser, where only msw's exports are checked.
 */
function installedVersion(): string | undefined {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule
  if (typeof getBuiltin !== 'function') return undefined
  try {
    const { createRequire } = getBuiltin('node:module') as { createRequire(from: string): (id: string) => unknown }
    return (createRequire(import.meta.url)('msw/package.json') as { version?: string }).version
  } catch {
    return undefined
  }
}

// Only the member used: the namespace passed on as a value would keep all of msw (its GraphQL and
// WebSocket handlers too) in an app's bundle.
export const http = msw.http
const problem = mswProblem(installedVersion(), { http })
if (problem !== null) throw new Error(problem)
