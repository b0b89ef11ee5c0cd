// The profile option: the seed by default, the observed profile on request (createApp, createMock and
// the standalone server), one source (the contract's x-observed notes) for both.
import { describe, expect, it } from 'vitest'
import { createApp } from '../src/app.ts'
import { loadContract } from '../src/core/contract.ts'
import { answerNote, profileResponses } from '../src/contract/profiles.ts'
import { createMock } from '../src/testing/index.ts'
import { fuzz, report } from './fuzz/run.ts'
import { fuzzSeed } from './fuzz/seed.ts'
import { clientFor, KEYS } from './support.ts'

describe('profiles', () => {
  it('defaults to the seed; an unknown profile is refused', async () => {
    const seed = clientFor(await createApp())
    expect((await seed.patch('/api/environments/1/persons/1/', { properties: { plan: 'x' } })).status).toBe(200)
    await expect(createApp({ profile: 'real' as never })).rejects.toThrow(/profile "real" is not one of seed, observed/)
  })

  it('createMock({ profile: "observed" }) answers as the real service where the two disagree', async () => {
    const mock = await createMock({ profile: 'observed' })
    const patch = await mock.fetch('/api/environments/1/persons/1/', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${KEYS.all}`, 'content-type': 'application/json' },
      body: JSON.stringify({ properties: { plan: 'observed' } }),
    })
    expect(patch.status).toBe(202)
    expect(await patch.text()).toBe('')
    // The change is there at once (the real service applies it a moment later, through ingestion).
    expect(mock.store.persons.get(1)!.properties.plan).toBe('observed')
    const list = (await (
      await mock.fetch('/api/environments/1/session_recordings/?limit=1', {
        headers: { authorization: `Bearer ${KEYS.all}` },
      })
    ).json()) as any
    expect(Object.keys(list).sort()).toEqual(['has_next', 'results', 'version'])
    expect(Array.isArray(list.results[0].person.distinct_ids)).toBe(true)
  })

  it("derives each operation's observed answers from its x-observed notes, and validates against them", () => {
    const contract = loadContract()
    const changed = contract.operations.filter((op) => answerNote(op.operation as any)).map((op) => op.operationId)
    expect(changed.sort()).toEqual(
      [
        'persons_delete_events_create',
        'persons_delete_property_create',
        'persons_destroy',
        'persons_list',
        'persons_partial_update',
        'session_recording_playlists_recordings_destroy',
        'session_recordings_retrieve',
        'session_recording_playlists_recordings_list',
        'session_recordings_list',
      ].sort(),
    )
    const patch = contract.byId.get('persons_partial_update')!
    expect([...patch.responses.keys()]).toContain(200)
    expect([...patch.observed.responses.keys()]).toContain(202)
    expect(patch.observed.responses.has(200)).toBe(false)
    expect(patch.observed.responses.get(202)).toEqual([])
    expect(Object.keys(profileResponses(patch.operation as any, 'seed'))).toContain('200')
    const timeline = contract.byId.get('persons_properties_timeline_retrieve')!
    expect(timeline.scopes).toEqual(['person:read'])
    expect(timeline.observed).toMatchObject({ scopes: [], noneDeclared: true })
    expect(contract.byId.get('max_tools_create_and_query_insight')!.observed.scopes).toEqual([
      'insight:read',
      'query:read',
    ])
  })

  it('an observed answer that breaks the real schema is a contract violation (500), as in the seed profile', async () => {
    const violations: string[] = []
    const app = await createApp({
      profile: 'observed',
      onViolation: (v) => violations.push(v.message),
      handlers: {
        session_recordings_list: () => ({
          status: 200,
          headers: {},
          json: { count: 1, next: null, previous: null, results: [] },
        }),
      },
    })
    const res = await clientFor(app).get('/api/environments/1/session_recordings/')
    expect(res.status).toBe(500)
    expect(violations[0]).toMatch(/has_next/)
  })

  it('the fuzz run keeps every invariant under the observed profile too (its answers validated against the real schemas)', async () => {
    const seed = fuzzSeed()
    const violations: string[] = []
    const app = await createApp({
      profile: 'observed',
      onViolation: (v) => violations.push(`${v.operationId} ${v.status}: ${v.message}`),
      journalSize: 50,
    })
    const { failures, pending } = await fuzz(app, seed, 3000, violations)
    if (failures.length) expect.fail(report(seed, failures))
    expect([...pending]).toEqual([])
  }, 60_000)
})
