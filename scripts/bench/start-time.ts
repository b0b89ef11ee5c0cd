// `npm start` on an already built checkout: the time from running it to the first answer (GET
// /_mock/health), five starts, median and worst, against the 1.5 s target. Builds first when dist/ is
// stale (that build is not timed), so every timed start finds the build current and skips it.
import { spawn, spawnSync } from 'node:child_process'
import { buildIsCurrent } from '../../bin/build-freshness.js'
import { fmt, ROOT, verdict, type Row } from './harness.ts'

const STARTS = 5
const TARGET_MS = 1_500

/** Runs `npm start -- --port 0` (its own process group, ended after), resolves with ms to the first answer. */
function startOnce(): Promise<number> {
  const started = performance.now()
  const proc = spawn('npm', ['start', '--silent', '--', '--port', '0'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const stop = () => {
    try {
      process.kill(-proc.pid!, 'SIGTERM')
    } catch {
      // gone already
    }
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`no answer after 30 s: ${output}`))
    }, 30_000)
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    proc.stdout!.on('data', async (chunk: Buffer) => {
      output += chunk.toString()
      const m = /listening on (http:\/\/\S+)/.exec(output)
      if (!m || proc.stdout!.listenerCount('data') === 0) return
      proc.stdout!.removeAllListeners('data')
      const res = await fetch(`${m[1]!.replace(/\/$/, '')}/_mock/health`)
      await res.arrayBuffer()
      const ms = performance.now() - started
      clearTimeout(timer)
      stop()
      if (res.status !== 200) reject(new Error(`health answered ${res.status}`))
      else proc.once('exit', () => resolve(ms))
    })
  })
}

export async function runStartTime(): Promise<Row[]> {
  if (!buildIsCurrent(ROOT)) spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' })
  const times: number[] = []
  for (let i = 0; i < STARTS; i++) times.push(await startOnce())
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]!
  const worst = times.at(-1)!
  return [
    {
      benchmark: `npm start on a built checkout to the first answer (${STARTS} starts)`,
      ours: `median ${fmt.ms(median)}, worst ${fmt.ms(worst)}`,
      reference: '',
      ratio: '',
      latency: '',
      target: `worst <= ${fmt.ms(TARGET_MS)}`,
      verdict: verdict(worst <= TARGET_MS),
    },
  ]
}
