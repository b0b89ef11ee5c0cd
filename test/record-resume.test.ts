// `record` killed halfway (kill -9: no chance to clean up) and run again with the same command resumes
// from what it had read, and writes the same file as an uninterrupted run with the same --salt-file.
// The real CLI in a child process, against a mock served over a socket and slowed by its latency fault
// (docs/control-api.md) so that there is a halfway to kill it at.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app.ts'
import { serve, type RunningServer } from '../src/server/node.ts'
import { CLI } from './serve-process.ts'

let server: RunningServer
let dir: string
const children: ChildProcess[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'analytics-mock-resume-'))
  const app = await createApp({ clock: { now: '2026-11-01T00:00:00Z', frozen: true }, faults: { latency_ms: 10 } })
  server = await serve(app, { port: 0, host: '127.0.0.1' })
})

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await server?.close()
})

/** `record` as a child process; `stop` (given the child) may kill it. Resolves with its exit and output. */
function recordProcess(
  out: string,
  stop?: (child: ChildProcess) => void,
): Promise<{ code: number | null; signal: string | null; output: string }> {
  const args = [
    CLI,
    'record',
    '--base-url',
    server.url,
    '--project',
    '1',
    '--out',
    out,
    '--salt-file',
    join(dir, 'record.salt'),
    '--quiet',
  ]
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ANALYTICS_MOCK_API_KEY: 'phx_mock_all' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  stop?.(child)
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, output })))
}

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0)
const withoutInstant = (file: string) => ({ ...JSON.parse(readFileSync(file, 'utf8')), recorded_at: undefined })

describe('record, killed halfway and run again', () => {
  it('resumes where it stopped and writes the file an uninterrupted run writes', async () => {
    const whole = join(dir, 'whole.json')
    const uninterrupted = await recordProcess(whole)
    expect(uninterrupted.code, uninterrupted.output).toBe(0)
    const total = Number(/\((\d+) requests/.exec(uninterrupted.output)?.[1])
    expect(total).toBeGreaterThan(400)

    // Killed (SIGKILL) once about half of the answers are in its progress file.
    const out = join(dir, 'resumed.json')
    const partial = `${out}.partial`
    const killed = await recordProcess(out, (child) => {
      const timer = setInterval(() => {
        if (lines(partial) > total / 2) {
          clearInterval(timer)
          child.kill('SIGKILL')
        }
      }, 5)
      child.on('exit', () => clearInterval(timer))
    })
    expect(killed.signal).toBe('SIGKILL')
    expect(existsSync(out)).toBe(false)
    const kept = lines(partial) - 1
    expect(kept).toBeGreaterThan(total / 2 - 10)
    expect(kept).toBeLessThan(total)
    const instant = JSON.parse(readFileSync(partial, 'utf8').split('\n')[0]!).recorded_at

    const resumed = await recordProcess(out)
    expect(resumed.code, resumed.output).toBe(0)
    const taken = Number(/resuming: the (\d+) answers read before/.exec(resumed.output)?.[1])
    expect(taken).toBeGreaterThanOrEqual(kept - 1) // a line torn by the kill is read again
    expect(resumed.output).toMatch(new RegExp(`\\((\\d+) requests, ${taken} answers from the interrupted run`))
    expect(Number(/\((\d+) requests, /.exec(resumed.output)?.[1])).toBeLessThanOrEqual(total - taken)
    expect(existsSync(partial)).toBe(false)
    expect(withoutInstant(out)).toEqual(withoutInstant(whole))
    expect(JSON.parse(readFileSync(out, 'utf8')).recorded_at).toBe(instant)
  }, 120_000)

  it('Ctrl-C (SIGINT) says where what was read is kept, exits 130, and the same command resumes', async () => {
    const out = join(dir, 'interrupted.json')
    const partial = `${out}.partial`
    const stopped = await recordProcess(out, (child) => {
      const timer = setInterval(() => {
        if (lines(partial) > 100) {
          clearInterval(timer)
          child.kill('SIGINT')
        }
      }, 5)
      child.on('exit', () => clearInterval(timer))
    })
    expect(stopped.code, stopped.output).toBe(130)
    expect(stopped.output).toContain(
      `analytics-mock record: interrupted. Nothing was written. What was read is kept in ${partial}: the same command resumes from there.`,
    )
    expect(existsSync(out)).toBe(false)
    const resumed = await recordProcess(out)
    expect(resumed.code, resumed.output).toBe(0)
    expect(resumed.output).toMatch(/resuming: the \d+ answers read before/)
    expect(withoutInstant(out)).toEqual(withoutInstant(join(dir, 'whole.json')))
  }, 120_000)
})
