// The request journal under /_mock/journal: a page of entries (filtered, after or before a cursor,
// newest or oldest first), one entry with its answer, and clearing it. Reading it is not journaled
// (x-observer), so a page that polls it sees only what others asked.
import type { HandlerMap } from './context.ts'
import { notFound } from '../core/errors.ts'
import { empty, json } from '../core/http.ts'

export const journalHandlers: HandlerMap = {
  mock_journal_list(ctx) {
    const q = ctx.query
    const page = ctx.services.journal.page({
      operationId: q.operation_id === undefined ? undefined : q.operation_id === 'none' ? null : q.operation_id,
      status: q.status,
      method: q.method,
      after: q.after,
      before: q.before,
      limit: q.limit,
      order: q.order,
      bodies: q.bodies,
    })
    return json(200, page)
  },

  mock_journal_retrieve(ctx) {
    const entry = ctx.services.journal.get(Number(ctx.params.id))
    if (!entry) throw notFound(`No journal entry ${ctx.params.id}: the journal keeps the newest entries only, and a reset or clear empties it.`)
    return json(200, entry)
  },

  mock_journal_clear(ctx) {
    ctx.services.journal.clear()
    return empty(204)
  },
}
