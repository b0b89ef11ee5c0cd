// `npm run build`, after tsc: the CLI's entry, dist/src/cli/main.js, rewritten as one bundled file (the
// sources and the npm packages they import; msw, the app's own peer, stays an import). tsc's output is
// ~110 modules of ours importing ~830 more from node_modules (es-toolkit's two index files alone load
// ~555, through @msw/data), and resolving, reading and compiling them one by one was about half of the
// time `analytics-mock serve` took to listen. The commands serve does not need (verify, record, drift:
// fast-check, yaml, ...) are chunks of their own in dist/src/cli/chunks/, read when they run. The parts of
// openapi-backend the mock never calls are left out, as in the browser build (scripts/build-entries.ts):
// evaluating them was about a tenth of the CPU time serve took to its first answer. The library
// entry points (the root, msw, testing, verify) are scripts/build-entries.ts's.
//
//   tsx scripts/bundle-cli.ts
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { leftOut } from './build-entries.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * Bundles the CLI from the sources into `outdir` (main.js and its chunks/). The build's own place is
 * dist/src/cli; the tests bundle one of their own at the same depth under the checkout, so the files it
 * finds beside itself (the dashboard's, the docs) are found alike (test/cli-build.ts).
 */
export async function bundleCli(outdir: string): Promise<void> {
  // Chunk names carry a hash of their content: the previous build's go first.
  rmSync(`${outdir}/chunks`, { recursive: true, force: true })
  await build({
    entryPoints: { main: `${root}src/cli/main.ts` },
    outdir,
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The peer dependency is the app's own copy; nothing else is left outside.
    external: ['msw', 'msw/*'],
    plugins: [leftOut],
    // The bundled CommonJS packages (ajv, openapi-backend, yaml, ...) call `require` for Node's modules.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);",
    },
    // Readable stack traces: names and lines as written (no minification); the licence comments kept.
    legalComments: 'eof',
    logLevel: 'warning',
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = `${root}dist/src/cli`
  await bundleCli(outdir)
  // tsc's source map described its own main.js, not this one.
  rmSync(`${outdir}/main.js.map`, { force: true })
}
