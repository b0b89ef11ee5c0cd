// The request journal under /_mock/journal: a page of entries (filtered or searched, after or before a
// cursor, newest or oldest first), one entry with its answer, and clearing it; and the journal taken
// elsewhere: as a HAR file (the whole journal, or what the list's filters and search pick), and one entry
// as a curl command line. Both show what the journal shows (keys masked, secrets redacted); the curl line
// reads the key from the environment. Reading any of it is not journaled (x-observer), so a page that
// polls it sees only what others asked.
import type { HandlerContext, HandlerMap } from './context.ts'
import { notFound } from '../core/drf/exceptions.ts'
import { iso } from '../core/datetime.ts'
import { empty, json, text } from '../core/http.ts'
import { journalCurl } from '../core/journal-curl.ts'
import { journalHar } from '../core/journal-har.ts'
import type { JournalEntryDetail, JournalQuery } from '../core/journal.ts'
import { journalMatch } from '../core/journal-query.ts'

/** The filters and search a journal read names (the list's, the HAR export's). */
function journalQueryOf(q: HandlerContext['query']): JournalQuery {
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

  mock_journal_har(ctx) {
    const { journal, clock, contract } = ctx.services
    const page = journal.page({ ...journalQueryOf(ctx.query), order: 'asc', bodies: false })
    const entries = page.results.map((e) => journal.get(e.id)).filter((e): e is JournalEntryDetail => e !== undefined)
    const har = journalHar(entries, ctx.url.origin, contract.document.info.version, iso(clock.now()))
    return json(200, har, { 'content-disposition': 'attachment; filename="analytics-mock.har"' })
  },

  mock_journal_curl(ctx) {
    return text(200, `${journalCurl(journalEntry(ctx), ctx.url.origin)}\n`, 'text/plain; charset=utf-8')
  },
}

/** The entry the path names, or a 404 saying why it is not there. */
function journalEntry(ctx: HandlerContext) {
  const entry = ctx.services.journal.get(Number(ctx.params.id))
  if (!entry)
    throw notFound(
      `No journal entry ${ctx.params.id}: the journal keeps the newest entries only, and a reset or clear empties it.`,
    )
  return entry
}
