// analytics-mock: the core app, the HTTP server and the named scenarios. Other entries:
// analytics-mock/msw (msw handlers), analytics-mock/testing (test helper), analytics-mock/verify.
export { createApp, type App, type AppOptions } from './app.ts'
export { serve, type RunningServer, type ServeOptions } from './server/node.ts'
export { scenarioNames } from '../fixtures/names.ts'
export { PROFILES, type Profile } from './contract/profiles.ts'
export type { DatasetSize } from './seed/seed.ts'
export type * from './contract/api-types.ts'
