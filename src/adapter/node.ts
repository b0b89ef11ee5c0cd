// The node:http face: reads the request (refusing bodies over the limit early), hands it to the core's
// `handle`, writes the answer. No WHATWG Request/Response objects on this path.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { App } from '../core/app.ts'
import { MAX_BODY_BYTES } from '../core/app.ts'
import { ApiError } from '../core/errors.ts'
import { serialize, type MockResponse } from '../core/http.ts'

export interface ServeOptions {
  port?: number
  host?: string
  /** Milliseconds a client may take to send its headers and body (slow or stalled clients are cut off). */
  requestTimeoutMs?: number
  headersTimeoutMs?: number
  keepAliveTimeoutMs?: number
  maxBodyBytes?: number
}

export interface RunningServer {
  server: Server
  url: string
  close(): Promise<void>
}

function writeResponse(res: ServerResponse, mock: MockResponse, method: string): void {
  const { body, headers } = serialize(mock)
  const hasBody = body !== '' && mock.status !== 204 && mock.status !== 304 && method !== 'HEAD'
  if (hasBody) headers['content-length'] = String(Buffer.byteLength(body))
  res.writeHead(mock.status, headers)
  res.end(hasBody ? body : undefined)
}

export function createNodeListener(app: App, options: { maxBodyBytes?: number } = {}) {
  const maxBody = options.maxBodyBytes ?? app.options.maxBodyBytes ?? MAX_BODY_BYTES
  return (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? 'GET').toUpperCase()
    const declared = Number(req.headers['content-length'] ?? 0)
    const tooLarge = () => {
      writeResponse(res, new ApiError(413, 'invalid_request', 'request_too_large', `Request body exceeds ${maxBody} bytes.`).toResponse(), method)
      req.resume()
    }
    if (declared > maxBody) return tooLarge()
    const chunks: Buffer[] = []
    let size = 0
    let aborted = false
    req.on('data', (chunk: Buffer) => {
      if (aborted) return
      size += chunk.length
      if (size > maxBody) {
        aborted = true
        tooLarge()
        return
      }
      chunks.push(chunk)
    })
    req.on('error', () => {
      aborted = true
    })
    req.on('end', () => {
      if (aborted) return
      const host = req.headers.host ?? 'localhost'
      let url: URL
      try {
        url = new URL(req.url ?? '/', `http://${host}`)
      } catch {
        writeResponse(res, new ApiError(400, 'invalid_request', 'bad_request', 'The request URL could not be parsed.').toResponse(), method)
        return
      }
      const body = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined
      app
        .handle({ method, url, headers: req.headers as Record<string, string | undefined>, body })
        .then((mock) => writeResponse(res, mock, method))
        .catch((error) => {
          console.error('[analytics-mock] unexpected failure:', error)
          if (!res.headersSent) writeResponse(res, new ApiError(500, 'server_error', 'error', 'A server error occurred.').toResponse(), method)
        })
    })
  }
}

export function serve(app: App, options: ServeOptions = {}): Promise<RunningServer> {
  const server = createServer(
    {
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      headersTimeout: options.headersTimeoutMs ?? 10_000,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
      maxHeaderSize: 64 * 1024,
    },
    createNodeListener(app, { maxBodyBytes: options.maxBodyBytes }),
  )
  const host = options.host ?? '127.0.0.1'
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8010, host, () => {
      server.off('error', reject)
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : options.port
      const shownHost = host.includes(':') ? `[${host}]` : host
      resolve({
        server,
        url: `http://${shownHost}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            // In-flight requests finish; idle keep-alive sockets are closed now.
            server.close(() => done())
            server.closeIdleConnections()
          }),
      })
    })
  })
}
