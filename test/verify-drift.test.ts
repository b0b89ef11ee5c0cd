// Known drift: where the contract's x-observed notes describe what the real service does instead, a
// deployment behaving like the real service is reported as "known drift" naming both behaviours, not as
// a failure, with --strict too. Fields the contract does not name are notes, failures with --strict.
// The "real service" here is the mock with handlers answering as the real service does.
import { describe, expect, it } from 'vitest'
import type { HandlerContext } from '../src/handlers/context.ts'
import { empty, json } from '../src/core/http.ts'
import { handlers } from '../src/handlers/index.ts'
import { formatHuman } from '../src/verify/index.ts'
import { appWith, createDoomedPerson, find, outcomes, verifyApp } from './verify-support.ts'

const realLike = (overrides: Record<string, (ctx: HandlerContext) => any>) =>
  appWith({ handlers: overrides, validateResponses: false })

describe('known drift', () => {
  it('person DELETE answering 202 (the real service) is known drift naming both behaviours, with --strict too', async () => {
    const overrides = {
      async persons_destroy(ctx: HandlerContext) {
        await handlers.persons_destroy!(ctx)
        return empty(202)
      },
    }
    const app = await realLike(overrides)
    const result = await verifyApp(app, {
      destructive: true,
      personIds: [await createDoomedPerson(app)],
      operations: ['persons_destroy'],
    })
    const check = find(result, 'persons_destroy', 'delete removes the person')
    expect(check.outcome).toBe('drift')
    expect(check.drift).toEqual({
      id: 'person-delete-status',
      contract: '204 with no body',
      real: '202 with an empty body',
    })
    expect(check.message).toBe('known drift person-delete-status: DELETE answered 202 where the contract says 204')
    expect(find(result, 'persons_destroy', 'responses conform to the contract').outcome).toBe('drift')
    expect(result.ok).toBe(true)
    expect(result.summary.drift).toBe(2)
    const report = formatHuman(result)
    expect(report).toContain('drift delete removes the person: known drift person-delete-status')
    expect(report).toContain('contract: 204 with no body')
    expect(report).toContain('real:     202 with an empty body')
    expect(report).toMatch(/known drift: 2 \(counted as passed\)\n\d+ passed, 0 failed\n$/)

    const strictApp = await realLike(overrides)
    const strict = await verifyApp(strictApp, {
      strict: true,
      destructive: true,
      personIds: [await createDoomedPerson(strictApp)],
      operations: ['persons_destroy'],
    })
    // --strict fails on fields the contract does not name, and on nothing else.
    expect(find(strict, 'persons_destroy', 'delete removes the person')).toMatchObject({
      outcome: 'drift',
      message: 'known drift person-delete-status: DELETE answered 202 where the contract says 204',
    })
    expect(strict.ok).toBe(true)
  })

  it('the real recordings list envelope {results, has_next, version} is known drift, and the walk still runs', async () => {
    const app = await realLike({
      async session_recordings_list(ctx) {
        const res = await handlers.session_recordings_list!(ctx)
        const body = res.json as any
        // The real list: no count or links, and the embedded person's distinct_ids in an array.
        // (And no storage field.)
        const results = body.results.map(({ storage: _, ...r }: any) => ({
          ...r,
          person: r.person && { ...r.person, distinct_ids: [r.person.distinct_ids] },
        }))
        return json(200, { results, has_next: body.next !== null, version: 4 })
      },
    })
    const result = await verifyApp(app, { operations: ['session_recordings_list'] })
    const conformance = find(result, 'session_recordings_list', 'responses conform to the contract')
    expect(conformance).toMatchObject({ outcome: 'drift', drift: { id: 'recordings-list-envelope' } })
    expect(find(result, 'session_recordings_list', 'pagination walk')).toMatchObject({
      outcome: 'drift',
      drift: { id: 'recordings-list-envelope' },
    })
    expect(outcomes(result, 'failed')).toEqual([])
  })

  it('a body that matches neither the contract nor the real shape is a failure, not drift', async () => {
    const app = await realLike({
      session_recordings_list: () => json(200, { items: [], version: 4 }),
    })
    const result = await verifyApp(app, { operations: ['session_recordings_list'] })
    expect(find(result, 'session_recordings_list', 'responses conform to the contract')).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining("must have required property 'count'"),
    })
  })
})

describe('fields the contract does not name', () => {
  const withExtra = {
    async persons_retrieve(ctx: HandlerContext) {
      const res = await handlers.persons_retrieve!(ctx)
      // The JSON answers (format=csv answers text).
      return res.status === 200 && res.json
        ? json(200, { ...(res.json as any), is_identified: true, matched_recordings: [] })
        : res
    },
  }

  it('are a note by default', async () => {
    const result = await verifyApp(await realLike(withExtra), { operations: ['persons_retrieve'] })
    const check = find(result, 'persons_retrieve', 'responses conform to the contract')
    expect(check.outcome).toBe('passed')
    expect(check.notes).toEqual(['fields the contract does not name: /is_identified, /matched_recordings'])
    expect(result.ok).toBe(true)
  })

  it('are a failure with --strict', async () => {
    const result = await verifyApp(await realLike(withExtra), { strict: true, operations: ['persons_retrieve'] })
    expect(find(result, 'persons_retrieve', 'responses conform to the contract').outcome).toBe('failed')
    expect(result.ok).toBe(false)
  })
})

describe('no body where the contract documents none', () => {
  it('a 405 playlist DELETE with a JSON body fails both the conformance and the lifecycle check', async () => {
    const app = await realLike({
      session_recording_playlists_destroy: () =>
        json(405, {
          type: 'invalid_request',
          code: 'method_not_allowed',
          detail: 'Method "DELETE" not allowed.',
          attr: null,
        }),
    })
    const result = await verifyApp(app, { writes: true, tags: ['session_recording_playlists'] })
    expect(find(result, 'session_recording_playlists_destroy', 'responses conform to the contract').message).toContain(
      'status 405 is documented without a body, but the response has one',
    )
    expect(
      find(result, 'session_recording_playlists_destroy', 'DELETE is 405 with an empty body and keeps the playlist')
        .message,
    ).toMatch(/^DELETE answered 405 with a body/)
  })
})
