// What a handler receives.
import type { Clock } from './clock.ts'
import type { OperationInfo } from './contract.ts'
import type { MockRequest, MockResponse } from './http.ts'
import type { Principal } from './auth.ts'
import type { NonPeakWindow } from './schedule.ts'
import type { ProjectRecord } from '../store/models.ts'
import type { Store } from '../store/store.ts'
import type { Journal } from './journal.ts'
import type { Faults } from './faults.ts'

export interface AppServices {
  store: Store
  clock: Clock
  journal: Journal
  faults: Faults
  nonPeakWindow: NonPeakWindow
  /** Restore the seeded data (optionally another seed or scenario). */
  reset(options?: { seed?: number; fixtures?: string }): Promise<void>
  /** Run the scheduled tasks that have fallen due; returns the ones that ran. */
  runDueTasks(): Promise<unknown[]>
}

export interface HandlerContext {
  op: OperationInfo
  req: MockRequest
  url: URL
  /** Path parameters. */
  params: Record<string, string>
  /** Query parameters, coerced to the contract's types where the contract declares them. */
  query: Record<string, any>
  /** Parsed JSON body (undefined when there was none). */
  body: any
  /** The caller; absent on the control API. */
  principal?: Principal
  /** The project in the path, after the access check. */
  project?: ProjectRecord
  services: AppServices
}

export type Handler = (ctx: HandlerContext) => MockResponse | Promise<MockResponse>
export type HandlerMap = Record<string, Handler>
