// The request journal under /_mock/journal: a page of entries (filtered or searched, after or before a
// cursor, newest or oldest first), one entry with its answer, and clearing it. Reading it is not journaled
// (x-observer), so a page that polls it sees only what others asked.
import type { HandlerContext, HandlerMap } from './context.ts'
import { notFound } from '../core/drf/exceptions.ts'
import { empty, json } from '../core/http.ts'
import type { JournalQuery } from '../core/journal.ts'
import { journalMatch } from '../core/journal-query.ts'

/** The filters and search a journal read names (the list's, the HAR export's). */
export function journalQueryOf(q: HandlerContext['query']): JournalQuery {
  return {
    operationId: q.operation_id === undefined ? undefined : q.operation_id === 'none' ? null : q.operation_id,
    status: q.status,
    method: q.method,
    match: journalMatch({ path: q.path, text: q.text }),
    after: q.after,
    before: q.before,
    limit: q.limit,
  }
}

export const journalHandlers: HandlerMap = {
  mock_journal_list(ctx) {
    const page = ctx.services.journal.page({
      ...journalQueryOf(ctx.query),
      order: ctx.query.order,
      bodies: ctx.query.bodies,
    })
    return json(200, page)
  },

  mock_journal_retrieve(ctx) {
    return json(200, journalEntry(ctx))
  },

  mock_journal_clear(ctx) {
    ctx.services.journal.clear()
    return empty(204)
  },
}

/** The entry the path names, or a 404 saying why it is not there. */
export function journalEntry(ctx: HandlerContext) {
  const entry = ctx.services.journal.get(Number(ctx.params.id))
  if (!entry)
    throw notFound(
      `No journal entry ${ctx.params.id}: the journal keeps the newest entries only, and a reset or clear empties it.`,
    )
  return entry
}
