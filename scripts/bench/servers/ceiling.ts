// The ceiling: a bare node:http server answering pre-serialized bytes (captured from the mock's own
// responses, so payloads are identical). It reads each request body to the end, as any server must.
// The parent sets the answers over IPC: {type: 'routes', routes: {"GET /path?query": {status, headers, body(base64)}}};
// a key ending in `*` answers every request whose method and path start with what precedes it.
import { createServer } from 'node:http'
import { answerParent } from '../harness.ts'

interface Canned {
  status: number
  headers: Record<string, string>
  body: Buffer
}

let routes = new Map<string, Canned>()
let prefixes: Array<[string, Canned]> = []

function route(key: string): Canned | undefined {
  const exact = routes.get(key)
  if (exact) return exact
  for (const [prefix, canned] of prefixes) if (key.startsWith(prefix)) return canned
  return undefined
}

const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
  req.resume()
  req.on('end', () => {
    const canned = route(`${req.method} ${req.url}`)
    if (!canned) {
      res.writeHead(404, { 'content-length': '0' })
      res.end()
      return
    }
    res.writeHead(canned.status, canned.headers)
    res.end(canned.body)
  })
})

answerParent({
  routes: (message: { routes: Record<string, { status: number; headers: Record<string, string>; body: string }> }) => {
    const all = Object.entries(message.routes).map(([key, r]): [string, Canned] => [
      key,
      { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') },
    ])
    routes = new Map(all.filter(([key]) => !key.endsWith('*')))
    prefixes = all.filter(([key]) => key.endsWith('*')).map(([key, canned]) => [key.slice(0, -1), canned])
    return all.length
  },
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
