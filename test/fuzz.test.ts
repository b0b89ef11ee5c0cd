// The fuzz suite: FUZZ_REQUESTS (default 10,000) generated requests, spread evenly over every operation
// of the contract, straight into the core's `handle`. Each must keep every invariant in src/fuzz/oracle.ts.
// Seeded: FUZZ_SEED=<n> repeats a run exactly (the seed is in the test's name and in every failure).
import { describe, expect, it } from 'vitest'
import { createApp } from '../src/app.ts'
import { json } from '../src/core/http.ts'
import { checkedRequest } from './fuzz/oracle.ts'
import { fuzz, report } from './fuzz/run.ts'
import { fuzzSeed } from './fuzz/seed.ts'
import { KEYS, ORIGIN } from './support.ts'

const SEED = fuzzSeed()
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000)

describe('fuzz', () => {
  it(`${REQUESTS} generated requests across every operation keep every invariant (seed ${SEED})`, async () => {
    const violations: string[] = []
    const app = await createApp({
      onViolation: (v) => violations.push(`${v.operationId} ${v.status}: ${v.message}`),
      journalSize: 50,
    })
    expect(app.options.validateResponses).not.toBe(false)
    const { failures, statuses, pending } = await fuzz(app, SEED, REQUESTS, violations)
    if (failures.length) expect.fail(report(SEED, failures))
    expect([...pending], 'operations that answered 501: their handler is missing').toEqual([])
    // Every operation was reached, and most reached their handler with a success at least once.
    expect([...statuses.keys()].sort()).toEqual(app.contract.operations.map((o) => o.operationId).sort())
    if (REQUESTS < 100 * app.contract.operations.length) return
    // (An operation the contract documents no success for, such as persons_create's 405, is not expected one.)
    const succeeds = (id: string) => [...app.contract.byId.get(id)!.responses.keys()].some((st) => st < 300)
    const neverSucceeded = [...statuses]
      .filter(([id]) => succeeds(id))
      .filter(([id, s]) => !pending.has(id) && ![...s.keys()].some((st) => st < 300 || id.endsWith('_destroy')))
      .map(([id]) => id)
    expect(neverSucceeded, 'operations the generator never got a success from').toEqual([])
  }, 120_000) // about 10 s on an idle 2-core machine; the bound is for a loaded one

  it('the oracle catches what it is for: a 5xx, a contract violation, a bad error body and a refused write that changed the store', async () => {
    const violations: string[] = []
    const app = await createApp({
      onViolation: (v) => violations.push(v.message),
      handlers: {
        persons_retrieve: () => json(200, { id: 'not an integer' }),
        users_me_retrieve: () => {
          throw new Error('boom')
        },
        mock_clock_update: async (ctx) => {
          ctx.services.store.counters.person += 1
          return json(400, {
            type: 'validation_error',
            code: 'invalid_input',
            detail: 'refused, but changed something',
            attr: null,
          })
        },
      },
    })
    const send = (method: string, path: string, body?: unknown) =>
      checkedRequest(
        app,
        {
          method,
          url: new URL(ORIGIN + path),
          headers: {
            authorization: `Bearer ${KEYS.all}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        { violations },
      )
    const problemsOf = async (method: string, path: string, body?: unknown) =>
      (await send(method, path, body)).verdict.problems.join('\n')
    expect(await problemsOf('GET', '/api/environments/1/persons/1/')).toMatch(
      /status 500.*contract_violation[\s\S]*contract violation/,
    )
    const unvalidated = await createApp({
      validateResponses: false,
      handlers: { persons_list: () => json(400, { message: 'not the error shape' }) },
    })
    const shape = await checkedRequest(
      unvalidated,
      {
        method: 'GET',
        url: new URL(ORIGIN + '/api/environments/1/persons/'),
        headers: { authorization: `Bearer ${KEYS.all}` },
      },
      { violations },
    )
    expect(shape.verdict.problems.join('\n')).toMatch(/error keys are message/)
    expect(await problemsOf('GET', '/api/users/@me/')).toMatch(/status 500/)
    expect(await problemsOf('POST', '/_mock/clock', { freeze: true })).toMatch(
      /refused write \(400\) changed the store at \/counters\/person/,
    )
    expect(await problemsOf('GET', '/api/environments/1/session_recordings/')).toBe('')
  })
})
