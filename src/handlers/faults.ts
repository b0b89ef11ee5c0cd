// The mock's fault settings under /_mock/faults (see core/faults.ts).
import type { Contract } from '../core/contract.ts'
import type { HandlerMap } from './context.ts'
import { validationError } from '../core/drf/exceptions.ts'
import { empty, json } from '../core/http.ts'

/** Faults apply to API operations only: any other name in `operations` is refused (a 400). */
export function checkFaultOperations(operations: unknown, { byId }: Contract): void {
  if (!Array.isArray(operations)) return
  const unknown = operations.find((id: string) => !byId.has(id) || byId.get(id)!.scopes === null)
  if (unknown !== undefined)
    throw validationError(`"${unknown}" is not the operationId of an API operation.`, 'operations')
}

export const faultHandlers: HandlerMap = {
  mock_faults_retrieve(ctx) {
    return json(200, ctx.services.faults.settings)
  },

  mock_faults_update(ctx) {
    const body = ctx.body ?? {}
    checkFaultOperations(body.operations, ctx.services.contract)
    ctx.services.faults.update(body)
    return json(200, ctx.services.faults.settings)
  },

  mock_faults_clear(ctx) {
    ctx.services.faults.clear()
    return empty(204)
  },
}
