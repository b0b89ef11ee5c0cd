// The README's copy-paste example, verbatim, so it keeps working.
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createMock, KEYS, type ResponseBody } from 'analytics-mock/testing'

const mock = await createMock({ now: '2026-11-04T12:00:00Z' }) // seeded data, clock frozen at noon
const server = setupServer(...mock.handlers) // https://us.posthog.com/api/... and /_mock/...

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => mock.reset()) // data, tasks, journal, clock and faults back to the start, in about a millisecond
afterAll(() => server.close())

const api = (path: string, init: RequestInit = {}) =>
  fetch(`https://us.posthog.com/api/environments/1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${KEYS.all}`, 'content-type': 'application/json' },
  })

it('shows the new plan after a PATCH', async () => {
  const person = await mock.create.person({ properties: { email: 'ada@example.com', plan: 'free' } })
  await api(`/persons/${person.id}/`, { method: 'PATCH', body: JSON.stringify({ properties: { plan: 'enterprise' } }) })

  const shown = (await (await api(`/persons/${person.id}/`)).json()) as ResponseBody<'persons_retrieve'>
  expect(shown.properties?.plan).toBe('enterprise')
  expect(mock.calls('persons_partial_update')[0]?.request_body).toEqual({ properties: { plan: 'enterprise' } })
})

it('deletes the events when the queued task runs', async () => {
  const person = await mock.create.person({ events: 4 })
  await api(`/persons/${person.id}/delete_events/`, { method: 'POST' })
  expect(mock.tasks('queued')).toHaveLength(1) // runs in the next non-peak window (00:00 UTC)
  await mock.advance('PT12H') // moves the clock and runs what fell due
  expect(mock.store.events.forPerson(person.uuid)).toHaveLength(0)
})

it('fails the persons list when told to', async () => {
  mock.faults.set({ error_rate: 1, error_status: 503, operations: ['persons_list'] }) // until the next reset()
  expect((await api('/persons/')).status).toBe(503)
})
