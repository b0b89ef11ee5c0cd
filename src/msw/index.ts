// analytics-mock/msw: request handlers for msw 2.x that delegate to the mock's core, and the contract's
// types for request and response bodies. Environment-specific helpers: ./node.ts and ./browser.ts.
export { createHandlers, resolveBaseUrl, DEFAULT_BASE_URL, MOCKED_PREFIXES, type HandlerOptions } from './handlers.ts'
export { createApp, type App, type AppOptions } from '../app.ts'
export type * from '../contract/api-types.ts'
