// A vitest reporter that ends the run with a plain `N passed, N failed, N skipped` line, which any CI
// system (and a person skimming a log) reads without knowing vitest's own format.
import type { Reporter, TestModule } from 'vitest/node'

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const module of testModules) {
      let failedHere = 0
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failedHere++
        else skipped++
      }
      // A file that failed outside its tests (an import or a beforeAll) counts as one failure, so the
      // closing line never says "0 failed" for a red run.
      if (module.state() === 'failed' && failedHere === 0) failedHere = 1
      failed += failedHere
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
