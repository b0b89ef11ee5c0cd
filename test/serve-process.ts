// `analytics-mock serve` as a child process for the tests that talk to it over HTTP.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'

export const BIN = fileURLToPath(new URL('../bin/analytics-mock.js', import.meta.url))
/**
 * The CLI the suites start as a process: this run's bundle of the sources (test/cli-build.ts), or the
 * bin in a project that has none.
 */
export const CLI = inject('cli') ?? BIN

/**
 * Starts `serve --port 0 <args>` (pushed onto `children`, for the caller to end); resolves with the URL it
 * prints once it listens, rejects with its output if it exits first.
 */
export function startServe(args: string[], children: ChildProcess[]): Promise<string> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk) => {
      out += chunk
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) resolve(m[1]!)
    })
    child.stderr!.on('data', (chunk) => (out += chunk))
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)))
  })
}
