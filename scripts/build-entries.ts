// `npm run build`, after tsc: the files package.json "exports" give to the entries an app's tests and
// pages import (msw, msw/node, msw/browser, testing), as ES modules (dist/esm/) and as CommonJS
// (dist/cjs/, for Jest in its default CommonJS mode, which loads no ES module from node_modules). The
// declarations stay tsc's (dist/src/**/*.d.ts); the other entries (the root, verify) stay tsc's modules.
//
// In both, the sources and @msw/data (with what it imports) are bundled: @msw/data calls the global
// `crypto.randomUUID()`, which some environments lack (Jest 29's jsdom; a page served over plain http from
// another machine), and the bundled copy takes it from src/core/web-crypto.ts (Web Crypto where it is).
// The CommonJS files also bundle @faker-js/faker, published as ES modules only. Every other dependency
// stays an import of the installed package, and msw is the app's own (a peer dependency).
//
//   tsx scripts/build-entries.ts
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type BuildOptions } from 'esbuild'

/** Entry name (dist/<format>/<name>.js) -> source; msw-browser is ES modules only. */
export const ENTRIES = { msw: 'src/msw/index.ts', 'msw-node': 'src/msw/node.ts', 'msw-browser': 'src/msw/browser.ts', testing: 'src/testing/index.ts' }

/** Dependencies bundled into both builds (see above). */
const BUNDLED = ['@msw/data']
/** Dependencies published as ES modules only: bundled into the CommonJS files too. */
const ESM_ONLY = ['@faker-js/faker']

/** Writes dist/esm/ and dist/cjs/ under `root` (a checkout, or scripts/pack.ts's copy of one). */
export async function buildEntries(root: string): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; peerDependencies: Record<string, string> }
  const externalBut = (bundled: string[]) =>
    [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)].filter((name) => !bundled.includes(name)).flatMap((name) => [name, `${name}/*`])
  const entry = (names: string[]) => Object.fromEntries(names.map((name) => [name, join(root, ENTRIES[name as keyof typeof ENTRIES])]))
  const common: BuildOptions = {
    absWorkingDir: root,
    bundle: true,
    // Replaced by the import of src/core/web-crypto.ts's randomUUID (see above).
    define: { 'crypto.randomUUID': 'randomUUID' },
    inject: [join(root, 'src/core/web-crypto.ts')],
    sourcemap: true,
    legalComments: 'eof',
    logLevel: 'warning',
  }
  for (const format of ['esm', 'cjs']) rmSync(join(root, 'dist', format), { recursive: true, force: true })
  await build({
    ...common,
    entryPoints: entry(Object.keys(ENTRIES)),
    outdir: join(root, 'dist/esm'),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // Neither Node's nor a browser's: the same files serve both (the sources use no Node built-in).
    platform: 'neutral',
    mainFields: ['module', 'main'],
    format: 'esm',
    // What Vite 5's default build target takes (no top-level await), and Node 20.
    target: 'es2020',
    external: externalBut(BUNDLED),
  })
  await build({
    ...common,
    entryPoints: entry(Object.keys(ENTRIES).filter((name) => name !== 'msw-browser')),
    outdir: join(root, 'dist/cjs'),
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: externalBut([...BUNDLED, ...ESM_ONLY]),
    // The sources' `import.meta.url` (msw-version.ts reads msw's version beside the module) is this file's URL.
    define: { ...common.define, 'import.meta.url': '__analyticsMockModuleUrl' },
    banner: { js: "const __analyticsMockModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildEntries(fileURLToPath(new URL('..', import.meta.url)))
