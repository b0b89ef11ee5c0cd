import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { kitContract } from './contract.ts'

const contract = kitContract()
const schemaOf = (operationId: string, status: number) =>
  contract.byId.get(operationId)!.responses.get(status)![0]!.schema

describe("the kit's own reading of the contract", () => {
  it('knows every operation, its scopes and its x-observed notes', () => {
    const destroy = contract.byId.get('persons_destroy')!
    expect(destroy).toMatchObject({
      method: 'DELETE',
      path: '/api/environments/{project_id}/persons/{id}/',
      scopes: ['person:write'],
    })
    expect([...destroy.responses.keys()]).toContain(204)
    expect(destroy.responses.get(204)).toEqual([])
    expect(destroy.observed.find((n) => n.id === 'person-delete-status')).toMatchObject({
      realStatus: 202,
      real: '202 with an empty body',
    })
    const recordings = contract.byId
      .get('session_recordings_list')!
      .observed.find((n) => n.id === 'recordings-list-envelope')!
    expect(recordings.realSchema!({ results: [], has_next: false, version: 4 })).toBe(true)
    expect(recordings.realSchema!({ count: 0 })).toBe(false)
    expect(contract.byId.get('mock_reset')!.scopes).toBeNull()
  })

  it('validates bodies against the contract, and names fields it does not know, however deep', () => {
    const user = {
      id: 1,
      uuid: '00000000-0000-4000-8000-000000000000',
      distinct_id: 'u',
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      is_email_verified: true,
      hedgehog_config: null,
      role_at_organization: null,
    }
    const playlist = {
      id: 1,
      short_id: 'abcdefgh',
      name: 'n',
      derived_name: null,
      description: '',
      pinned: false,
      created_at: '2024-01-01T00:00:00Z',
      created_by: { ...user, is_staff: false },
      deleted: false,
      filters: { anything: 1 },
      last_modified_at: null,
      last_modified_by: null,
      recordings_counts: {},
      type: 'collection',
      is_synthetic: false,
      extra: 1,
    }
    const schema = schemaOf('session_recording_playlists_retrieve', 200)
    expect(contract.validate(schema, playlist).valid).toBe(true)
    // filters allows any keys (additionalProperties: true), so `anything` is not an extra.
    expect(contract.extraFields(schema, playlist)).toEqual(['/created_by/is_staff', '/extra'])
    const { short_id: _missing, ...withoutShortId } = playlist
    expect(contract.validate(schema, withoutShortId).errors[0]!.message).toBe("must have required property 'short_id'")
  })

  it('merges allOf before closing a schema: a field one branch names is named for the whole (--strict)', () => {
    const recording = {
      id: 'r1',
      distinct_id: 'd',
      viewed: false,
      viewers: [],
      recording_duration: 1,
      active_seconds: 1,
      inactive_seconds: 0,
      start_time: null,
      end_time: null,
      click_count: 0,
      keypress_count: 0,
      mouse_activity_count: 0,
      console_log_count: 0,
      console_warn_count: 0,
      console_error_count: 0,
      start_url: null,
      person: {
        id: 1,
        name: 'n',
        distinct_ids: 'd',
        properties: {},
        created_at: '2024-01-01T00:00:00Z',
        uuid: '00000000-0000-4000-8000-000000000000',
      },
      storage: 'object_storage',
      retention_period_days: 30,
      expiry_time: '2024-01-31T00:00:00Z',
      recording_ttl: 1,
      snapshot_source: null,
      snapshot_library: null,
      ongoing: false,
      activity_score: null,
      has_summary: false,
      summary_outcome: null,
      external_references: [],
      matches_filters: true,
    }
    // The seed's recording is allOf [SessionRecording, {required: [storage], person: {distinct_ids: string}}].
    for (const [operationId, body] of [
      ['session_recordings_list', { count: 1, next: null, previous: null, results: [recording] }],
      ['session_recording_playlists_recordings_list', { results: [recording], has_next: false, version: 4 }],
    ] as const) {
      const schema = schemaOf(operationId, 200)
      expect(contract.validate(schema, body).valid, operationId).toBe(true)
      expect(contract.extraFields(schema, body), operationId).toEqual([])
      const extra = { ...body, results: [{ ...recording, foo: 1, person: { ...recording.person, bar: 2 } }] }
      expect(contract.extraFields(schema, extra), operationId).toEqual(['/results/0/foo', '/results/0/person/bar'])
    }
  })

  it('coerces query values as servers do when judging them', () => {
    const offset = contract.byId.get('persons_list')!.parameters.find((p) => p.name === 'offset')!.schema
    expect(contract.validQueryValue(offset, '5')).toBe(true)
    expect(contract.validQueryValue(offset, '-1')).toBe(false)
    expect(contract.validQueryValue(offset, 'five')).toBe(false)
  })

  it('is a client only: nothing in the kit imports the mock core, handlers, store or serializers', () => {
    const files: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path)
      }
    }
    walk(new URL('.', import.meta.url).pathname)
    expect(files.length).toBeGreaterThan(10)
    for (const file of files) {
      const imports = [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!)
      for (const spec of imports) expect(spec, file).not.toMatch(/\/(core|handlers|store|serializers|domain|adapter)\//)
    }
  })
})
