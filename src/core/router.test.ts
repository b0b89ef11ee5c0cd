import { describe, expect, it } from 'vitest'
import { loadContract } from './contract.ts'
import { createRouter, type RouteMatch } from './router.ts'

const router = createRouter(loadContract())
const opOf = (m: RouteMatch) => (m.kind === 'operation' ? m.op.operationId : m.kind)
const paramsOf = (m: RouteMatch) =>
  m.kind === 'operation' || m.kind === 'options' || m.kind === 'not-mocked' ? m.params : undefined

describe('router', () => {
  it('matches a path with or without its trailing slash, under both prefixes, and not with two', () => {
    for (const path of [
      '/api/environments/7/persons/12/',
      '/api/environments/7/persons/12',
      '/api/projects/7/persons/12/',
    ]) {
      const m = router.match('GET', path)
      expect(opOf(m)).toBe('persons_retrieve')
      expect(paramsOf(m)).toEqual({ project_id: '7', id: '12' })
    }
    expect(router.match('GET', '/api/environments/7/persons/12//').kind).toBe('not-found')
    expect(router.match('GET', '/_mock/reset/').kind).toBe('method-not-allowed')
    expect(opOf(router.match('POST', '/_mock/reset'))).toBe('mock_reset')
  })

  it('prefers the template with fewer parameters: persons/activity/ is the project-wide activity, not a person called "activity"', () => {
    expect(opOf(router.match('GET', '/api/environments/1/persons/activity/'))).toBe('persons_all_activity_retrieve')
    expect(opOf(router.match('GET', '/api/environments/1/persons/act1vity/'))).toBe('persons_retrieve')
    expect(opOf(router.match('GET', '/api/environments/1/persons/9/activity/'))).toBe('persons_activity_retrieve')
  })

  it('a parameter is one whole, non-empty segment, percent-decoded (kept as sent when that fails)', () => {
    expect(router.match('GET', '/api/environments//persons/').kind).toBe('not-found')
    expect(router.match('GET', '/api/environments/1/2/persons/').kind).toBe('not-found')
    expect(paramsOf(router.match('GET', '/api/environments/1/persons/a%2Fb/'))).toEqual({ project_id: '1', id: 'a/b' })
    expect(paramsOf(router.match('GET', '/api/environments/1/persons/%E0%A4%A/'))).toEqual({
      project_id: '1',
      id: '%E0%A4%A',
    })
  })

  it('answers HEAD as GET, OPTIONS on any route, and 405 with the methods in the real service order', () => {
    expect(opOf(router.match('HEAD', '/api/environments/1/persons/'))).toBe('persons_list')
    expect(router.match('OPTIONS', '/api/environments/1/persons/').kind).toBe('options')
    const m = router.match('PUT', '/api/environments/1/session_recording_playlists/abc/recordings/')
    expect(m.kind).toBe('method-not-allowed')
    expect(m.kind === 'method-not-allowed' && m.allow).toEqual(['GET', 'HEAD', 'OPTIONS'])
  })

  it('answers a path asked again as the first time, with parameters of its own', () => {
    const first = router.match('PATCH', '/api/environments/3/persons/a%20b/')
    expect(paramsOf(first)).toEqual({ project_id: '3', id: 'a b' })
    paramsOf(first)!.id = 'changed by a handler'
    const again = router.match('PATCH', '/api/environments/3/persons/a%20b/')
    expect(opOf(again)).toBe('persons_partial_update')
    expect(paramsOf(again)).toEqual({ project_id: '3', id: 'a b' })
    expect(router.match('GET', '/api/environments/3/nothing/').kind).toBe('not-found')
    expect(router.match('GET', '/api/environments/3/nothing/').kind).toBe('not-found')
    // Many paths, long ones too, and the first still resolves the same.
    for (let i = 0; i < 3000; i++) router.match('GET', `/api/environments/1/persons/${i}/`)
    expect(paramsOf(router.match('GET', `/api/environments/1/persons/${'x'.repeat(300)}/`))).toEqual({
      project_id: '1',
      id: 'x'.repeat(300),
    })
    expect(paramsOf(router.match('PATCH', '/api/environments/3/persons/a%20b/'))).toEqual({
      project_id: '3',
      id: 'a b',
    })
  })

  it('finds nothing for paths outside the contract', () => {
    for (const path of [
      '/',
      '',
      'api/environments/1/persons/',
      '/api/environments/1/nothing/',
      '/api/environments/1/persons/1/activity/extra/',
    ]) {
      expect(router.match('GET', path).kind).toBe('not-found')
    }
  })
})
