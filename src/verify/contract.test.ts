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
