// The mock behind msw's service worker (serve msw's worker script at the root: `npx msw init public/`).
// No top-level await: main.ts waits for it before the app renders.
import { startMockWorker } from 'analytics-mock/msw/browser'

export async function startMocking(): Promise<void> {
  await startMockWorker({ baseUrl: '/', start: { onUnhandledRequest: 'bypass' } })
}
