// An app served over a real socket for the tests of a describe block (or a file): one setup instead of
// the same beforeAll/afterAll pair in every socket-level test.
import { afterAll, beforeAll } from 'vitest'
import type { App, AppOptions } from '../src/app.ts'
import { serve, type RunningServer, type ServeOptions } from '../src/server/node.ts'
import { testApp } from './support.ts'

export interface Served {
  app: App
  running: RunningServer
  port: number
}

/**
 * An app from `testApp(appOptions)` served on a free loopback port with `serveOptions`: started before
 * the tests of the enclosing block, closed after them. Its fields are set once it has started: read
 * them inside the tests.
 */
export function servedTestApp(serveOptions: ServeOptions = {}, appOptions: AppOptions = {}): Served {
  const served = {} as Served
  beforeAll(async () => {
    served.app = await testApp(appOptions)
    served.running = await serve(served.app, { port: 0, ...serveOptions })
    served.port = Number(new URL(served.running.url).port)
  })
  afterAll(() => served.running.close())
  return served
}
