// Shared by the persons suites: an app whose contract violations fail the test (test/setup.ts),
// and small helpers that speak only through the API.
import { expect } from 'vitest'
import type { AppOptions } from '../../src/app.ts'
import { clientFor, testApp, type TestClient } from '../support.ts'

export const PERSONS = '/api/environments/1/persons'

export interface PersonsHarness {
  client: TestClient
  /** Every person of project 1, newest first, as the list answers it. */
  allPersons(): Promise<any[]>
  /** Captures an event through the mock's capture endpoint (the event-capture interface). */
  capture(event: string, distinctId: string, timestamp: string, properties?: Record<string, unknown>): Promise<any>
  /** Sets the clock (runs due tasks) and answers the tasks that ran. */
  setClock(now: string): Promise<any[]>
  tasks(): Promise<any[]>
}

export async function harness(options: AppOptions = {}): Promise<PersonsHarness> {
  const client = clientFor(await testApp(options))
  return {
    client,
    async allPersons() {
      const res = await client.get(`${PERSONS}/?limit=10000`)
      expect(res.status).toBe(200)
      return res.body.results
    },
    async capture(event, distinctId, timestamp, properties) {
      const res = await client.post('/_mock/projects/1/events', {
        event,
        distinct_id: distinctId,
        timestamp,
        properties,
      })
      expect(res.status).toBe(201)
      return res.body
    },
    async setClock(now) {
      const res = await client.post('/_mock/clock', { now })
      expect(res.status).toBe(200)
      return res.body.ran
    },
    async tasks() {
      const res = await client.get('/_mock/tasks')
      expect(res.status).toBe(200)
      return res.body.results
    },
  }
}

/** Query string value for a JSON query parameter. */
export const q = (value: unknown) => encodeURIComponent(JSON.stringify(value))

/** Asserts the real service's error shape. */
export function expectError(res: { status: number; body: any; headers: Headers }, status: number, type: string) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toContain('application/json')
  expect(Object.keys(res.body).sort()).toEqual(['attr', 'code', 'detail', 'type'])
  expect(res.body.type).toBe(type)
  expect(typeof res.body.code).toBe('string')
  expect(typeof res.body.detail).toBe('string')
  expect(res.body.attr === null || typeof res.body.attr === 'string').toBe(true)
}
