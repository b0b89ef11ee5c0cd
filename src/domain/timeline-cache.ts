// A person's properties timeline, kept per version of the event log (its stamp): the person's events
// oldest first, and the last answer made from them with the request it answered and its range. The
// same request over the same events answers the same body (frozen, its JSON text and its validation
// reused: serializeOnce); a range that moved (the default one ends at the clock's now) but holds the
// same events reuses the points. Any event added or deleted changes the stamp, so nothing stale is
// read. Bounded: a timeline read is a person's page in the app, rarely many persons at once.
import { BoundedCache } from '../core/bounded-cache.ts'
import { serializeOnce } from '../core/json.ts'
import { isoOffset } from '../serializers/time.ts'
import type { EventLog } from '../store/event-log.ts'
import type { EventRecord, PersonRecord } from '../store/models.ts'
import {
  byTimestamp,
  rangeIndices,
  timelinePoints,
  timelineRange,
  type PropertiesTimeline,
  type TimelineRequest,
} from './properties-timeline.ts'

/** Persons whose events are kept (~10 event records each at the default data). */
const PERSONS = 256

interface Answer {
  /** The request's query text: the same text, the same parsed request. */
  request: string
  from: number
  to: number
  start: number
  end: number
  body: PropertiesTimeline
}

interface Kept {
  stamp: number
  byTime: EventRecord[]
  last?: Answer
}

// Stamps are never reused in the process (store/stamp.ts), so one cache serves every app.
const kept = new BoundedCache<PersonRecord, Kept>(PERSONS)

/**
 * The person's properties timeline (see properties-timeline.ts) for `req`, parsed from the query text
 * `request`; a bad date is a 400.
 */
export function personTimeline(
  log: EventLog,
  person: PersonRecord,
  now: number,
  req: TimelineRequest,
  request: string,
): PropertiesTimeline {
  let entry = kept.get(person)
  if (entry === undefined || entry.stamp !== log.stamp) {
    entry = { stamp: log.stamp, byTime: byTimestamp(log.forPerson(person.uuid)) }
    kept.set(person, entry)
  }
  const { byTime, last } = entry
  const { from, to } = timelineRange(person, byTime, now, req)
  if (last !== undefined && last.request === request && last.from === from && last.to === to) return last.body
  const { start, end } = rangeIndices(byTime, from, to)
  const same = last !== undefined && last.request === request && last.start === start && last.end === end
  const { points, keys } = same
    ? { points: last.body.points, keys: last.body.crucial_property_keys }
    : timelinePoints(byTime.slice(start, end), req)
  const body = serializeOnce({
    points,
    crucial_property_keys: keys,
    effective_date_from: isoOffset(from),
    effective_date_to: isoOffset(to),
  })
  entry.last = { request, from, to, start, end, body }
  return body
}
