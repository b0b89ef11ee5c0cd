// `npm test`'s static checks, run as vitest's "checks" project so they run beside the other suites, not
// before them: the type check, the layout and lint rules (`npm run lint`: prettier, then ESLint) and the
// layering rules (`npm run lint:deps`). Each a test that passes when its script exits 0; its output, when
// it does not. They run one after the other from when the file loads (one more process on the machine).
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const SCRIPTS = ['typecheck', 'lint', 'lint:deps']

interface Finished {
  code: number
  output: string
}

const npmRun = (script: string) =>
  new Promise<Finished>((resolve) =>
    execFile(
      'npm',
      ['run', '--silent', script],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr }),
    ),
  )

const finished: Record<string, Promise<Finished>> = {}
let previous: Promise<unknown> = Promise.resolve()
for (const script of SCRIPTS) previous = finished[script] = previous.then(() => npmRun(script))

describe('the static checks', () => {
  it.each(SCRIPTS)(
    'npm run %s passes',
    async (script) => {
      const { code, output } = await finished[script]!
      expect(code, output).toBe(0)
    },
    900_000,
  )
})
