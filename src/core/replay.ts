// Replay: a recorded change (core/changes.ts) applied again, as when restoring a log, with the clock at
// the change's instant and then back as it was. A replay takes a write's turn and skips the latency and
// failures injected, the journal and the change listeners.
import type { AppliedChange } from './changes.ts'
import type { Clock } from './clock.ts'
import type { MockRequest } from './http.ts'
import { parseBody, parsersFor } from './request-body.ts'
import type { SerialQueue } from './serial.ts'
import type { Dispatcher } from './dispatch.ts'
import type { Turns } from './turn.ts'

export interface ReplayOptions {
  serial: SerialQueue
  clock: Clock
  route: Dispatcher['route']
  turns: Turns
  /** Runs the scheduled work that fell due (a change recorded without a request is only that). */
  beforeRequest?: () => Promise<boolean>
}

/** Resolves to the status the replayed request was answered with (null for scheduled work alone). */
export type Replay = (change: AppliedChange) => Promise<number | null>

export function createReplay(options: ReplayOptions): Replay {
  const { serial, clock, route, turns, beforeRequest } = options
  return async function replay(change: AppliedChange): Promise<number | null> {
    return serial.run(async () => {
      const saved = clock.saveState()
      clock.restoreState({ frozenAt: change.at, offset: 0 })
      try {
        const r = change.request
        if (!r) {
          clock.pin()
          try {
            await beforeRequest?.()
          } finally {
            clock.unpin()
          }
          return null
        }
        const req: MockRequest = { method: r.method, url: new URL(r.url), headers: { ...r.headers }, body: r.body }
        const routed = route(req)
        if ('res' in routed) return routed.res.status
        const parsed = parseBody(
          req.body,
          Infinity,
          req.headers['content-type'],
          parsersFor(req.method, req.url.pathname),
        )
        if (parsed.kind === 'too-large') return 413
        return (await turns.run(req, routed.match, parsed, true, true)).res.status
      } finally {
        clock.restoreState(saved)
      }
    })
  }
}
