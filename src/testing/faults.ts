// mock.faults: the latency and errors of `/_mock/faults`, set from a test without a request (so nothing
// lands in the request journal). The settings are checked as the control API checks them: the contract's
// schema for the update, then the operationIds.
import type { App } from '../app.ts'
import type { FaultSettings } from '../core/faults.ts'
import { createRequestValidator, requestValidationError } from '../core/validation.ts'
import { checkFaultOperations } from '../handlers/faults.ts'

export type { FaultSettings }

export interface MockFaults {
  /** The settings in force. */
  readonly settings: Readonly<FaultSettings>
  /**
   * Changes the given settings and keeps the others (as `POST /_mock/faults`): `latency_ms`,
   * `jitter_ms`, `error_rate` (0..1), `error_status` (429, 500, 502, 503), `operations` (operationIds,
   * or null for every API operation). Refused settings throw and change nothing. Returns the settings.
   */
  set(settings: Partial<FaultSettings>): Readonly<FaultSettings>
  /** No latency and no injected errors (as `DELETE /_mock/faults`). */
  clear(): void
}

let validate: ReturnType<typeof createRequestValidator> | undefined

export function faultControl(app: App): MockFaults {
  return {
    get settings() {
      return app.faults.settings
    },
    set(settings) {
      validate ??= createRequestValidator()
      const op = app.contract.byId.get('mock_faults_update')!
      const checked = validate(op, {
        params: {},
        searchParams: new URLSearchParams(),
        headers: { 'content-type': 'application/json' },
        body: settings,
      })
      if (!checked.valid) throw requestValidationError(checked.errors, checked.input)
      checkFaultOperations(settings.operations, app.contract)
      app.faults.update(settings)
      return app.faults.settings
    },
    clear() {
      app.faults.clear()
    },
  }
}
