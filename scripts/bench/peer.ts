// The peer the limit benchmark runs beside each operation: Stoplight Prism (@stoplight/prism-cli
// 5.14.2, the last version whose engines allow Node 20) mocking contracts/openapi.yaml, with its logging
// silenced (its default "info" logging would slow it down). If Prism does not run here, the output
// says so and openapi-backend's own mock mode is the peer.
import { createRequire } from 'node:module'
import path from 'node:path'
import { freePort, ROOT, startChild, startPolled, type BenchConfig, type ChildServer } from './harness.ts'

export interface Peer {
  server: ChildServer
  name: string
  /** Why the peer is not Prism, when it is not. */
  note?: string
}

export async function startPeer(config: BenchConfig): Promise<Peer> {
  try {
    if (config.peer === 'openapi-backend') throw new Error('--peer openapi-backend given')
    const require = createRequire(import.meta.url)
    const pkg = require.resolve('@stoplight/prism-cli/package.json')
    const version = (require(pkg) as { version: string }).version
    const cli = path.join(path.dirname(pkg), 'dist', 'index.js')
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const server = await startPolled(
      process.execPath,
      [cli, 'mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'silent', path.join(ROOT, 'contracts/openapi.yaml')],
      `${url}/api/environments/1/persons/1/`,
    )
    return { server, name: `Prism ${version}` }
  } catch (error) {
    const why = String((error as Error).message).split('\n')[0]
    const server = await startChild('scripts/bench/servers/openapi-backend-mock.ts')
    return {
      server,
      name: 'openapi-backend mock',
      note: `Prism did not run here (${why}); peer is openapi-backend's mock mode`,
    }
  }
}
