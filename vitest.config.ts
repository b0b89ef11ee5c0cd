import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // `analytics-mock/*` imports (the examples use the package as a consumer would) resolve to the
  // TypeScript source through the package's own "exports" under this condition, not to dist/.
  resolve: { conditions: ['analytics-mock-source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['analytics-mock-source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    // Installs Debian's chromium for the browser test when it is missing (root, fresh machine).
    globalSetup: ['./test/browser/ensure-chromium.ts'],
    testTimeout: 30_000,
    setupFiles: ['./test/setup.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    hookTimeout: 60_000,
  },
})
