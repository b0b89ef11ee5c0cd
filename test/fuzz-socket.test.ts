// The fuzz's requests once more, over a real socket to the server face (keep-alive connections),
// so the adapter's side is covered too: every request gets an answer (never a reset), no 5xx, errors
// in the error shape, bodies only where there should be one, refused writes change nothing.
// FUZZ_SOCKET_REQUESTS (default 2,000) and FUZZ_SEED as for the in-process fuzz.
import { Agent, request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { fuzzSeed } from './fuzz/seed.ts'
import { errorShapeProblems } from './fuzz/oracle.ts'
import { generateRequest, toCurl, type FuzzRequest } from './fuzz/requests.ts'
import { worldOf } from './fuzz/run.ts'
import { SeededRandom } from '../src/core/random.ts'
import { snapshotDifference } from '../src/store/snapshot.ts'
import { servedTestApp } from './served.ts'

const SEED = fuzzSeed()
const REQUESTS = Number(process.env.FUZZ_SOCKET_REQUESTS ?? 2_000)
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function send(port: number, agent: Agent, req: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Framed as real clients frame it (node's client sends a GET/HEAD/DELETE body unframed otherwise).
    const headers =
      req.body === undefined ? req.headers : { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) }
    const r = request({ host: '127.0.0.1', port, agent, method: req.method, path: req.path, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
      res.on('error', reject)
    })
    r.on('error', reject)
    r.end(req.body)
  })
}

const served = servedTestApp({}, { journalSize: 50 })

describe('fuzz over a socket', () => {
  it(`${REQUESTS} generated requests through the server keep every invariant (seed ${SEED})`, async () => {
    const { app, running, port } = served
    const rng = new SeededRandom(SEED)
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const operations = app.contract.operations
    const failures: string[] = []
    let ids = worldOf(app)
    for (let i = 0; i < REQUESTS && failures.length < 10; i++) {
      if (i % 25 === 0) ids = worldOf(app)
      const generated = generateRequest(operations[i % operations.length]!, rng, ids)
      // What node's client refuses to put on the wire is not the server's business.
      if (Object.values(generated.headers).some((v) => /[^\t\x20-\x7e]/.test(v))) continue
      const before = SAFE_METHODS.has(generated.method) ? undefined : app.snapshot()
      let answer: Answer
      try {
        answer = await send(port, agent, generated)
      } catch (error) {
        failures.push(
          `#${i} no answer (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ${toCurl(generated, running.url)}`,
        )
        continue
      }
      if (app.faults.settings.latency_ms || app.faults.settings.jitter_ms || app.faults.settings.error_rate)
        app.faults.clear()
      const problems: string[] = []
      // 501 not_mocked: an endpoint the real service has and the mock does not serve, by design.
      const notMocked = answer.status === 501 && answer.body.includes('"code":"not_mocked"')
      if (answer.status >= 500 && !notMocked) problems.push(`status ${answer.status}: ${answer.body.slice(0, 200)}`)
      const hasBody = answer.body.length > 0
      if (answer.status >= 400 && hasBody) {
        try {
          problems.push(...errorShapeProblems(JSON.parse(answer.body)))
        } catch {
          problems.push(`error body is not JSON: ${answer.body.slice(0, 100)}`)
        }
      }
      // Clients generated from the OpenAPI fail on an empty body that claims to be JSON (an empty CSV is fine).
      if (!hasBody && generated.method !== 'HEAD' && String(answer.headers['content-type'] ?? '').includes('json')) {
        problems.push('an empty body with a JSON Content-Type')
      }
      if (hasBody && Number(answer.headers['content-length']) !== Buffer.byteLength(answer.body))
        problems.push('Content-Length does not match the body')
      if (before && answer.status >= 400 && answer.status < 500) {
        const difference = snapshotDifference(before, app.snapshot())
        if (difference) problems.push(`refused write changed the store at ${difference}`)
      }
      if (problems.length)
        failures.push(
          `#${i} ${generated.method} -> ${answer.status} [${generated.tricks.join('; ')}]\n  ${toCurl(generated, running.url)}\n  ! ${problems.join('\n  ! ')}`,
        )
      if (i > 0 && i % 500 === 0) await app.reset({ seed: 1, fixtures: 'default' })
    }
    agent.destroy()
    if (failures.length)
      expect.fail(`socket fuzz seed ${SEED} (repeat with FUZZ_SEED=${SEED}):\n${failures.join('\n')}`)
  }, 120_000)
})
