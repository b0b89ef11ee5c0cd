// The per-person caps (store.limits): a write that would leave a person with more properties, or
// bigger ones, than the caps allow is refused before anything changes. Without them, repeated writes
// grew a person without end, and with it every answer that shows its history (activity, timeline).
import { validationError } from '../core/drf/exceptions.ts'
import { utf8Length } from '../core/drf/parsers.ts'
import type { PersonLimits } from '../store/store.ts'

/** Throws a 400 naming `attr` when `properties` exceed the caps. */
export function checkPersonLimits(
  limits: PersonLimits,
  properties: Record<string, unknown>,
  attr = 'properties',
): void {
  const count = Object.keys(properties).length
  if (count > limits.properties) {
    throw validationError(
      `A person can have at most ${limits.properties} properties (this mock's cap, --max-person-properties); this write would leave ${count}.`,
      attr,
      'max_length',
    )
  }
  const text = JSON.stringify(properties)
  const size = utf8Length(text, limits.propertiesBytes)
  if (size > limits.propertiesBytes) {
    throw validationError(
      `A person's properties can take at most ${limits.propertiesBytes} bytes as JSON (this mock's cap, --max-person-properties-size); this write would take more.`,
      attr,
      'max_length',
    )
  }
}
