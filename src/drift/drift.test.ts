// analytics-mock drift on a real published schema's facts (test/fixtures/posthog-schema-2023-11.yaml)
// and on altered copies of it and of our own contract: removed and retyped fields, added ones, removed
// operations, enum values, required parameters. Exit codes: 1 on a breaking change outside the
// baseline, 0 with warnings, 2 when there is nothing to compare.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse as parseYaml, stringify as toYaml } from 'yaml'
import { describe, expect, it } from 'vitest'
import { document } from '../contract/document.gen.ts'
import { runDriftCommand } from './cli.ts'
import { drift } from './drift.ts'

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/posthog-schema-2023-11.yaml', import.meta.url))
const REAL_2023 = readFileSync(FIXTURE, 'utf8')
const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-drift-'))

type Doc = Record<string, any>
const ours = (): Doc => structuredClone(document) as Doc
const real2023 = (): Doc => parseYaml(REAL_2023) as Doc

async function run(
  args: string[],
  io: { env?: Record<string, string>; fetch?: (r: Request) => Promise<Response> } = {},
) {
  const lines: string[] = []
  const code = await runDriftCommand(args, {
    out: (t) => lines.push(t),
    err: (t) => lines.push(t),
    env: io.env ?? {},
    fetch: io.fetch,
  })
  return { code, output: lines.join('\n') }
}

function write(name: string, doc: Doc, as: 'yaml' | 'json' = 'yaml'): string {
  const path = join(dir, name)
  writeFileSync(path, as === 'yaml' ? toYaml(doc) : JSON.stringify(doc))
  return path
}

const find = (result: Awaited<ReturnType<typeof drift>>, operationId: string, where: string) =>
  result.findings.filter((f) => f.operationId === operationId && f.where === where)

describe('drift against the real schema of November 2023', () => {
  it('finds its paths under our alias, the three operations it did not have yet, and what differs', async () => {
    const result = await drift({ schemaText: REAL_2023 })
    expect(result.operations.compared).toBe(32)
    // The single-recording operations sit under another path there (no environments alias for them in 2023).
    expect(result.operations.missing).toEqual([
      'max_tools_create_and_query_insight',
      'persons_all_activity_retrieve',
      'persons_update',
      'persons_delete_events_create',
      'persons_split_create',
      'session_recording_playlists_update',
      'session_recordings_retrieve',
      'session_recordings_update',
      'session_recordings_destroy',
      'session_recordings_partial_update',
    ])
    // The bulk actions, playlist_viewed and viewed are extend_schema(exclude=True) in the real views (the
    // recordings' bulk_delete is published only since the 2025-11-19 schema): x-unpublished in our contract.
    expect(result.operations.unpublished).toEqual([
      'session_recording_playlists_recordings_bulk_add',
      'session_recording_playlists_recordings_bulk_delete',
      'session_recording_playlists_playlist_viewed_create',
      'session_recordings_bulk_viewed',
      'session_recordings_bulk_not_viewed',
      'session_recordings_bulk_delete',
      'session_recordings_viewed_retrieve',
    ])
    expect(result.theirs).toEqual({ title: 'PostHog API', version: '', openapi: '3.0.3' })
    expect(find(result, 'session_recordings_list', 'response 200 body results[].viewed')).toMatchObject([
      { severity: 'breaking', change: 'retyped', message: 'they may send string: ours is boolean, theirs string' },
    ])
    expect(find(result, 'session_recordings_list', 'response 200 body results[].viewers')).toMatchObject([
      { severity: 'breaking', change: 'removed' },
    ])
    // Both allow null for the counts (ours follows the real serializer).
    expect(find(result, 'session_recordings_list', 'response 200 body results[].click_count')).toEqual([])
    expect(find(result, 'persons_retrieve', 'path parameter id')).toMatchObject([
      { severity: 'breaking', change: 'retyped' },
    ])
    expect(find(result, 'persons_delete_property_create', 'query parameter $unset')).toMatchObject([
      { severity: 'breaking', change: 'required' },
    ])
    expect(find(result, 'persons_list', 'response 200 body results[].last_seen_at')).toMatchObject([
      { severity: 'warning', change: 'removed' },
    ])
    expect(
      find(result, 'session_recording_playlists_list', 'response 200 body results[].created_by.last_name'),
    ).toMatchObject([{ severity: 'breaking' }])
    // The same facts agree where they agree: our persons list takes what theirs takes.
    expect(find(result, 'persons_list', 'query parameter email')).toEqual([])
    expect(find(result, 'persons_list', 'query parameter format')).toEqual([])
    expect(result.ok).toBe(false)
  })

  it('the CLI prints the table and exits 1; with the differences written as a baseline, 0', async () => {
    const first = await run(['--schema', FIXTURE, '--write-baseline', join(dir, 'baseline.json')])
    expect(first.code).toBe(1)
    expect(first.output).toMatch(
      /^32 operations compared: 15 found, 10 missing \(max_tools_create_and_query_insight, persons_all_activity_retrieve, persons_update, persons_delete_events_create, persons_split_create, session_recording_playlists_update, session_recordings_retrieve, session_recordings_update, session_recordings_destroy, session_recordings_partial_update\), 7 unpublished there \(session_recording_playlists_recordings_bulk_add, session_recording_playlists_recordings_bulk_delete, session_recording_playlists_playlist_viewed_create, session_recordings_bulk_viewed, session_recordings_bulk_not_viewed, session_recordings_bulk_delete, session_recordings_viewed_retrieve\)$/m,
    )
    expect(first.output).toMatch(
      /^BREAKING\s+session_recordings_list\s+response 200 body results\[\]\.viewed\s+retyped: they may send string/m,
    )
    expect(first.output).toMatch(/^\d+ breaking, \d+ warnings$/m)
    const baseline = JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8'))
    expect(baseline.accepted).toContain('session_recordings_list response 200 body results[].viewed retyped')
    const second = await run(['--schema', FIXTURE, '--baseline', join(dir, 'baseline.json'), '--quiet'])
    expect(second.code).toBe(0)
    expect(second.output).toMatch(/^0 breaking, 0 warnings, \d+ accepted by the baseline$/)
  })

  it('over the baseline, a schema that then changes: a removed field fails the run, an added one warns', async () => {
    const baseline = join(dir, 'baseline.json')
    const removed = real2023()
    delete removed.components.schemas.Person.properties.uuid
    const a = await run(['--schema', write('removed-uuid.yaml', removed), '--baseline', baseline])
    expect(a.code).toBe(1)
    expect(a.output).toMatch(
      /^BREAKING\s+persons_retrieve\s+response 200 body uuid\s+removed: we read uuid \(required in ours\); their schema does not have it$/m,
    )
    expect(a.output).toMatch(/^BREAKING\s+persons_list\s+response 200 body results\[\]\.uuid\s+removed/m)

    const added = real2023()
    added.components.schemas.SessionRecording.properties.visit_count = { type: 'integer', nullable: true }
    const b = await run(['--schema', write('added-field.yaml', added), '--baseline', baseline])
    expect(b.code).toBe(0)
    expect(b.output).toMatch(
      /^warning\s+session_recordings_list\s+response 200 body results\[\]\.visit_count\s+added: their schema also has visit_count \(integer\|null\)$/m,
    )
    expect(b.output).toMatch(/^0 breaking, 1 warning, \d+ accepted by the baseline$/m)

    const retyped = real2023()
    retyped.components.schemas.SessionRecording.properties.recording_duration = { type: 'number', readOnly: true }
    const c = await run(['--schema', write('retyped.yaml', retyped), '--baseline', baseline])
    expect(c.code).toBe(1)
    expect(c.output).toContain('retyped: they may send number: ours is integer, theirs number')

    const gone = real2023()
    delete gone.paths['/api/projects/{project_id}/session_recordings/']
    const d = await run([
      '--schema',
      write('removed-operation.yaml', gone),
      '--baseline',
      baseline,
      '--json',
      join(dir, 'gone.json'),
      '--junit',
      join(dir, 'gone.xml'),
    ])
    expect(d.code).toBe(1)
    expect(d.output).toMatch(
      /^BREAKING\s+session_recordings_list\s+operation\s+removed: their schema has no GET \/api\/environments\/\{project_id\}\/session_recordings\/$/m,
    )
    // Baseline entries of that operation's fields are gone with it.
    expect(d.output).toMatch(
      /^gone since the baseline: .*session_recordings_list response 200 body results\[\]\.viewed retyped/m,
    )
    const json = JSON.parse(readFileSync(join(dir, 'gone.json'), 'utf8'))
    expect(json.operations.missing).toContain('session_recordings_list')
    expect(json.summary.breaking).toBe(1)
    const xml = readFileSync(join(dir, 'gone.xml'), 'utf8')
    expect(xml.match(/<testcase /g)).toHaveLength(32)
    expect(xml).toContain('<testsuites name="analytics-mock drift" tests="32" failures="1" errors="0">')
    expect(xml).toMatch(
      /<testcase classname="drift" name="session_recordings_list">\s*<failure message="1 breaking change">BREAKING operation: removed: their schema has no GET/,
    )
  })
})

describe('drift against altered copies of our own contract', () => {
  it('none against itself (in JSON), so every finding below is the alteration', async () => {
    const result = await drift({ schemaText: JSON.stringify(ours()) })
    expect(result.findings).toEqual([])
    expect(result.ok).toBe(true)
  })

  it('classifies each kind of change', async () => {
    const doc = ours()
    const s = doc.components.schemas
    delete s.Person.properties.uuid // a field we read and require
    delete s.Person.properties.last_seen_at // a field we read, not required
    s.SessionRecording.properties.click_count = { type: 'string' } // retyped
    s.SessionRecording.properties.start_url = { type: 'string' } // no longer nullable: fine for a reader
    s.SessionRecording.properties.storage = { type: ['string', 'null'] } // may now be null
    s.Person.properties.is_identified = { type: 'boolean' } // added
    s.InsightToolRequest.properties.insight_type.enum = ['trends', 'funnel', 'retention'] // a value we send, gone
    s.InsightToolRequest.properties.insight_type.enum.push('stickiness') // and one added
    s.SessionRecordingPlaylistWrite.required = ['name'] // a request field now required
    const list = doc.paths['/api/environments/{project_id}/persons/'].get
    list.parameters.find((p: any) => p.name === 'email').required = true // a parameter now required
    list.parameters.push({ name: 'include_total', in: 'query', schema: { type: 'boolean' } }) // a parameter added
    list.deprecated = true
    delete doc.paths['/api/environments/{project_id}/persons/{id}/delete_events/'] // an operation removed
    doc.paths['/api/environments/{project_id}/max_tools/create_and_query_insight/'].post.security = [
      { PersonalAPIKey: ['insight:read', 'query:read'] },
    ]

    const result = await drift({
      schemaText: JSON.stringify(doc),
      operations: [
        'persons_list',
        'persons_retrieve',
        'session_recordings_list',
        'max_tools_create_and_query_insight',
        'session_recording_playlists_create',
        'persons_delete_events_create',
      ],
    })
    const brief = result.findings.map((f) => `${f.severity} ${f.operationId} | ${f.where} | ${f.change}`).sort()
    expect(brief).toEqual([
      'breaking max_tools_create_and_query_insight | request body insight_type | enum',
      'breaking persons_delete_events_create | operation | removed',
      'breaking persons_list | query parameter email | required',
      'breaking persons_list | response 200 body results[].uuid | removed',
      'breaking persons_retrieve | response 200 body uuid | removed',
      'breaking session_recording_playlists_create | request body name | required',
      'breaking session_recordings_list | response 200 body results[].click_count | retyped',
      'breaking session_recordings_list | response 200 body results[].storage | retyped',
      'warning max_tools_create_and_query_insight | operation | scopes',
      'warning max_tools_create_and_query_insight | request body insight_type | enum',
      'warning persons_list | operation | deprecated',
      'warning persons_list | query parameter include_total | added',
      'warning persons_list | response 200 body results[].is_identified | added',
      'warning persons_list | response 200 body results[].last_seen_at | removed',
      'warning persons_retrieve | response 200 body is_identified | added',
      'warning persons_retrieve | response 200 body last_seen_at | removed',
    ])
    expect(
      result.findings.find((f) => f.where === 'request body insight_type' && f.severity === 'breaking')!.message,
    ).toBe('they do not list "sql", which we send')
    expect(result.findings.find((f) => f.change === 'scopes')!.message).toBe('they also require query:read')
  })

  it('reads security alternatives as alternatives: the scopes of the one a key of ours meets, none when one needs nothing more', async () => {
    const scopesOf = async (security: unknown) => {
      const doc = ours()
      doc.paths['/api/environments/{project_id}/max_tools/create_and_query_insight/'].post.security = security
      const result = await drift({
        schemaText: JSON.stringify(doc),
        operations: ['max_tools_create_and_query_insight'],
      })
      return result.findings.filter((f) => f.change === 'scopes').map((f) => f.message)
    }
    // drf-spectacular's way: one requirement per authentication class, the same scopes in each.
    const twice = { PersonalAPIKey: ['insight:read', 'query:read'] }
    expect(await scopesOf([twice, twice])).toEqual(['they also require query:read'])
    expect(await scopesOf([twice, { OAuth: ['insight:read'] }])).toEqual([])
    expect(await scopesOf([twice, { OAuth: ['insight:read', 'insight:write'] }])).toEqual([
      'they also require query:read or insight:write',
    ])
  })

  it('merges an object an allOf restates (its fields kept, the restated one narrowed), not replaced by it', async () => {
    // Ours: a recording, then (allOf) its person restated with distinct_ids a string. Theirs: that in one piece.
    const doc = ours()
    doc.components.schemas.SessionRecordingSeed = { $ref: '#/components/schemas/SessionRecording' }
    doc.components.schemas.EmbeddedPerson.properties.distinct_ids = { type: 'string' }
    const result = await drift({ schemaText: JSON.stringify(doc), operations: ['session_recordings_list'] })
    // Only what the seed's allOf adds itself: `storage` required (theirs, the plain recording, has it optional).
    expect(result.findings.map((f) => `${f.severity} ${f.where} ${f.change}`)).toEqual([
      'warning response 200 body results[].storage optional',
    ])
  })

  it('only additions: exit 0, with the warnings printed', async () => {
    const doc = ours()
    doc.components.schemas.SessionRecording.properties.visit_count = { type: 'integer' }
    doc.components.parameters.PersonFormat.schema.enum.push('html')
    const { code, output } = await run(['--schema', write('additions.json', doc, 'json')])
    expect(code).toBe(0)
    expect(output).toMatch(/^warning\s+session_recordings_list\s+response 200 body results\[\]\.visit_count\s+added/m)
    expect(output).toMatch(/^warning\s+persons_retrieve\s+query parameter format\s+enum: they also list "html"$/m)
    expect(output).toMatch(/^0 breaking, \d+ warnings$/m)
  })
})

describe('reading the schema from a deployment', () => {
  const serving =
    (body: string, contentType: string, seen: Request[] = []) =>
    async (request: Request) => {
      seen.push(request)
      if (new URL(request.url).pathname !== '/api/schema/') return new Response('not found', { status: 404 })
      return new Response(body, { status: 200, headers: { 'content-type': contentType } })
    }

  it('fetches /api/schema/ (YAML or JSON), sending the key only when there is one', async () => {
    const seen: Request[] = []
    const yaml = await run(['--base-url', 'https://deployment.test', '--quiet'], {
      fetch: serving(REAL_2023, 'application/vnd.oai.openapi; charset=utf-8', seen),
    })
    const json = await run(['--base-url', 'https://deployment.test/', '--quiet'], {
      fetch: serving(JSON.stringify(real2023()), 'application/vnd.oai.openapi+json', seen),
      env: { ANALYTICS_MOCK_API_KEY: 'phx_schema_reader' },
    })
    expect(yaml.code).toBe(1)
    expect(json).toEqual(yaml)
    expect(seen.map((r) => r.url)).toEqual([
      'https://deployment.test/api/schema/',
      'https://deployment.test/api/schema/',
    ])
    expect(seen[0]!.headers.get('authorization')).toBeNull()
    expect(seen[1]!.headers.get('authorization')).toBe('Bearer phx_schema_reader')
  })

  it('exit 2, saying why, when there is no schema to compare', async () => {
    const missing = await run(['--base-url', 'https://deployment.test'], {
      fetch: async () => new Response('nope', { status: 404 }),
    })
    expect(missing.code).toBe(2)
    expect(missing.output).toContain('no schema from https://deployment.test/api/schema/: it answered 404 nope')
    const notOpenApi = await run(['--base-url', 'https://deployment.test'], {
      fetch: serving('{"hello": "world"}', 'application/json'),
    })
    expect(notOpenApi.code).toBe(2)
    expect(notOpenApi.output).toContain('cannot be read: it is not an OpenAPI document (no "paths")')
    expect((await run([])).code).toBe(2)
    expect((await run(['--schema', FIXTURE, '--operation', 'nope'])).output).toContain(
      'no operation nope in the contract',
    )
  })
})
