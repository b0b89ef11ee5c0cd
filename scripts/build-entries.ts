// `npm run build`, after tsc: the files package.json "exports" give to the entries an app's tests and
// pages import: the root, verify, msw, msw/node and testing as ES modules (dist/esm/), the last three as
// CommonJS too (dist/cjs/, for Jest in its default CommonJS mode, which loads no ES module from
// node_modules); msw/browser as ES modules for bundlers (dist/browser/, below). The declarations are
// tsc's (dist/src/**/*.d.ts).
//
// In both, the sources and @msw/data (with what it imports) are bundled: @msw/data calls the global
// `crypto.randomUUID()`, which some environments lack (Jest 29's jsdom; a page served over plain http from
// another machine), and the bundled copy takes it from src/core/web-crypto.ts (Web Crypto where it is).
// openapi-backend is bundled too, without the parts the mock never calls and with only the lodash
// functions it calls (as in the browser build, below): loading its whole main module was about a sixth of
// a test file's import, createMock() and first answer. The CommonJS files also bundle @faker-js/faker,
// published as ES modules only. Every other dependency stays an import of the installed package, and msw
// is the app's own (a peer dependency).
//
// dist/browser/msw-browser.js and its chunks (dist/browser/chunks/) hold every dependency but msw, so what
// an app's bundler sees of the package is ES modules with no Node built-in and no CommonJS: no
// "externalized for browser compatibility" warning, no undici chunk. The contract (document, openapi-backend,
// ajv) and the seed (faker and its data), which createApp imports when it runs (src/app.ts), are chunks of
// their own, split by esbuild: in one file the mock was over 800 kB minified, and the app's bundler warned
// of a chunk over 500 kB; each piece is now well under it. The parts of openapi-backend's main module the mock never calls (the mock builds its
// router on the contract dereferenced ahead, src/core/contract.ts) are left out there:
// json-schema-ref-parser (it needs Node's Buffer, path and util), openapi-schema-validator,
// mock-json-schema and qs become modules that throw if ever called.
//
//   tsx scripts/build-entries.ts
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, transform, type BuildOptions, type Plugin } from 'esbuild'

/** Entry name (dist/<format>/<name>.js) -> source: the ones built as ES modules and as CommonJS. */
export const ENTRIES = { msw: 'src/msw/index.ts', 'msw-node': 'src/msw/node.ts', testing: 'src/testing/index.ts' }
/** The entries built as ES modules only (the root and the verify kit; no test runner loads them as CommonJS). */
const ESM_ENTRIES = { index: 'src/index.ts', verify: 'src/verify/index.ts' }
export const BROWSER_ENTRY = 'src/msw/browser.ts'

/**
 * Modules left out of every build that bundles openapi-backend (the browser build, above, and the CLI,
 * scripts/bundle-cli.ts): what its backend.js and router.js require, by file, that the mock never reaches.
 * qs and cookie parse a request's query string and cookies in router.parseRequest, which only
 * OpenAPIBackend's own request handling calls (the mock has its own router and query parsing).
 */
const NEVER_CALLED: Record<string, string[]> = {
  'backend.js': ['./refparser', 'openapi-schema-validator', 'mock-json-schema'],
  'router.js': ['qs', 'cookie'],
}
const NEVER_CALLED_NAMES = new RegExp(
  `^(${[...new Set(Object.values(NEVER_CALLED).flat())].map((name) => name.replace(/[./]/g, '\\$&')).join('|')})$`,
)

export const leftOut: Plugin = {
  name: 'openapi-backend-parts-left-out',
  setup(build) {
    build.onResolve({ filter: NEVER_CALLED_NAMES }, (args) => {
      const file = /[\\/]openapi-backend[\\/]([^\\/]+)$/.exec(args.importer)?.[1]
      return file && NEVER_CALLED[file]?.includes(args.path) ? { path: args.path, namespace: 'left-out' } : undefined
    })
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
      contents: `const leftOut = () => { throw new Error(${JSON.stringify(`analytics-mock's build leaves out ${args.path} (openapi-backend's document loading, not used)`)}) }
module.exports = new Proxy({}, { get: (_, key) => (key === '__esModule' ? false : leftOut) })`,
      loader: 'js',
    }))
  },
}

/** Dependencies bundled into both builds (see above). */
const BUNDLED = ['@msw/data', 'openapi-backend']
/** Dependencies published as ES modules only: bundled into the CommonJS files too. */
const ESM_ONLY = ['@faker-js/faker']

/**
 * The browser build generates its default data (src/seed/default-dataset.gen.ts left empty): the prebuilt
 * data, for the test files of Node runners, gzips to more than faker and its English data, and a page
 * starts once rather than once per test file.
 */
const generatedDefaultData: Plugin = {
  name: 'generated-default-data',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]seed[\\/]default-dataset\.gen\.ts$/ }, () => ({
      contents: "export default ''\n",
      loader: 'js',
    }))
  },
}

/**
 * faker in the browser build: its class, without the base locale. src/seed/seed.ts takes the class from the
 * base locale's instance (in Node the lightest module that has it) and gives it only the English lists the
 * seed draws from (src/seed/faker-locale.gen.ts); here it gets the class from faker's main module, whose
 * locales a bundler leaves out, and the base locale's own lists, which faker makes with `split` as its
 * module loads, are marked pure, so that they go too (~16 kB gzip): nothing reads them.
 */
const fakerClassOnly: Plugin = {
  name: 'faker-class-only',
  setup(build) {
    build.onResolve({ filter: /^@faker-js\/faker\/locale\/base$/ }, (args) =>
      /[\\/]src[\\/]seed[\\/]/.test(args.importer)
        ? { path: 'faker-class', namespace: 'faker-class', pluginData: dirname(args.importer) }
        : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'faker-class' }, (args) => ({
      contents: "import { Faker } from '@faker-js/faker'\nexport const faker = { constructor: Faker }\n",
      resolveDir: args.pluginData as string,
      loader: 'js',
    }))
    build.onLoad({ filter: /[\\/]@faker-js[\\/]faker[\\/]dist[\\/]base-[\w-]+\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(/([=:])(`[^`\\$]*`\.split\(`.`\))/g, '$1/* @__PURE__ */ $2'),
      loader: 'js',
    }))
  },
}

/**
 * openapi-backend's `require('lodash')` in every build that bundles it: the functions the mock reaches
 * through it (its router's getOperations), for the inputs it passes, the names it uses elsewhere left out
 * (scripts/browser/lodash-subset.cjs), not the whole library. The names are checked against
 * openapi-backend's sources at every build, so a new one fails the build.
 */
const LODASH_SUBSET = fileURLToPath(new URL('./browser/lodash-subset.cjs', import.meta.url))
const lodashSubset: Plugin = {
  name: 'lodash-subset',
  setup(build) {
    build.onResolve({ filter: /^lodash$/ }, (args) => {
      if (!/[\\/]openapi-backend[\\/]/.test(args.importer)) return undefined
      checkLodashNames(dirname(args.importer))
      return { path: LODASH_SUBSET }
    })
  },
}
const lodashChecked = new Set<string>()
/** Every `_.name` openapi-backend's modules use is one the subset gives or leaves out (chained methods included). */
function checkLodashNames(dir: string): void {
  if (lodashChecked.has(dir)) return
  lodashChecked.add(dir)
  const given = readFileSync(LODASH_SUBSET, 'utf8')
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(join(dir, file), 'utf8')
    const used = new Set([...source.matchAll(/\b_\.(\w+)/g)].map((m) => m[1]!))
    for (const chained of source.matchAll(/_\.chain\(([\s\S]*?)\.value\(\)/g))
      for (const m of chained[1]!.matchAll(/\n\s*\.(\w+)\(/g)) used.add(m[1]!)
    const missing = [...used].filter((name) => !new RegExp(`\\b${name}\\b`).test(given))
    if (missing.length > 0)
      throw new Error(
        `openapi-backend's ${file} uses lodash's ${missing.join(', ')}, which scripts/browser/lodash-subset.cjs neither gives nor leaves out`,
      )
  }
}

/**
 * The validators compiled ahead (src/contract/validators.gen.ts) minified in the Node builds too: ajv's code,
 * generated and never read, is most of what a fresh process parses, and minified it parses in about half
 * the time (the other modules stay as written, readable in a stack trace).
 */
const compactValidators: Plugin = {
  name: 'compact-validators',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]contract[\\/]validators\.gen\.ts$/ }, async (args) => ({
      contents: (await transform(readFileSync(args.path, 'utf8'), { loader: 'ts', format: 'esm', minify: true })).code,
      loader: 'js',
    }))
  },
}

/** What the browser build does to the sources' graph (test/browser/ bundles its page with them too). */
export const BROWSER_PLUGINS = [leftOut, generatedDefaultData, fakerClassOnly, lodashSubset]
/** What the Node builds do: openapi-backend, bundled there too, without its unused parts and most of lodash. */
const NODE_PLUGINS = [leftOut, lodashSubset, compactValidators]

/** Packages whose declarations are ES modules only: a CommonJS declaration imports their types as `import` would. */
const ESM_ONLY_TYPES = ['@msw/data', '@faker-js/faker']

/**
 * The declarations of the CommonJS entries, as CommonJS declarations (`require`'s `types` in package.json).
 * tsc's declarations (dist/src/, dist/fixtures/) are ES modules, as the package is `"type": "module"`, and
 * TypeScript refuses them to a CommonJS app checked with `node16`/`nodenext` (TS1479). Each declaration an
 * entry reaches is copied to dist/cjs/types/ as `.d.cts` (a relative `./x.ts` becoming `./x.cts`), and the
 * types of the ES-module-only packages are imported with `resolution-mode: import` (TypeScript 5.3 or later).
 */
function writeCjsDeclarations(out: string): void {
  const dist = join(out, 'dist')
  const pending = Object.values(ENTRIES).map((source) => join(dist, source.replace(/\.ts$/, '.d.ts')))
  const done = new Set<string>()
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (done.has(file)) continue
    done.add(file)
    const text = readFileSync(file, 'utf8')
      .replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, (_, lead: string, quote: string, path: string) => {
        pending.push(join(dirname(file!), `${path}.d.ts`))
        return `${lead}${quote}${path}.cts${quote}`
      })
      .replace(
        /^(import|export)(?: type)? (\{[^}]*\}|\* as \w+) from (['"])([^'"]+)\3;$/gm,
        (line, kind: string, names: string, quote: string, name: string) =>
          ESM_ONLY_TYPES.includes(name)
            ? `${kind} type ${names} from ${quote}${name}${quote} with { 'resolution-mode': 'import' };`
            : line,
      )
    const target = join(dist, 'cjs/types', relative(dist, file).replace(/\.d\.ts$/, '.d.cts'))
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, text)
  }
}

/**
 * The CommonJS entries, sharing their chunks as the ES ones do (esbuild splits ES modules only): split as ES
 * modules, then each file turned into CommonJS, a chunk's `import()` becoming a `require` when it runs. One
 * copy of the contract's validators and the default data for the three entries, not one in each.
 */
async function buildCommonJs(
  common: BuildOptions,
  entryPoints: Record<string, string>,
  outdir: string,
  external: string[],
): Promise<void> {
  const split = await build({
    ...common,
    entryPoints,
    outdir,
    write: false,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Not minified, so readable as they are; no maps (faker's lists over again).
    sourcemap: false,
    external,
    plugins: NODE_PLUGINS,
    // The sources' `import.meta.url` (msw-version.ts reads msw's version beside the module) is this file's URL.
    define: { ...common.define, 'import.meta.url': '__analyticsMockModuleUrl' },
  })
  for (const file of split.outputFiles) {
    const code = (
      await transform(file.text, {
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        supported: { 'dynamic-import': false },
        banner: "const __analyticsMockModuleUrl = require('node:url').pathToFileURL(__filename).href;",
        legalComments: 'eof',
      })
    ).code
      .replace(/require\("(\.{1,2}\/[^"]+)\.js"\)/g, 'require("$1.cjs")')
      // A package left outside is imported as Node imports CommonJS from an ES module (its `default` is
      // `module.exports`, even when it sets `__esModule`), as the ES modules split above were written for.
      .replace(/__toESM\(require\("([^".][^"]*)"\)\)/g, '__toESM(require("$1"), 1)')
    const target = file.path.replace(/\.js$/, '.cjs')
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, code)
  }
}

/** Writes dist/esm/, dist/cjs/ and dist/browser/ from `root` (a checkout, or scripts/pack.ts's copy of one) under `out`. */
export async function buildEntries(root: string, out: string = root): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
    peerDependencies: Record<string, string>
  }
  const externalBut = (bundled: string[]) =>
    [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)]
      .filter((name) => !bundled.includes(name))
      .flatMap((name) => [name, `${name}/*`])
  const entry = (entries: Record<string, string>) =>
    Object.fromEntries(Object.entries(entries).map(([name, source]) => [name, join(root, source)]))
  const common: BuildOptions = {
    absWorkingDir: root,
    bundle: true,
    // Replaced by the import of src/core/web-crypto.ts's randomUUID (see above).
    define: { 'crypto.randomUUID': 'randomUUID' },
    inject: [join(root, 'src/core/web-crypto.ts')],
    sourcemap: true,
    // The maps name the sources (src/ ships beside dist/) rather than holding them: with their text
    // (faker's lists over again) they were a tenth of the install.
    sourcesContent: false,
    legalComments: 'eof',
    logLevel: 'warning',
  }
  for (const format of ['esm', 'cjs', 'browser']) rmSync(join(out, 'dist', format), { recursive: true, force: true })
  await build({
    ...common,
    entryPoints: entry({ ...ENTRIES, ...ESM_ENTRIES }),
    outdir: join(out, 'dist/esm'),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // openapi-backend bundled with what its router requires (NODE_PLUGINS: the lodash it reaches, no qs or
    // cookie), so nothing is left for a `require` made with node:module, which Jest's ES module mode cannot
    // link; loading lodash whole was about a tenth of a fresh process's start.
    external: externalBut(BUNDLED),
    plugins: NODE_PLUGINS,
  })
  await build({
    ...common,
    entryPoints: { 'msw-browser': join(root, BROWSER_ENTRY) },
    outdir: join(out, 'dist/browser'),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'browser',
    format: 'esm',
    // What Vite 5's default build target takes (no top-level await).
    target: 'es2020',
    // Minified here (the source map beside it names the sources): an app's bundler minifies what it is given
    // less well than esbuild does, and these files are most of what the mock adds to a page.
    minify: true,
    external: ['msw', 'msw/*'],
    plugins: BROWSER_PLUGINS,
  })
  await buildCommonJs(common, entry(ENTRIES), join(out, 'dist/cjs'), externalBut([...BUNDLED, ...ESM_ONLY]))
  writeCjsDeclarations(out)
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await buildEntries(fileURLToPath(new URL('..', import.meta.url)))
