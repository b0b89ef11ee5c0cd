// A vitest reporter that ends the run with a plain `N passed, N failed, N skipped` line, which any CI
// system (and a person skimming a log) reads without knowing vitest's own format. Tests skipped with a
// note (`ctx.skip(note)`: a suite that needs something this machine lacks) are named before it, one line
// per file and note.
import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    const notes = new Map<string, number>()
    for (const module of testModules) {
      let failedHere = 0
      for (const test of module.children.allTests()) {
        const result = test.result()
        if (result.state === 'passed') passed++
        else if (result.state === 'failed') failedHere++
        else {
          skipped++
          if (result.state === 'skipped' && result.note) {
            const key = `${relative(process.cwd(), module.moduleId)}: ${result.note}`
            notes.set(key, (notes.get(key) ?? 0) + 1)
          }
        }
      }
      // A file that failed outside its tests (an import or a beforeAll) counts as one failure, so the
      // closing line never says "0 failed" for a red run.
      if (module.state() === 'failed' && failedHere === 0) failedHere = 1
      failed += failedHere
    }
    const skips = [...notes].map(([key, n]) => `skipped ${n} in ${key}\n`).join('')
    process.stdout.write(`\n${skips}${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
