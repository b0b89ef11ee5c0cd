import { createHash } from 'node:crypto'
import { faker as englishFaker } from '@faker-js/faker/locale/en'
import type { Faker } from '@faker-js/faker'
import { describe, expect, it } from 'vitest'
import { SeededRandom } from '../core/random.ts'
import { buildBulkPeople, type BulkInput, type PlanSource } from '../seed/bulk.ts'
import { planOnThread } from './bulk-thread.ts'

const ANCHOR = Date.UTC(2026, 10, 1)

/** `persons` in project 1 (a fifth of that in project 2). */
function input(persons: number, plan?: PlanSource): BulkInput {
  const faker = new (englishFaker.constructor as typeof Faker)({ locale: englishFaker.rawDefinitions })
  faker.seed(7)
  return {
    faker,
    rng: new SeededRandom(7),
    anchor: ANCHOR,
    persons: [
      { projectId: 1, count: persons },
      { projectId: 2, count: persons / 5 },
    ],
    recordings: [
      { projectId: 1, count: persons / 4 },
      { projectId: 2, count: persons / 30 },
    ],
    viewerEmails: ['a@hedgebox.net', 'b@hedgebox.net'],
    plan,
  }
}

/** A digest of everything the dataset holds (a lookup in each table too), and where the seed's generator is left. */
function contents(
  persons: number,
  source?: PlanSource,
): { digest: string; persons: number; events: number; recordings: number; lookups: unknown[]; rngState: number } {
  const given = input(persons, source)
  const people = buildBulkPeople(given)
  const hash = createHash('sha256')
  for (const p of people.persons) hash.update(JSON.stringify(p))
  for (const r of people.recordings) hash.update(JSON.stringify(r))
  for (const e of people.events) hash.update(JSON.stringify(e))
  const someone = people.persons[123]!
  const recording = people.recordings.at(-1)!
  return {
    digest: hash.digest('hex'),
    persons: people.persons.length,
    events: people.events.length,
    recordings: people.recordings.length,
    lookups: [
      people.tables.persons.getByDistinctId(1, someone.distinct_ids.at(-1)!)?.id,
      people.tables.persons.getByUuid(someone.uuid)?.id,
      people.tables.recordings.get(recording.project_id, recording.id)?.id,
    ],
    rngState: given.rng.state,
  }
}

describe('a big dataset drawn on a worker thread', () => {
  it("is the dataset drawn in this thread, and leaves the seed's generator where it does", { timeout: 120_000 }, () => {
    const fallbacks: string[] = []
    // Many batches of persons (bulk-plan.ts PERSON_BATCH), more than the ring between the threads holds.
    const here = contents(150_000)
    const there = contents(150_000, planOnThread({ onFallback: (reason) => fallbacks.push(reason) }))
    expect(fallbacks).toEqual([])
    expect(there).toEqual(here)
    expect(here.lookups).toEqual([124, 124, expect.any(String)])
  })

  it('is drawn in this thread instead, the same, when the thread does not start in time', { timeout: 120_000 }, () => {
    const fallbacks: string[] = []
    const there = contents(30_000, planOnThread({ readyTimeoutMs: 0, onFallback: (reason) => fallbacks.push(reason) }))
    expect(fallbacks).toEqual([expect.stringContaining('did not start')])
    expect(there).toEqual(contents(30_000))
  })

  it('is finished in this thread, the same, when the thread fails halfway', { timeout: 120_000 }, () => {
    const fallbacks: string[] = []
    const there = contents(30_000, planOnThread({ failAfter: 3, onFallback: (reason) => fallbacks.push(reason) }))
    expect(fallbacks).toEqual([expect.stringContaining('failing after 3 messages')])
    expect(there).toEqual(contents(30_000))
  })
})
