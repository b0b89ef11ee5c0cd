// The journal taken elsewhere: as a HAR file (the whole journal, or what the list's filters and search
// pick), and one entry as a curl command line. Both show what the journal shows (keys masked, secrets
// redacted); the curl line reads the key from the environment. Observers: reading them is not journaled.
import type { HandlerMap } from './context.ts'
import { iso } from '../core/datetime.ts'
import { json, text } from '../core/http.ts'
import { journalCurl } from '../core/journal-curl.ts'
import { journalHar } from '../core/journal-har.ts'
import type { JournalEntryDetail } from '../core/journal.ts'
import { journalEntry, journalQueryOf } from './journal.ts'

export const journalExportHandlers: HandlerMap = {
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
