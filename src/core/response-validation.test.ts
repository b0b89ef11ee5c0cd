import { describe, expect, it, vi } from 'vitest'
import { loadContract } from './contract.ts'
import { json } from './http.ts'
import { checkResponse } from './response-validation.ts'
import { testClient } from '../../test/support.ts'

describe('response validation against the contract', () => {
  it('turns a broken handler response into a loud 500 that names the violation', async () => {
    const onViolation = vi.fn()
    const client = await testClient({
      onViolation,
      handlers: {
        // a person whose id is a string and whose uuid is missing
        persons_retrieve: () =>
          json(200, { id: 'five', name: 'x', distinct_ids: [], properties: {}, created_at: '2026-01-01T00:00:00Z' }),
      },
    })
    const res = await client.get('/api/environments/1/persons/5/')
    expect(res.status).toBe(500)
    expect(res.body.type).toBe('server_error')
    expect(res.body.code).toBe('contract_violation')
    expect(res.body.detail).toMatch(/^Response violates the contract: persons_retrieve 200: /)
    expect(onViolation).toHaveBeenCalledOnce()
    expect(onViolation.mock.calls[0]![0].operationId).toBe('persons_retrieve')
  })

  it('catches an undocumented status and a body on a no-body status', async () => {
    const onViolation = vi.fn()
    const client = await testClient({
      onViolation,
      handlers: {
        session_recordings_list: () => json(202, { results: [] }),
        mock_journal_clear: () => json(204, { ok: true }),
      },
    })
    const undocumented = await client.get('/api/environments/1/session_recordings/')
    expect(undocumented.status).toBe(500)
    expect(undocumented.body.detail).toContain('status 202 is not documented')
    const bodyOn204 = await client.delete('/_mock/journal', null)
    expect(bodyOn204.status).toBe(500)
    expect(bodyOn204.body.detail).toContain('documented without a body')
  })

  it('can be turned off (benchmarks), and then the broken body passes through', async () => {
    const client = await testClient({
      validateResponses: false,
      handlers: { persons_retrieve: () => json(200, { id: 'five' }) },
    })
    const res = await client.get('/api/environments/1/persons/5/')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ id: 'five' })
  })

  describe('list pages', () => {
    const person = (id: number, overrides: Record<string, unknown> = {}) => ({
      id,
      name: `p${id}`,
      distinct_ids: [`d${id}`],
      properties: {},
      created_at: '2026-01-01T00:00:00.000Z',
      uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      last_seen_at: null,
      ...overrides,
    })
    const page = (results: unknown[], extra: Record<string, unknown> = {}) => ({
      count: results.length,
      next: null,
      previous: null,
      results,
      ...extra,
    })

    async function listing(body: () => unknown) {
      const onViolation = vi.fn()
      const client = await testClient({ onViolation, handlers: { persons_list: () => json(200, body()) } })
      return { res: await client.get('/api/environments/1/persons/'), onViolation }
    }

    it('names the bad item by its index', async () => {
      const { res, onViolation } = await listing(() => page([person(1), person(2, { uuid: 42 })]))
      expect(res.status).toBe(500)
      expect(res.body.detail).toContain('/results/1/uuid')
      expect(onViolation).toHaveBeenCalledOnce()
    })

    it('still checks the envelope', async () => {
      const { res } = await listing(() => page([person(1)], { count: 'one' }))
      expect(res.status).toBe(500)
      expect(res.body.detail).toContain('/count')
    })

    it('accepts a page of records again and again, and still refuses a bad one every time', async () => {
      const good = person(1)
      const bad = person(2, { created_at: 5 })
      const ok = await listing(() => page([good]))
      expect(ok.res.status).toBe(200)
      const okAgain = await listing(() => page([good, good]))
      expect(okAgain.res.status).toBe(200)
      for (let i = 0; i < 2; i++) {
        const { res } = await listing(() => page([good, bad]))
        expect(res.status).toBe(500)
        expect(res.body.detail).toContain('/results/1/created_at')
      }
    })

    it('checks a mutable item each time (it may have changed since)', async () => {
      const item = person(1)
      const first = await listing(() => page([item]))
      expect(first.res.status).toBe(200)
      ;(item as Record<string, unknown>).id = 'changed'
      const second = await listing(() => page([item]))
      expect(second.res.status).toBe(500)
      expect(second.res.body.detail).toContain('/results/0/id')
    })
  })

  describe('bodies holding records (a playlist and its users)', () => {
    const op = loadContract().byId.get('session_recording_playlists_create')!
    const user = (overrides: Record<string, unknown> = {}) => ({
      id: 1,
      uuid: '25686a3e-0a68-4c5e-9d1a-0123456789ab',
      distinct_id: 'd1',
      first_name: 'Ada',
      last_name: 'L',
      email: 'ada@example.com',
      is_email_verified: true,
      hedgehog_config: null,
      role_at_organization: null,
      ...overrides,
    })
    const playlist = (
      overrides: Record<string, unknown> = {},
      createdBy: unknown = user(),
      lastModifiedBy: unknown = user(),
    ) => ({
      id: 7,
      short_id: 'AbCdEfGh',
      name: 'x',
      derived_name: null,
      description: '',
      pinned: false,
      created_at: '2026-01-01T00:00:00Z',
      created_by: createdBy,
      deleted: false,
      filters: {},
      last_modified_at: '2026-01-01T00:00:00Z',
      last_modified_by: lastModifiedBy,
      recordings_counts: { saved_filters: { count: null }, collection: { count: null, watched_count: 0 } },
      type: 'collection',
      is_synthetic: false,
      ...overrides,
    })
    /** The violation validating the body whole reports (what checkResponse said before the split). */
    const whole = (body: unknown) => {
      const validate = op.responseValidators.get(201)!
      if (validate(structuredClone(body))) return null
      const first = validate.errors![0]!
      return `${first.instancePath || '(root)'} ${first.message}${first.params && Object.keys(first.params).length ? ' ' + JSON.stringify(first.params) : ''}`
    }

    it('accepts and refuses exactly what the whole validator does, with its first error', () => {
      const shared = user()
      const bodies: unknown[] = [
        playlist(),
        playlist({}, null, null),
        playlist({}, shared, shared),
        'text',
        null,
        [playlist()],
      ]
      for (const key of Object.keys(playlist())) {
        const without: Record<string, unknown> = playlist()
        delete without[key]
        bodies.push(without)
        for (const wrong of [5, 'x', null, {}, [], true]) bodies.push(playlist({ [key]: wrong }))
      }
      for (const key of Object.keys(user())) {
        const without: Record<string, unknown> = user()
        delete without[key]
        bodies.push(playlist({}, without), playlist({}, shared, without))
        for (const wrong of [5, 'x', null, {}, true])
          bodies.push(playlist({}, user({ [key]: wrong })), playlist({}, shared, user({ [key]: wrong })))
      }
      // Two faults: the whole validator's first one is reported, whichever part holds it.
      bodies.push(playlist({ id: 'seven' }, user({ email: 'no' })), playlist({ type: 5 }, shared, user({ uuid: 'no' })))
      let refused = 0
      for (const body of bodies) {
        for (let i = 0; i < 2; i++) {
          const violation = checkResponse(op, json(201, body))
          expect(violation?.message ?? null).toBe(whole(body))
          if (violation) refused++
        }
      }
      expect(refused).toBeGreaterThan(100)
    })

    it('refuses a bad user every time, beside a shared good one', () => {
      const good = user()
      const bad = user({ email: 'not an email' })
      for (let i = 0; i < 3; i++) {
        expect(checkResponse(op, json(201, playlist({}, good, good)))).toBeNull()
        expect(checkResponse(op, json(201, playlist({}, good, bad)))?.message).toContain('/last_modified_by')
      }
    })
  })
})
