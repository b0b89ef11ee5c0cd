// Session recordings list (seed 4.4): the query read as the real service reads it (its RecordingsQuery
// model: unknown parameters and wrong values are a 400), newest start_time first by default. The seed's
// envelope {count, next, previous, results}, or the real {results, has_next, version} (observed profile).
import type { HandlerMap } from './context.ts'
import { json } from '../core/http.ts'
import { offsetPage } from '../core/pagination.ts'
import { samePage } from '../core/same-page.ts'
import { listRecordings } from '../domain/recording.ts'
import { parseRecordingsQuery } from '../domain/recordings-query.ts'
import { RECORDINGS_LIST_VERSION } from './playlists.ts'
import { toRecording } from '../serializers/recording.ts'

export const DEFAULT_RECORDINGS_LIMIT = 50

export const sessionRecordingHandlers: HandlerMap = {
  session_recordings_list(ctx) {
    const { store, clock } = ctx.services
    const query = parseRecordingsQuery(ctx.url.searchParams)
    // The real list reads 0 (or less) as its default page size and a negative offset as 0.
    const limit = query.limit !== undefined && query.limit > 0 ? query.limit : DEFAULT_RECORDINGS_LIMIT
    const offset = Math.max(0, query.offset ?? 0)
    const now = clock.now()
    const recordings = listRecordings(store, ctx.project!.id, query, now)
    if (ctx.observed('recordings-list-envelope')) {
      return json(200, {
        results: samePage(ctx.url.href, recordings.slice(offset, offset + limit).map((r) => toRecording(r, store.persons, now, 'array'))),
        has_next: recordings.length > offset + limit,
        version: RECORDINGS_LIST_VERSION,
      })
    }
    return json(200, offsetPage(ctx.url, recordings, limit, offset, (r) => toRecording(r, store.persons, now), 'marked'))
  },
}
