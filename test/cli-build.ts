// vitest globalSetup of the projects whose suites run the CLI as a process: bundles it from the sources
// once per run (as `npm run build` bundles dist/src/cli/main.js), so every process a suite starts runs
// the current sources compiled, whether or not dist/ is built and current. The bin would otherwise run a
// stale checkout's sources through tsx, some seconds of CPU for each process; the bin's own choice is
// test/bin.test.ts's. The suites name the bundle through test/serve-process.ts (CLI).
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { bundleCli } from '../scripts/bundle-cli.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The CLI bundled for this run: a JavaScript file for `node FILE serve ...`. */
    cli: string
  }
}

const root = fileURLToPath(new URL('..', import.meta.url))

/** One bundle per run, whichever projects ask for it (each project runs its own global set-up). */
const RUN = Symbol.for('analytics-mock.test-cli')
type Holder = { [RUN]?: Promise<string> }

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Three levels under the checkout, as dist/src/cli is: the dashboard's files and the docs are looked
  // for from the CLI's own place (src/ui/assets.ts, src/cli/banner.ts).
  const dir = join(root, 'node_modules', '.cache', `analytics-mock-cli-${randomBytes(4).toString('hex')}`)
  const holder = globalThis as Holder
  holder[RUN] ??= bundleCli(dir).then(() => join(dir, 'main.js'))
  const main = await holder[RUN]
  project.provide('cli', main)
  return async () => {
    delete holder[RUN]
    await rm(join(main, '..'), { recursive: true, force: true })
  }
}
