// Authentication negatives and selection: no key and unknown keys are 401; a narrower second key gets
// 403 on an operation whose scope it lacks (a deployment that ignores scopes is caught); --tag and
// --operation narrow what is checked and reported.
import { describe, expect, it } from 'vitest'
import { KEYS } from './support.ts'
import { appWith, find, verifyApp } from './verify-support.ts'

describe('missing scope', () => {
  it('is 403 for a key whose only scope is insight:read (read-only probe of the persons list)', async () => {
    const app = await appWith({ fixtures: 'key-without-scopes' })
    const result = await verifyApp(app, { secondApiKey: 'phx_mock_noscope', tags: ['persons'] })
    const check = find(result, 'persons_list', 'missing scope is 403')
    expect(check).toMatchObject({ outcome: 'passed', message: 'the second key lacks person:read: 403' })
  })

  it('needs --writes to probe a write scope when the second key has every read scope', async () => {
    const app = await appWith()
    const readOnly = await verifyApp(app, { secondApiKey: KEYS.read, tags: ['persons'] })
    expect(find(readOnly, 'persons_list', 'missing scope is 403')).toMatchObject({
      outcome: 'skipped',
      message: 'the second key has every scope the probes need; --writes adds probes of write scopes',
    })
    const writes = await verifyApp(app, {
      secondApiKey: KEYS.read,
      writes: true,
      operations: ['persons_partial_update'],
    })
    expect(find(writes, 'persons_partial_update', 'missing scope is 403')).toMatchObject({
      outcome: 'passed',
      message: 'the second key lacks person:write: 403',
    })
  })

  it('against this mock takes its read key when none is given; elsewhere it is skipped without one', async () => {
    const app = await appWith()
    const mock = await verifyApp(app, { writes: true, operations: ['persons_partial_update'] })
    expect(find(mock, 'persons_partial_update', 'missing scope is 403')).toMatchObject({
      outcome: 'passed',
      message: 'the second key lacks person:write: 403',
    })
    // A deployment that is not this mock: it has no /_mock/health.
    const elsewhere = (request: Request) =>
      new URL(request.url).pathname.startsWith('/_mock/')
        ? Promise.resolve(new Response('', { status: 404 }))
        : app.fetch(request)
    const result = await verifyApp(app, { fetch: elsewhere, operations: ['persons_list'] })
    expect(find(result, 'persons_list', 'missing scope is 403')).toMatchObject({
      outcome: 'skipped',
      message: 'needs --second-api-key (a key without some of the scopes)',
    })
    expect(result.notes).toContain('skipped for want of an option: --second-api-key would run 1')
  })

  it('fails against a deployment that does not enforce scopes', async () => {
    const app = await appWith({ fixtures: 'key-without-scopes' })
    // Every key is treated as the all-scopes key once authenticated: scopes are ignored.
    const lax = async (request: Request) => {
      const auth = request.headers.get('authorization')
      if (auth === 'Bearer phx_mock_noscope' && !new URL(request.url).pathname.startsWith('/api/personal_api_keys')) {
        const headers = new Headers(request.headers)
        headers.set('authorization', `Bearer ${KEYS.all}`)
        return app.fetch(new Request(request, { headers }))
      }
      return app.fetch(request)
    }
    const result = await verifyApp(app, { fetch: lax, secondApiKey: 'phx_mock_noscope', operations: ['persons_list'] })
    expect(find(result, 'persons_list', 'missing scope is 403')).toMatchObject({
      outcome: 'failed',
      message: 'expected 403, got 200',
    })
  })
})

describe('selection', () => {
  it('--tag reports only the checks of operations with that tag', async () => {
    const result = await verifyApp(await appWith(), { tags: ['session_recordings'] })
    expect(new Set(result.checks.map((c) => c.operationId))).toEqual(
      new Set([
        // The viewset's bulk actions (session_recording_api.py bulk_viewed, bulk_not_viewed) carry the tag too.
        'session_recordings_bulk_viewed',
        'session_recordings_bulk_not_viewed',
        'session_recordings_bulk_delete',
        'session_recordings_viewed_retrieve',
        'session_recordings_list',
        'session_recordings_retrieve',
        'session_recordings_partial_update',
        'session_recordings_update',
        'session_recordings_destroy',
      ]),
    )
    expect(
      result.checks
        .filter((c) => c.operationId === 'session_recordings_list')
        .map((c) => c.name)
        .sort(),
    ).toEqual(
      [
        'method not allowed: PUT is 405',
        'missing scope is 403',
        'negative input',
        'no key is 401',
        'pagination walk',
        'list order -start_time',
        'project isolation',
        'filter person_uuid',
        'filter distinct_ids',
        'filter session_ids',
        'other path forms answer alike',
        'responses conform to the contract',
        'unknown key is 401',
      ].sort(),
    )
  })

  it('--operation reports only that operation, even when other calls were needed to set it up', async () => {
    const result = await verifyApp(await appWith(), { operations: ['persons_retrieve'] })
    expect(new Set(result.checks.map((c) => c.operationId))).toEqual(new Set(['persons_retrieve']))
    expect(find(result, 'persons_retrieve', 'retrieve matches the list item').outcome).toBe('passed')
  })
})
