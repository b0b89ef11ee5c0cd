// The mock describing itself under /_mock/: whether it is up (health) and what it serves (routes).
import { json } from '../core/http.ts'
import type { HandlerMap } from './context.ts'

export const mockStatusHandlers: HandlerMap = {
  mock_health_retrieve(ctx) {
    const { store, startedAt, contract } = ctx.services
    return json(200, {
      status: 'ok',
      version: contract.document.info.version,
      scenario: store.dataset.fixtures,
      seed: store.dataset.seed,
      uptime_s: Math.round(Math.max(0, performance.now() - startedAt)) / 1000,
    })
  },

  mock_routes_list(ctx) {
    const results = ctx.services.contract.operations
      .map((op) => ({
        operation_id: op.operationId,
        method: op.method,
        paths: op.templates,
        scopes: op.scopes,
        tags: op.tags,
      }))
      .sort((a, b) => a.paths[0]!.localeCompare(b.paths[0]!) || a.method.localeCompare(b.method))
    return json(200, { count: results.length, results })
  },
}
