// GET properties_timeline/: points from the person's events' person properties.
// The range is the legacy QueryDateRange's (posthog/queries/query_date_range.py date_from_param /
// date_to_param, as properties_timeline_event_query.py reads it): without dates, the start of the day seven
// days back to the end of today; a date or date-time rounded to whole days unless the interval is hour.
import { beforeEach, describe, expect, it } from 'vitest'
import { KEYS } from '../support.ts'
import { expectError, harness, PERSONS, q, type PersonsHarness } from './support.ts'

let h: PersonsHarness
let id: number
const NOW = '2026-11-05T12:00:00Z'

// One person, built through the capture endpoint:
//   day 1 10:00 $identify plan=free        -> point 1 (2 events)
//   day 1 11:00 $pageview
//   day 2 09:00 $set plan=growth           -> point 2 (1 event)
//   day 3 09:00 $set plan=free, country=DE -> point 3 (2 events)
//   day 3 18:00 $pageview
beforeEach(async () => {
  h = await harness({ clock: { now: NOW, frozen: true } })
  const first = await h.capture('$identify', 'tl-user', '2026-11-01T10:00:00Z', {
    $set: { email: 'tl@example.com', plan: 'free' },
  })
  id = first.person.id
  await h.capture('$pageview', 'tl-user', '2026-11-01T11:00:00Z')
  await h.capture('$set', 'tl-user', '2026-11-02T09:00:00Z', { $set: { plan: 'growth' } })
  await h.capture('$set', 'tl-user', '2026-11-03T09:00:00Z', { $set: { plan: 'free', country: 'DE' } })
  await h.capture('$pageview', 'tl-user', '2026-11-03T18:00:00Z')
})
const timeline = async (query = '') => {
  const res = await h.client.get(`${PERSONS}/${id}/properties_timeline/${query}`)
  expect(res.status).toBe(200)
  return res.body
}
const byPlan = `properties=${q([{ key: 'plan', type: 'person' }])}`
const summary = (t: any) => t.points.map((p: any) => [p.timestamp, p.properties.plan, p.relevant_event_count])

describe('properties timeline', () => {
  it('without keys named, no change is relevant: one point at the first event, counting every event', async () => {
    const t = await timeline()
    expect(summary(t)).toEqual([['2026-11-01T10:00:00Z', 'free', 5]])
    expect(t.points[0].properties).toEqual({ email: 'tl@example.com', plan: 'free' })
    expect(t.crucial_property_keys).toEqual([])
    // The default range: DEFAULT_DATE_FROM_DAYS back from the start of today, to the end of today.
    expect(t.effective_date_from).toBe('2026-10-29T00:00:00+00:00')
    expect(t.effective_date_to).toBe('2026-11-05T23:59:59.999999+00:00')
  })

  it('has a point per change of the crucial values, oldest first, each counting its events', async () => {
    const t = await timeline(`?properties=${q([{ key: 'plan', type: 'person' }])}`)
    expect(summary(t)).toEqual([
      ['2026-11-01T10:00:00Z', 'free', 2],
      ['2026-11-02T09:00:00Z', 'growth', 1],
      ['2026-11-03T09:00:00Z', 'free', 2],
    ])
    expect(t.points[2].properties).toEqual({ email: 'tl@example.com', plan: 'free', country: 'DE' })
    expect(t.crucial_property_keys).toEqual(['plan'])
  })

  it('with person property filters, only their keys are crucial (values are not applied)', async () => {
    const byEmail = await timeline(`?properties=${q([{ key: 'email', value: 'nobody', type: 'person' }])}`)
    expect(byEmail.crucial_property_keys).toEqual(['email'])
    expect(summary(byEmail)).toEqual([['2026-11-01T10:00:00Z', 'free', 5]])
    const byCountry = await timeline(
      `?properties=${q([
        { key: 'country', type: 'person' },
        { key: '$browser', type: 'event' },
      ])}`,
    )
    expect(byCountry.crucial_property_keys).toEqual(['country'])
    expect(summary(byCountry)).toEqual([
      ['2026-11-01T10:00:00Z', 'free', 3],
      ['2026-11-03T09:00:00Z', 'free', 2],
    ])
  })

  it('a person breakdown adds its key; events restricts which events count', async () => {
    const t = await timeline(
      `?breakdown=country&breakdown_type=person&events=${q([{ id: '$pageview', type: 'events' }])}`,
    )
    expect(t.crucial_property_keys).toEqual(['country'])
    expect(summary(t)).toEqual([
      ['2026-11-01T11:00:00Z', 'free', 1],
      ['2026-11-03T18:00:00Z', 'free', 1],
    ])
    const samePlan = await timeline(`?breakdown=plan&events=${q([{ id: '$pageview' }])}`)
    expect(summary(samePlan)).toEqual([['2026-11-01T11:00:00Z', 'free', 2]])
    const eventFilterKeys = await timeline(
      `?events=${q([{ id: null, properties: [{ key: 'email', type: 'person' }] }])}`,
    )
    expect(eventFilterKeys.crucial_property_keys).toEqual(['email'])
  })

  it('date_from / date_to: whole UTC days, a date-time too; by the hour a date-time is exact', async () => {
    const day2 = await timeline('?date_from=2026-11-02&date_to=2026-11-02')
    expect(summary(day2)).toEqual([['2026-11-02T09:00:00Z', 'growth', 1]])
    expect(day2.effective_date_from).toBe('2026-11-02T00:00:00+00:00')
    expect(day2.effective_date_to).toBe('2026-11-02T23:59:59.999999+00:00')
    // QueryDateRange.is_hourly is false for interval day and a text without an h: both ends go to whole days.
    const days = await timeline(`?date_from=2026-11-01T10:30:00Z&date_to=2026-11-03T12:00:00Z&${byPlan}`)
    expect(days.effective_date_from).toBe('2026-11-01T00:00:00+00:00')
    expect(days.effective_date_to).toBe('2026-11-03T23:59:59.999999+00:00')
    expect(summary(days)).toEqual([
      ['2026-11-01T10:00:00Z', 'free', 2],
      ['2026-11-02T09:00:00Z', 'growth', 1],
      ['2026-11-03T09:00:00Z', 'free', 2],
    ])
    const range = await timeline(`?date_from=2026-11-01T10:30:00Z&date_to=2026-11-03T12:00:00Z&interval=hour&${byPlan}`)
    expect(range.effective_date_from).toBe('2026-11-01T10:30:00+00:00')
    expect(range.effective_date_to).toBe('2026-11-03T12:00:00+00:00')
    expect(summary(range)).toEqual([
      ['2026-11-01T11:00:00Z', 'free', 1],
      ['2026-11-02T09:00:00Z', 'growth', 1],
      ['2026-11-03T09:00:00Z', 'free', 1],
    ])
  })

  it('a relative date_from counts back from the clock', async () => {
    const t = await timeline(`?date_from=-3d&${byPlan}`)
    expect(t.effective_date_from).toBe('2026-11-02T00:00:00+00:00')
    expect(summary(t).map((p: any) => p[0])).toEqual(['2026-11-02T09:00:00Z', '2026-11-03T09:00:00Z'])
  })

  it('equal date_from and date_to are widened by one interval', async () => {
    const t = await timeline('?date_from=2026-11-01T10:00:00Z&date_to=2026-11-01T10:00:00Z&interval=hour')
    expect(t.effective_date_to).toBe('2026-11-01T10:59:59.999999+00:00')
    expect(summary(t)).toEqual([['2026-11-01T10:00:00Z', 'free', 1]])
  })

  it('empty parameters, as the web app sends them, mean the defaults', async () => {
    const t = await timeline(
      '?events=[]&actions=[]&properties=[]&display=ActionsTable&date_from=&date_to=&interval=&breakdown=&breakdown_type=',
    )
    expect(t).toEqual(await timeline())
  })

  it('a range without events has no points but still answers its range', async () => {
    const t = await timeline('?date_from=2026-10-01&date_to=2026-10-02')
    expect(t).toEqual({
      points: [],
      crucial_property_keys: [],
      effective_date_from: '2026-10-01T00:00:00+00:00',
      effective_date_to: '2026-10-02T23:59:59.999999+00:00',
    })
  })

  it('asked again, follows new events and the clock', async () => {
    const query = `?${byPlan}`
    const before = await timeline(query)
    expect(await timeline(query)).toEqual(before)
    // The clock moves: the default range is the new day's week, over the same points.
    await h.setClock('2026-11-06T08:30:00Z')
    const later = await timeline(query)
    expect(later).toEqual({
      ...before,
      effective_date_from: '2026-10-30T00:00:00+00:00',
      effective_date_to: '2026-11-06T23:59:59.999999+00:00',
    })
    // New events: one more counted (the person's record unchanged), then a new point; relative ranges follow the clock too.
    await h.capture('$pageview', 'tl-user', '2026-11-06T07:00:00Z')
    expect(summary(await timeline(query))).toEqual([
      ...summary(before).slice(0, 2),
      ['2026-11-03T09:00:00Z', 'free', 3],
    ])
    await h.capture('$set', 'tl-user', '2026-11-06T08:00:00Z', { $set: { plan: 'scale' } })
    expect(summary(await timeline(query))).toEqual([
      ...summary(before).slice(0, 2),
      ['2026-11-03T09:00:00Z', 'free', 3],
      ['2026-11-06T08:00:00Z', 'scale', 1],
    ])
    expect(summary(await timeline(`${query}&date_from=-1d`))).toEqual([
      ['2026-11-06T07:00:00Z', 'free', 1],
      ['2026-11-06T08:00:00Z', 'scale', 1],
    ])
    // The same request later: its range has moved past those events.
    await h.setClock('2026-11-08T09:00:00Z')
    expect(await timeline(`${query}&date_from=-1d`)).toEqual({
      points: [],
      crucial_property_keys: ['plan'],
      effective_date_from: '2026-11-07T00:00:00+00:00',
      effective_date_to: '2026-11-08T23:59:59.999999+00:00',
    })
  })

  it('compares crucial values as their JSON texts: objects by content, a missing value as null', async () => {
    await h.capture('$set', 'tl-user', '2026-11-04T09:00:00Z', { $set: { plan: { tier: 'free', seats: 3 } } })
    await h.capture('$set', 'tl-user', '2026-11-04T10:00:00Z', { $set: { plan: { tier: 'free', seats: 3 } } })
    await h.capture('$set', 'tl-user', '2026-11-04T11:00:00Z', { $set: { plan: { tier: 'free', seats: 4 } } })
    await h.capture('$set', 'tl-user', '2026-11-04T12:00:00Z', { $set: { plan: null } })
    const t = await timeline(`?${byPlan}&date_from=2026-11-04`)
    expect(t.points.map((p: any) => [p.timestamp, JSON.stringify(p.properties.plan), p.relevant_event_count])).toEqual([
      ['2026-11-04T09:00:00Z', '{"tier":"free","seats":3}', 2],
      ['2026-11-04T11:00:00Z', '{"tier":"free","seats":4}', 1],
      ['2026-11-04T12:00:00Z', 'null', 1],
    ])
  })

  it('a date the parser does not know is now, as the real service answers it (200); bad properties are a 400', async () => {
    // posthog/utils.py relative_date_parse_with_delta_mapping: not an ISO date, so the first
    // -?N?<kind> match ('y' with no number) gives an empty delta mapping: now, then the start of its day.
    const t = await timeline('?date_from=yesterday')
    expect(t).toEqual({
      points: [],
      crucial_property_keys: [],
      effective_date_from: '2026-11-05T00:00:00+00:00',
      effective_date_to: '2026-11-05T23:59:59.999999+00:00',
    })
    expectError(await h.client.get(`${PERSONS}/${id}/properties_timeline/?properties=nope`), 400, 'validation_error')
  })

  it('is 404 for an unknown person and readable with a person:read key', async () => {
    expectError(await h.client.get(`${PERSONS}/99999999/properties_timeline/`), 404, 'invalid_request')
    expect((await h.client.get(`${PERSONS}/${id}/properties_timeline/`, KEYS.read)).status).toBe(200)
  })
})
