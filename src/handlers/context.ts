// What this mock's handlers receive: the core's handler context over the mock's own services, keys,
// users and projects.
import type { Clock } from '../core/clock.ts'
import type { Contract } from '../core/contract.ts'
import type { HandlerContext as CoreContext, Handler as CoreHandler } from '../core/context.ts'
import type { Principal } from '../core/auth.ts'
import type { Faults } from '../core/faults.ts'
import type { Journal } from '../core/journal.ts'
import type { Throttle } from '../core/drf/throttling.ts'
import type { InsightCache } from '../domain/insight-cache.ts'
import type { NonPeakWindow } from '../domain/schedule.ts'
import type { ApiKeyRecord, ProjectRecord, UserRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'

export interface AppServices {
  /** The contract the app serves (core/contract.ts). */
  contract: Contract
  store: Store
  clock: Clock
  journal: Journal
  faults: Faults
  /** The insight tool's plans and results (domain/insight-cache.ts), one per app. */
  insights: InsightCache
  /** Rate limits, when asked for (null: off). */
  throttle: Throttle | null
  nonPeakWindow: NonPeakWindow
  /** When the app was created (`performance.now()`), for its uptime. */
  startedAt: number
  /** Restore the seeded data (optionally another seed or scenario). */
  reset(options?: { seed?: number; fixtures?: string }): Promise<void>
  /** Run the scheduled tasks that have fallen due; returns the ones that ran. */
  runDueTasks(): Promise<unknown[]>
}

export type MockPrincipal = Principal<ApiKeyRecord, UserRecord>
export type HandlerContext = CoreContext<AppServices, MockPrincipal, ProjectRecord>
export type Handler = CoreHandler<HandlerContext>
export type HandlerMap = Record<string, Handler>
