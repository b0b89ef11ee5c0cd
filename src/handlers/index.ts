// Every operation's handler, by operationId: one file per resource.
import type { HandlerMap } from './context.ts'
import { controlHandlers } from './control.ts'
import { discoveryHandlers } from './discovery.ts'
import { faultHandlers } from './faults.ts'
import { journalHandlers } from './journal.ts'
import { maxToolsHandlers } from './max-tools.ts'
import { mockDataHandlers } from './mock-data.ts'
import { personHandlers } from './persons.ts'
import { playlistHandlers } from './playlists.ts'
import { sessionRecordingHandlers } from './session-recordings.ts'

export const handlers: HandlerMap = {
  ...personHandlers,
  ...playlistHandlers,
  ...sessionRecordingHandlers,
  ...maxToolsHandlers,
  ...discoveryHandlers,
  ...controlHandlers,
  ...journalHandlers,
  ...mockDataHandlers,
  ...faultHandlers,
}
