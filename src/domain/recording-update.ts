// The body of a recording's PATCH/PUT, read as the real service's update serializer reads it:
// `viewed` and `analyzed` are DRF BooleanFields (not required, not nullable), `player_metadata` a
// JSONField; other fields are ignored. One of the two booleans must be true.
import { validationError } from '../core/errors.ts'

export interface RecordingUpdate {
  viewed?: boolean
  analyzed?: boolean
}

// DRF BooleanField's TRUE_VALUES and FALSE_VALUES (strings as they are, and the numbers 1 and 0).
const TRUE_TEXT = new Set(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1'])
const FALSE_TEXT = new Set(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0'])

/** The field's value, or its error as DRF words it. */
function drfBoolean(value: unknown): boolean | { message: string; code: string } {
  if (value === true || value === 1 || (typeof value === 'string' && TRUE_TEXT.has(value))) return true
  if (value === false || value === 0 || (typeof value === 'string' && FALSE_TEXT.has(value))) return false
  if (value === null) return { message: 'This field may not be null.', code: 'null' }
  return { message: 'Must be a valid boolean.', code: 'invalid_input' }
}

/** The update the body asks for; a 400 as the real serializer answers otherwise (the first field's error). */
export function parseRecordingUpdate(body: unknown): RecordingUpdate {
  const data = (body ?? {}) as Record<string, unknown>
  const out: RecordingUpdate = {}
  for (const field of ['viewed', 'analyzed'] as const) {
    if (!(field in data)) continue
    const value = drfBoolean(data[field])
    if (typeof value !== 'boolean') throw validationError(value.message, field, value.code)
    out[field] = value
  }
  if (!out.viewed && !out.analyzed) throw validationError("At least one of 'viewed' or 'analyzed' must be provided.")
  return out
}
