import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const BIN = fileURLToPath(new URL('../../bin/analytics-mock.js', import.meta.url))
const children: ChildProcess[] = []

function start(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line: ${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /listening on (http:\/\/\S+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        resolve({ child, url: m[1]!, output: () => output })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)))
  })
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

describe('analytics-mock serve', () => {
  it('serves the default data on loopback, honours PORT and --now, and stops cleanly on SIGTERM', async () => {
    const { child, url } = await start(['--now', '2026-05-01T00:00:00Z'], { PORT: '0', HOST: '127.0.0.1' })
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await fetch(`${url}/api/environments/1/persons/?limit=2`, { headers: { authorization: 'Bearer phx_mock_all' } })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.count).toBe(200)
    expect(body.next).toBe(`${url}/api/environments/1/persons/?limit=2&offset=2`)
    const clock = await (await fetch(`${url}/_mock/clock`)).json()
    expect(clock).toMatchObject({ now: '2026-05-01T00:00:00.000Z', frozen: true })
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })

  it('follows wall time by default and takes --seed and --fixtures', async () => {
    const { url } = await start(['--port', '0', '--seed', '3', '--fixtures', 'empty-project'])
    const clock = await (await fetch(`${url}/_mock/clock`)).json()
    expect(clock.frozen).toBe(false)
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000)
    const persons = await fetch(`${url}/api/environments/1/persons/`, { headers: { authorization: 'Bearer phx_mock_all' } })
    expect((await persons.json()).count).toBe(0)
  })

  it('refuses bad options with a clear message and exit code 2', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--fixtures', 'nope'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    const code = await new Promise((resolve) => child.on('exit', resolve))
    expect(code).toBe(2)
    expect(err).toContain('unknown --fixtures "nope"')
  })
})
