import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The static checks: the type check, lint and layering rules, each a test (test/static-checks.test.ts). */
const CHECKS = ['test/static-checks.test.ts']
/** The suites that drive headless chromium. */
const BROWSER = ['test/browser/**/*.test.ts']
/** The suites that install the packed package into fresh apps (they need the npm registry). */
const PACKAGE = ['test/package-*.test.ts']
/** The long suites (about 10 s or more each on 2 cores): robustness, the real CLI end to end, the docs. */
const LONG = [
  'src/server/bulk-thread.test.ts',
  'test/docs-examples.test.ts',
  'test/fuzz.test.ts',
  'test/fuzz-socket.test.ts',
  'test/journal-memory.test.ts',
  'test/limits.test.ts',
  'test/profiles.test.ts',
  'test/record-rate-limits.test.ts',
  'test/record-replay.test.ts',
  'test/record-resume.test.ts',
  'test/state-file.test.ts',
]

/** Bundles the CLI from the sources once per run, for the suites that start it as a process. */
const CLI_BUILD = './test/cli-build.ts'

/**
 * The order files are handed to the workers in, by project: the static checks first, then the short
 * suites while the package suites' apps are installed in the background (test/package-setup.ts), then the
 * long ones, the package suites last. Within a project, vitest's own order (the longest first).
 */
const ORDER = ['checks', 'node', 'long', 'chromium', 'package']
class ByProject extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => ORDER.indexOf(file.project.name)
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  // `analytics-mock/*` imports (the examples use the package as a consumer would) resolve to the
  // TypeScript source through the package's own "exports" under this condition, not to dist/.
  resolve: { conditions: ['analytics-mock-source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['analytics-mock-source', ...defaultServerConditions] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./test/setup.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Many suites wait on child processes (servers, compilers, npm): two cores keep three files busy.
    maxWorkers: 3,
    sequence: { sequencer: ByProject },
    // `npm test` runs every project; `npm run test:quick` runs "node" alone (no package installs, no
    // browser, none of the long suites), for the inner loop.
    projects: [
      { extends: true, test: { name: 'checks', include: CHECKS } },
      { extends: true, test: { name: 'long', include: LONG, globalSetup: [CLI_BUILD] } },
      {
        extends: true,
        test: {
          name: 'chromium',
          include: BROWSER,
          // Installs Debian's chromium for the browser tests when it is missing (root, fresh machine).
          globalSetup: ['./test/browser/ensure-chromium.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: [...CHECKS, ...BROWSER, ...PACKAGE, ...LONG],
          globalSetup: [CLI_BUILD],
          // The short suites share each worker's modules rather than load the sources, faker and the
          // contract again for every file: about half the CPU time of `npm run test:quick` (its 110
          // files, measured side by side). Each suite makes its own apps; none mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'package',
          include: PACKAGE,
          // Packs the package and installs its apps while the other projects run (test/package-setup.ts);
          // the Vite suite opens its build in chromium.
          globalSetup: ['./test/browser/ensure-chromium.ts', './test/package-setup.ts'],
        },
      },
    ],
  },
})
