// The mock's server and the ceiling (a bare node:http server) set up to answer one request alike, for
// the tools that weigh a request's CPU in both (face-cpu.ts, thread-cpu.ts): both started, the mock's
// answer to the first request captured and given to the ceiling, and both warmed for 2 s.
import { AUTH, cannedAnswer, load, send, startChild, type BenchRequest, type ChildServer } from './harness.ts'

export interface MockAndCeiling {
  mock: ChildServer
  ceiling: ChildServer
  /** The requests to load both with: one GET, or the write with each body in turn. */
  requests: BenchRequest[]
  /** The status of the mock's answer (the ceiling answers the same). */
  status: number
}

export async function startMockAndCeiling(
  path: string,
  method: string,
  bodies: string[],
  nodeArgs: { mock?: string[]; ceiling?: string[] } = {},
  mockArgs: string[] = [],
): Promise<MockAndCeiling> {
  const mock = await startChild('scripts/bench/servers/mock.ts', mockArgs, { nodeArgs: nodeArgs.mock ?? [] })
  const ceiling = await startChild('scripts/bench/servers/ceiling.ts', [], { nodeArgs: nodeArgs.ceiling ?? [] })
  const requests = bodies.length
    ? bodies.map((body) => ({ method, path, headers: { ...AUTH, 'content-type': 'application/json' }, body }))
    : [{ method, path, headers: AUTH }]
  const captured = await send(mock.url, requests[0]!)
  await ceiling.ask({ type: 'routes', routes: { [`${method} ${path}`]: cannedAnswer(captured) } })
  for (const s of [mock, ceiling]) await load(s.url, requests, { connections: 8, seconds: 2 })
  return { mock, ceiling, requests, status: captured.status }
}
