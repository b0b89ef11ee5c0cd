// Session recordings: the list's pagination.
import { walk } from './lists.ts'
import type { Suite } from './suite.ts'

export const recordingsSuite: Suite = {
  name: 'session recordings',
  checks: [['session_recordings_list', 'pagination walk']],
  async run({ run }) {
    await run.check('session_recordings_list', 'pagination walk', (t) =>
      walk(t, { operationId: 'session_recordings_list', noun: 'recordings', idOf: (r) => String(r.id) }),
    )
  },
}
