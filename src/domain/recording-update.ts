// The body of a recording's PATCH/PUT after its serializer's fields (SessionRecordingUpdateSerializer in
// session_recording_api.py: viewed and analyzed BooleanFields, player_metadata and durations JSONFields,
// read by core/drf/fields.ts from the contract), and the serializer's validate(): one of the two
// booleans must be true.
import { validationError } from '../core/drf/exceptions.ts'

export interface RecordingUpdate {
  viewed?: boolean
  analyzed?: boolean
}

/** SessionRecordingUpdateSerializer.validate. */
export function parseRecordingUpdate(data: RecordingUpdate): RecordingUpdate {
  if (!data.viewed && !data.analyzed) throw validationError("At least one of 'viewed' or 'analyzed' must be provided.")
  return data
}
