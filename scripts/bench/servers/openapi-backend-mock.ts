// The fallback peer, used only when Prism does not run: openapi-backend's own mock mode
// (mockResponseForOperation: the contract's examples or a schema-made value) behind node:http,
// with its request validation on. Stateless, as Prism is. Prints "listening on URL".
import { createServer } from 'node:http'
import { OpenAPIBackend } from 'openapi-backend'
import { document } from '../../../src/contract/document.gen.ts'

// ignoreTrailingSlashes: false, or no path of the contract (all end in a slash) ever matches.
const api = new OpenAPIBackend({
  definition: structuredClone(document) as any,
  quick: true,
  validate: true,
  ignoreTrailingSlashes: false,
})
api.register({
  notImplemented: (c) => {
    const { status, mock } = c.api.mockResponseForOperation(c.operation.operationId!)
    return { status, body: mock }
  },
  validationFail: (c) => ({ status: 400, body: { type: 'validation_error', detail: c.validation.errors } }),
  notFound: () => ({ status: 404, body: { detail: 'Not found.' } }),
  methodNotAllowed: () => ({ status: 405, body: { detail: 'Method not allowed.' } }),
  unauthorizedHandler: () => ({ status: 401, body: { detail: 'Authentication credentials were not provided.' } }),
})
// As Prism checks security: a bearer token must be there (any value).
api.registerSecurityHandler('PersonalAPIKey', (c) => /^Bearer \S+/.test(String(c.request.headers.authorization ?? '')))
api.init()

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', async () => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const text = Buffer.concat(chunks).toString()
    const out = (await api.handleRequest({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers as Record<string, string>,
      body: text ? JSON.parse(text) : undefined,
    })) as { status: number; body: unknown }
    const body = JSON.stringify(out.body)
    res.writeHead(out.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
