import { describe, expect, it, vi } from 'vitest'
import { json } from './http.ts'
import { testClient } from '../test-support.ts'

describe('response validation against the contract', () => {
  it('turns a broken handler response into a loud 500 that names the violation', async () => {
    const onViolation = vi.fn()
    const client = await testClient({
      onViolation,
      handlers: {
        // a person whose id is a string and whose uuid is missing
        persons_retrieve: () => json(200, { id: 'five', name: 'x', distinct_ids: [], properties: {}, created_at: '2026-01-01T00:00:00Z' }),
      },
    })
    const res = await client.get('/api/environments/1/persons/5/')
    expect(res.status).toBe(500)
    expect(res.body.type).toBe('server_error')
    expect(res.body.code).toBe('contract_violation')
    expect(res.body.detail).toContain('persons_retrieve 200')
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
})
