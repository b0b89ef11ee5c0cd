// Session recordings list (seed 4.4): the seed's envelope, newest start_time first.
import type { HandlerMap } from './context.ts'
import { json } from '../core/http.ts'
import { offsetPage } from '../core/pagination.ts'
import { toRecording } from '../serializers/recording.ts'

export const DEFAULT_RECORDINGS_LIMIT = 50

export const sessionRecordingHandlers: HandlerMap = {
  session_recordings_list(ctx) {
    const { store, clock } = ctx.services
    const { limit = DEFAULT_RECORDINGS_LIMIT, offset = 0 } = ctx.query
    const now = clock.now()
    const recordings = store.recordings.list(ctx.project!.id)
    return json(200, offsetPage(ctx.url, recordings, limit, offset, (r) => toRecording(r, store.persons, now)))
  },
}
