// The person properties timeline, from posthog/queries/properties_timeline/test/test_properties_timeline.py
// (properties_timeline_test_factory, the person variant). The real test writes each event's person
// properties directly (persons on events); here each event carries them in `$set`, which gives its
// person properties the same values.
import { expect } from 'vitest'
import type { Api } from './harness.ts'
import { P, status, type FidelityCase } from './harness.ts'

const T = 'posthog/queries/properties_timeline/test/test_properties_timeline.py::TestPropertiesTimeline'

async function actor(api: Api, properties: Record<string, unknown>) {
  // Created well before the ranges the cases look at, so its own $identify is out of them.
  return api.person(['abcd'], properties, '2019-06-01T00:00:00Z')
}

async function event(api: Api, event: string, timestamp: string, actorProperties: Record<string, unknown>) {
  await api.event('abcd', event, timestamp, { $set: actorProperties })
}

interface TimelineQuery {
  events?: unknown[]
  properties?: unknown[]
  breakdown?: string
  date_from: string
  date_to: string
  interval?: string
  display?: string
}

/** The request the real test sends (every parameter present, empty ones empty). */
async function timeline(api: Api, uuid: string, q: TimelineQuery) {
  const params = [
    `events=${encodeURIComponent(JSON.stringify(q.events ?? []))}`,
    `actions=${encodeURIComponent('[]')}`,
    `properties=${encodeURIComponent(JSON.stringify(q.properties ?? []))}`,
    `display=${q.display ?? 'ActionsTable'}`,
    `date_from=${q.date_from}`,
    `date_to=${q.date_to}`,
    `interval=${q.interval ?? ''}`,
    `breakdown=${q.breakdown ?? ''}`,
    `breakdown_type=${q.breakdown ? 'person' : ''}`,
  ].join('&')
  const res = await api.get(`${P}/persons/${uuid}/properties_timeline?${params}`)
  status(res, 200)
  return res.body
}

const RANGE = { date_from: '2020-01-01', date_to: '2020-01-05' }
const EFFECTIVE = {
  effective_date_from: '2020-01-01T00:00:00+00:00',
  effective_date_to: '2020-01-05T23:59:59.999999+00:00',
}
const PAGEVIEWS = [{ id: '$pageview' }]
const BAR = [{ key: 'bar', value: 'xyz', type: 'person' }]
const point = (timestamp: string, properties: Record<string, unknown>, relevant_event_count: number) => ({
  properties,
  relevant_event_count,
  timestamp,
})

export const timelineCases: FidelityCase[] = [
  {
    id: 'timeline/one-event-in-range',
    source: `${T}::test_timeline_for_new_actor_with_one_event_in_range`,
    behaviour:
      'one event in the range: one point; effective dates as Python prints them (+00:00, the end of day .999999)',
    async run(api) {
      const person = await actor(api, { foo: 'abc', bar: 123 })
      await event(api, '$pageview', '2020-01-01T00:00:00Z', { foo: 'abc', bar: 123 })
      expect(await timeline(api, person.uuid, { events: PAGEVIEWS, properties: BAR, ...RANGE })).toEqual({
        points: [point('2020-01-01T00:00:00Z', { foo: 'abc', bar: 123 }, 1)],
        crucial_property_keys: ['bar'],
        ...EFFECTIVE,
      })
    },
  },
  {
    id: 'timeline/event-before-range',
    source: `${T}::test_timeline_for_new_actor_with_one_event_before_range`,
    behaviour: 'an event before the range: no points',
    async run(api) {
      const person = await actor(api, { foo: 'abc', bar: 123 })
      await event(api, '$pageview', '2019-12-27T00:00:00Z', { foo: 'abc', bar: 123 })
      expect(await timeline(api, person.uuid, { events: PAGEVIEWS, properties: BAR, ...RANGE })).toEqual({
        points: [],
        crucial_property_keys: ['bar'],
        ...EFFECTIVE,
      })
    },
  },
  {
    id: 'timeline/filter-on-series',
    source: `${T}::test_timeline_with_two_events_in_range_using_filter_on_series`,
    behaviour: "the series' person property filters add crucial keys (not their values, nor event properties)",
    async run(api) {
      const person = await actor(api, { foo: 'abc', bar: 123 })
      await event(api, '$pageview', '2020-01-01T00:00:00Z', { foo: 'abc', bar: 123 })
      await event(api, '$pageview', '2020-01-01T21:37:00Z', { foo: 'klm', bar: 123 })
      const events = [
        {
          id: '$pageview',
          properties: [
            { key: 'foo', type: 'person', value: ['whatever'], operator: 'exact' },
            { key: 'fin', type: 'event', value: ['anything'], operator: 'exact' },
          ],
        },
      ]
      expect(await timeline(api, person.uuid, { events, properties: BAR, ...RANGE })).toEqual({
        points: [
          point('2020-01-01T00:00:00Z', { foo: 'abc', bar: 123 }, 1),
          point('2020-01-01T21:37:00Z', { foo: 'klm', bar: 123 }, 1),
        ],
        crucial_property_keys: ['bar', 'foo'],
        ...EFFECTIVE,
      })
    },
  },
  {
    id: 'timeline/breakdown',
    source: `${T}::test_timeline_with_two_events_in_range_using_breakdown`,
    behaviour: 'a person breakdown adds its key',
    async run(api) {
      const person = await actor(api, { foo: 'abc', bar: 123 })
      await event(api, '$pageview', '2020-01-01T00:00:00Z', { foo: 'abc', bar: 123 })
      await event(api, '$pageview', '2020-01-01T21:37:00Z', { foo: 'klm', bar: 123 })
      const body = await timeline(api, person.uuid, { events: PAGEVIEWS, breakdown: 'foo', properties: BAR, ...RANGE })
      expect(body.crucial_property_keys).toEqual(['bar', 'foo'])
      expect(body.points.map((p: any) => p.timestamp)).toEqual(['2020-01-01T00:00:00Z', '2020-01-01T21:37:00Z'])
    },
  },
  {
    id: 'timeline/return-to-previous',
    source: `${T}::test_timeline_for_existing_actor_with_three_events_and_return_to_previous_value`,
    behaviour: 'a value that changes back is a new point each time',
    async run(api) {
      const person = await actor(api, { foo: 'abc', bar: 123 })
      await event(api, '$pageview', '2020-01-02T00:00:00Z', { foo: 'abc', bar: 456 })
      await event(api, '$pageview', '2020-01-03T00:00:00Z', { foo: 'abc', bar: 123 })
      await event(api, '$pageview', '2020-01-04T00:00:00Z', { foo: 'abc', bar: 456 })
      expect(await timeline(api, person.uuid, { events: PAGEVIEWS, properties: BAR, ...RANGE })).toEqual({
        points: [
          point('2020-01-02T00:00:00Z', { foo: 'abc', bar: 456 }, 1),
          point('2020-01-03T00:00:00Z', { foo: 'abc', bar: 123 }, 1),
          point('2020-01-04T00:00:00Z', { foo: 'abc', bar: 456 }, 1),
        ],
        crucial_property_keys: ['bar'],
        ...EFFECTIVE,
      })
    },
  },
  {
    id: 'timeline/single-day-point',
    source: `${T}::test_timeline_for_existing_person_with_three_events_and_return_to_previous_value_at_single_day_point`,
    behaviour: 'date_from equal to date_to is widened by the interval (a day): three points that day',
    async run(api) {
      const person = await actor(api, { foo: 'abc', bar: 123 })
      await event(api, '$pageview', '2020-01-02T00:00:00Z', { foo: 'abc', bar: 456 })
      await event(api, '$pageview', '2020-01-02T07:00:00Z', { foo: 'abc', bar: 123 })
      await event(api, '$pageview', '2020-01-02T14:00:00Z', { foo: 'abc', bar: 456 })
      const body = await timeline(api, person.uuid, {
        events: PAGEVIEWS,
        properties: BAR,
        display: 'ActionsLineGraph',
        date_from: '2020-01-02T00:00:00Z',
        date_to: '2020-01-02T00:00:00Z',
        interval: 'day',
      })
      expect(body.points).toEqual([
        point('2020-01-02T00:00:00Z', { foo: 'abc', bar: 456 }, 1),
        point('2020-01-02T07:00:00Z', { foo: 'abc', bar: 123 }, 1),
        point('2020-01-02T14:00:00Z', { foo: 'abc', bar: 456 }, 1),
      ])
    },
  },
  {
    id: 'timeline/only-relevant-changes',
    source: `${T}::test_timeline_for_existing_actor_with_six_events_but_only_two_relevant_changes`,
    behaviour: 'events of other names do not count (series $pageview); points only where a crucial value changes',
    async run(api) {
      const person = await actor(api, { foo: 'abc', bar: 123 })
      await sixEvents(api)
      expect(await timeline(api, person.uuid, { events: PAGEVIEWS, properties: BAR, ...RANGE })).toEqual({
        points: [
          point('2020-01-01T00:00:00Z', { foo: 'abc', bar: 456 }, 1),
          point('2020-01-02T01:00:00Z', { foo: 'abc', bar: 123 }, 3),
          point('2020-01-04T19:00:01Z', { foo: 'abc', bar: 789 }, 1),
        ],
        crucial_property_keys: ['bar'],
        ...EFFECTIVE,
      })
    },
  },
  {
    id: 'timeline/without-filters',
    source: `${T}::test_timeline_for_existing_actor_with_six_events_but_only_two_relevant_changes_without_filters`,
    behaviour:
      'without property filters no change is relevant: one point at the first event, counting every event of the series',
    async run(api) {
      const person = await actor(api, { foo: 'abc', bar: 123 })
      await sixEvents(api)
      expect(await timeline(api, person.uuid, { events: PAGEVIEWS, ...RANGE })).toEqual({
        points: [point('2020-01-01T00:00:00Z', { foo: 'abc', bar: 456 }, 5)],
        crucial_property_keys: [],
        ...EFFECTIVE,
      })
    },
  },
  {
    id: 'timeline/without-events',
    source: `${T}::test_timeline_for_existing_actor_with_six_events_but_only_two_relevant_changes_without_events`,
    behaviour: 'without a series every event counts, whatever its name',
    async run(api) {
      const person = await actor(api, { foo: 'abc', bar: 123 })
      await sixEvents(api)
      expect(await timeline(api, person.uuid, { properties: BAR, ...RANGE })).toEqual({
        points: [
          point('2020-01-01T00:00:00Z', { foo: 'abc', bar: 456 }, 1),
          point('2020-01-01T01:00:00Z', { foo: 'abc', bar: 123 }, 4),
          point('2020-01-04T19:00:01Z', { foo: 'abc', bar: 789 }, 1),
        ],
        crucial_property_keys: ['bar'],
        ...EFFECTIVE,
      })
    },
  },
]

/** The six events of the "only two relevant changes" tests. */
async function sixEvents(api: Api) {
  await event(api, '$pageview', '2020-01-01T00:00:00Z', { foo: 'abc', bar: 456 })
  await event(api, 'whatever', '2020-01-01T01:00:00Z', { foo: 'abc', bar: 123 })
  await event(api, '$pageview', '2020-01-02T01:00:00Z', { foo: 'abc', bar: 123 })
  await event(api, '$pageview', '2020-01-03T01:00:00Z', { foo: 'abc', bar: 123 })
  await event(api, '$pageview', '2020-01-04T19:00:00Z', { foo: 'abc', bar: 123 })
  await event(api, '$pageview', '2020-01-04T19:00:01Z', { foo: 'abc', bar: 789 })
}
