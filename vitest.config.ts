import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 30_000,
    setupFiles: ['./test/setup.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    hookTimeout: 60_000,
  },
})
