// The shared part of the benchmarks: child-process servers, an autocannon load run that keeps every
// latency (autocannon's own histogram rounds to whole milliseconds), side-by-side rounds, and the table.
//
// Every figure that is judged is a ratio of two measurements taken in the same run, alternating in
// short rounds, because absolute numbers drift on shared machines; throughput ratios are the median
// of the rounds' ratios, printed with their range.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { connect, createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import autocannon, { type Request as AutocannonRequest } from 'autocannon'
import { serverEnv } from './steady-client.ts'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const AUTH = { authorization: 'Bearer phx_mock_all' }
/** The persons list of project 1, where the scale and start-up benchmarks look persons up. */
export const PERSONS = '/api/environments/1/persons/'
/** Exact lookups (distinct_id, email) on a big dataset against a small one: flat means a p50 ratio within this. */
export const LOOKUP_RATIO_TARGET = 1.5

/** Knobs shared by every benchmark (`--quick` shortens them for a smoke run). */
export interface BenchConfig {
  /** Seconds per load round. */
  roundSeconds: number
  /** Rounds per side (the sides alternate). */
  rounds: number
  /** Concurrent connections of the load generator. */
  connections: number
  /** Sequential requests per lookup kind in the scale benchmark. */
  lookups: number
  /** Persons in the large dataset of the scale benchmark. */
  largePersons: number
  /** `--peer openapi-backend` skips Prism (the fallback peer, also used when Prism does not run). */
  peer: 'prism' | 'openapi-backend'
  /** `--cases a,b`: only the limit cases whose names contain one of these (case-insensitive). */
  cases?: string[]
  quick: boolean
}

export function configFrom(argv: string[]): BenchConfig {
  const quick = argv.includes('--quick')
  const peer = argv[argv.indexOf('--peer') + 1] === 'openapi-backend' ? 'openapi-backend' : 'prism'
  const casesAt = argv.indexOf('--cases')
  const cases = casesAt >= 0 ? argv[casesAt + 1]!.toLowerCase().split(',') : undefined
  return quick
    ? { roundSeconds: 1, rounds: 1, connections: 8, lookups: 100, largePersons: 100_000, peer, cases, quick }
    : { roundSeconds: 2, rounds: 5, connections: 8, lookups: 400, largePersons: 100_000, peer, cases, quick }
}

// ---------------------------------------------------------------------------------------------
// Child-process servers

export interface ChildServer {
  url: string
  /** Milliseconds from spawn to the "listening on URL" line. */
  startupMs: number
  proc: ChildProcess
  /** Asks the child (over IPC) and returns its answer. */
  ask<T = unknown>(message: Record<string, unknown>): Promise<T>
  stop(): Promise<void>
}

const compiledScripts = new Map<string, Promise<string>>()

/**
 * The server script compiled to one JavaScript module (npm packages stay imports) under tmp/bench/, once
 * per run: servers are measured as compiled JavaScript, as `npm start` runs the CLI, without tsx's loader
 * thread (~40 MB) in their memory or its compiling in their start-up.
 */
function compiled(script: string): Promise<string> {
  let out = compiledScripts.get(script)
  if (!out) {
    const outfile = `tmp/bench/${script.split('/').pop()!.replace(/\.ts$/, '.mjs')}`
    out = import('esbuild').then(async ({ build }) => {
      await build({
        entryPoints: [script],
        outfile,
        absWorkingDir: ROOT,
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'error',
      })
      return outfile
    })
    compiledScripts.set(script, out)
  }
  return out
}

/**
 * Runs a TypeScript server script in its own process (compiled to JavaScript) and waits for its
 * "listening on http://..." line, so the load generator never shares the server's event loop.
 */
export async function startChild(
  script: string,
  args: string[] = [],
  options: { nodeArgs?: string[]; timeoutMs?: number } = {},
): Promise<ChildServer> {
  const module = await compiled(script)
  const started = performance.now()
  const proc = spawn(process.execPath, [...(options.nodeArgs ?? []), module, ...args], {
    cwd: ROOT,
    env: serverEnv(),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script}: no "listening" line after ${options.timeoutMs ?? 120_000} ms\n${output}`)),
      options.timeoutMs ?? 120_000,
    )
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const m = /listening on (http:\/\/\S+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    })
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    proc.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${script} exited (${code}) before listening:\n${output}`))
    })
  })
  const startupMs = performance.now() - started
  proc.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${script.split('/').pop()}] ${chunk}`))
  return {
    url,
    startupMs,
    proc,
    ask: asker(proc),
    stop: () => stopProcess(proc),
  }
}

/** Asks a child server over IPC: each message numbered, resolved by the reply with its number. */
export function asker(proc: ChildProcess): ChildServer['ask'] {
  let nextId = 1
  return <T>(message: Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      const id = nextId++
      const onMessage = (reply: any) => {
        if (reply?.id !== id) return
        proc.off('message', onMessage)
        resolve(reply.value as T)
      }
      proc.on('message', onMessage)
      proc.send({ ...message, id })
    })
}

/** SIGTERM, then SIGKILL after 5 s; resolves when the process has exited. */
async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return
  proc.kill('SIGTERM')
  const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000)
  await once(proc, 'exit')
  clearTimeout(timer)
}

/**
 * Runs a server that prints nothing useful (e.g. Prism with logging silenced) and waits until `url`
 * answers any HTTP response.
 */
export async function startPolled(
  command: string,
  args: string[],
  url: string,
  timeoutMs = 120_000,
): Promise<ChildServer> {
  const started = performance.now()
  const proc = spawn(command, args, { cwd: ROOT, env: serverEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let exited = false
  proc.once('exit', () => (exited = true))
  for (;;) {
    if (exited) throw new Error(`${command} ${args.join(' ')} exited before answering:\n${output.slice(-2000)}`)
    if (performance.now() - started > timeoutMs) {
      proc.kill('SIGKILL')
      throw new Error(`${command} ${args.join(' ')}: no answer at ${url} after ${timeoutMs} ms\n${output.slice(-2000)}`)
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) })
      break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  return {
    url: new URL(url).origin,
    startupMs: performance.now() - started,
    proc,
    ask: () => Promise.reject(new Error('no IPC channel')),
    stop: () => stopProcess(proc),
  }
}

/** Answers IPC questions in a child server: `{type, id}` -> `{id, value}`. */
export function answerParent(handlers: Record<string, (message: any) => unknown | Promise<unknown>>): void {
  process.on('message', async (message: any) => {
    const handler = handlers[message?.type]
    const value = handler ? await handler(message) : { error: `unknown question ${message?.type}` }
    process.send!({ id: message.id, value })
  })
  process.on('disconnect', () => process.exit(0))
}

/** A free loopback port (for servers that cannot be told to use port 0 and print it). */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  server.close()
  await once(server, 'close')
  return port
}

// ---------------------------------------------------------------------------------------------
// Requests and load

export interface BenchRequest {
  method: string
  /** Path and query (with `pathFor`, the first request's). */
  path: string
  headers?: Record<string, string>
  body?: string
  /**
   * Each request its own target: the path of the n-th request of a load run (n from 1, counted over
   * every connection), for operations that change what they act on (delete person n, add recording n).
   * The ceiling answers every path that starts with `prefix` alike.
   */
  pathFor?: (n: number) => string
  /** What every path of `pathFor` starts with (the ceiling's route). */
  prefix?: string
}

export interface Captured {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** One request, answered in full (used to capture payloads and check a server answers as expected). */
export async function send(base: string, req: BenchRequest): Promise<Captured> {
  const res = await fetch(base + req.path, { method: req.method, headers: req.headers, body: req.body })
  const headers: Record<string, string> = {}
  res.headers.forEach((value, name) => (headers[name] = value))
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) }
}

/** A captured answer as the ceiling replays it: the payload's own headers (hop-by-hop and per-response ones are node's to write), the body in base64. */
export function cannedAnswer(captured: Captured): { status: number; headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(captured.headers)) {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name))
      headers[name] = value
  }
  headers['content-length'] = String(captured.body.length)
  return { status: captured.status, headers, body: captured.body.toString('base64') }
}

/** Sends raw HTTP requests back to back on one connection (pipelined); resolves with the statuses of the answers, in order. */
export function pipelined(port: number, requests: string[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]))
    socket.on('data', (d) => {
      text += d.toString('latin1')
      if (statuses().length >= requests.length) {
        socket.end()
        resolve(statuses())
      }
    })
    socket.on('error', reject)
    socket.write(requests.join(''))
  })
}

export interface LoadResult {
  /** Completed requests per second. */
  rps: number
  completed: number
  elapsedMs: number
  /** Every response time in milliseconds (float), unsorted. */
  latencies: number[]
  errors: number
  /** Responses whose status was not the expected one. */
  unexpected: number
  bytes: number
}

/**
 * Loads `base` with the requests (cycled per connection) for `seconds`, or for `amount` requests.
 * Responses whose status is not `expect` are counted as unexpected, so a fast error page cannot pass.
 */
export async function load(
  base: string,
  requests: BenchRequest[],
  options: { connections: number; seconds?: number; amount?: number; expect?: number },
): Promise<LoadResult> {
  const latencies: number[] = []
  let unexpected = 0
  let bytes = 0
  const expect = options.expect ?? 200
  let n = 0
  const made = requests.map((r) => ({
    method: r.method as AutocannonRequest['method'],
    path: r.path,
    headers: r.headers,
    body: r.body,
    ...(r.pathFor ? { setupRequest: (req: AutocannonRequest) => ({ ...req, path: r.pathFor!(++n) }) } : {}),
  }))
  const started = performance.now()
  // Until the last answer: with `amount`, autocannon notices it is done only at its next tick.
  let last = started
  const result = await new Promise<{ errors: number; timeouts: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: options.connections,
        pipelining: 1,
        ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
        timeout: 30,
        requests: made,
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    )
    instance.on('response', (_client: unknown, status: number, resBytes: number, responseTime: number) => {
      last = performance.now()
      latencies.push(responseTime)
      bytes += resBytes
      if (status !== expect) unexpected++
    })
  })
  const elapsedMs = (options.amount !== undefined ? last : performance.now()) - started
  return {
    rps: (latencies.length / elapsedMs) * 1000,
    completed: latencies.length,
    elapsedMs,
    latencies,
    errors: result.errors + result.timeouts,
    unexpected,
    bytes,
  }
}

export function merge(results: LoadResult[]): LoadResult {
  const completed = results.reduce((n, r) => n + r.completed, 0)
  const elapsedMs = results.reduce((n, r) => n + r.elapsedMs, 0)
  return {
    rps: (completed / elapsedMs) * 1000,
    completed,
    elapsedMs,
    latencies: results.flatMap((r) => r.latencies),
    errors: results.reduce((n, r) => n + r.errors, 0),
    unexpected: results.reduce((n, r) => n + r.unexpected, 0),
    bytes: results.reduce((n, r) => n + r.bytes, 0),
  }
}

/** A side's rounds merged, and each round on its own (for per-round ratios). */
export type SideResult = LoadResult & { rounds: LoadResult[] }

/** Runs each side in turn, `rounds` times (A B A B ...), so drift hits both sides alike. */
export async function sideBySide<K extends string>(
  rounds: number,
  sides: Record<K, () => Promise<LoadResult>>,
): Promise<Record<K, SideResult>> {
  const collected = {} as Record<K, LoadResult[]>
  for (const key of Object.keys(sides) as K[]) collected[key] = []
  for (let round = 0; round < rounds; round++) {
    for (const key of Object.keys(sides) as K[]) collected[key].push(await sides[key]())
  }
  const out = {} as Record<K, SideResult>
  for (const key of Object.keys(sides) as K[]) out[key] = { ...merge(collected[key]), rounds: collected[key] }
  return out
}

/**
 * The throughput ratio a/b of each pair of adjacent rounds, and their median: one round disturbed by
 * the machine (a neighbour's burst, a major GC) moves the median little, where it moves a ratio of
 * sums a lot (measured here: one PATCH run's ratio of sums swung 0.28x-0.40x between runs).
 */
export function roundRatios(a: SideResult, b: SideResult): { median: number; min: number; max: number } {
  const ratios = a.rounds.map((r, i) => r.rps / b.rounds[i]!.rps).sort((x, y) => x - y)
  const mid = ratios.length >> 1
  const median = ratios.length % 2 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2
  return { median, min: ratios[0]!, max: ratios[ratios.length - 1]! }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = Float64Array.from(values).sort()
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]!
}

/** Times `fn` `count` times (after `warmup` untimed calls); every duration in milliseconds. */
export async function timeEach(
  count: number,
  fn: (i: number) => unknown,
  warmup = Math.min(50, count),
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i)
  const out: number[] = []
  for (let i = 0; i < count; i++) {
    const t = performance.now()
    await fn(i)
    out.push(performance.now() - t)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// The table

export type Verdict = 'pass' | 'FAIL' | `FAIL: ${string}` | 'printed' | `n/a: ${string}`

export interface Row {
  benchmark: string
  /** What was measured on our side, e.g. "12,345 req/s". */
  ours: string
  /** The reference side, e.g. "ceiling 30,000 req/s". */
  reference: string
  ratio: string
  latency: string
  /** The peer (Prism) on the same request, where it was run. */
  peer?: string
  target: string
  verdict: Verdict
}

export const fmt = {
  rps: (n: number) => `${Math.round(n).toLocaleString('en-US')} req/s`,
  ms: (n: number) =>
    Number.isFinite(n)
      ? n < 1
        ? `${(n * 1000).toFixed(0)} µs`
        : n < 100
          ? `${n.toFixed(2)} ms`
          : `${Math.round(n).toLocaleString('en-US')} ms`
      : 'n/a',
  ratio: (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : 'n/a'),
  /** The median of per-round ratios with their range, e.g. `0.34x (0.30-0.38)`. */
  ratios: (r: { median: number; min: number; max: number }) =>
    `${fmt.ratio(r.median)} (${r.min.toFixed(2)}-${r.max.toFixed(2)})`,
  mb: (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`,
  latency: (r: LoadResult) => `${fmt.ms(percentile(r.latencies, 50))} / ${fmt.ms(percentile(r.latencies, 99))}`,
}

export function verdict(ok: boolean): Verdict {
  return ok ? 'pass' : 'FAIL'
}

export function notApplicable(benchmark: string, why: string, target = ''): Row {
  return { benchmark, ours: '', reference: '', ratio: '', latency: '', target, verdict: `n/a: ${why}` }
}

/** Problems seen during a load run (errors, unexpected statuses) as a verdict, else null. */
export function loadProblem(...results: LoadResult[]): Verdict | null {
  const errors = results.reduce((n, r) => n + r.errors, 0)
  const unexpected = results.reduce((n, r) => n + r.unexpected, 0)
  if (errors || unexpected) return `n/a: ${errors} errors, ${unexpected} unexpected statuses`
  return null
}

export function renderTable(rows: Row[]): string {
  const header: Record<keyof Row, string> = {
    benchmark: 'Benchmark',
    ours: 'Ours',
    reference: 'Reference',
    ratio: 'Ratio',
    latency: 'p50 / p99',
    peer: 'Prism',
    target: 'Target',
    verdict: 'Result',
  }
  // The peer column only when some row has a figure in it.
  const keys = (Object.keys(header) as Array<keyof Row>).filter((k) => k !== 'peer' || rows.some((r) => r.peer))
  const widths = keys.map((k) => Math.max(...[header, ...rows].map((r) => String(r[k] ?? '').length)))
  const line = (r: Partial<Record<keyof Row, string>>) =>
    `| ${keys.map((k, i) => String(r[k] ?? '').padEnd(widths[i]!)).join(' | ')} |`
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`
  return [line(header), rule, ...rows.map(line)].join('\n')
}
